/// The day-level parts of a rule (`BYMONTH`, `BYMONTHDAY`, `BYYEARDAY`, `BYWEEKNO`, `BYDAY`)
/// precomputed as masks, so testing a candidate day is a few integer operations.
struct DayFilter: Sendable {
    /// Bit `m` set for each allowed month 1...12 (all set when `BYMONTH` is absent).
    let monthMask: Int
    /// Whether `BYMONTH` restricts the months.
    let restrictsMonths: Bool
    /// For a month of 28...31 days (index 0...3), bit `d` set for each allowed day `d`; `nil`
    /// when `BYMONTHDAY` is absent.
    let monthDayMasks: [UInt32]?
    /// For a year of 365 and 366 days (index 0 and 1), whether each day of the year is allowed;
    /// `nil` when `BYYEARDAY` is absent.
    let yearDayAllowed: [[Bool]]?
    /// `BYWEEKNO` (empty: any week).
    let weekNumbers: [Int]
    /// Bit `w` set for each weekday (0 Monday) allowed whatever its ordinal.
    let plainWeekdays: Int
    /// `BYDAY` entries with an ordinal.
    let ordinalWeekdays: [RecurrenceRule.WeekdayOccurrence]
    /// Whether any weekday condition applies.
    let restrictsWeekdays: Bool
    /// The first day of a week, 0 for Monday.
    let weekStart: Int

    /// The filter for `rule`; `defaultWeekday` (0 Monday) stands in for `BYDAY` where the RFC
    /// takes the start's weekday (weekly rules, and yearly rules by week number alone).
    init(rule: RecurrenceRule, defaultWeekday: Int?) {
        restrictsMonths = !rule.byMonth.isEmpty
        monthMask = rule.byMonth.isEmpty ? 0b1_1111_1111_1110 : rule.byMonth.reduce(0) { $0 | (1 << $1) }
        if rule.byMonthDay.isEmpty {
            monthDayMasks = nil
        } else {
            monthDayMasks = (28...31).map { length in
                rule.byMonthDay.reduce(UInt32(0)) { mask, value in
                    let day = value > 0 ? value : length + 1 + value
                    return (1...length).contains(day) ? mask | (UInt32(1) << UInt32(day)) : mask
                }
            }
        }
        if rule.byYearDay.isEmpty {
            yearDayAllowed = nil
        } else {
            yearDayAllowed = [365, 366].map { length in
                var allowed = [Bool](repeating: false, count: length + 1)
                for value in rule.byYearDay {
                    let day = value > 0 ? value : length + 1 + value
                    if (1...length).contains(day) { allowed[day] = true }
                }
                return allowed
            }
        }
        weekNumbers = rule.byWeekNumber
        weekStart = rule.weekStart.rawValue
        var plain = rule.byDay.filter { $0.ordinal == nil }.reduce(0) { $0 | (1 << $1.weekday.rawValue) }
        if rule.byDay.isEmpty, let defaultWeekday { plain = 1 << defaultWeekday }
        plainWeekdays = plain
        ordinalWeekdays = rule.byDay.filter { $0.ordinal != nil }
        restrictsWeekdays = plain != 0 || !ordinalWeekdays.isEmpty
    }

    /// Whether month `month` is allowed.
    @inline(__always)
    func allows(month: Int) -> Bool { monthMask & (1 << month) != 0 }

    /// Whether day `dayOfMonth` of a month of `monthLength` days is allowed by `BYMONTHDAY`.
    @inline(__always)
    func allows(dayOfMonth: Int, monthLength: Int) -> Bool {
        guard let monthDayMasks else { return true }
        return monthDayMasks[monthLength - 28] & (UInt32(1) << UInt32(dayOfMonth)) != 0
    }

    /// Whether day `dayOfYear` of a year of `yearLength` days is allowed by `BYYEARDAY`.
    @inline(__always)
    func allows(dayOfYear: Int, yearLength: Int) -> Bool {
        guard let yearDayAllowed else { return true }
        return yearDayAllowed[yearLength - 365][dayOfYear]
    }

    /// Whether the weekday conditions allow a day: weekday `weekday` (0 Monday), the `index`-th
    /// day of a span (month or year) of `length` days.
    @inline(__always)
    func allows(weekday: Int, index: Int, length: Int) -> Bool {
        guard restrictsWeekdays else { return true }
        if plainWeekdays & (1 << weekday) != 0 { return true }
        for entry in ordinalWeekdays where entry.weekday.rawValue == weekday {
            let fromStart = (index - 1) / 7 + 1
            let fromEnd = -((length - index) / 7 + 1)
            if entry.ordinal == fromStart || entry.ordinal == fromEnd { return true }
        }
        return false
    }

    /// The conditions that do not depend on the frequency's period: month, day of month, day of
    /// year and plain weekday (used by daily and finer rules, where ordinals cannot appear).
    func allowsDay(_ day: Int) -> Bool {
        let date = CivilCalendar.date(ofDay: day)
        guard allows(month: date.month) else { return false }
        let monthLength = CivilCalendar.daysInMonth(year: date.year, month: date.month)
        guard allows(dayOfMonth: date.day, monthLength: monthLength) else { return false }
        if yearDayAllowed != nil {
            let dayOfYear = day - CivilCalendar.dayNumber(year: date.year, month: 1, day: 1) + 1
            guard allows(dayOfYear: dayOfYear, yearLength: CivilCalendar.daysInYear(date.year)) else { return false }
        }
        return !restrictsWeekdays || plainWeekdays & (1 << CivilCalendar.weekday(ofDay: day)) != 0
    }

    /// Whether a day of `year` is in one of `BYWEEKNO`'s weeks, numbered as ISO 8601 does but with
    /// weeks starting on `weekStart`: week 1 is the first with at least four days in its year.
    func allowsWeek(of day: Int, numbering: WeekNumbering) -> Bool {
        guard !weekNumbers.isEmpty else { return true }
        let week = numbering.week(of: day)
        return weekNumbers.contains { $0 > 0 ? $0 == week.number : week.weeksInYear + 1 + $0 == week.number }
    }
}

/// The week numbering around one calendar year, for `BYWEEKNO`: the days of a calendar year
/// belong to weeks of the previous, the same or the next week-numbering year.
struct WeekNumbering {
    /// The first day of week 1 of the year before, the year itself, and the two after.
    private let firstDays: (previous: Int, current: Int, next: Int, afterNext: Int)

    /// The numbering around `year`, weeks starting on `weekStart` (0 Monday).
    init(year: Int, weekStart: Int) {
        func firstDay(_ year: Int) -> Int {
            let january1 = CivilCalendar.dayNumber(year: year, month: 1, day: 1)
            let intoWeek = CivilCalendar.floorModulo(CivilCalendar.weekday(ofDay: january1) - weekStart, 7)
            // The week holding 1 January is week 1 when at least four of its days are in the year.
            return 7 - intoWeek >= 4 ? january1 - intoWeek : january1 - intoWeek + 7
        }
        firstDays = (firstDay(year - 1), firstDay(year), firstDay(year + 1), firstDay(year + 2))
    }

    /// The week number of `day` (which must lie in the calendar year) and how many weeks its
    /// week-numbering year has.
    func week(of day: Int) -> (number: Int, weeksInYear: Int) {
        if day < firstDays.current {
            return ((day - firstDays.previous) / 7 + 1, (firstDays.current - firstDays.previous) / 7)
        }
        if day >= firstDays.next {
            return (1, (firstDays.afterNext - firstDays.next) / 7)
        }
        return ((day - firstDays.current) / 7 + 1, (firstDays.next - firstDays.current) / 7)
    }
}
