import Foundation

/// Reads a rule written for people (`weekdays 09:30`, `monthly last fri 17:00`,
/// `every 90m 09:00-17:00 weekdays`) or as RRULE text (`FREQ=...`, `RRULE:FREQ=...`), and
/// translates it to a `RecurrenceRule`.
///
/// Errors quote the word that is wrong and say what would fit there.
public enum RecurrencePhrase {
    /// The forms accepted, for error messages and help.
    public static let forms = LocalizedText(CoreText.ruleForms, ["examples": examples]).description

    /// The rules for people of ``forms``, without the RRULE alternative.
    public static let examples = "daily 08:00, weekdays 09:30, mon,thu 18:30, every 2 weeks fri 17:00, monthly 1 09:00, monthly last fri 17:00, yearly 03-14 09:00, every 90m 09:00-17:00 weekdays"

    /// The rule `text` describes.
    public static func rule(from text: String) throws(DomainError) -> RecurrenceRule {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let upper = trimmed.uppercased()
        if upper.hasPrefix("FREQ=") || upper.hasPrefix("RRULE:") {
            return try RecurrenceRule(parsing: trimmed)
        }
        var reader = Reader(text: text, words: trimmed.lowercased().split(whereSeparator: \.isWhitespace).map(String.init))
        return try reader.rule()
    }

    /// A cursor over the words of a phrase, with errors that name the word at fault.
    private struct Reader {
        let text: String
        let words: [String]
        var position = 0

        func failure(_ detail: CoreText, _ values: [String: String] = [:]) -> DomainError {
            failure(LocalizedText(detail, values))
        }

        func failure(_ detail: LocalizedText) -> DomainError {
            DomainError(.invalidRule, LocalizedText(CoreText.invalidRule, localized: ["text": LocalizedText(verbatim: text), "detail": detail]))
        }

        /// An error about the current word (or the missing one at the end).
        func unexpected(_ wanted: CoreText, _ values: [String: String] = [:]) -> DomainError {
            let wanted = LocalizedText(wanted, values)
            guard position < words.count else { return failure(LocalizedText(CoreText.ruleEndsEarly, localized: ["wanted": wanted])) }
            return failure(LocalizedText(CoreText.ruleWordIsNot, localized: ["word": LocalizedText(verbatim: words[position]), "wanted": wanted]))
        }

        /// The rules for people every error about the form of a rule names.
        var forms: String { RecurrencePhrase.examples }

        var current: String? { position < words.count ? words[position] : nil }

        mutating func take() -> String? {
            defer { position += 1 }
            return current
        }

        mutating func rule() throws(DomainError) -> RecurrenceRule {
            guard let first = current else { throw failure(.ruleEmpty, ["examples": forms]) }
            switch first {
            case "daily":
                position += 1
                return try finish(frequency: .daily, interval: 1, days: nil)
            case "weekdays", "weekends":
                return try finish(frequency: .weekly, interval: 1, days: try dayList())
            case "weekly":
                position += 1
                return try finish(frequency: .weekly, interval: 1, days: try optionalDayList())
            case "monthly":
                position += 1
                return try monthly(interval: 1)
            case "yearly":
                position += 1
                return try yearly(interval: 1)
            case "every":
                position += 1
                return try every()
            default:
                if Self.weekday(first.split(separator: ",").first.map(String.init) ?? "") != nil {
                    return try finish(frequency: .weekly, interval: 1, days: try dayList())
                }
                throw failure(.ruleBadStart, ["word": first, "examples": forms])
            }
        }

        /// `every N days|weeks|months|years ...`, `every day|week|month|year ...` or `every DURATION ...`.
        mutating func every() throws(DomainError) -> RecurrenceRule {
            guard let word = current else { throw unexpected(.wantedCountOrDuration) }
            var interval = 1
            if let number = Int(word) {
                guard number >= 1, number <= 1000 else { throw failure(.ruleBadCount, ["word": word]) }
                interval = number
                position += 1
            } else if word.first?.isNumber == true {
                return try everyDuration()
            }
            guard let unit = take() else { throw unexpected(.wantedUnit) }
            switch unit {
            case "day", "days": return try finish(frequency: .daily, interval: interval, days: nil)
            case "week", "weeks": return try finish(frequency: .weekly, interval: interval, days: try optionalDayList())
            case "month", "months": return try monthly(interval: interval)
            case "year", "years": return try yearly(interval: interval)
            default:
                position -= 1
                throw unexpected(.wantedUnitExample)
            }
        }

