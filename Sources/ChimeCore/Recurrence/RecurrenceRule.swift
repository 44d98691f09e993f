import FoundationEssentials

/// A recurrence rule as RFC 5545 section 3.3.10 defines it (`FREQ=MONTHLY;BYDAY=1FR`), parsed and
/// checked; `RecurrenceExpander` turns it into instants.
///
/// Lists are kept sorted and without repeats, so two spellings of one rule are equal and
/// `rruleText` is canonical.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
    /// How often the rule's periods come (the `FREQ` part), finest first.
    public enum Frequency: Int, CaseIterable, Comparable, Sendable {
        /// Every second (stepped in elapsed time).
        case secondly
        /// Every minute (stepped in elapsed time).
        case minutely
        /// Every hour (stepped in elapsed time).
        case hourly
        /// Every day on the wall clock.
        case daily
        /// Every week on the wall clock.
        case weekly
        /// Every month on the wall clock.
        case monthly
        /// Every year on the wall clock.
        case yearly

        /// The RFC 5545 name, `DAILY`.
        public var name: String {
            switch self {
            case .secondly: "SECONDLY"
            case .minutely: "MINUTELY"
            case .hourly: "HOURLY"
            case .daily: "DAILY"
            case .weekly: "WEEKLY"
            case .monthly: "MONTHLY"
            case .yearly: "YEARLY"
            }
        }

        /// The length of one step of an elapsed-time frequency, in seconds (a day for coarser ones).
        public var stepSeconds: TimeInterval {
            switch self {
            case .secondly: 1
            case .minutely: 60
            case .hourly: 3600
            case .daily, .weekly, .monthly, .yearly: 86_400
            }
        }

        /// Whether `lhs` is the finer frequency.
        public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// A day of the week; raw values count from Monday (0) to Sunday (6).
    public enum Weekday: Int, CaseIterable, Comparable, Sendable {
        /// Monday, `MO`.
        case monday
        /// Tuesday, `TU`.
        case tuesday
        /// Wednesday, `WE`.
        case wednesday
        /// Thursday, `TH`.
        case thursday
        /// Friday, `FR`.
        case friday
        /// Saturday, `SA`.
        case saturday
        /// Sunday, `SU`.
        case sunday

        /// The two-letter RFC 5545 code, `MO`.
        public var code: String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue] }

        /// The weekday whose code is `code` (any case), or `nil`.
        public init?(code: some StringProtocol) {
            guard let index = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].firstIndex(of: code.uppercased()) else { return nil }
            self.init(rawValue: index)
        }

        /// Whether `lhs` comes earlier in a week starting on Monday.
        public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One `BYDAY` entry: a weekday, optionally its n-th occurrence in the month or year (`1FR`, `-1SU`).
    public struct WeekdayOccurrence: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// 1...53 or -53...-1 (the n-th from the end); `nil` for every such weekday.
        public let ordinal: Int?
        /// The weekday.
        public let weekday: Weekday

        /// Makes an entry; `ordinal` must be `nil` or a non-zero value within ±53.
        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }

        /// `1FR`, `-1SU`, `MO`.
        public var description: String { (ordinal.map(String.init) ?? "") + weekday.code }

        /// Plain weekdays first, then by ordinal, then by weekday: a fixed order for canonical text.
        public static func < (lhs: WeekdayOccurrence, rhs: WeekdayOccurrence) -> Bool {
            (lhs.ordinal ?? 0, lhs.weekday.rawValue) < (rhs.ordinal ?? 0, rhs.weekday.rawValue)
        }
    }

    /// The `UNTIL` bound, inclusive.
    public enum Until: Hashable, Sendable, CustomStringConvertible {
        /// A UTC date-time (`UNTIL=19971224T000000Z`).
        case instant(Date)
        /// A wall-clock date-time in the rule's zone (`UNTIL=20260101T000000`), as a date and the
        /// seconds since its midnight.
        case localTime(LocalDate, secondOfDay: Int)
        /// A whole wall-clock date, included to its end (`UNTIL=20250401`).
        case date(LocalDate)

        /// The RFC 5545 text of the bound.
        public var description: String {
            switch self {
            case .instant(let instant):
                let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
                let day = CivilCalendar.floorDivide(seconds, CivilCalendar.secondsPerDay)
                return RecurrenceRule.basicText(day: day, secondOfDay: seconds - day * CivilCalendar.secondsPerDay) + "Z"
            case .localTime(let date, let secondOfDay):
                return RecurrenceRule.basicText(day: CivilCalendar.dayNumber(of: date), secondOfDay: secondOfDay)
            case .date(let date):
                return RecurrenceRule.basicText(day: CivilCalendar.dayNumber(of: date), secondOfDay: nil)
            }
        }
    }

    /// `FREQ`.
    public var frequency: Frequency
    /// `INTERVAL`, at least 1.
    public var interval: Int
    /// `COUNT`: how many occurrences in all; `nil` when not limited by count.
    public var count: Int?
    /// `UNTIL`; `nil` when not limited by a bound.
    public var until: Until?
    /// `BYSECOND`, 0...59.
    public var bySecond: [Int]
    /// `BYMINUTE`, 0...59.
    public var byMinute: [Int]
    /// `BYHOUR`, 0...23.
    public var byHour: [Int]
    /// `BYDAY`.
    public var byDay: [WeekdayOccurrence]
    /// `BYMONTHDAY`, ±1...31 (negative counts from the month's end).
    public var byMonthDay: [Int]
    /// `BYYEARDAY`, ±1...366.
    public var byYearDay: [Int]
    /// `BYWEEKNO`, ±1...53, weeks numbered as ISO 8601 does but starting on `weekStart`.
    public var byWeekNumber: [Int]
    /// `BYMONTH`, 1...12.
    public var byMonth: [Int]
    /// `BYSETPOS`, ±1...366: which of each period's occurrences to keep.
    public var bySetPosition: [Int]
    /// `WKST`, Monday unless given.
    public var weekStart: Weekday

    /// Makes a rule from its parts (lists are sorted and deduplicated); use `init(parsing:)` for
    /// text, which also checks the RFC's constraints.
    public init(
        frequency: Frequency, interval: Int = 1, count: Int? = nil, until: Until? = nil,
        bySecond: [Int] = [], byMinute: [Int] = [], byHour: [Int] = [], byDay: [WeekdayOccurrence] = [],
        byMonthDay: [Int] = [], byYearDay: [Int] = [], byWeekNumber: [Int] = [], byMonth: [Int] = [],
        bySetPosition: [Int] = [], weekStart: Weekday = .monday
    ) {
        self.frequency = frequency
        self.interval = interval
        self.count = count
        self.until = until
        self.bySecond = Array(Set(bySecond)).sorted()
        self.byMinute = Array(Set(byMinute)).sorted()
        self.byHour = Array(Set(byHour)).sorted()
        self.byDay = Array(Set(byDay)).sorted()
        self.byMonthDay = Array(Set(byMonthDay)).sorted()
        self.byYearDay = Array(Set(byYearDay)).sorted()
        self.byWeekNumber = Array(Set(byWeekNumber)).sorted()
        self.byMonth = Array(Set(byMonth)).sorted()
        self.bySetPosition = Array(Set(bySetPosition)).sorted()
        self.weekStart = weekStart
    }

    /// The canonical RRULE text: `FREQ` first, then the other parts in the RFC's order.
    public var rruleText: String {
        var parts = ["FREQ=\(frequency.name)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if let count { parts.append("COUNT=\(count)") }
        if let until { parts.append("UNTIL=\(until)") }
        func list(_ name: String, _ values: [some CustomStringConvertible]) {
            if !values.isEmpty { parts.append("\(name)=" + values.map(\.description).joined(separator: ",")) }
        }
        list("BYSECOND", bySecond)
        list("BYMINUTE", byMinute)
        list("BYHOUR", byHour)
        list("BYDAY", byDay)
        list("BYMONTHDAY", byMonthDay)
        list("BYYEARDAY", byYearDay)
        list("BYWEEKNO", byWeekNumber)
        list("BYMONTH", byMonth)
        list("BYSETPOS", bySetPosition)
        if weekStart != .monday { parts.append("WKST=\(weekStart.code)") }
        return parts.joined(separator: ";")
    }

    /// The RRULE text.
    public var description: String { rruleText }

    /// `YYYYMMDD` or `YYYYMMDDTHHMMSS` for a day number and seconds since its midnight.
    static func basicText(day: Int, secondOfDay: Int?) -> String {
        let date = CivilCalendar.date(ofDay: day)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let dateText = pad(date.year, 4) + pad(date.month, 2) + pad(date.day, 2)
        guard let secondOfDay else { return dateText }
        return dateText + "T" + pad(secondOfDay / 3600, 2) + pad(secondOfDay / 60 % 60, 2) + pad(secondOfDay % 60, 2)
    }
}

