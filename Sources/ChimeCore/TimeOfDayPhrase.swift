import FoundationEssentials

/// Reads a time of day as people write it: `21:30`, `9:30pm`, `9pm`, `9 pm`, `21h`, `21h30`,
/// `noon`, `midnight`, and in Chinese `下午3点`, `15点30分`, `晚上九点半`, `中午12点`.
///
/// One reader for every place a time of day is typed (a TIME, water's active hours, the times
/// of a recurrence rule), so each accepts the same words. Stored times are read by the strict
/// ``WallClockTime/init(parsing:)`` instead.
public enum TimeOfDayPhrase {
    /// What a phrase names: a time, and whether it is the midnight that ends a day (`24:00`,
    /// `midnight`) rather than the one that starts it.
    public struct Reading: Hashable, Sendable {
        /// The wall-clock time (00:00 for a midnight that ends the day).
        public let time: WallClockTime
        /// Read as `24:00` or `midnight`: after a date, the midnight at its end.
        public let endsDay: Bool
    }

    /// A few accepted forms, for help and error messages.
    public static let examples = "21:30, 9:30pm, 9pm, 21h, noon, midnight"

    /// The time of day `text` names, or `nil` when it names none.
    public static func reading(_ text: String) -> Reading? {
        let folded = fold(text)
        guard !folded.isEmpty else { return nil }
        if folded == "noon" || folded == "midday" || folded == "正午" { return Reading(time: WallClockTime(hour: 12, minute: 0)!, endsDay: false) }
        if folded == "midnight" || folded == "午夜" || folded == "半夜" { return midnightEndingDay }
        if let chinese = chineseReading(folded) { return chinese }
        return englishReading(folded)
    }

    /// The time of day `text` names (a midnight that ends the day as 00:00), or `nil`.
    public static func time(_ text: String) -> WallClockTime? {
        reading(text)?.time
    }

    /// Whether `text` reads as a time of day: used to tell a time from the words around it.
    public static func isTime(_ text: String) -> Bool {
        reading(text) != nil
    }

    private static let midnightEndingDay = Reading(time: WallClockTime(hour: 0, minute: 0)!, endsDay: true)

    /// Lower case, full-width digits and colons as ASCII (`９：３０`), no spaces or dots around
    /// `am`/`pm` (`9 p.m.` is `9pm`).
    static func fold(_ text: String) -> String {
        var folded = text.composedCompatibly.lowercased().trimmingSpaces()
        folded = folded.replacingEvery("a.m.", with: "am").replacingEvery("p.m.", with: "pm")
        if folded.hasSuffix(" am") || folded.hasSuffix(" pm") {
            folded = String(folded.dropLast(3)) + folded.suffix(2)
        }
        return folded
    }

    // MARK: - English and digits

