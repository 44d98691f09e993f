import FoundationEssentials

/// Reads a rule written for people (`weekdays 09:30`, `monthly last fri 17:00`,
/// `every 90m 09:00-17:00 weekdays`) or as RRULE text (`FREQ=...`, `RRULE:FREQ=...`), and
/// translates it to a `RecurrenceRule`.
///
/// Errors quote the word that is wrong and say what would fit there.
public enum RecurrencePhrase {
    /// The forms accepted, for error messages and help.
    public static let forms = LocalizedText(CoreText.ruleForms, ["examples": examples]).description

    /// The rules for people of ``forms``, without the RRULE alternative.
    public static let examples = "daily 08:00, every day at 8am, weekdays 09:30, every monday 10:00, mon,thu 18:30, every other week fri 17:00, monthly 1 09:00, monthly last fri 17:00, yearly 03-14 09:00, every 30 minutes, every 90m 09:00-17:00 weekdays"

    /// The time put into a suggested rule that lacks one.
    static let suggestedTime = "09:00"

    /// The rule `text` describes.
    ///
    /// A rule that cannot be read is refused with the word at fault and, when changing, adding
    /// or dropping a word makes it readable, that nearest accepted form (`every weekdays`: did you
    /// mean "weekdays 09:00"?).
    public static func rule(from text: String) throws(DomainError) -> RecurrenceRule {
        let trimmed = text.trimmingSpaces()
        let upper = trimmed.uppercased()
        if upper.hasPrefix("FREQ=") || upper.hasPrefix("RRULE:") {
            return try RecurrenceRule(parsing: trimmed)
        }
        let words = RecurrencePhraseWords.words(of: trimmed)
        var reader = Reader(words: words)
        do {
            return try reader.rule()
        } catch {
            let quoted = LocalizedText(verbatim: text)
            guard let nearest = nearestForm(to: words) else {
                throw DomainError(.invalidRule, LocalizedText(CoreText.invalidRule, localized: ["text": quoted, "detail": error.detail]))
            }
            throw DomainError(.invalidRule, LocalizedText(CoreText.invalidRuleNearest, localized: [
                "text": quoted, "detail": error.detail, "nearest": LocalizedText(verbatim: nearest),
            ]))
        }
    }

    /// The closest rule to `words` that reads: one word changed to the vocabulary word it was
    /// probably meant to be, a time added or put in place of one that is no time, or one word
    /// dropped (in that order of preference).
    static func nearestForm(to words: [String]) -> String? {
        guard !words.isEmpty, words.count <= 12 else { return nil }
        func reads(_ candidate: [String]) -> Bool {
            var reader = Reader(words: candidate)
            return (try? reader.rule()) != nil
        }
        var candidates: [[String]] = []
        for (index, word) in words.enumerated() where !Reader.isKnown(word) {
            if let fixed = Suggestion.closest(to: word, among: Reader.vocabulary) {
                var changed = words
                changed[index] = fixed
                candidates.append(changed)
                candidates.append(changed + [suggestedTime])
            }
        }
        candidates.append(words + [suggestedTime])
        // A time that is no time (`25:00`, `9.30`): the same rule at a time that is.
        for (index, word) in words.enumerated() where !RecurrencePhraseWords.isTimeList(word) && (word.contains(":") || word.contains(".")) {
            var changed = words
            changed[index] = suggestedTime
            candidates.append(changed)
        }
        for index in words.indices.reversed() where words.count > 1 {
            var shorter = words
            shorter.remove(at: index)
            candidates.append(shorter)
        }
        return candidates.first(where: reads)?.joined(separator: " ")
    }

    /// Why a phrase could not be read: the sentence after `invalid rule "...": `.
    struct Failure: Error {
        let detail: LocalizedText
    }

    /// A cursor over the words of a phrase, with errors that name the word at fault.
    struct Reader {
        let words: [String]
        var position = 0

        init(words: [String]) {
            self.words = words
        }

        func failure(_ detail: CoreText, _ values: [String: String] = [:]) -> Failure {
            Failure(detail: LocalizedText(detail, values))
        }

