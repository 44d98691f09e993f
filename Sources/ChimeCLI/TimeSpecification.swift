import ChimeCore
import FoundationEssentials

/// A TIME argument as typed (`--at`, `remind at`), read but not yet placed on the time line.
///
/// `HH:MM`, `tomorrow 9am`, `mon 10:00` and `YYYY-MM-DD HH:MM` are wall-clock readings: which
/// instant they name depends on `now` and the local zone, so ``resolve(now:timeZone:calendar:looking:)``
/// does that when the command runs. A time of day may be written in any form
/// ``TimeOfDayPhrase`` reads (`21:30`, `9:30pm`, `9pm`, `21h`, `noon`, `midnight`, `下午3点`).
public enum TimeSpecification: Hashable, Sendable, CustomStringConvertible {
    /// `HH:MM`: today at that time, or tomorrow once it has passed.
    case timeOfDay(WallClockTime)
    /// `YYYY-MM-DD HH:MM` (or with `T`): that reading of the local wall clock.
    case localDateTime(LocalDate, WallClockTime)
    /// ISO 8601 with an offset (`2026-03-29T20:00+02:00`, `...Z`): an exact instant, with the
    /// offset as typed (seconds east of UTC) so it can be shown back.
    case instant(Date, utcOffsetSeconds: Int)
    /// `tomorrow 09:00`, `today 9pm`, `yesterday 21:00`, `明天 9:00`: that time on the day so many
    /// days after today (before it, when negative).
    case dayFromToday(Int, WallClockTime)
    /// `mon 10:00`, `周一 10:00`: the next time the clock shows that weekday and time (looking
    /// back: the last time it did).
    case weekday(RecurrenceRule.Weekday, WallClockTime)
    /// `2027-03-01` where a date alone is taken (`remind every --until`): the end of that day,
    /// its last second.
    case endOfDay(LocalDate)

    /// The forms accepted, quoted in every error message about times.
    public static let validForms = CommandText.timeForms.text(.english)

    /// The earliest and latest years accepted in a date.
    public static let years = 1970...9999

    /// Reads `text` in one of the forms; `allowingDateAlone` also takes a bare `YYYY-MM-DD` as
    /// the end of that day (`--until`).
    public init(parsing text: String, allowingDateAlone: Bool = false) throws(DomainError) {
        let trimmed = text.trimmingSpaces()
        if allowingDateAlone, Self.isBareDate(trimmed), let date = Self.calendarDate(trimmed) {
            self = .endOfDay(date)
            return
        }
        switch Self.read(trimmed) {
        case .success(let specification):
            self = specification
        case .failure(let problem):
            throw DomainError(.invalidTime, LocalizedText(CommandText.invalidTime, localized: [
                "text": LocalizedText(verbatim: text), "reason": problem.reason, "forms": CommandText.timeForms.localized,
            ]))
        }
    }

    /// Which way from `now` a bare `HH:MM` is placed.
    public enum Direction: Hashable, Sendable {
        /// The next time the clock shows it (a reminder, a fast that starts later).
        case ahead
        /// The last time the clock showed it (a glass drunk earlier).
        case back
    }

