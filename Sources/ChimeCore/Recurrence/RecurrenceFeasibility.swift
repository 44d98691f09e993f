import FoundationEssentials

/// Recognises rules the calendar can never satisfy (`FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30`)
/// before any search, so they answer "no occurrence" at once instead of after a long scan.
///
/// It looks at every day of a common and of a leap year: a day that no year type admits can
/// never occur, whatever the weekdays. The answer errs only toward "possible"; the expander's
/// period limits bound the rest.
enum RecurrenceFeasibility {
    /// Days before each month in a common year.
    private static let daysBeforeMonth = [0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]

    /// Whether no occurrence of `rule` can ever exist.
    static func isImpossible(
        rule: RecurrenceRule, filter: DayFilter, startWeekday: Int, startDayOfMonth: Int, startMonth: Int,
        timeGrid: () -> Bool
    ) -> Bool {
        if !anyDayAdmitted(rule: rule, filter: filter, startDayOfMonth: startDayOfMonth, startMonth: startMonth) { return true }
        // Stepping a whole number of weeks keeps the start's weekday.
        if rule.frequency == .daily, rule.interval % 7 == 0, filter.restrictsWeekdays,
           filter.plainWeekdays & (1 << startWeekday) == 0 {
            return true
        }
        // Stepping months visits only some months of the year.
        if rule.frequency == .monthly, filter.restrictsMonths {
            let step = rule.interval % 12
            var month = startMonth - 1
            var visited = 0
            for _ in 0..<12 {
                visited |= 1 << (month + 1)
                month = (month + step) % 12
            }
            if visited & filter.monthMask == 0 { return true }
        }
        // Elapsed steps visit a grid of times of day.
        if rule.frequency < .daily, !timeGrid() { return true }
        if !rule.bySetPosition.isEmpty {
            let timesPerDay = max(1, rule.byHour.count) * max(1, rule.byMinute.count) * max(1, rule.bySecond.count)
            let largestSet: Int
            switch rule.frequency {
            case .yearly: largestSet = 366 * timesPerDay
            case .monthly: largestSet = 31 * timesPerDay
            case .weekly: largestSet = 7 * timesPerDay
            case .daily: largestSet = timesPerDay
            case .hourly: largestSet = max(1, rule.byMinute.count) * max(1, rule.bySecond.count)
            case .minutely: largestSet = max(1, rule.bySecond.count)
            case .secondly: largestSet = 1
            }
            if rule.bySetPosition.allSatisfy({ abs($0) > largestSet }) { return true }
        }
        return false
    }

    /// Whether an hourly, minutely or secondly rule's steps ever reach a time of day that its
    /// `BYHOUR` (and, where they limit, `BYMINUTE` and `BYSECOND`) allow.
    ///
    /// Steps of `periodLength` seconds from a time of day `firstSecondOfDay`, plus each offset in
    /// a period, visit only one residue class modulo the greatest common divisor of the step, a
    /// day, and every change of the zone's offset (`offsetChanges`).
    static func timeGridReachesAllowedTime(rule: RecurrenceRule, firstSecondOfDay: Int, periodOffsets: [Int], periodLength: Int, offsetChanges: [Int]) -> Bool {
        let limitsMinute = rule.frequency <= .minutely && !rule.byMinute.isEmpty
        let limitsSecond = rule.frequency == .secondly && !rule.bySecond.isEmpty
        guard !rule.byHour.isEmpty || limitsMinute || limitsSecond else { return true }
        let grid = offsetChanges.reduce(CivilCalendar.greatestCommonDivisor(periodLength, CivilCalendar.secondsPerDay)) {
            $1 == 0 ? $0 : CivilCalendar.greatestCommonDivisor($0, abs($1))
        }
        guard grid > 1 else { return true }
        for offset in periodOffsets {
            var secondOfDay = CivilCalendar.floorModulo(firstSecondOfDay + offset, grid)
            while secondOfDay < CivilCalendar.secondsPerDay {
                if (rule.byHour.isEmpty || rule.byHour.contains(secondOfDay / 3600))
                    && (!limitsMinute || rule.byMinute.contains(secondOfDay / 60 % 60))
                    && (!limitsSecond || rule.bySecond.contains(secondOfDay % 60)) {
                    return true
                }
                secondOfDay += grid
            }
        }
        return false
    }

    /// How the zone's offset differs from its offset at `start` after each of its next changes.
    static func offsetChanges(of zone: ZoneRules, after start: Int) -> [Int] {
        let base = zone.secondsFromGMT(at: start)
        var changes: [Int] = []
        var instant = start
        for _ in 0..<4 {
            guard let next = zone.nextTransition(after: instant) else { break }
            changes.append(zone.secondsFromGMT(at: next) - base)
            instant = next
        }
        return changes
    }

    /// Whether some day of a common or a leap year passes the rule's day-level parts.
    private static func anyDayAdmitted(rule: RecurrenceRule, filter: DayFilter, startDayOfMonth: Int, startMonth: Int) -> Bool {
        let noDayParts = rule.byWeekNumber.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty
        let monthContext = rule.frequency == .monthly || !rule.byMonth.isEmpty
        let ordinalOnly = filter.plainWeekdays == 0 && !filter.ordinalWeekdays.isEmpty
        for leap in [false, true] {
            let yearLength = leap ? 366 : 365
            for month in 1...12 where filter.allows(month: month) {
                if rule.frequency == .yearly, noDayParts, rule.byMonth.isEmpty, month != startMonth { continue }
                let monthLength = month == 2 ? (leap ? 29 : 28) : CivilCalendar.daysInMonth(year: 2001, month: month)
                for dayOfMonth in 1...monthLength {
                    if (rule.frequency == .yearly && noDayParts) || (rule.frequency == .monthly && rule.byMonthDay.isEmpty && rule.byDay.isEmpty) {
                        if dayOfMonth != startDayOfMonth { continue }
                    }
                    guard filter.allows(dayOfMonth: dayOfMonth, monthLength: monthLength) else { continue }
                    let dayOfYear = daysBeforeMonth[month] + (leap && month > 2 ? 1 : 0) + dayOfMonth
                    guard filter.allows(dayOfYear: dayOfYear, yearLength: yearLength) else { continue }
                    if ordinalOnly {
                        let index = monthContext ? dayOfMonth : dayOfYear
                        let length = monthContext ? monthLength : yearLength
                        let fromStart = (index - 1) / 7 + 1, fromEnd = -((length - index) / 7 + 1)
                        guard filter.ordinalWeekdays.contains(where: { $0.ordinal == fromStart || $0.ordinal == fromEnd }) else { continue }
                    }
                    if !rule.byWeekNumber.isEmpty, !weekNumberAdmits(rule.byWeekNumber, dayOfYear: dayOfYear, yearLength: yearLength) { continue }
                    return true
                }
            }
        }
        return false
    }

    /// Whether some year could put day `dayOfYear` into one of `weeks` (a loose test: week 1
    /// starts between 29 December and 4 January).
    private static func weekNumberAdmits(_ weeks: [Int], dayOfYear: Int, yearLength: Int) -> Bool {
        for weeksInYear in [52, 53] {
            for value in weeks {
                let week = value > 0 ? value : weeksInYear + 1 + value
                guard (1...weeksInYear).contains(week) else { continue }
                if (7 * (week - 1) - 2...7 * week + 3).contains(dayOfYear) { return true }
                if week == 1, dayOfYear >= yearLength - 2 { return true }
                if week >= 52, dayOfYear <= 3 { return true }
            }
        }
        return false
    }
}
