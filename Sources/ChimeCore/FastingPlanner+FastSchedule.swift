import Foundation

/// The rules of fast schedules: one at a time, fasts that never overlap, and always the next
/// occurrence made while the schedule is on.
extension FastingPlanner {
    /// How many occurrences are checked for overlapping fasts when a schedule is set.
    static let overlapCheckCount = 14

    /// Sets `schedule`, replacing `old` (whose occurrences not started yet, in `oldOccurrences`,
    /// are deleted; one already fasting goes on), and makes its first occurrence: the first start
    /// at or after `now` that does not fall inside a fast of `sessions` (those not ended at `now`).
    ///
    /// - Throws: `DomainError` when the rule never occurs again, or when one fast of the plan
    ///   would still run at the rule's next start (`36h` with `daily 20:00`).
    public func setSchedule(
        _ schedule: FastSchedule, replacing old: FastSchedule?, oldOccurrences: [FastingSession],
        sessions: [FastingSession], now: Date, timeZone: TimeZone, calendar: Calendar
    ) throws(DomainError) -> ChangePlan {
        guard var start = schedule.occurrence(atOrAfter: now, in: timeZone) else {
            throw DomainError(.invalidRule, .scheduleNoOccurrence, ["rule": schedule.ruleText])
        }
        for _ in 0..<Self.overlapCheckCount {
            let fast = schedule.session(startingAt: start, timeZone: timeZone, calendar: calendar)
            guard let following = RecurrenceExpander(rule: schedule.rule, start: schedule.start, timeZone: timeZone).firstOccurrence(after: start) else { break }
            if following < fast.cycle(0).fastEnd {
                let shown = LocalTimeResolver.wallClock(of: following, in: timeZone, calendar: calendar)
                throw DomainError(.conflict, .scheduleOverlaps, ["plan": "\(schedule.plan)", "rule": schedule.ruleText, "next": "\(shown.date) \(shown.time)"])
            }
            start = following
        }
        var plan = old.map { remove($0, occurrences: oldOccurrences, now: now) } ?? ChangePlan()
        plan.fastSchedules = [schedule]
        return continuing(schedule, after: plan, sessions: sessions, now: now, timeZone: timeZone, calendar: calendar)
    }

    /// Turns `schedule` off: the record goes, and its `occurrences` not started yet are deleted
    /// with their requests; one already fasting goes on until it ends or is stopped.
    public func remove(_ schedule: FastSchedule, occurrences: [FastingSession], now: Date) -> ChangePlan {
        var plan = ChangePlan()
        plan.deletedFastSchedules = [schedule.id]
        for occurrence in occurrences where occurrence.scheduleID == schedule.id && occurrence.status(at: now).phase == .scheduled {
            plan.merge(delete(occurrence))
        }
        return plan
    }

    /// `change` with the next occurrence of `schedule` added when, once `change` is applied, none
    /// is waiting to start or fasting: after a fast of the schedule ended (its end delivered),
    /// was stopped or replaced, or a fast started by hand took the place of the occurrences not
    /// started yet. The next occurrence is the first start at or after `now` after every fast
    /// still running or to come (`sessions`, those not ended at `now`, as `change` leaves them;
    /// a scheduled fast's eating window too), and not on `replacedDay` (the local day a fast
    /// started by hand took). A repeating fast in real time holds the schedule back until it is
    /// stopped. `skippedEnd` names a fast of the schedule whose end notification the user
    /// cancelled: it no longer brings the next one, so the next is made now, after it.
    public func continuing(
        _ schedule: FastSchedule, after change: ChangePlan, sessions: [FastingSession], replacedDay: LocalDate? = nil,
        skippedEnd: String? = nil, now: Date, timeZone: TimeZone, calendar: Calendar
    ) -> ChangePlan {
        var byID = Dictionary(sessions.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        for id in change.deletedSessions { byID[id] = nil }
        for session in change.sessions { byID[session.id] = session }
        let live = byID.values.filter { $0.status(at: now).phase != .ended }
        if live.contains(where: { $0.id != skippedEnd && $0.scheduleID == schedule.id && [.scheduled, .fasting].contains($0.status(at: now).phase) }) {
            return change
        }
        if live.contains(where: { $0.mode == .rolling }) { return change }
        // No fast may overlap the next one, nor a scheduled fast's eating window.
        let notBefore = live.map { $0.scheduleID == nil ? $0.cycle(0).fastEnd : $0.cycle(0).eatingEnd }.reduce(now, max)
        guard var next = schedule.nextSession(atOrAfter: notBefore, timeZone: timeZone, calendar: calendar) else { return change }
        if let replacedDay, LocalDate(of: next.start, in: timeZone, calendar: calendar) == replacedDay {
            guard let later = schedule.occurrence(atOrAfter: next.start.addingTimeInterval(1), in: timeZone) else { return change }
            next = schedule.session(startingAt: later, timeZone: timeZone, calendar: calendar)
        }
        var plan = change
        plan.sessions.append(next)
        plan.requests += requests.requests(for: next, after: now)
        return plan
    }
}
