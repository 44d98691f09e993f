import FoundationEssentials

/// A date and a time of day on a wall clock, to the second, without a zone
/// (`2027-03-28T02:30:00`): what a calendar file writes before its zone says when that is.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The Gregorian date.
    public let date: LocalDate
    /// Seconds since the date's midnight, 0..<86,400.
    public let secondOfDay: Int

    /// Makes a reading; `secondOfDay` must be 0..<86,400 (a leap second 60 is read as 59).
    public init(date: LocalDate, secondOfDay: Int) {
        self.date = date
        self.secondOfDay = min(max(secondOfDay, 0), CivilCalendar.secondsPerDay - 1)
    }

    /// Makes a reading from its parts.
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        self.init(date: LocalDate(year: year, month: month, day: day), secondOfDay: hour * 3600 + minute * 60 + min(second, 59))
    }

    /// The reading `seconds` since 1970-01-01T00:00:00 on the wall clock.
    init(secondsSince1970 seconds: Int) {
        let day = CivilCalendar.floorDivide(seconds, CivilCalendar.secondsPerDay)
        self.init(date: CivilCalendar.localDate(ofDay: day), secondOfDay: seconds - day * CivilCalendar.secondsPerDay)
    }

    /// The reading of `instant` on the wall clock of `zone`.
    public init(of instant: Date, in zone: ZoneRules) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        self.init(secondsSince1970: seconds + zone.secondsFromGMT(at: seconds))
    }

    /// Seconds since 1970-01-01T00:00:00 on the wall clock (the reading as if the zone were UTC).
    public var secondsSince1970: Int {
        CivilCalendar.dayNumber(of: date) * CivilCalendar.secondsPerDay + secondOfDay
    }

    /// The reading `days` days later on the wall clock, at the same time of day.
    public func adding(days: Int) -> LocalDateTime {
        LocalDateTime(date: CivilCalendar.localDate(ofDay: CivilCalendar.dayNumber(of: date) + days), secondOfDay: secondOfDay)
    }

    /// RFC 5545's basic form, `20270328T023000`.
    public var basicText: String {
        RecurrenceRule.basicText(day: CivilCalendar.dayNumber(of: date), secondOfDay: secondOfDay)
    }

    /// `2027-03-28T02:30:00`.
    public var description: String {
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date)T\(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60))"
    }

    /// Whether `lhs` comes earlier on the wall clock.
    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.secondOfDay) < (rhs.date, rhs.secondOfDay)
    }
}