        /// An error about the current word (or the missing one at the end).
        func unexpected(_ wanted: CoreText, _ values: [String: String] = [:]) -> Failure {
            let wanted = LocalizedText(wanted, values)
            guard position < words.count else { return Failure(detail: LocalizedText(CoreText.ruleEndsEarly, localized: ["wanted": wanted])) }
            return Failure(detail: LocalizedText(CoreText.ruleWordIsNot, localized: ["word": LocalizedText(verbatim: words[position]), "wanted": wanted]))
        }

        /// The rules for people every error about the form of a rule names.
        var forms: String { RecurrencePhrase.examples }

        var current: String? { position < words.count ? words[position] : nil }

        mutating func take() -> String? {
            defer { position += 1 }
            return current
        }

        mutating func rule() throws(Failure) -> RecurrenceRule {
            guard let first = current else { throw failure(.ruleEmpty, ["examples": forms]) }
            switch first {
            case "daily":
                position += 1
                return try finish(frequency: .daily, interval: 1, days: nil)
            case "weekly":
                position += 1
                return try finish(frequency: .weekly, interval: 1, days: try optionalDayList())
            case "monthly":
                position += 1
                return try monthly(interval: 1)
            case "yearly", "annually":
                position += 1
                return try yearly(interval: 1)
            case "every":
                position += 1
                return try every()
            default:
                if Self.isDayList(first) {
                    return try finish(frequency: .weekly, interval: 1, days: try dayList())
                }
                throw failure(.ruleBadStart, ["word": first, "examples": forms])
            }
        }

        /// `every N days|weeks|months|years ...`, `every day|week|month|year ...`, `every other
        /// week ...`, `every monday 10:00`, `every weekday 09:30`, `every hour`, `every 30
        /// minutes` or `every DURATION ...`.
        mutating func every() throws(Failure) -> RecurrenceRule {
            guard let word = current else { throw unexpected(.wantedCountOrDuration) }
            var interval = 1
            if word == "other" || (word == "second" && position + 1 < words.count) {
                interval = 2
                position += 1
            } else if let number = Int(word) {
                guard number >= 1, number <= 1000 else { throw failure(.ruleBadCount, ["word": word]) }
                interval = number
                position += 1
            } else if let number = Double(word), word.contains(".") {
                // `every 1.5 hours`: a fraction only makes sense of a duration.
                position += 1
                guard let unit = current, let seconds = Self.durationUnits[unit] ?? Self.fractionalDayUnits[unit], number > 0,
                      (number * Double(seconds)).rounded() == number * Double(seconds) else {
                    position -= 1
                    throw failure(.ruleBadCount, ["word": word])
                }
                position += 1
                return try stepped(seconds: Int64(number * Double(seconds)), word: "\(word) \(unit)")
            } else if word.first?.isNumber == true {
                let span: TimeSpan
                do {
                    span = try TimeSpan(parsing: word)
                } catch {
                    throw unexpected(.wantedDuration, ["forms": TimeSpan.validForms])
                }
                position += 1
                return try stepped(seconds: span.seconds, word: word)
            } else if word == "half" || word == "quarter" {
                // `every half hour`, `every quarter hour`.
                position += 1
                guard current == "hour" else { throw unexpected(.wantedUnitExample) }
                position += 1
                return try stepped(seconds: word == "half" ? 1800 : 900, word: "\(word) hour")
            }
            guard let unit = current else { throw unexpected(.wantedUnit) }
            if Self.isDayList(unit) {
                // `every monday 10:00`, `every weekday 09:30`, `every other week`'s cousin `every other monday`.
                return try finish(frequency: .weekly, interval: interval, days: try dayList())
            }
            position += 1
            switch unit {
            case "day", "days": return try finish(frequency: .daily, interval: interval, days: nil)
            case "week", "weeks": return try finish(frequency: .weekly, interval: interval, days: try optionalDayList())
            case "fortnight", "fortnights": return try finish(frequency: .weekly, interval: interval * 2, days: try optionalDayList())
            case "month", "months": return try monthly(interval: interval)
            case "year", "years": return try yearly(interval: interval)
            default:
                if let seconds = Self.durationUnits[unit] {
                    return try stepped(seconds: Int64(seconds * interval), word: "\(interval) \(unit)")
                }
                position -= 1
                throw unexpected(.wantedUnitExample)
            }
        }

