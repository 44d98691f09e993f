import FoundationEssentials

/// Turns a rule as people write it into the words ``RecurrencePhrase`` reads: lower case, lists
/// joined (`mon and thu` is `mon,thu`), filler words dropped (`every day at 8am` is `every day
/// 8am`), windows joined (`from 9am to 5pm` is `9am-5pm`), times moved after the days
/// (`8am daily` is `daily 8am`), and the Chinese phrases as their English words (`每周一 10:00` is
/// `mon 10:00`).
enum RecurrencePhraseWords {
    /// The words of `text`, ready for the reader.
    static func words(of text: String) -> [String] {
        var text = text.composedCompatibly.lowercased()
        if text.unicodeScalars.contains(where: { !$0.isASCII }) {
            text = ChineseRuleWords.english(text)
        }
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        words = joinedMeridiems(words)
        words = joinedWindows(words)
        words = words.compactMap(withoutFiller)
        words = joinedLists(words)
        words = timesLast(words)
        return words
    }

    /// Words that say nothing a rule needs.
    private static let filler: Set<String> = ["at", "on", "the", "of", "a", "an", "in", "and", "&", "和", "及"]

    /// Words that end a list item and join it to the next (`mon,` `thu`).
    private static func withoutFiller(_ word: String) -> String? {
        if word == "each" { return "every" }
        if word == "everyday" { return "daily" }
        if word == "hourly" { return "every 1h" }
        if word == "fortnightly" { return "every 2 weeks" }
        return filler.contains(word) ? (word == "and" || word == "&" || word == "和" || word == "及" ? "," : nil) : word
    }

    /// `8 am` as `8am`, `9:30 p.m.` as `9:30pm`.
    private static func joinedMeridiems(_ words: [String]) -> [String] {
        var result: [String] = []
        for word in words {
            if ["am", "pm", "a.m.", "p.m."].contains(word), let last = result.last, last.first?.isNumber == true,
               TimeOfDayPhrase.isTime(last + word) {
                result[result.count - 1] = last + word
            } else {
                result.append(word)
            }
        }
        return result
    }

    /// `from 9am to 5pm`, `between 09:00 and 17:00`, `9am to 5pm`, `9am - 5pm` as `9am-5pm`.
    private static func joinedWindows(_ words: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            var start = index
            if ["from", "between"].contains(word) { start += 1 }
            // `and` joins a window only after `between`: `8am and 8pm` alone are two times.
            let joiners = word == "between" ? ["and"] : ["to", "until", "till", "-", "through"]
            if start + 2 < words.count, TimeOfDayPhrase.isTime(words[start]),
               joiners.contains(words[start + 1]), TimeOfDayPhrase.isTime(words[start + 2]) {
                result.append("\(words[start])-\(words[start + 2])")
                index = start + 3
                continue
            }
            result.append(word)
            index += 1
        }
        return result
    }

    /// `mon , thu`, `mon, thu`, `08:00, 20:00` and `mon and thu` as one word with commas.
    private static func joinedLists(_ words: [String]) -> [String] {
        var result: [String] = []
        var joinNext = false
        for word in words.flatMap({ $0.split(separator: " ").map(String.init) }) {
            if word == "," {
                if !result.isEmpty { joinNext = true }
                continue
            }
            if joinNext, let last = result.last, isListItem(last), isListItem(word) {
                result[result.count - 1] = last + "," + word.trimmingScalars { $0 == "," }
            } else {
                result.append(word)
            }
            joinNext = word.hasSuffix(",")
            if joinNext { result[result.count - 1] = String(result[result.count - 1].dropLast()) }
        }
        return result
    }

    /// Whether `word` can be an item of a list of days, times or days of the month.
    private static func isListItem(_ word: String) -> Bool {
        word.split(separator: ",").allSatisfy { item in
            WeekdayName.weekday(item) != nil || TimeOfDayPhrase.isTime(String(item)) || MonthDay.number(item) != nil
        }
    }

    /// `8am daily`, `10:00 every monday`: the times moved to the end, where the reader wants them.
    private static func timesLast(_ words: [String]) -> [String] {
        guard words.count > 1, isTimeList(words[0]), !words.dropFirst().contains(where: isTimeList) else { return words }
        return Array(words.dropFirst()) + [words[0]]
    }

    /// Whether `word` is a time or a list of times (`8am`, `08:00,20:00`).
    static func isTimeList(_ word: String) -> Bool {
        word.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { TimeOfDayPhrase.isTime(String($0)) }
    }
}

/// Days of the month and months as people write them: `1`, `1st`, `15th`, `march`, `mar`.
enum MonthDay {
    /// The day `word` names (`1`, `1st`, `22nd`, `31`), without checking a month, or `nil`.
    static func number(_ word: some StringProtocol) -> Int? {
        var digits = Substring(word)
        for suffix in ["st", "nd", "rd", "th", "号", "日", "號"] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(suffix.count)
            break
        }
        guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let day = Int(digits), (1...31).contains(day) else {
            return nil
        }
        return day
    }

    private static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]

    /// The month (1-12) `word` names (`march`, `mar`, `sept`), or `nil`.
    static func month(_ word: some StringProtocol) -> Int? {
        let word = String(word)
        guard word.count >= 3, let index = months.firstIndex(where: { $0.hasPrefix(word) }) else { return nil }
        return index + 1
    }

    /// The English words of the rule vocabulary, for suggestions.
    static let monthNames = months
}
