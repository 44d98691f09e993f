import ChimeCore
import ChimeStore
import FoundationEssentials

/// Water as people look back at it and correct it: goals by weekday, the day-by-day history,
/// the log of glasses with their numbers, and changing or removing any glass.
extension Desk {
    /// Gives the water schedule the goal `goal` on `days`, or every day (`chime water goal`).
    public func setWaterGoal(_ goal: WeekdayGoals.DayGoal, on days: WeekdaySet?, now: Date) throws -> Decision<WaterState> {
        let schedules = try store.waterSchedules()
        guard let schedule = schedules.first else { throw DeskRefusal.noWaterForGoal }
        if schedules.count > 1 { throw DeskRefusal.severalWaterSchedules(ids: schedules.map(\.id)) }
        let intakes = try recentIntakes(now: now)
        let set = planner.setGoal(goal, on: days, of: schedule, intakes: intakes, now: now, timeZone: timeZone, calendar: calendar)
        let state = waterState(set.schedule, consumedML: waterConsumed(intakes, schedule: set.schedule, now: now), nextReminder: set.plan.requests.first?.due, now: now)
        return Decision(set.plan, state)
    }

    /// The last `days` water days up to the current one, oldest first (`chime water history`),
    /// for the active hours and goals of the schedule that is on (midnight to midnight, no goal,
    /// without one).
    public func waterHistory(days: Int, now: Date) throws -> (schedule: WaterSchedule?, days: [WaterDayTotal]) {
        let schedule = try store.waterSchedules().first
        let since = WaterDayTotal.since(count: days, endingAt: now, schedule: schedule, timeZone: timeZone, calendar: calendar)
        let intakes = try store.waterIntakes(since: since)
        return (schedule, WaterDayTotal.days(count: days, endingAt: now, intakes: intakes, schedule: schedule, timeZone: timeZone, calendar: calendar))
    }

    /// One water day of `chime water log`: its total and its glasses, with their numbers.
    public struct WaterLogDay: Sendable {
        /// The day and what was drunk in it.
        public var total: WaterDayTotal
        /// Its glasses, oldest first.
        public var glasses: [NumberedIntake]
    }

    /// The glasses of the last `days` water days up to the current one, by day, oldest first.
    public func waterLog(days: Int, now: Date) throws -> [WaterLogDay] {
        let history = try waterHistory(days: days, now: now)
        guard let first = history.days.first, let last = history.days.last else { return [] }
        let glasses = try store.numberedIntakes(since: first.day.start, until: last.day.end)
        return history.days.map { total in
            WaterLogDay(total: total, glasses: glasses.filter { total.day.contains($0.logged.intake.instant) })
        }
    }

    /// Changes the glass numbered `record` (`chime water edit N`): its amount, its time, or both.
    public func editGlass(
        _ record: Int64, amountML: Int?, at instant: Date?, now: Date
    ) throws -> Decision<(before: WaterIntake, after: WaterIntake, state: WaterState)> {
        guard let glass = try store.numberedIntake(record: record) else { throw DeskRefusal.noGlassNumbered(record) }
        if let instant, instant > now { throw DeskRefusal.glassInFuture(instant) }
        let before = glass.logged.intake
        let after = WaterIntake(instant: instant ?? before.instant, amountML: amountML ?? before.amountML)
        let schedule = try store.waterSchedules().first
        var intakes = try recentIntakes(now: now)
        if let index = intakes.firstIndex(of: before) { intakes.remove(at: index) }
        intakes.append(after)
        let plan = planner.editDrink(record: record, to: after, schedule: schedule, intakes: intakes, now: now, timeZone: timeZone, calendar: calendar)
        let state = waterState(schedule, consumedML: waterConsumed(intakes, schedule: schedule, now: now), nextReminder: plan.requests.first?.due, now: now)
        return Decision(plan, (before, after, state))
    }
}
