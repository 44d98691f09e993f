import FoundationEssentials

/// One water day (``WaterDay``) of the past as `chime water history` shows it: what was drunk,
/// in how many glasses, and the goal that day had.
public struct WaterDayTotal: Hashable, Sendable {
    /// The local date the water day starts on (its window's date).
    public var date: LocalDate
    /// The water day's bounds.
    public var day: WaterDay
    /// Millilitres logged in it (up to now, for the current one).
    public var consumedML: Int
    /// Glasses logged in it.
    public var glasses: Int
    /// Its goal (its weekday's, else the schedule's), `nil` without one.
    public var goalML: Int?

    /// Whether the day had a goal and it was met.
    public var metGoal: Bool { goalML.map { consumedML >= $0 } ?? false }

    /// The last `count` water days up to the one holding `now` (oldest first), with the
    /// glasses of `intakes` counted into them, for the active hours and goals of `schedule`
    /// (as they are now: a day keeps no goal of its own), or midnight to midnight and no goal
    /// without one.
    public static func days(
        count: Int, endingAt now: Date, intakes: [WaterIntake], schedule: WaterSchedule?, timeZone: TimeZone, calendar: Calendar
    ) -> [WaterDayTotal] {
        let bounds = waterDays(count: count, endingAt: now, window: schedule?.window, timeZone: timeZone, calendar: calendar)
        var totals = bounds.map { day in
            let date = LocalDate(of: day.start, in: timeZone, calendar: calendar)
            return WaterDayTotal(date: date, day: day, consumedML: 0, glasses: 0, goalML: schedule?.goal(on: date))
        }
        // Days are in order and back to back: each glass finds its day by bisection.
        for intake in intakes where intake.instant <= now {
            var low = 0, high = totals.count
            while low < high {
                let middle = (low + high) / 2
                if totals[middle].day.end <= intake.instant { low = middle + 1 } else { high = middle }
            }
            guard low < totals.count, totals[low].day.contains(intake.instant) else { continue }
            totals[low].consumedML += intake.amountML
            totals[low].glasses += 1
        }
        return totals
    }

    /// The bounds of the last `count` water days up to the one holding `now`, oldest first.
    static func waterDays(count: Int, endingAt now: Date, window: DailyWindow?, timeZone: TimeZone, calendar: Calendar) -> [WaterDay] {
        var days: [WaterDay] = []
        var day = WaterDay.containing(now, window: window, timeZone: timeZone, calendar: calendar)
        for _ in 0..<max(1, count) {
            days.append(day)
            // The day before is the one holding the instant before this one starts.
            day = WaterDay.containing(day.start.addingTimeInterval(-1), window: window, timeZone: timeZone, calendar: calendar)
        }
        return days.reversed()
    }

    /// How far back intake must be read for the last `count` water days up to `now`.
    public static func since(count: Int, endingAt now: Date, schedule: WaterSchedule?, timeZone: TimeZone, calendar: Calendar) -> Date {
        waterDays(count: count, endingAt: now, window: schedule?.window, timeZone: timeZone, calendar: calendar).first?.start ?? now
    }
}