        /// `every 90m [09:00-17:00] [weekdays]`: steps of a duration, in a daily window or all day.
        mutating func everyDuration() throws(DomainError) -> RecurrenceRule {
            let word = take()!
            let span: TimeSpan
            do {
                span = try TimeSpan(parsing: word)
            } catch {
                position -= 1
                throw unexpected(.wantedDuration, ["forms": TimeSpan.validForms])
            }
            var window: (from: WallClockTime, until: WallClockTime)?
            var days: [RecurrenceRule.WeekdayOccurrence]?
            while let next = current {
                if next.contains("-"), window == nil {
                    window = try self.window()
                } else if days == nil, next == "daily" {
                    position += 1
                    days = []
                } else if days == nil {
                    days = try dayList()
                } else {
                    throw unexpected(.wantedWindowOrDays)
                }
            }
            let weekdays = days ?? []
            guard let window else {
                // No window: steps in elapsed time from the start, on the given days.
                let seconds = Int(span.seconds)
                let frequency: RecurrenceRule.Frequency = seconds % 3600 == 0 ? .hourly : (seconds % 60 == 0 ? .minutely : .secondly)
                let unit = frequency == .hourly ? 3600 : (frequency == .minutely ? 60 : 1)
                return RecurrenceRule(frequency: frequency, interval: seconds / unit, byDay: weekdays)
            }
            guard span.seconds % 60 == 0 else { throw failure(.ruleNotWholeMinutes, ["word": word]) }
            let step = Int(span.seconds / 60)
            var times: [WallClockTime] = []
            var minute = window.from.minutesSinceMidnight
            while minute <= window.until.minutesSinceMidnight {
                times.append(WallClockTime(hour: minute / 60, minute: minute % 60)!)
                minute += step
            }
            return try timed(frequency: weekdays.isEmpty ? .daily : .weekly, interval: 1, days: weekdays, times: times)
        }

        /// `09:00-17:00`, the end at or after the start.
        mutating func window() throws(DomainError) -> (from: WallClockTime, until: WallClockTime) {
            let word = take()!
            let ends = word.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count == 2, let from = try? WallClockTime(parsing: String(ends[0])), let until = try? WallClockTime(parsing: String(ends[1])) else {
                position -= 1
                throw unexpected(.wantedWindow)
            }
            guard until >= from, ends[1] != "24:00" || from.minutesSinceMidnight == 0 else {
                position -= 1
                throw unexpected(.wantedWindowInDay)
            }
            return (from, until)
        }

        /// Days, or `nil` when the times come at once (the start's weekday then).
        mutating func optionalDayList() throws(DomainError) -> [RecurrenceRule.WeekdayOccurrence]? {
            if let word = current, word.contains(":") { return nil }
            return try dayList()
        }

        /// `weekdays`, `weekends` or `mon,thu`.
        mutating func dayList() throws(DomainError) -> [RecurrenceRule.WeekdayOccurrence] {
            guard let word = current else { throw unexpected(.wantedDays) }
            if word == "weekdays" {
                position += 1
                return [.monday, .tuesday, .wednesday, .thursday, .friday].map { .init($0) }
            }
            if word == "weekends" {
                position += 1
                return [.saturday, .sunday].map { .init($0) }
            }
            var days: [RecurrenceRule.WeekdayOccurrence] = []
            for name in word.split(separator: ",", omittingEmptySubsequences: false) {
                guard let weekday = Self.weekday(String(name)) else {
                    throw failure(.ruleNotADay, ["word": name.isEmpty ? word : String(name)])
                }
                days.append(.init(weekday))
            }
            position += 1
            return days
        }

        /// `monthly 1,15 09:00`, `monthly last 18:00`, `monthly first fri 09:00`.
        mutating func monthly(interval: Int) throws(DomainError) -> RecurrenceRule {
            guard let word = current else { throw unexpected(.wantedMonthDay) }
            if let ordinal = Self.ordinal(word), let next = words.dropFirst(position + 1).first, let weekday = Self.weekday(next) {
                position += 2
                return try finish(frequency: .monthly, interval: interval, days: [.init(weekday, ordinal: ordinal)])
            }
            if let ordinal = Self.ordinal(word), ordinal != -1 {
                position += 1
                throw unexpected(.wantedWeekdayAfter, ["word": word])
            }
            if word == "last" {
                position += 1
                return try finish(frequency: .monthly, interval: interval, days: nil, monthDays: [-1])
            }
            var monthDays: [Int] = []
            for item in word.split(separator: ",", omittingEmptySubsequences: false) {
                guard let day = Int(item), (1...31).contains(day) else {
                    throw failure(.ruleNotAMonthDay, ["word": item.isEmpty ? word : String(item)])
                }
                monthDays.append(day)
            }
            position += 1
            return try finish(frequency: .monthly, interval: interval, days: nil, monthDays: monthDays)
        }

