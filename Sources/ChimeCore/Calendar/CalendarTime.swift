import FoundationEssentials

/// A date or date-time as a calendar file writes it (`DTSTART`, `DUE`, `RDATE`, ...), kept as
/// written until the zone of the reader is known.
///
/// Floating times and dates are on the clock of the zone given when they are resolved (the
/// current local zone), so an item read once follows the user's zone wherever they are.
/// Readings the clocks skip or show twice are placed as RFC 5545 section 3.3.5 says (see
/// ``SkippedTimeRule/offsetBeforeGap``).
public enum CalendarTime: Hashable, Sendable {
    /// A UTC date-time (`20270315T083000Z`).
    case utc(Date)
    /// A date-time on the clock of a zone (`TZID=Europe/Berlin:20270315T093000`).
    case zoned(LocalDateTime, ZoneRules)
    /// A date-time with no zone (`20270315T093000`): on the local clock.
    case floating(LocalDateTime)
    /// A date (`VALUE=DATE:20270315`): all day, from local midnight.
    case date(LocalDate)

    /// Whether this is a date without a time (an all-day item).
    public var isDate: Bool {
        if case .date = self { return true }
        return false
    }

    /// The zone on whose clock this time is read, with `localZone` standing for floating times
    /// and dates.
    public func zone(localZone: TimeZone) -> ZoneRules {
        switch self {
        case .utc: return .system(CalendarTime.utcZone)
        case .zoned(_, let zone): return zone
        case .floating, .date: return .system(localZone)
        }
    }

    /// The wall-clock reading as written (midnight for a date; the UTC reading for a UTC time).
    public var reading: LocalDateTime {
        switch self {
        case .utc(let instant): return LocalDateTime(of: instant, in: .system(CalendarTime.utcZone))
        case .zoned(let reading, _), .floating(let reading): return reading
        case .date(let date): return LocalDateTime(date: date, secondOfDay: 0)
        }
    }

    /// The instant this time stands for, floating times and dates on the clock of `localZone`.
    public func instant(localZone: TimeZone) -> Date {
        switch self {
        case .utc(let instant): return instant
        case .zoned(let reading, let zone): return LocalTimeResolver.calendarInstant(of: reading, in: zone)
        case .floating(let reading): return LocalTimeResolver.calendarInstant(of: reading, in: .system(localZone))
        case .date(let date): return LocalTimeResolver.calendarInstant(of: LocalDateTime(date: date, secondOfDay: 0), in: .system(localZone))
        }
    }

    /// UTC, for UTC times.
    static let utcZone = TimeZone(identifier: "UTC")!
}

/// A duration as RFC 5545 section 3.3.6 writes it (`-P1DT2H`): whole days (weeks counted as
/// seven) are nominal, kept on the wall clock across a daylight-saving change; the rest is exact.
public struct CalendarDuration: Hashable, Sendable, CustomStringConvertible {
    /// Nominal days, with the duration's sign.
    public var days: Int
    /// Exact seconds, with the duration's sign.
    public var seconds: Int

    /// Makes a duration of `days` nominal days and `seconds` exact seconds.
    public init(days: Int = 0, seconds: Int = 0) {
        self.days = days
        self.seconds = seconds
    }

    /// No time at all.
    public static let zero = CalendarDuration()

    /// Roughly how long this is in seconds (a day as 86,400 s): for bounds, never for instants.
    public var approximateSeconds: Int { days * 86_400 + seconds }

    /// `instant` moved by this duration, days on the wall clock of `zone`.
    public func added(to instant: Date, in zone: ZoneRules) -> Date {
        var moved = instant
        if days != 0 {
            let reading = LocalDateTime(of: instant, in: zone).adding(days: days)
            moved = LocalTimeResolver.calendarInstant(of: reading, in: zone)
                .addingTimeInterval(instant.timeIntervalSince1970 - instant.timeIntervalSince1970.rounded(.down))
        }
        return moved.addingTimeInterval(TimeInterval(seconds))
    }

    /// This duration `count` times.
    public func times(_ count: Int) -> CalendarDuration {
        CalendarDuration(days: days * count, seconds: seconds * count)
    }

    /// RFC 5545's text, `-P1DT2H`, `PT15M`, `PT0S`.
    public var description: String {
        let negative = days < 0 || seconds < 0
        let days = abs(days), seconds = abs(seconds)
        var text = negative ? "-P" : "P"
        if days > 0 { text += days % 7 == 0 && seconds == 0 ? "\(days / 7)W" : "\(days)D" }
        if seconds > 0 || days == 0 {
            text += "T"
            if seconds / 3600 > 0 { text += "\(seconds / 3600)H" }
            if seconds / 60 % 60 > 0 { text += "\(seconds / 60 % 60)M" }
            if seconds % 60 > 0 || seconds == 0 { text += "\(seconds % 60)S" }
        }
        return text
    }
}