    /// The instant this time names, given the current instant and the local zone.
    ///
    /// `HH:MM` is today's reading if that is still after `now`, else tomorrow's (looking
    /// `.back`: today's if at or before `now`, else yesterday's). Readings that fall in a
    /// daylight-saving gap or occur twice are placed by ``LocalTimeResolver``: a skipped
    /// reading becomes the instant of the change, a repeated one its first occurrence.
    public func resolve(now: Date, timeZone: TimeZone, calendar: Calendar, looking direction: Direction = .ahead) -> Date {
        switch self {
        case .timeOfDay(let time):
            let today = LocalDate(of: now, in: timeZone, calendar: calendar)
            let candidate = LocalTimeResolver.instant(of: time, on: today, in: timeZone, calendar: calendar)
            switch direction {
            case .ahead:
                if candidate > now { return candidate }
                return LocalTimeResolver.instant(of: time, on: today.adding(days: 1, calendar: calendar), in: timeZone, calendar: calendar)
            case .back:
                if candidate <= now { return candidate }
                return LocalTimeResolver.instant(of: time, on: today.adding(days: -1, calendar: calendar), in: timeZone, calendar: calendar)
            }
        case .localDateTime(let date, let time):
            return LocalTimeResolver.instant(of: time, on: date, in: timeZone, calendar: calendar)
        case .instant(let instant, _):
            return instant
        case .dayFromToday(let days, let time):
            let today = LocalDate(of: now, in: timeZone, calendar: calendar)
            return LocalTimeResolver.instant(of: time, on: today.adding(days: days, calendar: calendar), in: timeZone, calendar: calendar)
        case .weekday(let weekday, let time):
            let today = LocalDate(of: now, in: timeZone, calendar: calendar)
            // Within a week and a day either way there are two dates of that weekday: the first
            // whose reading lies on the right side of `now` is the one.
            let offsets = direction == .ahead ? Array(0...7) : Array((-7...0).reversed())
            for offset in offsets {
                let date = today.adding(days: offset, calendar: calendar)
                guard date.weekday == weekday else { continue }
                let candidate = LocalTimeResolver.instant(of: time, on: date, in: timeZone, calendar: calendar)
                if direction == .ahead ? candidate > now : candidate <= now { return candidate }
            }
            // Unreachable: a week and a day hold that weekday twice.
            return LocalTimeResolver.instant(of: time, on: today, in: timeZone, calendar: calendar)
        case .endOfDay(let date):
            return LocalTimeResolver.instant(ofSecond: 86_399, on: date, in: timeZone)
        }
    }

    /// The reading this time asked for when the local clock never shows it on that day, because
    /// it falls in a daylight-saving gap (`2027-03-14 02:30` in America/New_York), given the
    /// instant ``resolve(now:timeZone:calendar:)`` moved it to; `nil` when the reading exists
    /// (or the time is an exact instant).
    public func skippedReading(resolvedTo instant: Date, timeZone: TimeZone, calendar: Calendar) -> (date: LocalDate, time: WallClockTime)? {
        let asked: WallClockTime
        switch self {
        case .timeOfDay(let time), .localDateTime(_, let time), .dayFromToday(_, let time), .weekday(_, let time): asked = time
        case .instant, .endOfDay: return nil
        }
        let shown = LocalTimeResolver.wallClock(of: instant, in: timeZone, calendar: calendar)
        guard shown.time != asked else { return nil }
        if case .localDateTime(let date, _) = self { return (date, asked) }
        return (shown.date, asked)
    }

    /// The canonical spelling: `20:00`, `2026-03-29 20:00`, `2026-03-29T20:00:00+02:00`,
    /// `tomorrow 09:00`, `mon 10:00`, `2027-03-01`.
    public var description: String {
        switch self {
        case .timeOfDay(let time): return time.description
        case .localDateTime(let date, let time): return "\(date) \(time)"
        case .instant(let instant, let offset):
            return ISO8601Text.format(instant, utcOffsetSeconds: offset)
        case .dayFromToday(let days, let time):
            let word = DayWord.english.first { $0.days == days }?.word ?? "today"
            return "\(word) \(time)"
        case .weekday(let weekday, let time): return "\(WeekdayName.shortName(weekday)) \(time)"
        case .endOfDay(let date): return date.description
        }
    }

    /// How many of `words` (the arguments from a TIME on) the TIME takes: an unquoted `tomorrow
    /// 9am`, `2026-03-29 20:00` or `9 pm` arrives as several arguments. The longest run of up
    /// to three that reads as a TIME, else the first and a time after it when it is a day or a
    /// date (so the error names both), else one.
    public static func wordCount(of words: ArraySlice<String>, allowingDateAlone: Bool = false) -> Int {
        guard let first = words.first else { return 1 }
        for count in stride(from: min(3, words.count), through: 1, by: -1) {
            let joined = words.prefix(count).joined(separator: " ")
            if (try? TimeSpecification(parsing: joined, allowingDateAlone: allowingDateAlone && count == 1)) != nil { return count }
        }
        if words.count > 1, isBareDate(first) || DayWord.day(first) != nil, looksLikeTimeOfDay(words[words.startIndex + 1]) { return 2 }
        return 1
    }

