import ChimeCore
import ChimeNotify
import ChimeStore
import Foundation

/// Derives what the daemon writes besides a delivery's outcome: the next occurrence of a
/// repeating request, and the change an action on a bubble asks for.
///
/// Reads the records it needs (schedule, intake, session) from the store; writes nothing.
/// The CLI uses it too, for what comes after a cancelled occurrence.
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

    /// What takes the place of `request` when the user cancels it while its water schedule
    /// stays on or its rolling fast goes on: the same reminder's next occurrence (the next water
    /// reminder, the same nudge or end in the next cycle), so that cancelling one occurrence
    /// skips it instead of silencing the schedule for good. Empty for requests that do not
    /// repeat, or whose schedule or session is gone.
    public func occurrencesAfterSkipping(_ request: NotificationRequest, now: Date, timeZone: TimeZone) throws(StoreError) -> [NotificationRequest] {
        let after = max(now, request.due)
        switch request.kind {
        case .water:
            return try nextWaterReminder(ofSchedule: request.group, after: after, timeZone: timeZone).map { [$0] } ?? []
        case .fastEnd, .fastNudge, .eatingEnd:
            guard let session = try store.session(id: request.group), session.mode == .rolling,
                  let (slot, cycle) = Self.slotAndCycle(of: request.identifier), cycle < Int64.max
            else { return [] }
            // From the start of the next cycle on, the planner's next occurrence of this slot is
            // the same reminder one cycle later (a nudge of this cycle is due before this
            // cycle's end, so deriving from its due time would give it again).
            let from = max(after, session.cycle(cycle + 1).fastStart)
            return planner.requests.requests(for: session, after: from).filter { Self.slotAndCycle(of: $0.identifier)?.slot == slot }
        case .reminder:
            // A recurring reminder goes on with its next occurrence; a one-off one is over.
            return nextRecurringReminder(after: request, now: after, timeZone: timeZone).map { [$0] } ?? []
        case .fastStart:
            return []
        }
    }

    /// The reminder of the water schedule `id` that comes first after `instant`; `nil` when the
    /// schedule is gone or nothing is to come.
    private func nextWaterReminder(ofSchedule id: String, after instant: Date, timeZone: TimeZone) throws(StoreError) -> NotificationRequest? {
        guard let schedule = try store.waterSchedule(id: id) else { return nil }
        let intakes = try store.waterIntakes(since: instant.addingTimeInterval(-intakeLookback))
        return planner.requests.request(
            for: schedule, after: instant, intakes: intakes, timeZone: timeZone, calendar: Self.calendar(in: timeZone)
        )
    }

    /// The occurrence after `now` of the recurring reminder `request` belongs to; `nil` for a
    /// one-off reminder or a rule that has ended.
    private func nextRecurringReminder(after request: NotificationRequest, now: Date, timeZone: TimeZone) -> NotificationRequest? {
        guard let reminder = RecurringReminder(request: request) else { return nil }
        return planner.requests.request(for: reminder, after: now, timeZone: timeZone, calendar: Self.calendar(in: timeZone))
    }

    /// A rolling request's identifier split into the part every cycle shares and the cycle
    /// number of its `/<cycle>` suffix.
    private static func slotAndCycle(of identifier: String) -> (slot: Substring, cycle: Int64)? {
        guard let slash = identifier.lastIndex(of: "/"), let cycle = Int64(identifier[identifier.index(after: slash)...]) else {
            return nil
        }
        return (identifier[..<slash], cycle)
    }

    /// The next occurrence after `now` of the repeating request `request` (a water reminder,
    /// any request of a rolling fast), to persist with its delivery or drop; `nil` for requests
    /// that do not repeat, or whose schedule or session is gone.
    ///
    /// The plan only adds requests, never cancels: a sibling of the same group may be on its
    /// way to the server, and cancelling it would close its bubble. A re-derived request that
    /// is already pending keeps its row (same identifier).
    ///
    /// A nagging reminder's showing (`dropped`: it was not shown) is followed as
    /// ``ReminderNag/planAfterShowing(_:_:now:next:)`` says: the same bubble again, or the next
    /// occurrence, with the occurrence's record.
    func nextOccurrence(of request: NotificationRequest, now: Date, timeZone: TimeZone, dropped: Bool = false) throws(StoreError) -> ChangePlan? {
        if let showing = ReminderNag.Showing(request: request) {
            let next = nextRecurringReminder(after: request, now: max(now, showing.occurrenceDue), timeZone: timeZone)
            let plan = dropped
                ? ReminderNag.planAfterDrop(request, showing, next: next)
                : ReminderNag.planAfterShowing(request, showing, now: now, next: next)
            return plan.isEmpty ? nil : plan
        }
        var plan = ChangePlan()
        switch request.kind {
        case .water:
            guard let next = try nextWaterReminder(ofSchedule: request.group, after: now, timeZone: timeZone) else { return nil }
            plan.requests = [next]
        case .fastStart, .fastEnd, .fastNudge, .eatingEnd:
            guard let session = try store.session(id: request.group) else { return nil }
            if session.scheduleID != nil {
                // A scheduled fast's end brings the schedule's next fast.
                guard request.kind == .fastEnd else { return nil }
                plan = try continuingSchedule(after: ChangePlan(), now: now, timeZone: timeZone)
                return plan.isEmpty ? nil : plan
            }
            guard session.mode == .rolling else { return nil }
            plan.requests = planner.requests.requests(for: session, after: now)
        case .reminder:
            guard let next = nextRecurringReminder(after: request, now: max(now, request.due), timeZone: timeZone) else { return nil }
            plan.requests = [next]
        }
        return plan.requests.isEmpty ? nil : plan
    }

    /// `change` with the fast schedule's next occurrence added when, once it is applied, none
    /// is waiting to start (the rule is ``FastingPlanner/continuing(_:after:sessions:replacedDay:skippedEnd:now:timeZone:calendar:)``);
    /// `change` itself without a fast schedule.
    public func continuingSchedule(after change: ChangePlan, replacedDay: LocalDate? = nil, skippedEnd: String? = nil, now: Date, timeZone: TimeZone) throws(StoreError) -> ChangePlan {
        guard let schedule = try store.fastSchedule(), !change.deletedFastSchedules.contains(schedule.id) else { return change }
        return planner.continuing(
            schedule, after: change, sessions: try store.sessions(notEndedAt: now), replacedDay: replacedDay,
            skippedEnd: skippedEnd, now: now, timeZone: timeZone, calendar: Self.calendar(in: timeZone)
        )
    }

    /// The change that snoozes `request` by `span`, the same for `chime snooze` and a bubble's
    /// Snooze button (the rule is ``FastingPlanner/snooze(_:by:now:reminder:)``); `nil` for a
    /// water reminder whose schedule was turned off meanwhile (it stays off).
    public func snooze(_ request: NotificationRequest, by span: TimeSpan, now: Date, timeZone: TimeZone) throws(StoreError) -> ChangePlan? {
        switch request.kind {
        case .water:
            guard let schedule = try store.waterSchedule(id: request.group) else { return nil }
            let intakes = try store.waterIntakes(since: now.addingTimeInterval(-intakeLookback))
            return planner.snooze(request, by: span, now: now, schedule: schedule, intakes: intakes, timeZone: timeZone, calendar: Self.calendar(in: timeZone))
        case .reminder:
            return planner.snooze(request, by: span, now: now, reminder: try store.reminder(id: request.group))
        case .fastStart, .fastEnd, .fastNudge, .eatingEnd:
            return planner.snooze(request, by: span, now: now)
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
        var stored = try store.request(identifier: identifier)
        if stored == nil {
            // A reminder's id names its open occurrence, else its next one (not shown yet: refused below).
            if let open = try store.openReminderOccurrence(reminderID: identifier) {
                stored = try store.request(identifier: open.identifier)
            } else {
                stored = try store.pendingRequests(inGroup: identifier).first
            }
        }
        guard let stored, let showing = ReminderNag.Showing(request: stored.request) else {
            throw DomainError(.notFound, "no nagging reminder occurrence is \"\(identifier)\": give a reminder set with --nag, or an identifier from 'chime remind history'")
        }
        let request = stored.request
        let next = nextRecurringReminder(after: request, now: max(now, showing.occurrenceDue), timeZone: timeZone)
        return try ReminderNag.planAcknowledging(
            request, showing, recorded: try store.reminderOccurrence(identifier: request.identifier)?.outcome,
            isLive: stored.state.isLive, now: now, next: next
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
