import ChimeCore
import ChimeStore
import FoundationEssentials

/// `chime fast schedule`: set, turn off, show. Several schedules may be on when their fasts
/// never meet (18:6 on weekdays, 14:10 at weekends); a new one replaces those it would overlap.
extension Desk {
    /// What `fast schedule PLAN RULE` did.
    public struct FastScheduleSet: Sendable {
        /// The schedule set.
        public var schedule: FastSchedule
        /// The ones it replaced (now ended): those whose fasts it would overlap.
        public var replaced: [FastSchedule]
        /// Those that stay on beside it.
        public var alongside: [FastSchedule]
        /// Its first fast.
        public var first: FastingSession?
    }

    /// Sets a fast schedule (`chime fast schedule PLAN RULE`): the schedules on whose fasts it
    /// would overlap end now (a fast of theirs already fasting goes on); the others stay on.
    /// Its first fast is the first start of its rule from now on that no running fast takes
    /// over. A plan of fast days (`5:2`) takes the days in `ruleText` (`mon,thu`; none for
    /// `adf`), each from midnight or from `evening` the day before. Refused while a repeating
    /// fast in real time runs, and when a fast of the plan would still run at the rule's next
    /// start.
    public func setFastSchedule(
        plan fastingPlan: FastingPlan, ruleText: String?, evening: WallClockTime? = nil, remindBefore: [TimeSpan], now: Date
    ) throws -> Decision<FastScheduleSet> {
        let timeline = try fastTimeline(now: now)
        if let rolling = timeline.sessions(notEndedAt: now).first(where: { $0.mode == .rolling }) {
            throw DeskRefusal.rollingOverlapsSchedule(id: rolling.id)
        }
        let id = try generateID(prefix: "fs", now: now)
        let schedule: FastSchedule
        if let fastDays = fastingPlan.fastDays {
            let rule = try FastSchedule.fastDayRule(for: fastingPlan, days: ruleText, evening: evening)
            var start = now
            if fastDays == .alternate {
                // Every other day counts from the first fast day: tomorrow's (from this evening
                // when it starts the evening before and the evening is still to come).
                let today = LocalDate(of: now, in: timeZone, calendar: calendar)
                let eveningSeconds = evening.map { $0.minutesSinceMidnight * 60 } ?? 0
                var firstDay = today.adding(days: 1, calendar: calendar)
                var first = LocalTimeResolver.instant(ofSecond: eveningSeconds, on: evening == nil ? firstDay : today, in: timeZone)
                if first < now {
                    firstDay = firstDay.adding(days: 1, calendar: calendar)
                    first = LocalTimeResolver.instant(ofSecond: eveningSeconds, on: evening == nil ? firstDay : today.adding(days: 1, calendar: calendar), in: timeZone)
                }
                start = first
            }
            schedule = FastSchedule(id: id, plan: fastingPlan, ruleText: rule.text, rule: rule.rule, start: start, remindBefore: [])
        } else {
            schedule = try FastSchedule(id: id, plan: fastingPlan, ruleText: ruleText ?? "", start: now, remindBefore: remindBefore)
        }
        try planner.checkSchedule(schedule, now: now, timeZone: timeZone, calendar: calendar)
        let on = timeline.schedules.filter { $0.endedAt == nil }
        let replaced = planner.overlapping(schedule, among: on, from: now, timeZone: timeZone, calendar: calendar)
        var plan = ChangePlan()
        for var old in replaced {
            old.endedAt = now
            plan.fastSchedules.append(old)
        }
        plan.fastSchedules.append(schedule)
        let first = fastTimeline(timeline, after: plan).nextInstance(of: schedule, after: now.addingTimeInterval(-1))
        return Decision(plan, FastScheduleSet(
            schedule: schedule, replaced: replaced, alongside: on.filter { old in !replaced.contains { $0.id == old.id } }, first: first
        ))
    }

    /// What `fast schedule off` did.
    public enum FastScheduleOff: Sendable {
        /// No schedule was on (or none with the id given).
        case nothingOn
        /// The schedules ended; `goingOn` their fasts still fasting, which go on.
        case ended([FastSchedule], goingOn: [FastingSession])
    }

    /// Turns fast schedules off (`chime fast schedule off [ID]`): every one that is on, or the
    /// one `id` names. Each ends now; a fast of it already fasting goes on, its next one is no
    /// more; its fasts stay in the history.
    public func turnFastScheduleOff(id: String? = nil, now: Date) throws -> Decision<FastScheduleOff> {
        let timeline = try fastTimeline(now: now)
        let ending = timeline.schedules.filter { $0.endedAt == nil && (id == nil || $0.id == id) }
        guard !ending.isEmpty else { return Decision(ChangePlan(), .nothingOn) }
        var plan = ChangePlan()
        var goingOn: [FastingSession] = []
        for var schedule in ending {
            if let running = timeline.runningInstance(of: schedule, at: now), running.status(at: now).phase == .fasting {
                goingOn.append(running)
            }
            schedule.endedAt = now
            plan.fastSchedules.append(schedule)
        }
        return Decision(plan, .ended(ending, goingOn: goingOn))
    }

    /// Each schedule that is on and its current fast (fasting, in its eating window, or next):
    /// what `fast schedule` shows, derived from the rules whether chimed ran or not.
    public func fastSchedulesNow(now: Date) throws -> [(schedule: FastSchedule, current: FastingSession?)] {
        let timeline = try fastTimeline(now: now)
        return timeline.schedules.filter { $0.endedAt == nil }.map { schedule in
            (schedule, timeline.runningInstance(of: schedule, at: now) ?? timeline.nextInstance(of: schedule, after: now))
        }
    }
}

extension Desk {
    /// The first schedule that is on and its current fast (``fastSchedulesNow(now:)``'s first).
    public func fastScheduleNow(now: Date) throws -> (schedule: FastSchedule?, current: FastingSession?) {
        guard let first = try fastSchedulesNow(now: now).first else { return (nil, nil) }
        return (first.schedule, first.current)
    }
}