        /// Seconds in the units of `every 30 minutes`, `every 2 hours`.
        static let durationUnits: [String: Int] = [
            "hour": 3600, "hours": 3600, "hr": 3600, "hrs": 3600, "h": 3600,
            "minute": 60, "minutes": 60, "min": 60, "mins": 60, "m": 60,
            "second": 1, "seconds": 1, "sec": 1, "secs": 1, "s": 1,
        ]

        /// Seconds in the units a fraction may count (`every 1.5 days` is every 36 hours, in
        /// elapsed time); whole days and weeks step on the wall clock instead.
        static let fractionalDayUnits: [String: Int] = ["day": 86_400, "days": 86_400, "week": 604_800, "weeks": 604_800]

        /// `every 90m [09:00-17:00] [weekdays]`: steps of `seconds` (typed as `word`), in a daily
        /// window or all day.
        mutating func stepped(seconds: Int64, word: String) throws(Failure) -> RecurrenceRule {
            guard let span = TimeSpan(seconds: seconds) else {
                throw failure(.ruleStepTooLong, ["word": word, "maximum": TimeSpan.maximum.description])
            }
            var window: (from: WallClockTime, until: WallClockTime)?
            var days: [RecurrenceRule.WeekdayOccurrence]?
            while let next = current {
                if next.contains("-"), window == nil {
                    window = try self.window()
                } else if days == nil, next == "daily" || next == "day" {
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

        /// `09:00-17:00`, `9am-5pm`, the end at or after the start.
        mutating func window() throws(Failure) -> (from: WallClockTime, until: WallClockTime) {
            let word = take()!
            let ends = word.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count == 2, let from = TimeOfDayPhrase.reading(String(ends[0])), let until = TimeOfDayPhrase.reading(String(ends[1])) else {
                position -= 1
                throw unexpected(.wantedWindow)
            }
            // A window ending at 24:00 holds the whole day, so only one starting at midnight does.
            guard until.time >= from.time, !until.endsDay || from.time.minutesSinceMidnight == 0 else {
                position -= 1
                throw unexpected(.wantedWindowInDay)
            }
            return (from.time, until.time)
        }

        /// Days, or `nil` when the times come at once (the start's weekday then).
        mutating func optionalDayList() throws(Failure) -> [RecurrenceRule.WeekdayOccurrence]? {
            // The days may be left out, the time may not: it is what a rule ending here lacks.
            guard let word = current else { throw unexpected(.wantedTimeOfDay) }
            if RecurrencePhraseWords.isTimeList(word) { return nil }
            return try dayList()
        }

        /// Whether `word` starts a list of days: `weekdays`, `weekend`, `mon,thu`, `mondays`.
        static func isDayList(_ word: String) -> Bool {
            workdays.contains(word) || weekendDays.contains(word)
                || word.split(separator: ",").first.map { WeekdayName.weekday($0) != nil } == true
        }

        private static let workdays: Set<String> = ["weekdays", "weekday", "workdays", "workday"]
        private static let weekendDays: Set<String> = ["weekends", "weekend"]

        /// `weekdays`, `weekends` or `mon,thu`.
        mutating func dayList() throws(Failure) -> [RecurrenceRule.WeekdayOccurrence] {
            guard let word = current else { throw unexpected(.wantedDays) }
            if Self.workdays.contains(word) {
                position += 1
                return [.monday, .tuesday, .wednesday, .thursday, .friday].map { .init($0) }
            }
            if Self.weekendDays.contains(word) {
                position += 1
                return [.saturday, .sunday].map { .init($0) }
            }
            var days: [RecurrenceRule.WeekdayOccurrence] = []
            for name in word.split(separator: ",", omittingEmptySubsequences: false) {
                guard let weekday = WeekdayName.weekday(name) else {
                    throw failure(.ruleNotADay, ["word": name.isEmpty ? word : String(name)])
                }
                days.append(.init(weekday))
            }
            position += 1
            return days
        }

        /// `monthly 1,15 09:00`, `monthly 1st 09:00`, `monthly last 18:00`, `monthly first fri 09:00`.
        mutating func monthly(interval: Int) throws(Failure) -> RecurrenceRule {
            guard let word = current else { throw unexpected(.wantedMonthDay) }
            if let ordinal = Self.ordinal(word), let next = words.dropFirst(position + 1).first, let weekday = WeekdayName.weekday(next) {
                position += 2
                return try finish(frequency: .monthly, interval: interval, days: [.init(weekday, ordinal: ordinal)])
            }
            if word == "last" {
                position += 1
                if current == "day" { position += 1 }
                return try finish(frequency: .monthly, interval: interval, days: nil, monthDays: [-1])
            }
            if let ordinal = Self.ordinal(word), ordinal != -1, MonthDay.number(word) == nil {
                position += 1
                throw unexpected(.wantedWeekdayAfter, ["word": word])
            }
            var monthDays: [Int] = []
            for item in word.split(separator: ",", omittingEmptySubsequences: false) {
                guard let day = MonthDay.number(item) else {
                    throw failure(.ruleNotAMonthDay, ["word": item.isEmpty ? word : String(item)])
                }
                monthDays.append(day)
            }
            position += 1
            if current == "day" { position += 1 }
            return try finish(frequency: .monthly, interval: interval, days: nil, monthDays: monthDays)
        }

        /// `yearly 03-14 09:00`, `yearly march 14 09:00`, `yearly 14 march 09:00`.
        mutating func yearly(interval: Int) throws(Failure) -> RecurrenceRule {
            guard let word = current else { throw unexpected(.wantedDate) }
            let month: Int, day: Int
            if let named = MonthDay.month(word), let next = words.dropFirst(position + 1).first, let number = MonthDay.number(next) {
                (month, day) = (named, number)
                position += 2
            } else if let number = MonthDay.number(word), let next = words.dropFirst(position + 1).first, let named = MonthDay.month(next) {
                (month, day) = (named, number)
                position += 2
            } else {
                let parts = word.split(separator: "-", omittingEmptySubsequences: false)
                guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let number = Int(parts[0]), let dayNumber = Int(parts[1]) else {
                    throw failure(.ruleNotADate, ["word": word])
                }
                (month, day) = (number, dayNumber)
                position += 1
            }
            guard (1...12).contains(month), (1...CivilCalendar.daysInMonth(year: 2000, month: month)).contains(day) else {
                throw failure(.ruleNotADate, ["word": word])
            }
            var rule = try finish(frequency: .yearly, interval: interval, days: nil, monthDays: [day])
            rule.byMonth = [month]
            return rule
        }

        /// The times that end every phrase but `every DURATION`: `08:00`, `8am` or `08:00,20:00`.
        mutating func finish(
            frequency: RecurrenceRule.Frequency, interval: Int, days: [RecurrenceRule.WeekdayOccurrence]?, monthDays: [Int] = []
        ) throws(Failure) -> RecurrenceRule {
            guard let word = current else { throw unexpected(.wantedTimeOfDay) }
            var times: [WallClockTime] = []
            for item in word.split(separator: ",", omittingEmptySubsequences: false) {
                guard let time = TimeOfDayPhrase.time(String(item)) else {
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
        ) throws(Failure) -> RecurrenceRule {
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

        /// `first`...`fifth`, `1st`...`5th`, `last`, `second-last` as a `BYDAY` ordinal.
        static func ordinal(_ word: String) -> Int? {
            let table = ["first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5, "last": -1, "second-last": -2]
            return table[word]
        }

        /// The words a rule is made of, for suggesting the word a typo was meant to be.
        static let vocabulary: [String] = [
            "daily", "weekly", "monthly", "yearly", "every", "other", "day", "days", "week", "weeks", "month", "months", "year", "years",
            "hour", "hours", "minute", "minutes", "weekdays", "weekends", "last", "first", "second", "third", "fourth", "fifth",
            "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
        ] + MonthDay.monthNames

        /// Whether `word` is one a rule may hold as it is (a known word, a number, a time, a
        /// duration, a list, a window), so no typo is suspected in it.
        static func isKnown(_ word: String) -> Bool {
            if vocabulary.contains(word) || durationUnits[word] != nil || ordinal(word) != nil || isDayList(word) { return true }
            if RecurrencePhraseWords.isTimeList(word) || word.split(separator: ",").allSatisfy({ MonthDay.number($0) != nil }) { return true }
            if word.first?.isNumber == true { return true }
            return word.contains("-") || ["annually", "fortnight", "fortnights", "half", "quarter"].contains(word)
        }
    }
}
