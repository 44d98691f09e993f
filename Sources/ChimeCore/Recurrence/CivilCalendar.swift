/// Proleptic Gregorian arithmetic on day numbers (days since 1970-01-01), without `Calendar`.
///
/// Why: the recurrence engine looks at thousands of candidate days per query; integer arithmetic
/// is exact and about a hundred times cheaper than `Calendar.date(from:)`.
enum CivilCalendar {
    /// Seconds in a day on the wall clock.
    static let secondsPerDay = 86_400

    /// The day number of `year-month-day` (month 1...12; `day` may run past the month's end, it
    /// then counts into the next months).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        // Years counted from March, so the leap day is the last day of the counted year.
        let marchYear = month <= 2 ? year - 1 : year
        let era = floorDivide(marchYear, 400)
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day number of `date`.
    static func dayNumber(of date: LocalDate) -> Int {
        dayNumber(year: date.year, month: date.month, day: date.day)
    }

    /// The year, month and day of day number `day`.
    static func date(ofDay day: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = day + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, dayOfMonth)
    }

    /// The `LocalDate` of day number `day`.
    static func localDate(ofDay day: Int) -> LocalDate {
        let parts = date(ofDay: day)
        return LocalDate(year: parts.year, month: parts.month, day: parts.day)
    }

    /// The weekday of day number `day`, 0 for Monday through 6 for Sunday (1970-01-01 was a Thursday).
    static func weekday(ofDay day: Int) -> Int {
        floorModulo(day + 3, 7)
    }

    /// Whether `year` has a 29 February.
    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// 365 or 366.
    static func daysInYear(_ year: Int) -> Int {
        isLeapYear(year) ? 366 : 365
    }

    /// 28...31.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `value / divisor` rounded toward negative infinity (`divisor` > 0).
    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return (value % divisor != 0 && value < 0) ? quotient - 1 : quotient
    }

    /// `value` modulo `divisor`, always in `0..<divisor` (`divisor` > 0).
    static func floorModulo(_ value: Int, _ divisor: Int) -> Int {
        let remainder = value % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }

    /// The greatest common divisor of two positive numbers.
    static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }
}

extension LocalDate {
    /// The day of the week this date falls on.
    public var weekday: RecurrenceRule.Weekday {
        RecurrenceRule.Weekday(rawValue: CivilCalendar.weekday(ofDay: CivilCalendar.dayNumber(of: self)))!
    }
}
