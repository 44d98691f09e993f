import ChimeCore
import FoundationEssentials

/// Shows instants and durations to people, relative to an injected `now` in an injected zone.
///
/// In the invocation's language (English or Chinese) and otherwise locale-free on purpose:
/// output must not change with the machine's other locale settings, and tests pin `now` and
/// the zone; clock readings are `HH:MM` in both languages. Wall-clock readings come from the calendar, so a day with a
/// daylight-saving change still counts as one day ("tomorrow 12:00" across a 23-hour day).
public struct TimeDisplay: Sendable {
    /// The instant everything is relative to.
    public let now: Date
    /// The zone readings are shown in.
    public let timeZone: TimeZone
    /// A calendar set to `timeZone`.
    public let calendar: Calendar
    /// The language of the words around the readings (`tomorrow`, `in 3 h`).
    public let language: UserLanguage
    /// The local date of `now`, which every reading is compared with (read once: a table's
    /// every row asks).
    public let today: LocalDate

    /// Makes a display for `now` in `timeZone`, reckoning dates on the Gregorian calendar there.
    public init(now: Date, timeZone: TimeZone, language: UserLanguage = .english) {
        self.now = now
        self.timeZone = timeZone
        self.language = language
        self.calendar = LocalTimeResolver.gregorian(in: timeZone)
        self.today = LocalDate(of: now, in: timeZone, calendar: calendar)
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let chineseWeekdays = ["周日", "周一", "周二", "周三", "周四", "周五", "周六"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The short name of `instant`'s local weekday: `Mon`, `周一`.
    func weekdayName(of instant: Date) -> String {
        weekday(calendar.component(.weekday, from: instant))
    }

    /// The short name of `day`: `Mon`, `周一`.
    public func weekdayName(_ day: RecurrenceRule.Weekday) -> String {
        // Calendar numbers Sunday 1 ... Saturday 7; the rules number Monday 0 ... Sunday 6.
        weekday((day.rawValue + 1) % 7 + 1)
    }

    /// The short name of weekday `number` (1 Sunday ... 7 Saturday).
    private func weekday(_ number: Int) -> String {
        language == .english ? Self.weekdays[number - 1] : Self.chineseWeekdays[number - 1]
    }

    /// `Mar 29` in English, `3月29日` in Chinese.
    private func monthAndDay(_ date: LocalDate, padded: Bool = false) -> String {
        switch language {
        case .english: return "\(Self.months[date.month - 1]) \(padded && date.day < 10 ? " " : "")\(date.day)"
        case .simplifiedChinese: return "\(date.month)月\(padded && date.day < 10 ? " " : "")\(date.day)日"
        }
    }

    /// The local reading of `instant`, as short as is unambiguous from `now`: `20:00` (today),
    /// `tomorrow 12:00`, `yesterday 08:00`, `Mon 12:00` (within the next six days),
    /// `Mar 29 12:00` (this year), `2027-03-29 12:00`.
    public func clock(_ instant: Date) -> String {
        let reading = LocalTimeResolver.wallClock(of: instant, in: timeZone, calendar: calendar)
        let time = reading.time.description
        switch days(from: today, to: reading.date) {
        case 0: return time
        case 1: return CommandText.tomorrowAt.text(language, ["time": time])
        case -1: return CommandText.yesterdayAt.text(language, ["time": time])
        case 2...6:
            return "\(weekday(calendar.component(.weekday, from: instant))) \(time)"
        default:
            return "\(date(reading.date)) \(time)"
        }
    }

    /// `Mar 29` (`3月29日`) in the current year, `2027-03-29` otherwise.
    public func date(_ date: LocalDate) -> String {
        guard date.year == today.year else { return date.description }
        return monthAndDay(date)
    }

    /// `Mon Mar 16` (`周一 3月16日`): weekday, month and day, for chart rows.
    public func dayLabel(_ date: LocalDate) -> String {
        "\(weekday(calendar.component(.weekday, from: startOfDay(date)))) \(monthAndDay(date, padded: true))"
    }

    /// `in 3 h 12 min`, `5 min ago`, or `now` within a second.
    public func relative(_ instant: Date) -> String {
        let seconds = instant.timeIntervalSince(now).rounded()
        if seconds == 0 { return CommandText.now.text(language) }
        let span = Self.duration(abs(seconds), in: language)
        return (seconds > 0 ? CommandText.inSpan : .spanAgo).text(language, ["span": span])
    }

    /// ``duration(_:in:)`` in this display's language.
    public func span(_ seconds: TimeInterval) -> String {
        Self.duration(seconds, in: language)
    }

    /// `tomorrow 12:00 (in 15 h 32 min)`.
    public func clockAndRelative(_ instant: Date) -> String {
        CommandText.clockAndRelative.text(language, ["clock": clock(instant), "relative": relative(instant)])
    }

    /// Active hours as people read them: `09:00-21:00`, or `all day` when they take the whole
    /// day (`00:00-00:00`; `all day, the day starting at 09:00` for `09:00-09:00`).
    public func window(_ window: DailyWindow) -> String {
        guard window.from == window.until else { return window.description }
        if window.from.minutesSinceMidnight == 0 { return CommandText.allDay.text(language) }
        return CommandText.allDayFrom.text(language, ["from": "\(window.from)"])
    }

    /// `instant` in ISO 8601 with the zone's offset at that instant.
    public func iso8601(_ instant: Date) -> String {
        ISO8601Text.format(instant, in: timeZone)
    }

    /// The local date of `instant`.
    public func localDate(of instant: Date) -> LocalDate { LocalDate(of: instant, in: timeZone, calendar: calendar) }

    /// The instant local `date` begins (its first valid reading at or after midnight).
    public func startOfDay(_ date: LocalDate) -> Date {
        LocalTimeResolver.instant(of: WallClockTime(hour: 0, minute: 0)!, on: date, in: timeZone, calendar: calendar)
    }

    /// Calendar days from `start` to `end` (negative when `end` is earlier).
    public func days(from start: LocalDate, to end: LocalDate) -> Int {
        // Whole days between the dates' noons in UTC: no zone changes, no 23- or 25-hour days.
        let utc = LocalTimeResolver.gregorian(in: TimeZone(secondsFromGMT: 0)!)
        let startNoon = utc.date(from: DateComponents(year: start.year, month: start.month, day: start.day, hour: 12))!
        let endNoon = utc.date(from: DateComponents(year: end.year, month: end.month, day: end.day, hour: 12))!
        return Int((endNoon.timeIntervalSince(startNoon) / 86_400).rounded())
    }

    /// A length of time in its two largest units: `16 h`, `1 h 30 min`, `2 d 3 h`, `45 s`.
    ///
    /// Rounded to whole seconds, then smaller units are dropped (never rounded up), so a
    /// countdown never shows more time than is left.
    public static func duration(_ seconds: TimeInterval, in language: UserLanguage = .english) -> String {
        var rest = Int64(abs(seconds).rounded())
        let units: [(String, Int64)] = language == .english
            ? [("d", 86_400), ("h", 3600), ("min", 60), ("s", 1)]
            : [("天", 86_400), ("小时", 3600), ("分钟", 60), ("秒", 1)]
        if rest == 0 { return "0 \(units[3].0)" }
        guard let first = units.firstIndex(where: { rest >= $0.1 }) else { return "0 \(units[3].0)" }
        var parts: [String] = []
        for (name, size) in units[first..<min(first + 2, units.count)] {
            let count = rest / size
            rest %= size
            if count > 0 { parts.append("\(count) \(name)") }
        }
        return parts.joined(separator: " ")
    }
}
