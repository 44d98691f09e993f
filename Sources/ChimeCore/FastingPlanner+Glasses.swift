import FoundationEssentials

extension FastingPlanner {
    /// Changes the logged glass numbered `record` to `intake` (`chime water edit N`) and derives
    /// the next reminder of `schedule` again from the glasses as they now are (`intakes`, with
    /// the glass changed): a goal met or no longer met takes effect at once.
    public func editDrink(
        record: Int64, to intake: WaterIntake, schedule: WaterSchedule?, intakes: [WaterIntake], now: Date, timeZone: TimeZone, calendar: Calendar
    ) -> ChangePlan {
        var plan = schedule.map { configure($0, intakes: intakes, now: now, timeZone: timeZone, calendar: calendar) } ?? ChangePlan()
        plan.editedIntakes = [ChangePlan.EditedIntake(record: record, intake: intake)]
        return plan
    }

    /// Gives `schedule` the daily goal `goal` on `days` (`chime water goal [DAYS] ML|none`), every
    /// day when `days` is `nil` or all of them (the weekdays' own goals go), and derives its next
    /// reminder again: a goal met or no longer met today takes effect at once.
    public func setGoal(
        _ goal: WeekdayGoals.DayGoal, on days: WeekdaySet?, of schedule: WaterSchedule, intakes: [WaterIntake], now: Date,
        timeZone: TimeZone, calendar: Calendar
    ) -> (schedule: WaterSchedule, plan: ChangePlan) {
        var changed = schedule
        if let days, days != .everyDay {
            changed.weekdayGoals.set(goal, on: days, otherwise: schedule.goalML)
        } else {
            changed.goalML = goal.millilitres
            changed.weekdayGoals = WeekdayGoals()
        }
        return (changed, configure(changed, intakes: intakes, now: now, timeZone: timeZone, calendar: calendar))
    }
}
