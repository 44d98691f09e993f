/// Days of the week as people name a group of them: `weekdays`, `weekends`, `daily`, a day
/// (`sat`, `周六`), a list (`mon,thu`, `周一、周四`) or a range (`mon-fri`, `fri-mon`, `周一至周五`).
///
/// What `chime water goal DAYS ML` takes; the names of single days are ``WeekdayName``'s.
public struct WeekdaySet: Hashable, Sendable {
    /// The days, Monday first.
    public let days: [RecurrenceRule.Weekday]

    /// Every day of the week.
    public static let everyDay = WeekdaySet(days: RecurrenceRule.Weekday.allCases)
    /// Monday to Friday.
    public static let workdays = WeekdaySet(days: [.monday, .tuesday, .wednesday, .thursday, .friday])
    /// Saturday and Sunday.
    public static let weekend = WeekdaySet(days: [.saturday, .sunday])

    /// The set of `days` (in any order, repeats ignored).
    public init(days: some Sequence<RecurrenceRule.Weekday>) {
        self.days = Set(days).sorted()
    }

    private static let words: [String: WeekdaySet] = [
        "daily": .everyDay, "every day": .everyDay, "everyday": .everyDay, "all": .everyDay, "每天": .everyDay, "每日": .everyDay,
        "weekdays": .workdays, "weekday": .workdays, "workdays": .workdays, "workday": .workdays, "工作日": .workdays,
        "weekends": .weekend, "weekend": .weekend, "周末": .weekend, "週末": .weekend,
    ]

    /// Whether `text` reads as days (any case), without reading it: what tells `water goal
    /// weekends 1500` from `water goal 1500`.
    public static func looksLikeDays(_ text: String) -> Bool {
        (try? WeekdaySet(parsing: text)) != nil
    }

    /// Reads `text`: a word for a group of days, or days and ranges separated by commas
    /// (`,`, `，`, `、`). A range runs forward through the week, so `fri-mon` is Friday to Monday.
    public init(parsing text: String) throws(DomainError) {
        let trimmed = text.trimmingSpaces().lowercased()
        if let group = Self.words[trimmed] {
            self = group
            return
        }
        var found: [RecurrenceRule.Weekday] = []
        let items = trimmed.split(omittingEmptySubsequences: false) { $0 == "," || $0 == "，" || $0 == "、" }
        for item in items {
            let bounds = Self.rangeBounds(String(item))
            guard let first = WeekdayName.weekday(bounds.first.trimmingSpaces()) else {
                throw DomainError(.invalidRule, CoreText.notDays, ["text": text])
            }
            guard let lastText = bounds.last else {
                found.append(first)
                continue
            }
            guard let last = WeekdayName.weekday(lastText.trimmingSpaces()) else {
                throw DomainError(.invalidRule, CoreText.notDays, ["text": text])
            }
            var day = first
            found.append(day)
            while day != last {
                day = RecurrenceRule.Weekday(rawValue: (day.rawValue + 1) % 7)!
                found.append(day)
            }
        }
        self.init(days: found)
    }

    /// `mon-fri` as (`mon`, `fri`), `周一至周五` as (`周一`, `周五`); a single day as (day, `nil`).
    private static func rangeBounds(_ item: String) -> (first: String, last: String?) {
        for separator in ["-", "–", "~", "至", "到"] {
            if let range = item.firstRange(of: separator) {
                return (String(item[..<range.lowerBound]), String(item[range.upperBound...]))
            }
        }
        return (item, nil)
    }

    /// The days as runs of consecutive weekdays, Monday first (`Mon-Fri`, then `Sun`): what a
    /// summary names.
    public var runs: [(first: RecurrenceRule.Weekday, last: RecurrenceRule.Weekday)] {
        var runs: [(first: RecurrenceRule.Weekday, last: RecurrenceRule.Weekday)] = []
        for day in days {
            if let last = runs.last, last.last.rawValue + 1 == day.rawValue {
                runs[runs.count - 1].last = day
            } else {
                runs.append((day, day))
            }
        }
        return runs
    }
}
