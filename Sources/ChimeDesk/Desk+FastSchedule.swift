import ChimeCore
import ChimeStore
import Foundation

/// `chime fast schedule`: set, turn off, show.
extension Desk {
    /// What `fast schedule PLAN RULE` did.
    public struct FastScheduleSet: Sendable {
        /// The schedule set.
        public var schedule: FastSchedule
        /// The one it replaced (now ended), if any.
        public var replaced: FastSchedule?
        /// Its first fast.
        public var first: FastingSession?
    }

    /// Sets the fast schedule (`chime fast schedule PLAN RULE`): a schedule that is on ends
    /// now (its fast already fasting goes on), and the new one gives its first fast at the
    /// first start of its rule from now on that no running fast takes over. Refused while a
    /// repeating fast in real time runs, and when a fast of the plan would still run at the
    /// rule's next start.
    public func setFastSchedule(plan fastingPlan: FastingPlan, ruleText: String, remindBefore: [TimeSpan], now: Date) throws -> Decision<FastScheduleSet> {
        let timeline = try fastTimeline(now: now)
        if let rolling = timeline.sessions(notEndedAt: now).first(where: { $0.mode == .rolling }) {
            throw DeskRefusal.rollingOverlapsSchedule(id: rolling.id)
        }
        let old = timeline.schedules.last { $0.endedAt == nil }
        let schedule = try FastSchedule(
            id: try generateID(prefix: "fs", now: now), plan: fastingPlan, ruleText: ruleText, start: now, remindBefore: remindBefore
        )
        try planner.checkSchedule(schedule, now: now, timeZone: timeZone, calendar: calendar)
        var plan = ChangePlan()
        if var old {
            old.endedAt = now
            plan.fastSchedules.append(old)
        }
        plan.fastSchedules.append(schedule)
        let first = fastTimeline(timeline, after: plan).nextInstance(of: schedule, after: now.addingTimeInterval(-1))
        return Decision(plan, FastScheduleSet(schedule: schedule, replaced: old, first: first))
    }

    /// What `fast schedule off` did.
    public enum FastScheduleOff: Sendable {
        /// No schedule was on.
        case nothingOn
        /// The schedule ended; `goingOn` is its fast still fasting, which goes on.
        case ended(FastSchedule, goingOn: FastingSession?)
    }

    /// Turns the fast schedule off (`chime fast schedule off`): it ends now; its fast already
    /// fasting goes on, its next one is no more; its fasts stay in the history.
    public func turnFastScheduleOff(now: Date) throws -> Decision<FastScheduleOff> {
        let timeline = try fastTimeline(now: now)
        guard var schedule = timeline.schedules.last(where: { $0.endedAt == nil }) else {
            return Decision(ChangePlan(), .nothingOn)
        }
        let goingOn = timeline.runningInstance(of: schedule, at: now).flatMap { $0.status(at: now).phase == .fasting ? $0 : nil }
        schedule.endedAt = now
        var plan = ChangePlan()
        plan.fastSchedules = [schedule]
        return Decision(plan, .ended(schedule, goingOn: goingOn))
    }

    /// The schedule that is on and its current fast (fasting, in its eating window, or next):
    /// what `fast schedule` shows, derived from the rule whether chimed ran or not.
    public func fastScheduleNow(now: Date) throws -> (schedule: FastSchedule?, current: FastingSession?) {
        let timeline = try fastTimeline(now: now)
        guard let schedule = timeline.schedules.last(where: { $0.endedAt == nil }) else { return (nil, nil) }
        let current = timeline.runningInstance(of: schedule, at: now) ?? timeline.nextInstance(of: schedule, after: now)
        return (schedule, current)
    }
}
