import ChimeCore
import ChimeNotify
import ChimeStore
import Foundation

/// Derives what the daemon writes besides a delivery's outcome: the next occurrence of a
/// repeating request, and the change an action on a bubble asks for.
///
/// Reads the records it needs (schedule, intake, session) from the store and applies
/// ``FastingPlanner``'s rules, the ones `chime` applies too; writes nothing.
public struct FollowUpPlanner {
    /// Derives requests and change plans.
    let planner: FastingPlanner
    /// How far back intake is read for a water schedule: more than any water day.
    let intakeLookback: TimeInterval
    let store: Store

    /// Makes a planner reading from `store`.
    public init(planner: FastingPlanner, intakeLookback: TimeInterval, store: Store) {
        self.planner = planner
        self.intakeLookback = intakeLookback
        self.store = store
    }

    /// The records a follow-up of `request` depends on, read now.
    private func records(for request: NotificationRequest, now: Date) throws(StoreError) -> FollowUpRecords {
        try store.followUpRecords(for: request, now: now, intakeLookback: intakeLookback)
    }

    /// The next occurrence after `now` of the repeating request `request`, to persist with its
    /// delivery (the rule is ``FastingPlanner/nextOccurrence(of:records:now:timeZone:calendar:)``).
    func nextOccurrence(of request: NotificationRequest, now: Date, timeZone: TimeZone, dropped: Bool = false) throws(StoreError) -> ChangePlan? {
        switch request.kind {
        case .fastStart, .fastEnd, .fastNudge, .eatingEnd:
            if let session = try store.session(id: request.group), session.scheduleID != nil {
                // A scheduled fast's end brings the schedule's next fast.
                guard request.kind == .fastEnd else { return nil }
                let plan = try continuingSchedule(after: ChangePlan(), now: now, timeZone: timeZone)
                return plan.isEmpty ? nil : plan
            }
        case .water, .reminder:
            break
        }
        return planner.nextOccurrence(
            of: request, records: try records(for: request, now: now), now: now, timeZone: timeZone,
            calendar: Self.calendar(in: timeZone), dropped: dropped
        )
    }

    /// `change` with the fast schedule's next occurrence added when, once it is applied, none
    /// is waiting to start (the rule is ``FastingPlanner/continuing(_:after:sessions:replacedDay:skippedEnd:now:timeZone:calendar:)``);
    /// `change` itself without a fast schedule.
    public func continuingSchedule(after change: ChangePlan, replacedDay: LocalDate? = nil, skippedEnd: String? = nil, now: Date, timeZone: TimeZone) throws(StoreError) -> ChangePlan {
        try store.continuingFastSchedule(
            after: change, planner: planner, replacedDay: replacedDay, skippedEnd: skippedEnd,
            now: now, timeZone: timeZone, calendar: Self.calendar(in: timeZone)
        )
    }

    /// The change that snoozes `request` by `span`, the same for `chime snooze` and a bubble's
    /// Snooze button (the rule is ``FastingPlanner/snooze(_:by:records:now:timeZone:calendar:)``).
    func snooze(_ request: NotificationRequest, by span: TimeSpan, now: Date, timeZone: TimeZone) throws(StoreError) -> ChangePlan? {
        planner.snooze(
            request, by: span, records: try records(for: request, now: now), now: now, timeZone: timeZone, calendar: Self.calendar(in: timeZone)
        )
    }

    /// What a button pressed on a bubble changes: the plan the action asks for, or, when the
    /// bubble no longer shows its request as it stands, why the press is ignored.
    struct ActionChange {
        /// What to apply: the action's plan, or, for an ignored press, at most the close of
        /// the bubble it came from (empty when that close is asked for already).
        var plan: ChangePlan
        /// Why the press changes nothing, `nil` when `plan` is the action's.
        var ignored: String?
    }

    /// The change `action` pressed on the bubble of the request `identifier` makes, read from
    /// the store as it stands (inside the caller's write): the action's plan when the bubble is
    /// current; otherwise nothing but closing the bubble. A bubble is not current once its
    /// request is gone, cancelled, or asked to close (moved, replaced, its fast extended:
    /// ``StoredRequest/staleBubbleReason``), when what it is about is gone (a schedule turned
    /// off, a fast deleted), or when the domain refuses the action (the bubble's cycle is over).
    func change(for action: ActionKey, onBubbleOf identifier: String, now: Date, timeZone: TimeZone) throws -> ActionChange {
        guard let stored = try store.request(identifier: identifier) else {
            return ActionChange(plan: ChangePlan(), ignored: "its notification no longer exists")
        }
        if let reason = stored.staleBubbleReason {
            return ActionChange(plan: ChangePlan(), ignored: reason)
        }
        var closing = ChangePlan()
        if stored.serverID != nil { closing.closedIdentifiers = [identifier] }
        do {
            if let plan = try plan(for: action, on: stored.request, now: now, timeZone: timeZone) {
                return ActionChange(plan: plan, ignored: nil)
            }
            return ActionChange(plan: closing, ignored: "its fast, water schedule or reminder is gone")
        } catch let refusal as DomainError {
            return ActionChange(plan: closing, ignored: refusal.message)
        }
    }