    /// `21:30`, `9:05`, `24:00`; `9:30pm`, `9pm`, `12am`, `9.30pm`; `21h`, `21h30`.
    private static func englishReading(_ text: String) -> Reading? {
        var body = Substring(text)
        var meridiem: Character?
        if body.hasSuffix("am") || body.hasSuffix("pm") {
            meridiem = body.dropLast().last
            body = body.dropLast(2)
        }
        let hourDigits = body.prefix { $0.isASCII && $0.isNumber }
        guard (1...2).contains(hourDigits.count), let hour = Int(hourDigits) else { return nil }
        var rest = body.dropFirst(hourDigits.count)
        var minute = 0
        if let separator = rest.first {
            // `h` marks hours on the 24-hour clock (`21h`, `21h30`); `.` separates only with am/pm.
            let allowed: Set<Character> = meridiem == nil ? [":", "h"] : [":", "."]
            guard allowed.contains(separator) else { return nil }
            rest = rest.dropFirst()
            if separator == "h", rest.isEmpty {
                minute = 0
            } else {
                guard rest.count == 2, rest.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(rest) else { return nil }
                minute = value
            }
        } else if meridiem == nil {
            // A bare number is a count or a day of the month, not a time.
            return nil
        }
        guard minute <= 59 else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            let hour24 = (hour % 12) + (meridiem == "p" ? 12 : 0)
            return Reading(time: WallClockTime(hour: hour24, minute: minute)!, endsDay: false)
        }
        if hour == 24, minute == 0 { return midnightEndingDay }
        guard let time = WallClockTime(hour: hour, minute: minute) else { return nil }
        return Reading(time: time, endsDay: false)
    }

    // MARK: - Chinese

    /// The part of the day a Chinese time may start with, and how it moves a 12-hour reading.
    private enum DayPart {
        case earlyMorning, morning, noon, afternoon, evening

        static let words: [(String, DayPart)] = [
            ("凌晨", .earlyMorning), ("早上", .morning), ("早晨", .morning), ("上午", .morning), ("清晨", .morning),
            ("中午", .noon), ("下午", .afternoon), ("傍晚", .evening), ("晚上", .evening), ("夜里", .evening), ("夜间", .evening), ("晚间", .evening),
        ]

        /// The hour on the 24-hour clock of `hour` said in this part of the day, or `nil`.
        func hour(_ hour: Int) -> (hour: Int, endsDay: Bool)? {
            switch self {
            case .earlyMorning, .morning:
                guard hour <= 12 else { return nil }
                return (hour % 12, false)
            case .noon:
                if (11...12).contains(hour) { return (hour, false) }
                if (1...2).contains(hour) { return (hour + 12, false) }
                return nil
            case .afternoon:
                if (1...11).contains(hour) { return (hour + 12, false) }
                if (12...18).contains(hour) { return (hour, false) }
                return nil
            case .evening:
                if (1...11).contains(hour) { return (hour + 12, false) }
                if hour == 12 { return (0, true) }
                if (18...23).contains(hour) { return (hour, false) }
                return nil
            }
        }
    }

    /// `下午3点`, `下午3点半`, `15点30分`, `晚上九点`, `下午3:30`, `8点钟`.
    private static func chineseReading(_ text: String) -> Reading? {
        var rest = Substring(text)
        var part: DayPart?
        for (word, value) in DayPart.words where rest.hasPrefix(word) {
            part = value
            rest = rest.dropFirst(word.count)
            break
        }
        guard part != nil || rest.contains("点") || rest.contains("點") || rest.contains("时") else { return nil }
        var hour: Int
        var minute = 0
        if let marker = rest.firstIndex(where: { "点點时".contains($0) }) {
            guard let value = ChineseNumber.value(rest[..<marker]) else { return nil }
            hour = value
            var tail = rest[rest.index(after: marker)...]
            if tail.hasPrefix("钟") { tail = tail.dropFirst() }
            if tail == "半" {
                minute = 30
            } else if tail == "一刻" {
                minute = 15
            } else if tail == "三刻" {
                minute = 45
            } else if !tail.isEmpty {
                if tail.hasSuffix("分") { tail = tail.dropLast() }
                guard let value = ChineseNumber.value(tail), value <= 59 else { return nil }
                minute = value
            }
        } else {
            // `下午3:30`: digits after the part of the day.
            guard let reading = englishReading(String(rest)) else { return nil }
            hour = reading.time.hour
            minute = reading.time.minute
        }
        var endsDay = false
        if let part {
            guard let moved = part.hour(hour) else { return nil }
            (hour, endsDay) = moved
        } else if hour == 24, minute == 0 {
            return midnightEndingDay
        }
        guard let time = WallClockTime(hour: hour, minute: minute) else { return nil }
        return Reading(time: time, endsDay: endsDay && minute == 0)
    }
}

/// Small numbers written in digits or Chinese numerals (`3`, `三`, `十五`, `二十三`, `两`).
enum ChineseNumber {
    private static let digits: [Character: Int] = [
        "零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    ]

    /// The value of `text` (0-99), or `nil`.
    static func value(_ text: Substring) -> Int? {
        guard !text.isEmpty else { return nil }
        if text.allSatisfy({ $0.isASCII && $0.isNumber }) { return text.count <= 2 ? Int(text) : nil }
        let characters = Array(text)
        if let ten = characters.firstIndex(of: "十") {
            guard ten <= 1, characters.count - ten <= 2 else { return nil }
            let tens = ten == 0 ? 1 : digits[characters[0]]
            let ones = ten + 1 < characters.count ? digits[characters[ten + 1]] : 0
            guard let tens, let ones, tens >= 1 else { return nil }
            return tens * 10 + ones
        }
        guard characters.count == 1 else { return nil }
        return digits[characters[0]]
    }
}
