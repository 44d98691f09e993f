import ChimeCore

/// The words that name a day in a TIME: `today`, `tonight`, `tomorrow`, `yesterday`, a weekday
/// (`mon`, `friday`), and in Chinese `今天`, `今晚`, `明天`, `明早`, `后天`, `昨天`, `周一`.
enum DayWord {
    /// A day as a TIME names it.
    struct Day {
        /// How the day is found.
        enum Kind {
            /// So many days after today (before it, when negative).
            case fromToday(Int)
            /// The next (or last) such weekday.
            case weekday(RecurrenceRule.Weekday)
        }

        let kind: Kind
        /// The word as typed, for messages.
        let word: String
        /// The part of the day the word already says (`今晚` is `晚上`), put before the time.
        var dayPart = ""
    }

    /// The English words of days counted from today, the first of each count the one shown.
    static let english: [(word: String, days: Int)] = [
        ("today", 0), ("tonight", 0), ("tomorrow", 1), ("tmrw", 1), ("yesterday", -1),
    ]

    /// The Chinese words of days counted from today, with the part of the day some of them say.
    private static let chinese: [(word: String, days: Int, dayPart: String)] = [
        ("今天", 0, ""), ("今晚", 0, "晚上"), ("今早", 0, "早上"), ("明天", 1, ""), ("明早", 1, "早上"), ("明晚", 1, "晚上"),
        ("后天", 2, ""), ("昨天", -1, ""), ("昨晚", -1, "晚上"),
    ]

    /// The day `word` names alone, or `nil`.
    static func day(_ word: String) -> Day? {
        let word = word.lowercased()
        if let found = english.first(where: { $0.word == word }) { return Day(kind: .fromToday(found.days), word: word) }
        if let found = chinese.first(where: { $0.word == word }) { return Day(kind: .fromToday(found.days), word: word, dayPart: found.dayPart) }
        if let weekday = WeekdayName.weekday(word) { return Day(kind: .weekday(weekday), word: word) }
        return nil
    }

    /// The day `text` starts with and the text after it: a word followed by a space
    /// (`tomorrow 9am`), or a Chinese day word with the time right after it (`明天9:00`).
    static func leading(_ text: String) -> (day: Day, rest: String)? {
        if let space = text.firstIndex(of: " "), let found = day(String(text[..<space])) {
            return (found, String(text[text.index(after: space)...]))
        }
        for entry in chinese where text.hasPrefix(entry.word) {
            return (Day(kind: .fromToday(entry.days), word: entry.word, dayPart: entry.dayPart), String(text.dropFirst(entry.word.count)))
        }
        for prefix in ["星期", "礼拜", "周", "週"] where text.hasPrefix(prefix) {
            let word = String(text.prefix(prefix.count + 1))
            if let weekday = WeekdayName.weekday(word) {
                return (Day(kind: .weekday(weekday), word: word), String(text.dropFirst(word.count)))
            }
        }
        return nil
    }
}