    /// Whether `text` is a date alone (`2026-03-29`): the first half of an unquoted
    /// `YYYY-MM-DD HH:MM`, which the shell splits into two arguments.
    public static func isBareDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
            && [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { isDigit(bytes[$0]) }
    }

    /// Whether `text` looks like a time of day (`H:MM` or `HH:MM`, range not checked).
    public static func looksLikeTimeOfDay(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), (1...2).contains(colon), bytes.count == colon + 3 else { return false }
        return bytes.indices.allSatisfy { $0 == colon || isDigit(bytes[$0]) }
    }

    /// The date `text` (`YYYY-MM-DD`) names when it is one of the calendar, in the years taken.
    private static func calendarDate(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, years.contains(parts[0]), (1...12).contains(parts[1]),
              (1...daysIn(month: parts[1], year: parts[0])).contains(parts[2]) else { return nil }
        return LocalDate(year: parts[0], month: parts[1], day: parts[2])
    }

    // MARK: - Reading

    private struct Problem: Error {
        let reason: LocalizedText
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func read(_ text: String) -> Result<TimeSpecification, Problem> {
        func failure(_ reason: CommandText, _ values: [String: String] = [:]) -> Result<TimeSpecification, Problem> {
            .failure(Problem(reason: LocalizedText(reason, values)))
        }
        guard !text.isEmpty else { return failure(.timeEmpty) }
        if let dayTime = readDayAndTime(text) { return dayTime }
        var scanner = Scanner(Array(text.utf8))

        if text.utf8.count >= 10, isBareDate(String(decoding: Array(text.utf8.prefix(10)), as: UTF8.self)) {
            let year = scanner.number(digits: 4)!
            scanner.skip(1)
            let month = scanner.number(digits: 2)!
            scanner.skip(1)
            let day = scanner.number(digits: 2)!
            guard years.contains(year) else { return failure(.timeYearRange, ["low": "\(years.lowerBound)", "high": "\(years.upperBound)"]) }
            guard (1...12).contains(month) else { return failure(.timeMonthRange) }
            guard (1...daysIn(month: month, year: year)).contains(day) else {
                return failure(.timeNoSuchDay, ["date": "\(LocalDate(year: year, month: month, day: day))"])
            }
            let date = LocalDate(year: year, month: month, day: day)
            guard let separator = scanner.next() else {
                return failure(.timeDateNeedsClock, ["date": "\(date)"])
            }
            guard separator == UInt8(ascii: " ") || separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") else {
                return failure(.timeSeparator)
            }
            while scanner.peek() == UInt8(ascii: " ") { scanner.skip(1) }
            // `2026-03-29 9pm`: a time of day in words after the date.
            if let phrase = TimeOfDayPhrase.reading(scanner.remainder), !TimeSpecification.looksLikeTimeOfDay(scanner.remainder) {
                return .success(.localDateTime(phrase.endsDay ? date.adding(days: 1, calendar: utcCalendar) : date, phrase.time))
            }
            let clock: Clock
            switch readClock(&scanner) {
            case .success(let value): clock = value
            case .failure(let problem): return .failure(problem)
            }
            if scanner.isAtEnd {
                guard clock.seconds == nil else {
                    return failure(.timeSecondsNeedOffset)
                }
                // ISO 8601: 24:00 of a date is 00:00 of the next.
                return .success(.localDateTime(clock.endsDay ? date.adding(days: 1, calendar: utcCalendar) : date, clock.time))
            }
            let offset: Int
            switch readOffset(&scanner) {
            case .success(let value): offset = value
            case .failure(let problem): return .failure(problem)
            }
            guard scanner.isAtEnd else { return failure(.timeAfterOffset) }
            let components = DateComponents(year: year, month: month, day: day, hour: clock.time.hour, minute: clock.time.minute, second: clock.seconds ?? 0)
            // The reading as if in UTC, where a day is always 86 400 s: 24:00 is the next 00:00.
            let reading = utcCalendar.date(from: components)!.addingTimeInterval(clock.fraction + (clock.endsDay ? 86_400 : 0))
            return .success(.instant(reading.addingTimeInterval(-TimeInterval(offset)), utcOffsetSeconds: offset))
        }

        // A dash before any colon, after a leading digit, means a date in another layout.
        if let dash = text.firstIndex(of: "-"), text.first?.isNumber == true, text.firstIndex(of: ":").map({ dash < $0 }) ?? true {
            return failure(.timeDateForm)
        }
        if let phrase = TimeOfDayPhrase.reading(text) {
            return .success(.timeOfDay(phrase.time))
        }
        if let day = DayWord.day(text) {
            return failure(.timeDayNeedsClock, ["day": day.word])
        }
        if text.lowercased().hasSuffix("am") || text.lowercased().hasSuffix("pm") {
            return failure(.timeTwelveHour)
        }
        let clock: Clock
        switch readClock(&scanner) {
        case .success(let value): clock = value
        case .failure(let problem): return .failure(problem)
        }
        guard scanner.isAtEnd, clock.seconds == nil else {
            // Seconds or an offset are for exact instants; other words are no part of a time.
            let rest = scanner.remainder
            if clock.seconds != nil || rest.hasPrefix("+") || rest.hasPrefix("-") || rest.uppercased().hasPrefix("Z") {
                return failure(.timeNeedsDate)
            }
            return failure(.timeUnknownWord, ["word": rest.trimmingSpaces()])
        }
        return .success(.timeOfDay(clock.time))
    }

    /// `tomorrow 09:00`, `today 9pm`, `9am tomorrow`, `mon 10:00`, `明天 9:00`, `明天下午3点`,
    /// `今晚8点`, `周一 10:00`: a day word and a time of day, or `nil` when `text` has no day word.
    private static func readDayAndTime(_ text: String) -> Result<TimeSpecification, Problem>? {
        let lowered = text.lowercased()
        var day: DayWord.Day?
        var timeText = ""
        if let found = DayWord.leading(lowered) {
            day = found.day
            timeText = found.rest
        } else if let space = lowered.lastIndex(of: " "), let trailing = DayWord.day(String(lowered[lowered.index(after: space)...])) {
            day = trailing
            timeText = String(lowered[..<space])
        }
        guard let day else { return nil }
        let trimmed = timeText.trimmingSpaces()
        guard !trimmed.isEmpty else {
            return .failure(Problem(reason: LocalizedText(CommandText.timeDayNeedsClock, ["day": day.word])))
        }
        guard let reading = TimeOfDayPhrase.reading(day.dayPart + trimmed) ?? TimeOfDayPhrase.reading(trimmed) else {
            return .failure(Problem(reason: LocalizedText(CommandText.timeDayNeedsClock, ["day": day.word])))
        }
        switch day.kind {
        case .fromToday(let days):
            return .success(.dayFromToday(days + (reading.endsDay ? 1 : 0), reading.time))
        case .weekday(let weekday):
            let moved = reading.endsDay ? RecurrenceRule.Weekday(rawValue: (weekday.rawValue + 1) % 7)! : weekday
            return .success(.weekday(moved, reading.time))
        }
    }

    /// A time of day with optional seconds and fraction, as read.
    private struct Clock {
        let time: WallClockTime
        let seconds: Int?
        let fraction: TimeInterval
        /// Read as `24:00` (kept as 00:00): after a date, the midnight that ends it.
        var endsDay = false
    }

    /// A Gregorian calendar in UTC, for date arithmetic on readings.
    private static var utcCalendar: Calendar {
        LocalTimeResolver.gregorian(in: TimeZone(secondsFromGMT: 0)!)
    }

    /// Reads `H:MM` or `HH:MM`, then optionally `:SS` and `.fraction`; `24:00` is the midnight
    /// that ends the day, as ``WallClockTime`` reads it.
    private static func readClock(_ scanner: inout Scanner) -> Result<Clock, Problem> {
        func failure(_ reason: CommandText) -> Result<Clock, Problem> { .failure(Problem(reason: reason.localized)) }
        let hourDigits = scanner.digitRun()
        guard !hourDigits.isEmpty else { return failure(.timeExpectedClock) }
        guard scanner.next() == UInt8(ascii: ":") else { return failure(.timeHoursMinutes) }
        guard hourDigits.count <= 2 else { return failure(.timeHourDigits) }
        let minuteDigits = scanner.digitRun()
        guard minuteDigits.count == 2 else { return failure(.timeMinuteDigits) }
        let hour = Int(hourDigits)!, minute = Int(minuteDigits)!
        var seconds: Int?
        var fraction: TimeInterval = 0
        if scanner.peek() == UInt8(ascii: ":") {
            scanner.skip(1)
            let secondDigits = scanner.digitRun()
            guard secondDigits.count == 2, let value = Int(secondDigits), value < 60 else { return failure(.timeSecondDigits) }
            seconds = value
            if scanner.peek() == UInt8(ascii: ".") || scanner.peek() == UInt8(ascii: ",") {
                scanner.skip(1)
                let fractionDigits = scanner.digitRun()
                guard !fractionDigits.isEmpty, fractionDigits.count <= 9 else { return failure(.timeFractionDigits) }
                fraction = Double("0." + fractionDigits)!
            }
        }
        if hour == 24, minute == 0, seconds ?? 0 == 0, fraction == 0 {
            return .success(Clock(time: WallClockTime(hour: 0, minute: 0)!, seconds: seconds, fraction: 0, endsDay: true))
        }
        guard hour <= 23 else { return failure(.timeHourRange) }
        guard minute <= 59 else { return failure(.timeMinuteRange) }
        return .success(Clock(time: WallClockTime(hour: hour, minute: minute)!, seconds: seconds, fraction: fraction))
    }

    /// Reads `Z`, `±HH:MM`, `±HHMM` or `±HH` into seconds east of UTC.
    private static func readOffset(_ scanner: inout Scanner) -> Result<Int, Problem> {
        func failure(_ reason: CommandText) -> Result<Int, Problem> { .failure(Problem(reason: reason.localized)) }
        guard let sign = scanner.next() else { return failure(.timeExpectedOffset) }
        if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") { return .success(0) }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
            return failure(.timeOffsetSign)
        }
        let hourDigits = scanner.digitRun()
        var hours = 0, minutes = 0
        switch hourDigits.count {
        case 2:
            hours = Int(hourDigits)!
            if scanner.peek() == UInt8(ascii: ":") {
                scanner.skip(1)
                let minuteDigits = scanner.digitRun()
                guard minuteDigits.count == 2 else { return failure(.timeOffsetMinuteDigits) }
                minutes = Int(minuteDigits)!
            }
        case 4:
            hours = Int(hourDigits.prefix(2))!
            minutes = Int(hourDigits.suffix(2))!
        default:
            return failure(.timeOffsetForm)
        }
        guard hours <= 14, minutes <= 59, hours * 60 + minutes <= 14 * 60 else {
            return failure(.timeOffsetRange)
        }
        let magnitude = hours * 3600 + minutes * 60
        return .success(sign == UInt8(ascii: "-") ? -magnitude : magnitude)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// A cursor over the ASCII bytes of the argument.
    private struct Scanner {
        private let bytes: [UInt8]
        private var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index >= bytes.count }

        func peek() -> UInt8? { isAtEnd ? nil : bytes[index] }

        mutating func next() -> UInt8? {
            defer { index += 1 }
            return peek()
        }

        mutating func skip(_ count: Int) { index += count }

        /// The text not read yet.
        var remainder: String { String(decoding: bytes[min(index, bytes.count)...], as: UTF8.self) }

        /// The digits from here on (possibly none), consumed.
        mutating func digitRun() -> String {
            let start = index
            while let byte = peek(), TimeSpecification.isDigit(byte) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// Exactly `digits` digits as a number, consumed, or `nil`.
        mutating func number(digits: Int) -> Int? {
            guard index + digits <= bytes.count, bytes[index..<index + digits].allSatisfy(TimeSpecification.isDigit) else { return nil }
            defer { index += digits }
            return Int(String(decoding: bytes[index..<index + digits], as: UTF8.self))
        }
    }
}
