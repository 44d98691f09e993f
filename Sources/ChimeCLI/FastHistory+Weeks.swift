import ChimeCore
import FoundationEssentials

/// The summaries of `fast history` beyond the counts: the average and longest fast, and the
/// fasts week by week (Monday to Sunday, by the local date each began).
extension FastHistory {
    /// One week of the period.
    public struct Week: Sendable {
        /// Its Monday.
        public var monday: LocalDate
        /// The finished fasts that began in it.
        public var fasts: [FastRecord]

        /// How many ran their plan's length.
        public var completed: Int { fasts.filter(\.completed).count }
        /// Hours fasted in them.
        public var hours: Double { fasts.reduce(0) { $0 + $1.duration } / 3600 }
        /// Their average length, `nil` without any.
        public var average: TimeInterval? { fasts.isEmpty ? nil : fasts.reduce(0) { $0 + $1.duration } / Double(fasts.count) }

        /// `fast history --json`'s element.
        var json: FastWeekJSON {
            FastWeekJSON(
                weekStart: monday.description, fasts: fasts.count, completed: completed, hours: (hours * 100).rounded() / 100,
                averageSeconds: average.map { Int($0.rounded()) }
            )
        }
    }

    /// The most weeks the text shows (the most recent ones, from the first with a fast;
    /// `--json` has every week of the period).
    public static let listedWeeks = 12

    /// The average length of the finished fasts of the period, `nil` without any.
    public var averageDuration: TimeInterval? {
        fasts.isEmpty ? nil : fasts.reduce(0) { $0 + $1.duration } / Double(fasts.count)
    }

    /// The longest finished fast of the period (the earliest of equals), `nil` without any.
    public var longest: FastRecord? {
        fasts.reduce(nil) { best, fast in best.map { fast.duration > $0.duration ? fast : $0 } ?? fast }
    }

    /// The weeks from the one holding the period's first day to this one, oldest first.
    public var weeks: [Week] {
        let calendar = display.calendar
        func monday(of date: LocalDate) -> LocalDate { date.adding(days: -date.weekday.rawValue, calendar: calendar) }
        let first = monday(of: display.today.adding(days: -(days - 1), calendar: calendar))
        let last = monday(of: display.today)
        var weeks: [Week] = []
        var start = first
        while start <= last {
            weeks.append(Week(monday: start, fasts: []))
            start = start.adding(days: 7, calendar: calendar)
        }
        for fast in fasts {
            let date = monday(of: display.localDate(of: fast.start))
            if let index = weeks.firstIndex(where: { $0.monday == date }) { weeks[index].fasts.append(fast) }
        }
        return weeks
    }

    /// The weeks as a table: `03-02  7  5  98.5  14 h 5 min`; the average goes first on a
    /// narrow terminal.
    var weekTable: TextTable {
        let language = display.language
        let columns: [TextTable.Column] = [
            .init(ViewText.columnWeek.text(language)), .init(ViewText.columnFasts.text(language)),
            .init(ViewText.columnCompleted.text(language), dropOrder: 1), .init(ViewText.columnHours.text(language)),
            .init(ViewText.columnAverage.text(language), dropOrder: 0),
        ]
        let shown = weeks.drop { $0.fasts.isEmpty }.suffix(Self.listedWeeks)
        let rows = shown.map { week -> [TextTable.Cell] in
            [
                .init(FixedPointText.zeroPadded(week.monday.month, width: 2) + "-" + FixedPointText.zeroPadded(week.monday.day, width: 2)), .init("\(week.fasts.count)"), .init("\(week.completed)"),
                .init(FixedPointText.fixed(week.hours, fractionDigits: 1)), .init(week.average.map(display.span) ?? "-"),
            ]
        }
        return TextTable(columns: columns, rows: rows, keyColumn: 0, indent: 2, showsHeader: true)
    }
}

/// The longest fast in `chime fast history --json`.
public struct LongestFastJSON: Codable, Hashable, Sendable {
    /// Its id.
    public var id: String
    /// When it began, ISO 8601 with offset.
    public var startedAt: String
    /// How long it lasted.
    public var durationSeconds: Int

    enum CodingKeys: String, CodingKey {
        case id
        case startedAt = "started_at"
        case durationSeconds = "duration_seconds"
    }
}

/// One week in `chime fast history --json`.
public struct FastWeekJSON: Codable, Hashable, Sendable {
    /// Its Monday, `YYYY-MM-DD`.
    public var weekStart: String
    /// Finished fasts that began in it.
    public var fasts: Int
    /// Of those, completed.
    public var completed: Int
    /// Hours fasted in them, two decimals.
    public var hours: Double
    /// Their average length, `null` without any.
    public var averageSeconds: Int?

    enum CodingKeys: String, CodingKey {
        case weekStart = "week_start"
        case fasts, completed, hours
        case averageSeconds = "average_seconds"
    }
}