    /// The change the user asked for by picking `action` on the bubble of `request`, or `nil`
    /// when there is nothing to do (a schedule or session that is gone).
    ///
    /// - Throws: `DomainError` when the domain refuses the change (the fast already ended, the
    ///   bubble's cycle is over).
    func plan(for action: ActionKey, on request: NotificationRequest, now: Date, timeZone: TimeZone) throws -> ChangePlan? {
        if let snooze = action.snoozeDuration {
            return try self.snooze(request, by: snooze, now: now, timeZone: timeZone)
        }
        switch action {
        case .drank:
            guard let schedule = try store.waterSchedule(id: request.group) else { return nil }
            let intakes = try store.waterIntakes(since: now.addingTimeInterval(-intakeLookback))
            var plan = planner.drink(
                schedule.amountML, schedule: schedule, intakes: intakes, now: now,
                timeZone: timeZone, calendar: Self.calendar(in: timeZone)
            )
            // The schedule itself did not change: writing it again could bring back one the
            // user removed a moment ago.
            plan.schedules = []
            return plan
        case .endFast:
            // Only the fast this bubble is about: never a later cycle of a repeating one.
            guard let session = try store.session(id: request.group) else { return nil }
            let stop = try planner.stop(session, now: now, cycle: session.cycleNumber(at: request.due))
            return try continuingSchedule(after: stop, now: now, timeZone: timeZone)
        case .extendOneHour:
            guard let session = try store.session(id: request.group), let span = action.fastExtension else { return nil }
            return try planner.extend(session, by: span, now: now, cycle: session.cycleNumber(at: request.due))
        case .done:
            return try acknowledge(request.identifier, now: now, timeZone: timeZone)
        case .snoozeFifteenMinutes, .snoozeTenMinutes:
            return nil
        }
    }

    /// The change that acknowledges the nagging reminder occurrence `identifier`, or the open
    /// occurrence of the reminder `identifier` names, the same for `chime done` and a bubble's
    /// Done button (the rule is ``ReminderNag/planAcknowledging(_:_:recorded:isLive:now:next:)``).
    ///
    /// - Throws: `DomainError` when there is nothing to acknowledge.
    public func acknowledge(_ identifier: String, now: Date, timeZone: TimeZone) throws -> ChangePlan {
        let stored = try store.nagShowing(named: identifier)
        return try planner.acknowledge(
            stored?.request, named: identifier,
            recorded: try stored.flatMap { stored throws(StoreError) in try store.reminderOccurrence(identifier: stored.request.identifier)?.outcome },
            isLive: stored?.state.isLive ?? false, now: now, timeZone: timeZone, calendar: Self.calendar(in: timeZone)
        )
    }

    /// The next reminder of every schedule in `schedules` derived afresh in `timeZone`, for a
    /// change of the time zone: each group's pending reminder is replaced.
    func rederive(_ schedules: [WaterSchedule], now: Date, timeZone: TimeZone) throws(StoreError) -> ChangePlan {
        var plan = ChangePlan()
        for schedule in schedules {
            let intakes = try store.waterIntakes(since: now.addingTimeInterval(-intakeLookback))
            var configured = planner.configure(schedule, intakes: intakes, now: now, timeZone: timeZone, calendar: Self.calendar(in: timeZone))
            configured.schedules = []
            plan.merge(configured)
        }
        return plan
    }

    /// The next reminder of every water schedule but those in `busyGroups` made due one
    /// interval after `returned`, when the user is back at the desk (the rule is
    /// ``WaterHold/planAfterReturn(of:at:intakes:timeZone:calendar:planner:)``).
    func planAfterReturn(at returned: Date, timeZone: TimeZone, skipping busyGroups: Set<String>) throws(StoreError) -> ChangePlan {
        var plan = ChangePlan()
        let schedules = try store.waterSchedules().filter { !busyGroups.contains($0.id) }
        guard !schedules.isEmpty else { return plan }
        let intakes = try store.waterIntakes(since: returned.addingTimeInterval(-intakeLookback))
        for schedule in schedules {
            plan.merge(WaterHold.planAfterReturn(
                of: schedule, at: returned, intakes: intakes, timeZone: timeZone, calendar: Self.calendar(in: timeZone), planner: planner
            ))
        }
        return plan
    }

    /// The fast schedule's fast still waiting to start made again in `timeZone`, for a change
    /// of the time zone: its start and both ends are the rule's local readings in the new zone.
    /// A fast already running keeps its ends; one whose group is in `busyGroups` (a
    /// notification on its way) is left alone. Empty without a schedule or a waiting fast.
    func rederiveFastSchedule(now: Date, timeZone: TimeZone, busyGroups: Set<String>) throws(StoreError) -> ChangePlan {
        guard let schedule = try store.fastSchedule() else { return ChangePlan() }
        let waiting = try store.sessions(notEndedAt: now).filter {
            $0.scheduleID == schedule.id && $0.status(at: now).phase == .scheduled && !busyGroups.contains($0.id)
        }
        guard !waiting.isEmpty else { return ChangePlan() }
        var plan = ChangePlan()
        for session in waiting { plan.merge(planner.delete(session)) }
        return try continuingSchedule(after: plan, now: now, timeZone: timeZone)
    }

    /// A Gregorian calendar in `timeZone`.
    static func calendar(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
