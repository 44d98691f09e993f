import FoundationEssentials

/// The rules of fast schedules: one at a time, and fasts that never overlap.
extension FastingPlanner {
    /// How many occurrences are checked for overlapping fasts when a schedule is set.
    static let overlapCheckCount = 14

    /// Checks that `schedule`, set at `now`, can give fasts: its rule occurs again, and no fast
    /// of its plan would still run at the rule's next start (`36h` with `daily 20:00`).
    ///
    /// - Throws: `DomainError` saying which.
    public func checkSchedule(_ schedule: FastSchedule, now: Date, timeZone: TimeZone, calendar: Calendar) throws(DomainError) {
        guard var start = schedule.occurrence(atOrAfter: now, in: timeZone) else {
            throw DomainError(.invalidRule, .scheduleNoOccurrence, ["rule": schedule.ruleText])
        }
        for _ in 0..<Self.overlapCheckCount {
            let fast = schedule.session(startingAt: start, timeZone: timeZone, calendar: calendar)
            guard let following = RecurrenceExpander(rule: schedule.rule, start: schedule.start, timeZone: timeZone).firstOccurrence(after: start) else { return }
            if following < fast.cycle(0).fastEnd {
                let shown = LocalTimeResolver.wallClock(of: following, in: timeZone, calendar: calendar)
                throw DomainError(.conflict, .scheduleOverlaps, ["plan": "\(schedule.plan)", "rule": schedule.ruleText, "next": "\(shown.date) \(shown.time)"])
            }
            start = following
        }
    }
}

extension FastingPlanner {
    /// The schedules among `others` whose fasts (with their eating windows) would overlap one of
    /// `schedule` in the coming `weeks`: they cannot stay on beside it, so it replaces them.
    /// Schedules whose fasts never meet stay on together (18:6 on weekdays, 14:10 at weekends).
    public func overlapping(
        _ schedule: FastSchedule, among others: [FastSchedule], from now: Date, timeZone: TimeZone, calendar: Calendar, weeks: Int = 8
    ) -> [FastSchedule] {
        let horizon = now.addingTimeInterval(TimeInterval(weeks) * 7 * 86_400)
        func spans(of schedule: FastSchedule) -> [(Date, Date)] {
            var found: [(Date, Date)] = []
            schedule.forEachStart(from: now.addingTimeInterval(-schedule.instanceReach), in: timeZone) { start in
                guard start < horizon else { return false }
                let cycle = schedule.session(startingAt: start, timeZone: timeZone, calendar: calendar).cycle(0)
                found.append((cycle.fastStart, cycle.eatingEnd))
                return found.count < 400
            }
            return found
        }
        let mine = spans(of: schedule)
        return others.filter { other in
            spans(of: other).contains { theirs in mine.contains { $0.0 < theirs.1 && theirs.0 < $0.1 } }
        }
    }
}
