import ChimeCore
import Foundation

/// Shows instants and durations to people, relative to an injected `now` in an injected zone.
///
/// English and locale-free on purpose: output must not change with the machine's locale, and
/// tests pin `now` and the zone. Wall-clock readings come from the calendar, so a day with a
/// daylight-saving change still counts as one day ("tomorrow 12:00" across a 23-hour day).
public struct TimeDisplay: Sendable {
    /// The instant everything is relative to.
    public let now: Date
    /// The zone readings are shown in.
    public let timeZone: TimeZone
    /// A calendar set to `timeZone`.
    public let calendar: Calendar

    /// Makes a display for `now` in `timeZone`; `calendar` defaults to Gregorian.
    public init(now: Date, timeZone: TimeZone, calendar: Calendar = Calendar(identifier: .gregorian)) {
        self.now = now
        self.timeZone = timeZone
        var calendar = calendar
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The local reading of `instant`, as short as is unambiguous from `now`: `20:00` (today),
    /// `tomorrow 12:00`, `yesterday 08:00`, `Mon 12:00` (within the next six days),
    /// `Mar 29 12:00` (this year), `2027-03-29 12:00`.
    public func clock(_ instant: Date) -> String {
        let reading = LocalTimeResolver.wallClock(of: instant, in: timeZone, calendar: calendar)
        let time = reading.time.description
        switch days(from: today, to: reading.date) {
        case 0: return time
        case 1: return "tomorrow \(time)"
        case -1: return "yesterday \(time)"
        case 2...6:
            let weekday = calendar.component(.weekday, from: instant)
            return "\(Self.weekdays[weekday - 1]) \(time)"
        default:
            return "\(date(reading.date)) \(time)"
        }
    }

    /// `Mar 29` in the current year, `2027-03-29` otherwise.
    public func date(_ date: LocalDate) -> String {
        guard date.year == today.year else { return date.description }
        return "\(Self.months[date.month - 1]) \(date.day)"
    }

    /// `Mon Mar 16`: weekday, month and day, for chart rows.
    public func dayLabel(_ date: LocalDate) -> String {
        let weekday = calendar.component(.weekday, from: startOfDay(date))
        return "\(Self.weekdays[weekday - 1]) \(Self.months[date.month - 1]) \(date.day < 10 ? " " : "")\(date.day)"
    }

    /// `in 3 h 12 min`, `5 min ago`, or `now` within a second.
    public func relative(_ instant: Date) -> String {
        let seconds = instant.timeIntervalSince(now).rounded()
        if seconds == 0 { return "now" }
        let span = Self.duration(abs(seconds))
        return seconds > 0 ? "in \(span)" : "\(span) ago"
    }

    /// `tomorrow 12:00 (in 15 h 32 min)`.
    public func clockAndRelative(_ instant: Date) -> String {
        "\(clock(instant)) (\(relative(instant)))"
    }

    /// `instant` in ISO 8601 with the zone's offset at that instant.
    public func iso8601(_ instant: Date) -> String {
        ISO8601Text.format(instant, in: timeZone)
    }

    /// The local date of `now`.
    public var today: LocalDate { LocalDate(of: now, in: timeZone, calendar: calendar) }

    /// The local date of `instant`.
    public func localDate(of instant: Date) -> LocalDate { LocalDate(of: instant, in: timeZone, calendar: calendar) }

    /// The instant local `date` begins (its first valid reading at or after midnight).
    public func startOfDay(_ date: LocalDate) -> Date {
        LocalTimeResolver.instant(of: WallClockTime(hour: 0, minute: 0)!, on: date, in: timeZone, calendar: calendar)
    }

    /// Calendar days from `start` to `end` (negative when `end` is earlier).
    public func days(from start: LocalDate, to end: LocalDate) -> Int {
        // Whole days between the dates' noons in UTC: no zone changes, no 23- or 25-hour days.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(secondsFromGMT: 0)!
        let startNoon = utc.date(from: DateComponents(year: start.year, month: start.month, day: start.day, hour: 12))!
        let endNoon = utc.date(from: DateComponents(year: end.year, month: end.month, day: end.day, hour: 12))!
        return Int((endNoon.timeIntervalSince(startNoon) / 86_400).rounded())
    }

    /// A length of time in its two largest units: `16 h`, `1 h 30 min`, `2 d 3 h`, `45 s`.
    ///
    /// Rounded to whole seconds, then smaller units are dropped (never rounded up), so a
    /// countdown never shows more time than is left.
    public static func duration(_ seconds: TimeInterval) -> String {
        var rest = Int64(abs(seconds).rounded())
        if rest == 0 { return "0 s" }
        let units: [(String, Int64)] = [("d", 86_400), ("h", 3600), ("min", 60), ("s", 1)]
        guard let first = units.firstIndex(where: { rest >= $0.1 }) else { return "0 s" }
        var parts: [String] = []
        for (name, size) in units[first..<min(first + 2, units.count)] {
            let count = rest / size
            rest %= size
            if count > 0 { parts.append("\(count) \(name)") }
        }
        return parts.joined(separator: " ")
    }
}
