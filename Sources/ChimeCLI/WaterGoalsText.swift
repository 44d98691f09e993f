import ChimeCore

/// A water schedule's daily goals in a few words: `2000 ml`, or by weekday `2000 ml Mon-Fri,
/// 1500 ml Sat-Sun` (`周一至周五 2000 毫升、周六至周日 1500 毫升`), and one line per weekday for
/// `chime water goal`.
struct WaterGoalsText {
    /// Where weekday names come from, and the language.
    let display: TimeDisplay
    /// How amounts are written.
    let water: WaterAmountText

    private func say(_ message: ViewText, _ values: [String: String] = [:]) -> String {
        message.text(display.language, values)
    }

    /// `Mon-Fri, Sun`: `days` as runs of weekdays (two days in a row are named both).
    func days(_ days: WeekdaySet) -> String {
        if days == .everyDay { return say(.everyDay) }
        return days.runs.map { run in
            guard run.last.rawValue - run.first.rawValue >= 2 else {
                return Set([run.first, run.last]).sorted().map(display.weekdayName).joined(separator: say(.daysSeparator))
            }
            return say(.dayRange, ["first": display.weekdayName(run.first), "last": display.weekdayName(run.last)])
        }.joined(separator: say(.daysSeparator))
    }

    /// The goals of `schedule`: `2000 ml` when every day has the same one (`nil` when that is
    /// none), else each goal with its days, Monday's first.
    func summary(of schedule: WaterSchedule) -> String? {
        guard !schedule.weekdayGoals.isEmpty else { return schedule.goalML.map(water.amount) }
        var groups: [(goal: Int?, days: [RecurrenceRule.Weekday])] = []
        for day in RecurrenceRule.Weekday.allCases {
            let goal = schedule.weekdayGoals.goal(on: day, otherwise: schedule.goalML)
            if let index = groups.firstIndex(where: { $0.goal == goal }) {
                groups[index].days.append(day)
            } else {
                groups.append((goal, [day]))
            }
        }
        if groups.count == 1 { return groups[0].goal.map(water.amount) }
        return groups.map { group in
            let named = days(WeekdaySet(days: group.days))
            guard let goal = group.goal else { return say(.noGoalOnDays, ["days": named]) }
            return say(.goalOnDays, ["goal": water.amount(goal), "days": named])
        }.joined(separator: say(.daysSeparator))
    }

    /// One line per weekday, Monday first, today's marked: `  Sat  1500 ml  (today)`.
    func lines(of schedule: WaterSchedule, today: RecurrenceRule.Weekday) -> [String] {
        let names = RecurrenceRule.Weekday.allCases.map(display.weekdayName)
        let width = names.map(DisplayWidth.of).max() ?? 0
        return RecurrenceRule.Weekday.allCases.map { day in
            let name = DisplayWidth.padded(display.weekdayName(day), to: width)
            let line = schedule.weekdayGoals.goal(on: day, otherwise: schedule.goalML).map { say(.goalLine, ["day": name, "goal": water.amount($0)]) }
                ?? say(.noGoalLine, ["day": name])
            return "  " + line + (day == today ? say(.todayMark) : "")
        }
    }
}
