import ChimeCore
import Foundation

extension Store {
    /// `change` with the fast schedule's next occurrence added when, once it is applied, none is
    /// waiting to start: `planner`'s rule (``FastingPlanner/continuing(_:after:sessions:replacedDay:skippedEnd:now:timeZone:calendar:)``)
    /// over the schedule and the fasts not ended at `now` as stored; `change` itself without a
    /// fast schedule, or when `change` deletes it. The one reader for `chime` and chimed alike.
    public func continuingFastSchedule(
        after change: ChangePlan, planner: FastingPlanner, replacedDay: LocalDate? = nil, skippedEnd: String? = nil,
        now: Date, timeZone: TimeZone, calendar: Calendar
    ) throws(StoreError) -> ChangePlan {
        guard let schedule = try fastSchedule(), !change.deletedFastSchedules.contains(schedule.id) else { return change }
        return planner.continuing(
            schedule, after: change, sessions: try sessions(notEndedAt: now), replacedDay: replacedDay,
            skippedEnd: skippedEnd, now: now, timeZone: timeZone, calendar: calendar
        )
    }
}