        /// `yearly 03-14 09:00`.
        mutating func yearly(interval: Int) throws(DomainError) -> RecurrenceRule {
            guard let word = current else { throw unexpected(.wantedDate) }
            let parts = word.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let month = Int(parts[0]), let day = Int(parts[1]),
                  (1...12).contains(month), (1...CivilCalendar.daysInMonth(year: 2000, month: month)).contains(day)
            else { throw failure(.ruleNotADate, ["word": word]) }
            position += 1
            var rule = try finish(frequency: .yearly, interval: interval, days: nil, monthDays: [day])
            rule.byMonth = [month]
            return rule
        }

        /// The times that end every phrase but `every DURATION`: `08:00` or `08:00,20:00`.
        mutating func finish(
            frequency: RecurrenceRule.Frequency, interval: Int, days: [RecurrenceRule.WeekdayOccurrence]?, monthDays: [Int] = []
        ) throws(DomainError) -> RecurrenceRule {
            guard let word = current else { throw unexpected(.wantedTimeOfDay) }
            var times: [WallClockTime] = []
            for item in word.split(separator: ",", omittingEmptySubsequences: false) {
                guard let time = try? WallClockTime(parsing: String(item)) else {
                    throw failure(.ruleNotATime, ["word": item.isEmpty ? word : String(item)])
                }
                times.append(time)
            }
            position += 1
            if let extra = current { throw failure(.ruleExtraWord, ["word": extra]) }
            var rule = try timed(frequency: frequency, interval: interval, days: days ?? [], times: times)
            rule.byMonthDay = monthDays
            return rule
        }

        /// A rule at `times` each day of its period: hours and minutes as `BYHOUR` and `BYMINUTE`,
        /// with `BYSETPOS` keeping only the pairs asked for when the times do not form a grid.
        func timed(
            frequency: RecurrenceRule.Frequency, interval: Int, days: [RecurrenceRule.WeekdayOccurrence], times: [WallClockTime]
        ) throws(DomainError) -> RecurrenceRule {
            let wanted = Set(times)
            let hours = Array(Set(times.map(\.hour))).sorted()
            let minutes = Array(Set(times.map(\.minute))).sorted()
            var rule = RecurrenceRule(frequency: frequency, interval: interval, byMinute: minutes, byHour: hours, byDay: days)
            rule.bySecond = [0]
            let grid = hours.flatMap { hour in minutes.map { WallClockTime(hour: hour, minute: $0)! } }
            guard grid.count != wanted.count else { return rule }
            // BYSETPOS counts within a period: keep one day per period by stepping days, and limit
            // by weekday instead of listing the week's days.
            guard interval == 1, frequency == .daily || (frequency == .weekly && !days.isEmpty) else {
                throw failure(.ruleTimesMinutes, ["times": times.map(\.description).joined(separator: ",")])
            }
            rule.frequency = .daily
            rule.bySetPosition = grid.enumerated().filter { wanted.contains($0.element) }.map { $0.offset + 1 }
            return rule
        }

        /// `mon`, `monday`, `mo` (any case) as a weekday.
        static func weekday(_ word: String) -> RecurrenceRule.Weekday? {
            let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
            guard word.count >= 2, let index = names.firstIndex(where: { $0.hasPrefix(word) && (word.count >= 3 || word.count == 2) }) else { return nil }
            // Two letters name a weekday only as RFC 5545 spells it (mo, tu, we, th, fr, sa, su).
            if word.count == 2 { return RecurrenceRule.Weekday(code: word) }
            return RecurrenceRule.Weekday(rawValue: index)
        }

        /// `first`...`fifth`, `1st`...`5th`, `last`, `second-last` as a `BYDAY` ordinal.
        static func ordinal(_ word: String) -> Int? {
            let table = ["first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5, "last": -1, "second-last": -2]
            return table[word]
        }
    }
}
