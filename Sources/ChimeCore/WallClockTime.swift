import FoundationEssentials

/// A time of day on the wall clock, `HH:MM`, without a date or a zone.
public struct WallClockTime: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// 0...23.
    public let hour: Int
    /// 0...59.
    public let minute: Int

    /// Makes a time of day; `nil` outside 00:00...23:59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Reads `HH:MM` or `H:MM` on the 24-hour clock; `24:00` means the midnight that ends the day.
    public init(parsing text: String) throws(DomainError) {
        let trimmed = text.trimmingSpaces()
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        let failure = DomainError(.invalidTime, .invalidTimeOfDay, ["text": text])
        guard parts.count == 2,
              (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1])
        else { throw failure }
        if hour == 24, minute == 0 {
            self.init(hour: 0, minute: 0)!
            return
        }
        guard let time = WallClockTime(hour: hour, minute: minute) else { throw failure }
        self = time
    }

    /// Minutes since midnight on the wall clock.
    public var minutesSinceMidnight: Int { hour * 60 + minute }

    /// `HH:MM`.
    public var description: String {
        let hh = hour < 10 ? "0\(hour)" : "\(hour)"
        let mm = minute < 10 ? "0\(minute)" : "\(minute)"
        return "\(hh):\(mm)"
    }

    /// Whether `lhs` comes earlier in the day than `rhs`.
    public static func < (lhs: WallClockTime, rhs: WallClockTime) -> Bool {
        lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }

    /// Decodes a time from `"HH:MM"`, through the same parser as user input.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try WallClockTime(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    /// Encodes the time as `"HH:MM"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A calendar date on the wall clock (`2026-03-29`), without a time or a zone.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, month (1...12) and day (1...31) in the Gregorian calendar.
    public let year: Int, month: Int, day: Int

    /// Makes a date from its parts (not validated; use dates that come from a calendar).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The local date of `instant` in `timeZone`.
    public init(of instant: Date, in timeZone: TimeZone, calendar: Calendar) {
        let parts = LocalTimeResolver.gregorian(from: calendar, in: timeZone).dateComponents([.year, .month, .day], from: instant)
        self.init(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// The date `days` days later (or earlier, when negative).
    public func adding(days: Int, calendar: Calendar) -> LocalDate {
        let utc = LocalTimeResolver.utcCalendar(from: calendar)
        let noon = utc.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        let moved = utc.date(byAdding: .day, value: days, to: noon)!
        let parts = utc.dateComponents([.year, .month, .day], from: moved)
        return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Whether `lhs` is an earlier date than `rhs`.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// Turns a wall-clock date and time into an instant, with daylight saving handled on purpose.
///
/// - A time that occurs twice (the repeated hour in autumn) resolves to its first occurrence.
/// - A time that does not exist (skipped by a spring-forward change) resolves to the first valid
///   instant after the gap, which is the instant of the change itself.
public enum LocalTimeResolver {
    /// The instant of `time` on `date` in `timeZone`.
    public static func instant(of time: WallClockTime, on date: LocalDate, in timeZone: TimeZone, calendar: Calendar) -> Date {
        instant(ofSecond: time.minutesSinceMidnight * 60, on: date, in: timeZone)
    }

    /// The instant of the wall-clock reading `secondOfDay` seconds after midnight on `date` in
    /// `timeZone` (the same policy, to the second: recurrence rules have seconds).
    public static func instant(ofSecond secondOfDay: Int, on date: LocalDate, in timeZone: TimeZone) -> Date {
        instant(ofReading: CivilCalendar.dayNumber(of: date) * CivilCalendar.secondsPerDay + secondOfDay, in: timeZone)
    }

    /// The instant of a wall-clock reading given as seconds since 1970-01-01T00:00 on the wall clock.
    static func instant(ofReading reading: Int, in timeZone: TimeZone) -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds(ofReading: reading, in: .system(timeZone), skipped: .atTransition)))
    }

    /// The instant (seconds since 1970) of a wall-clock reading (seconds since 1970-01-01T00:00
    /// on the wall clock) in `zone`: a repeated reading is its first occurrence, a skipped one
    /// follows `skipped`.
    static func seconds(ofReading reading: Int, in zone: ZoneRules, skipped: SkippedTimeRule) -> Int {
        // Offsets on both sides of any change near this reading (changes are months apart).
        let offsets = Set([
            zone.secondsFromGMT(at: reading - 14 * 3600),
            zone.secondsFromGMT(at: reading + 14 * 3600),
            zone.secondsFromGMT(at: reading),
        ])
        // The reading as if the zone were UTC, less an offset: an instant that shows the reading
        // when the zone has that offset then.
        let valid = offsets.map { reading - $0 }.filter { reading - zone.secondsFromGMT(at: $0) == $0 }
        if let first = valid.min() {
            return first
        }
        // No instant shows this reading: it lies in a gap. Find the change between the two readings.
        let candidates = offsets.map { reading - $0 }
        let change = transition(between: candidates.min()!, and: candidates.max()!, in: zone)
        switch skipped {
        case .atTransition: return change
        case .offsetBeforeGap: return reading - zone.secondsFromGMT(at: change - 1)
        }
    }

    /// The instant of a wall-clock reading in `zone` as RFC 5545 section 3.3.5 reads a calendar
    /// file's times: a skipped reading keeps the offset from before the gap, a repeated one is
    /// its first occurrence.
    public static func calendarInstant(of reading: LocalDateTime, in zone: ZoneRules) -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds(ofReading: reading.secondsSince1970, in: zone, skipped: .offsetBeforeGap)))
    }

    /// The first second in `(low, high]` whose offset equals the offset at `high`.
    static func transition(between low: Int, and high: Int, in zone: ZoneRules) -> Int {
        let target = zone.secondsFromGMT(at: high)
        var low = low, high = high
        // Zone offsets change on whole seconds, so a search over seconds is exact.
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if zone.secondsFromGMT(at: middle) == target {
                high = middle
            } else {
                low = middle
            }
        }
        return high
    }

    /// The local wall-clock date and time of `instant` in `timeZone`, to the minute.
    public static func wallClock(of instant: Date, in timeZone: TimeZone, calendar: Calendar) -> (date: LocalDate, time: WallClockTime) {
        let parts = gregorian(from: calendar, in: timeZone).dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        return (LocalDate(year: parts.year!, month: parts.month!, day: parts.day!), WallClockTime(hour: parts.hour!, minute: parts.minute!)!)
    }

    /// If the wall-clock reading of `instant` was already shown at an earlier instant (the second
    /// pass through a repeated hour), that earlier instant.
    public static func earlierOccurrence(of instant: Date, in timeZone: TimeZone) -> Date? {
        let offset = timeZone.secondsFromGMT(for: instant)
        let before = timeZone.secondsFromGMT(for: instant.addingTimeInterval(-14 * 3600))
        guard before > offset else { return nil }
        let earlier = instant.addingTimeInterval(-TimeInterval(before - offset))
        return timeZone.secondsFromGMT(for: earlier) == before ? earlier : nil
    }

    /// A Gregorian calendar in UTC, for arithmetic on wall-clock readings.
    private static let utc: Calendar = {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        return utc
    }()

    /// The calendar to do wall-clock arithmetic with: the caller's, unless it is not Gregorian.
    static func utcCalendar(from calendar: Calendar) -> Calendar {
        gregorian(from: calendar, in: utc.timeZone)
    }

    /// A Gregorian calendar in `timeZone`: the one calendar Chime reckons local dates with.
    public static func gregorian(in timeZone: TimeZone) -> Calendar {
        gregorian(from: utc, in: timeZone)
    }

    /// The caller's calendar in `timeZone`, or a Gregorian one when the caller's is not: dates in
    /// identifiers and windows are always Gregorian years, months and days.
    static func gregorian(from calendar: Calendar, in timeZone: TimeZone) -> Calendar {
        var copy = calendar.identifier == .gregorian ? calendar : utc
        copy.timeZone = timeZone
        return copy
    }
}

extension LocalDate {
    /// The date written `YYYY-MM-DD` (as ``description`` writes it), or `nil`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01 (negative before): whole days between two dates, on any clock.
    public var dayNumber: Int { CivilCalendar.dayNumber(of: self) }
}
