import ChimeCore
import FoundationEssentials

extension Store {
    /// The records a follow-up of `request` depends on (see ``FollowUpRecords``): its fast's
    /// session, its water schedule with the water logged since `intakeLookback` before `now`, or
    /// its reminder, by the request's kind.
    public func followUpRecords(
        for request: NotificationRequest, now: Date, intakeLookback: TimeInterval = WaterDay.intakeLookback
    ) throws(StoreError) -> FollowUpRecords {
        switch request.kind {
        case .water:
            guard let schedule = try waterSchedule(id: request.group) else { return FollowUpRecords() }
            return FollowUpRecords(schedule: schedule, intakes: try waterIntakes(since: now.addingTimeInterval(-intakeLookback)))
        case .reminder:
            return FollowUpRecords(reminder: try reminder(id: request.group), recurringReminder: try recurringReminder(id: request.group))
        case .fastStart, .fastEnd, .fastNudge, .eatingEnd:
            return FollowUpRecords(session: try session(id: request.group))
        case .calendarAlarm:
            return FollowUpRecords()
        }
    }
}
