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
        case .fastStart, .reminder:
            return []
        }
    }

    /// The reminder of the water schedule `id` that comes first after `instant`; `nil` when the
    /// schedule is gone or nothing is to come.
    private func nextWaterReminder(ofSchedule id: String, after instant: Date, timeZone: TimeZone) throws(StoreError) -> NotificationRequest? {
        guard let schedule = try store.waterSchedule(id: id) else { return nil }
        let intakes = try store.intakes(forSchedule: schedule.id, since: instant.addingTimeInterval(-intakeLookback))
        return planner.requests.request(
            for: schedule, after: instant, intakes: intakes, timeZone: timeZone, calendar: Self.calendar(in: timeZone)
        )
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
    func nextOccurrence(of request: NotificationRequest, now: Date, timeZone: TimeZone) throws(StoreError) -> ChangePlan? {
        var plan = ChangePlan()
        switch request.kind {
        case .water:
            guard let next = try nextWaterReminder(ofSchedule: request.group, after: now, timeZone: timeZone) else { return nil }
            plan.requests = [next]
        case .fastStart, .fastEnd, .fastNudge, .eatingEnd:
            guard let session = try store.session(id: request.group), session.mode == .rolling else { return nil }
            plan.requests = planner.requests.requests(for: session, after: now)
        case .reminder:
            return nil
        }
        return plan.requests.isEmpty ? nil : plan
    }

    /// The change the user asked for by picking `action` on the bubble of `request`, or `nil`
    /// when there is nothing to do (a schedule or session that is gone).
    ///
    /// - Throws: ``ActionRefusal`` when the domain refuses the change (the fast already ended).
    func plan(for action: ActionKey, on request: NotificationRequest, now: Date, timeZone: TimeZone) throws -> ChangePlan? {
        if let snooze = action.snoozeDuration {
            // A water reminder turned off meanwhile stays off.
            if request.kind == .water, try store.waterSchedule(id: request.group) == nil { return nil }
            // The same identifier again, later: its content stays, so does its bubble (the row
            // keeps its server id and the next showing replaces it in place).
            var snoozed = request
            snoozed.due = now.addingTimeInterval(snooze.timeInterval)
            var plan = ChangePlan()
            plan.requests = [snoozed]
            return plan
        }
        switch action {
        case .drank:
            guard let schedule = try store.waterSchedule(id: request.group) else { return nil }
            let intakes = try store.intakes(forSchedule: schedule.id, since: now.addingTimeInterval(-intakeLookback))
            var plan = planner.drink(
                schedule.amountML, schedule: schedule, intakes: intakes, now: now,
                timeZone: timeZone, calendar: Self.calendar(in: timeZone)
            )
            // The schedule itself did not change: writing it again could bring back one the
            // user removed a moment ago.
            plan.schedules = []
            return plan
        case .endFast:
            guard let session = try store.session(id: request.group) else { return nil }
            return try planner.stop(session, now: now)
        case .extendOneHour:
            guard let session = try store.session(id: request.group), let span = action.fastExtension else { return nil }
            if request.kind == .fastEnd {
                return try extendFinishedFast(session, endingAt: request.due, by: span, now: now)
            }
            return try planner.extend(session, by: span, now: now)
        case .snoozeFifteenMinutes, .snoozeTenMinutes:
            return nil
        }
    }

    /// Makes the fast that ended at `end` longer by `span`: "Extend 1 h" on a "fast complete"
    /// bubble means "keep fasting", even though the fast has formally ended and the planner's
    /// `extend` would lengthen the next one.
    private func extendFinishedFast(_ session: FastingSession, endingAt end: Date, by span: TimeSpan, now: Date) throws -> ChangePlan {
        if let stoppedAt = session.stoppedAt, stoppedAt <= now {
            throw ActionRefusal("fast \(session.id) was stopped, so it cannot be extended")
        }
        let cycle = session.cycleNumber(at: end)
        let previous = session.fastExtension.flatMap { $0.cycle == cycle ? $0.seconds : nil } ?? 0
        let total = previous + span.seconds
        if session.mode == .rolling, let eating = session.plan.eating, total >= eating.seconds {
            throw ActionRefusal("extending fast \(session.id) by \(span) would leave no eating window before the next fast")
        }
        var updated = session
        updated.fastExtension = FastingSession.Extension(cycle: cycle, seconds: total)
        var plan = ChangePlan()
        plan.sessions = [updated]
        plan.cancelledGroups = [session.id]
        plan.requests = planner.requests.requests(for: updated, after: now)
        return plan
    }

    /// The next reminder of every schedule in `schedules` derived afresh in `timeZone`, for a
    /// change of the time zone: each group's pending reminder is replaced.
    func rederive(_ schedules: [WaterSchedule], now: Date, timeZone: TimeZone) throws(StoreError) -> ChangePlan {
        var plan = ChangePlan()
        for schedule in schedules {
            let intakes = try store.intakes(forSchedule: schedule.id, since: now.addingTimeInterval(-intakeLookback))
            var configured = planner.configure(schedule, intakes: intakes, now: now, timeZone: timeZone, calendar: Self.calendar(in: timeZone))
            configured.schedules = []
            plan.merge(configured)
        }
        return plan
    }

    /// A Gregorian calendar in `timeZone`.
    static func calendar(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}

/// A change asked for by an action on a bubble that the domain refuses (the fast already ended).
struct ActionRefusal: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