extension RecurrenceRule {
    /// Reads RRULE text (`FREQ=WEEKLY;BYDAY=MO,TH`, with or without a leading `RRULE:`, names in
    /// any case) and checks it against RFC 5545; errors quote the part that is wrong.
    public init(parsing text: String) throws(DomainError) {
        var body = Substring(text.trimmingSpaces())
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        func failure(_ detail: LocalizedText) -> DomainError {
            DomainError(.invalidRule, LocalizedText(CoreText.invalidRule, localized: ["text": LocalizedText(verbatim: text), "detail": detail]))
        }
        func failure(_ detail: CoreText, _ values: [String: String] = [:]) -> DomainError {
            failure(LocalizedText(detail, values))
        }
        var seen = Set<String>()
        var frequency: Frequency?
        var rule = RecurrenceRule(frequency: .daily)
        // A trailing ";" is common in the wild (calendar exports), so empty parts are skipped.
        for part in body.split(separator: ";", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pieces[0].trimmingSpaces().uppercased()
            guard pieces.count == 2, !pieces[1].isEmpty else {
                throw failure(.rrulePartForm, ["part": String(part)])
            }
            let value = String(pieces[1]).trimmingSpaces()
            guard seen.insert(name).inserted else { throw failure(.rrulePartTwice, ["name": name]) }
            func integers(_ range: ClosedRange<Int>, allowNegative: Bool, what: CoreText) throws(DomainError) -> [Int] {
                var values: [Int] = []
                for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                    let digits = item.hasPrefix("+") || item.hasPrefix("-") ? item.dropFirst() : item[...]
                    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(item.hasPrefix("+") ? item.dropFirst() : item) else {
                        throw failure(LocalizedText(CoreText.rruleNotANumber, localized: [
                            "part": LocalizedText(verbatim: "\(name)=\(value)"), "item": LocalizedText(verbatim: String(item)), "what": LocalizedText(what),
                        ]))
                    }
                    let magnitude = abs(number)
                    guard range.contains(allowNegative ? magnitude : number), allowNegative || number >= 0 else {
                        throw failure(LocalizedText(CoreText.rruleOutOfRange, localized: [
                            "part": LocalizedText(verbatim: "\(name)=\(value)"), "item": LocalizedText(verbatim: String(item)), "what": LocalizedText(what),
                        ]))
                    }
                    values.append(number)
                }
                return values
            }
            switch name {
            case "FREQ":
                guard let found = Frequency.allCases.first(where: { $0.name == value.uppercased() }) else {
                    throw failure(.rruleBadFrequency, ["value": value])
                }
                frequency = found
            case "INTERVAL":
                guard let number = Int(value), number >= 1, number <= 1_000_000 else {
                    throw failure(.rruleBadInterval, ["value": value])
                }
                rule.interval = number
            case "COUNT":
                guard let number = Int(value), number >= 1, number <= 1_000_000 else {
                    throw failure(.rruleBadCount, ["value": value])
                }
                rule.count = number
            case "UNTIL":
                guard let until = Self.parseUntil(value) else {
                    throw failure(.rruleBadUntil, ["value": value])
                }
                rule.until = until
            case "BYSECOND": rule.bySecond = try integers(0...59, allowNegative: false, what: .rruleSeconds)
            case "BYMINUTE": rule.byMinute = try integers(0...59, allowNegative: false, what: .rruleMinutes)
            case "BYHOUR": rule.byHour = try integers(0...23, allowNegative: false, what: .rruleHours)
            case "BYMONTHDAY": rule.byMonthDay = try integers(1...31, allowNegative: true, what: .rruleMonthDays)
            case "BYYEARDAY": rule.byYearDay = try integers(1...366, allowNegative: true, what: .rruleYearDays)
            case "BYWEEKNO": rule.byWeekNumber = try integers(1...53, allowNegative: true, what: .rruleWeeks)
            case "BYMONTH": rule.byMonth = try integers(1...12, allowNegative: false, what: .rruleMonths)
            case "BYSETPOS": rule.bySetPosition = try integers(1...366, allowNegative: true, what: .rrulePositions)
            case "BYDAY":
                var days: [WeekdayOccurrence] = []
                for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                    guard item.count >= 2, let weekday = Weekday(code: item.suffix(2)) else {
                        throw failure(.rruleBadWeekday, ["value": value, "item": String(item)])
                    }
                    let ordinalText = item.dropLast(2)
                    if ordinalText.isEmpty {
                        days.append(WeekdayOccurrence(weekday))
                        continue
                    }
                    let digits = ordinalText.hasPrefix("+") || ordinalText.hasPrefix("-") ? ordinalText.dropFirst() : ordinalText
                    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                          let ordinal = Int(ordinalText.hasPrefix("+") ? ordinalText.dropFirst() : ordinalText),
                          ordinal != 0, abs(ordinal) <= 53
                    else {
                        throw failure(.rruleBadOrdinal, ["value": value, "item": String(item)])
                    }
                    days.append(WeekdayOccurrence(weekday, ordinal: ordinal))
                }
                rule.byDay = days
            case "WKST":
                guard let weekday = Weekday(code: value), value.count == 2 else {
                    throw failure(.rruleBadWeekStart, ["value": value])
                }
                rule.weekStart = weekday
            case "RSCALE", "SKIP":
                throw failure(.rruleCalendarScale, ["name": name])
            default:
                throw failure(.rruleUnknownPart, ["name": name])
            }
        }
        guard let frequency else { throw failure(.rruleNoFrequency) }
        rule.frequency = frequency
        self.init(
            frequency: frequency, interval: rule.interval, count: rule.count, until: rule.until,
            bySecond: rule.bySecond, byMinute: rule.byMinute, byHour: rule.byHour, byDay: rule.byDay,
            byMonthDay: rule.byMonthDay, byYearDay: rule.byYearDay, byWeekNumber: rule.byWeekNumber,
            byMonth: rule.byMonth, bySetPosition: rule.bySetPosition, weekStart: rule.weekStart
        )
        if let problem = constraintViolation() { throw failure(problem) }
    }

    /// The first of RFC 5545's constraints between parts that this rule breaks, as advice.
    func constraintViolation() -> LocalizedText? {
        if count != nil, until != nil { return LocalizedText(CoreText.rruleCountAndUntil) }
        if !byWeekNumber.isEmpty, frequency != .yearly { return LocalizedText(CoreText.rruleWeekNumberYearly) }
        if !byYearDay.isEmpty, [.daily, .weekly, .monthly].contains(frequency) {
            return LocalizedText(CoreText.rruleYearDayFrequency, ["frequency": frequency.name])
        }
        if !byMonthDay.isEmpty, frequency == .weekly { return LocalizedText(CoreText.rruleMonthDayWeekly) }
        if byDay.contains(where: { $0.ordinal != nil }) {
            if frequency != .monthly, frequency != .yearly {
                return LocalizedText(CoreText.rruleOrdinalFrequency)
            }
            if frequency == .yearly, !byWeekNumber.isEmpty { return LocalizedText(CoreText.rruleOrdinalWeekNumber) }
            if frequency == .monthly || !byMonth.isEmpty, let wide = byDay.first(where: { abs($0.ordinal ?? 0) > 5 }) {
                return LocalizedText(CoreText.rruleOrdinalTooWide, ["day": "\(wide)"])
            }
        }
        if !bySetPosition.isEmpty,
           bySecond.isEmpty, byMinute.isEmpty, byHour.isEmpty, byDay.isEmpty, byMonthDay.isEmpty,
           byYearDay.isEmpty, byWeekNumber.isEmpty, byMonth.isEmpty {
            return LocalizedText(CoreText.rruleSetPositionAlone)
        }
        return nil
    }

    /// Whether nothing but the start places the occurrences: no `BY...` part, so an hourly,
    /// minutely or secondly rule steps from the start itself (`every 90m`).
    public var isAnchoredOnStartAlone: Bool {
        bySecond.isEmpty && byMinute.isEmpty && byHour.isEmpty && byDay.isEmpty && byMonthDay.isEmpty
            && byYearDay.isEmpty && byWeekNumber.isEmpty && byMonth.isEmpty && bySetPosition.isEmpty
    }

    /// `YYYYMMDD`, `YYYYMMDDTHHMMSS` or the same with `Z`.
    static func parseUntil(_ text: String) -> Until? {
        let characters = Array(text.uppercased())
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count, characters[range].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(String(characters[range]))
        }
        guard characters.count == 8 || characters.count == 15 || characters.count == 16,
              let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
              (1...12).contains(month), (1...CivilCalendar.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        let date = LocalDate(year: year, month: month, day: day)
        if characters.count == 8 { return .date(date) }
        guard characters[8] == "T", let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
              hour < 24, minute < 60, second < 60
        else { return nil }
        let secondOfDay = hour * 3600 + minute * 60 + second
        if characters.count == 15 { return .localTime(date, secondOfDay: secondOfDay) }
        guard characters[15] == "Z" else { return nil }
        let seconds = CivilCalendar.dayNumber(of: date) * CivilCalendar.secondsPerDay + secondOfDay
        return .instant(Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
