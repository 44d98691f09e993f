import FoundationEssentials

/// The proleptic Gregorian date and time of day of an instant shifted by a UTC offset, worked
/// out by integer arithmetic.
///
/// Reading a date through `Calendar` costs microseconds each time; texts written for every row of
/// `list --json` (a due time, "tomorrow at 08:00") read one or two per row. The offset is the
/// zone's at the instant (`TimeZone.secondsFromGMT(for:)`), so daylight-saving time is honoured
/// exactly as a Gregorian `Calendar` in that zone would.
public struct CivilReading: Hashable, Sendable {
    /// Days since 1970-01-01 of the local date: two readings are on consecutive local days when
    /// these differ by one.
    public let dayNumber: Int
    /// The year (proleptic Gregorian, astronomical: year 0 exists).
    public let year: Int
    /// 1...12.
    public let month: Int
    /// 1...31.
    public let day: Int
    /// 0...23.
    public let hour: Int
    /// 0...59.
    public let minute: Int
    /// 0...59; fractions of a second are dropped toward the past.
    public let second: Int

    /// The reading of `instant` on a clock `offsetSeconds` ahead of UTC.
    public init(_ instant: Date, offsetSeconds: Int) {
        let seconds = Int((instant.timeIntervalSince1970 + Double(offsetSeconds)).rounded(.down))
        let (days, secondOfDay) = Self.floorDivision(seconds, 86_400)
        dayNumber = days
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
        (year, month, day) = Self.date(ofDayNumber: days)
    }

    /// The reading of `instant` on the wall clock of `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        self.init(instant, offsetSeconds: timeZone.secondsFromGMT(for: instant))
    }

    /// Year, month and day of the day `days` after 1970-01-01.
    ///
    /// Counted in 400-year eras of 146,097 days, each starting on a March 1st, so the leap day
    /// falls at the end of the counted year and every month before it has a fixed length.
    static func date(ofDayNumber days: Int) -> (year: Int, month: Int, day: Int) {
        // 719,468 days from 0000-03-01 to 1970-01-01.
        let (era, dayOfEra) = floorDivision(days + 719_468, 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        // Months from March: 31, 30, 31, 30, 31, 31, 30, 31, 30, 31, 31, then February.
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Quotient rounded toward minus infinity and the non-negative remainder.
    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
