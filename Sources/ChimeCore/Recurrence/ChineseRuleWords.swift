/// The Chinese phrases of a recurrence rule as the English words ``RecurrencePhrase`` reads:
/// `每天 08:00` is `daily 08:00`, `工作日 09:30` is `weekdays 09:30`, `每周一、四 10:00` is
/// `mon,thu 10:00`, `每月1号 9:00` is `monthly 1 9:00`, `每两小时` is `every 2h`; times such as
/// `下午3点` stay whole for ``TimeOfDayPhrase``.
///
/// Chinese puts no spaces between words, so the text is scanned: the longest known word at each
/// place wins, and what is not known is kept as it is.
enum ChineseRuleWords {
    /// Fixed words, longest first where one starts another.
    private static let table: [(String, String)] = [
        ("每个工作日", "weekdays"), ("工作日", "weekdays"), ("每个周末", "weekends"), ("周末", "weekends"), ("週末", "weekends"),
        ("每天", "daily"), ("每日", "daily"), ("天天", "daily"),
        ("每个星期", "weekly"), ("每星期", "weekly"), ("每礼拜", "weekly"), ("每周", "weekly"), ("每週", "weekly"),
        ("每个月", "monthly"), ("每月", "monthly"), ("每年", "yearly"),
        ("每个小时", "every 1h"), ("每小时", "every 1h"), ("每半小时", "every 30m"), ("每半个小时", "every 30m"), ("每分钟", "every 1m"),
        ("隔天", "every 2 days"), ("隔周", "every 2 weeks"), ("隔週", "every 2 weeks"), ("隔月", "every 2 months"),
        ("最后一天", "last"), ("最后一个", "last"), ("最后", "last"), ("倒数第一个", "last"),
        ("第一个", "first"), ("第二个", "second"), ("第三个", "third"), ("第四个", "fourth"), ("第五个", "fifth"),
        ("、", ","), ("，", ","), ("和", ","), ("及", ","), ("的", " "), ("在", " "), ("从", " from "), ("到", " to "), ("至", " to "),
    ]

    /// Units after `每N` or `每隔N`.
    private static let units: [(String, String)] = [
        ("个小时", "h"), ("小时", "h"), ("分钟", "m"), ("天", " days"), ("日", " days"), ("个星期", " weeks"), ("星期", " weeks"),
        ("周", " weeks"), ("週", " weeks"), ("个月", " months"), ("月", " months"), ("年", " years"),
    ]

    /// `text` with its Chinese words in English, separated by spaces.
    static func english(_ text: String) -> String {
        var output = ""
        var rest = Substring(text)
        // After a weekday, a bare numeral continues the list: `周一、三、五`.
        var inWeekdayList = false
        while let first = rest.first {
            if let time = timeExpression(at: rest) {
                output += " \(time) "
                rest = rest.dropFirst(time.count)
                inWeekdayList = false
                continue
            }
            if let (word, length) = weekday(at: rest) {
                output += " \(word)"
                rest = rest.dropFirst(length)
                inWeekdayList = true
                continue
            }
            if inWeekdayList, let numeral = rest.first, let day = WeekdayName.chineseNumerals[numeral], numeral.isASCII == false {
                output += (output.hasSuffix(",") ? "" : ",") + WeekdayName.shortName(day)
                rest = rest.dropFirst()
                continue
            }
            if let (word, length) = every(at: rest) {
                output += " \(word) "
                rest = rest.dropFirst(length)
                inWeekdayList = false
                continue
            }
            if let (chinese, english) = table.first(where: { rest.hasPrefix($0.0) }) {
                // A list separator keeps a weekday list going; anything else ends it.
                if english != "," { inWeekdayList = false }
                output += english == "," ? "," : " \(english) "
                rest = rest.dropFirst(chinese.count)
                continue
            }
            if let (day, length) = monthDay(at: rest) {
                output += " \(day) "
                rest = rest.dropFirst(length)
                continue
            }
            if !first.isWhitespace { inWeekdayList = inWeekdayList && first == "," }
            output.append(first)
            rest = rest.dropFirst()
        }
        return output
    }

    /// `周一`, `每周三`, `星期天`: the weekday's English name and the characters read.
    private static func weekday(at text: Substring) -> (String, Int)? {
        var offset = 0
        var rest = text
        for lead in ["每个", "每"] where rest.hasPrefix(lead) {
            rest = rest.dropFirst(lead.count)
            offset = lead.count
            break
        }
        for prefix in WeekdayName.chinesePrefixes where rest.hasPrefix(prefix) {
            let after = rest.dropFirst(prefix.count)
            guard let numeral = after.first, let day = WeekdayName.chineseNumerals[numeral], !numeral.isASCII else { return nil }
            return (WeekdayName.shortName(day), offset + prefix.count + 1)
        }
        return nil
    }

    /// `每2小时`, `每隔三天`, `每两周`: `every 2h`, `every 3 days`, `every 2 weeks`.
    private static func every(at text: Substring) -> (String, Int)? {
        guard text.hasPrefix("每") else { return nil }
        var rest = text.dropFirst()
        var length = 1
        if rest.hasPrefix("隔") {
            rest = rest.dropFirst()
            length += 1
        }
        let number = rest.prefix { $0.isASCII && $0.isNumber || "一二两三四五六七八九十".contains($0) }
        guard !number.isEmpty, let count = ChineseNumber.value(number) else { return nil }
        rest = rest.dropFirst(number.count)
        length += number.count
        guard let (unit, english) = units.first(where: { rest.hasPrefix($0.0) }) else { return nil }
        return ("every \(count)\(english)", length + unit.count)
    }

    /// `1号`, `15日`: the day of the month.
    private static func monthDay(at text: Substring) -> (String, Int)? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard (1...2).contains(digits.count) else { return nil }
        let after = text.dropFirst(digits.count)
        guard let marker = after.first, "号日號".contains(marker) else { return nil }
        return (String(digits), digits.count + 1)
    }

    /// A time such as `下午3点半`, `8点`, `晚上九点`, `下午3:30`, read whole by ``TimeOfDayPhrase``.
    private static func timeExpression(at text: Substring) -> String? {
        // The longest prefix (up to 10 characters) that reads as a time and ends a word.
        let limit = min(text.count, 10)
        for length in stride(from: limit, through: 2, by: -1) {
            let candidate = String(text.prefix(length))
            guard candidate.unicodeScalars.contains(where: { !$0.isASCII }), TimeOfDayPhrase.isTime(candidate) else { continue }
            return candidate
        }
        return nil
    }
}
