/// Reads the name of a weekday as people write it: `mon`, `Monday`, `mondays`, `tues`, the
/// RFC 5545 codes `mo`...`su`, and in Chinese `周一`, `星期一`, `礼拜一`, `周日`, `星期天`.
///
/// One reader for recurrence rules (`every monday 10:00`) and times (`mon 10:00`).
public enum WeekdayName {
    private static let english = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The Chinese words that name the days of the week when put after `周`, `星期` or `礼拜`.
    static let chineseNumerals: [Character: RecurrenceRule.Weekday] = [
        "一": .monday, "二": .tuesday, "三": .wednesday, "四": .thursday, "五": .friday, "六": .saturday, "日": .sunday, "天": .sunday,
        "1": .monday, "2": .tuesday, "3": .wednesday, "4": .thursday, "5": .friday, "6": .saturday, "7": .sunday,
    ]

    /// The words that put a Chinese weekday numeral after them, longest first.
    static let chinesePrefixes = ["星期", "礼拜", "禮拜", "周", "週"]

    /// The weekday `word` names (any case), or `nil`.
    public static func weekday(_ word: some StringProtocol) -> RecurrenceRule.Weekday? {
        let word = String(word).lowercased()
        if let chinese = chineseWeekday(word) { return chinese }
        guard word.count >= 2, word.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        // Two letters name a weekday only as RFC 5545 spells it (mo, tu, we, th, fr, sa, su).
        if word.count == 2 { return RecurrenceRule.Weekday(code: word) }
        if let index = english.firstIndex(where: { $0.hasPrefix(word) }) { return RecurrenceRule.Weekday(rawValue: index) }
        // `mondays`, `every tuesdays`.
        if word.hasSuffix("s"), let index = english.firstIndex(of: String(word.dropLast())) { return RecurrenceRule.Weekday(rawValue: index) }
        return nil
    }

    /// `周一`, `星期天`, `礼拜六`.
    private static func chineseWeekday(_ word: String) -> RecurrenceRule.Weekday? {
        for prefix in chinesePrefixes where word.hasPrefix(prefix) {
            let rest = word.dropFirst(prefix.count)
            guard rest.count == 1, let numeral = rest.first else { return nil }
            return chineseNumerals[numeral]
        }
        return nil
    }

    /// The three-letter English name, `mon`.
    public static func shortName(_ weekday: RecurrenceRule.Weekday) -> String {
        String(english[weekday.rawValue].prefix(3))
    }
}
