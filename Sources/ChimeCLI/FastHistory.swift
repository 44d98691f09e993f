import ChimeCore
import FoundationEssentials

/// `chime fast history`: completed fasts, completion rate, current streak and a bar chart of
/// fasting hours over the last 14 days.
public struct FastHistory: Sendable {
    /// Days in the chart.
    public static let chartDays = 14
    /// Recent fasts listed in the text output.
    public static let listedFasts = 10
    /// Cells of a day's bar in the chart, where the terminal has room for them.
    public static let chartWidth = 24

    /// Days summarised (`--days`), counting today.
    public let days: Int
    /// Where and when the history is shown.
    public let display: TimeDisplay
    /// Finished fasts that ended within the summarised days, in start order (oldest first).
    public let fasts: [FastRecord]
    /// Fasting hours per local day, oldest first, today last (running fasts included up to now).
    public let dailyHours: [(date: LocalDate, hours: Double)]
    /// Consecutive days, ending today (or yesterday when today has none yet), on each of which
    /// a fast ended that ran its full length.
    public let currentStreak: Int
    /// Whether streaks are shown and a fast that ended before its goal is said to have stopped
    /// early (`fast.streaks on`); off, the neutral mode, it is said to have ended.
    public let judges: Bool

    /// The history over `days` days from `records` (see ``FastRecord/records(from:now:since:)``;
    /// supply records as far back as the streak should reach).
    public init(records: [FastRecord], days: Int, display: TimeDisplay, judges: Bool = true) {
        self.days = max(1, days)
        self.display = display
        self.judges = judges
        let today = display.today
        let periodStart = display.startOfDay(today.adding(days: -(self.days - 1), calendar: display.calendar))
        fasts = records.filter { $0.isFinished && $0.end >= periodStart }
            .sorted { ($0.start, $0.id, $0.cycle) < ($1.start, $1.id, $1.cycle) }

        dailyHours = (0..<Self.chartDays).reversed().map { back in
            let date = today.adding(days: -back, calendar: display.calendar)
            let dayStart = display.startOfDay(date)
            let dayEnd = display.startOfDay(date.adding(days: 1, calendar: display.calendar))
            let seconds = records.reduce(0.0) { total, record in
                total + max(0, min(record.end, dayEnd).timeIntervalSince(max(record.start, dayStart)))
            }
            return (date, seconds / 3600)
        }

        let completedDays = Set(records.filter(\.completed).map { display.localDate(of: $0.end) })
        var day = completedDays.contains(today) ? today : today.adding(days: -1, calendar: display.calendar)
        var streak = 0
        while completedDays.contains(day) {
            streak += 1
            day = day.adding(days: -1, calendar: display.calendar)
        }
        currentStreak = streak
    }

    /// Finished fasts in the period that ran their full length.
    public var completedCount: Int { fasts.filter(\.completed).count }

    /// Completed over finished fasts in the period, `nil` when there were none.
    public var completionRate: Double? {
        fasts.isEmpty ? nil : Double(completedCount) / Double(fasts.count)
    }

    /// The terminal output: summary line, chart, and the most recent fasts, the table fitted to
    /// `width` columns when given.
    public func text(style: TerminalStyle, width: Int? = nil) -> String {
        let language = display.language
        let rate = completionRate.map { CommandText.completionRate.text(language, ["percent": "\(Int(($0 * 100).rounded()))"]) } ?? ""
        var values = [
            "days": "\(days)", "fasts": (fasts.count == 1 ? CommandText.fastCountOne : .fastCount).text(language, ["count": "\(fasts.count)"]), "completed": "\(completedCount)",
            "rate": rate, "streak": (currentStreak == 1 ? CommandText.streakOneDay : .streakDays).text(language, ["count": "\(currentStreak)"]),
        ]
        var summary = (days == 1 ? CommandText.historySummaryOneDay : .historySummary).text(language, values)
        if !judges {
            values["streak"] = nil
            summary = (days == 1 ? ViewText.historySummaryNeutralOneDay : .historySummaryNeutral).text(language, values)
        }
        var lines = [summary]
        if let longest {
            lines.append(ViewText.averageAndLongest.text(language, [
                "average": display.span(averageDuration ?? 0), "longest": display.span(longest.duration), "id": longest.id,
            ]))
        }
        lines += [
            "",
            style.paint(CommandText.fastingHoursChart.text(language, ["days": "\(Self.chartDays)"]), .bold),
        ]
        let scale = max(24, dailyHours.map(\.hours).max() ?? 0)
        let labels = dailyHours.map { display.dayLabel($0.date) }
        let hoursTexts = dailyHours.map { CommandText.hoursValue.text(display.language, ["hours": FixedPointText.fixed($0.hours, fractionDigits: 1, width: 4)]) }
        // The bars give way on a narrow terminal (down to a few cells), never the day or the hours.
        let fixed = 2 + (labels.map(DisplayWidth.of).max() ?? 0) + 2 + 2 + (hoursTexts.map(DisplayWidth.of).max() ?? 0)
        let barWidth = width.map { min(Self.chartWidth, max(ProgressBar.minimumWidth / 2, $0 - fixed)) } ?? Self.chartWidth
        for (index, (date, hours)) in dailyHours.enumerated() {
            let bar = ProgressBar.cells(fraction: hours / scale, width: barWidth).filled
            let padding = String(repeating: " ", count: barWidth - bar.count)
            let label = labels[index]
            lines.append("  \(date == display.today ? style.paint(label, .bold) : label)  \(style.paint(bar, .green))\(padding)  \(hoursTexts[index])")
        }
        if !fasts.isEmpty {
            lines += ["", style.paint(ViewText.weeksHeading.text(language), .bold)]
            lines.append(weekTable.render(width: width, style: style).dropLast().description)
            lines += ["", style.paint(CommandText.recentFasts.text(language), .bold)]
            lines.append(recentTable(width: width).render(width: width, style: style).dropLast().description)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The most recent fasts, latest start first: start, length, plan, outcome, id and, when any
    /// has one, tag. On a narrow terminal the tag is shortened, then the tag and plan left out.
    private func recentTable(width: Int?) -> TextTable {
        let recent = fasts.suffix(Self.listedFasts).reversed()
        let tagged = recent.contains { !$0.tag.isEmpty }
        var columns: [TextTable.Column] = [
            .init("START"), .init("LENGTH"), .init("PLAN", dropOrder: 1), .init("RESULT"), .init("ID"),
        ]
        if tagged { columns.append(.init("TAG", minimumWidth: 8, dropOrder: 0)) }
        let rows = recent.map { fast -> [TextTable.Cell] in
            var row: [TextTable.Cell] = [
                .init(display.clock(fast.start)), .init(display.span(fast.duration)), .init(fast.plan.displayName),
                fast.completed ? .init(CommandText.completed.text(display.language), .green)
                    : judges ? .init(CommandText.stoppedEarly.text(display.language), .yellow) : .init(ViewText.ended.text(display.language)), .init(fast.id),
            ]
            if tagged { row.append(.init(fast.tag)) }
            return row
        }
        return TextTable(columns: columns, rows: rows, keyColumn: 4, indent: 2, showsHeader: false)
    }

    /// `fast history --json`.
    public var json: FastHistoryJSON {
        FastHistoryJSON(
            days: days,
            total: fasts.count,
            completed: completedCount,
            completionRate: completionRate.map { ($0 * 10_000).rounded() / 10_000 },
            currentStreakDays: judges ? currentStreak : nil,
            fasts: fasts.map { $0.json(in: display.timeZone) },
            dailyHours: dailyHours.map { DailyHoursJSON(date: $0.date.description, hours: ($0.hours * 100).rounded() / 100) },
            averageSeconds: averageDuration.map { Int($0.rounded()) },
            longest: longest.map { LongestFastJSON(id: $0.id, startedAt: display.iso8601($0.start), durationSeconds: Int($0.duration.rounded())) },
            weeks: weeks.map(\.json)
        )
    }
}

/// `chime fast history --json`.
public struct FastHistoryJSON: Codable, Hashable, Sendable {
    /// Days summarised.
    public var days: Int
    /// Finished fasts in the period.
    public var total: Int
    /// Of those, completed.
    public var completed: Int
    /// completed / total (0...1), `null` without fasts.
    public var completionRate: Double?
    /// See ``FastHistory/currentStreak``; `null` in the neutral mode (`fast.streaks off`).
    public var currentStreakDays: Int?
    /// The finished fasts, oldest first.
    public var fasts: [FastRecordJSON]
    /// The last 14 days, oldest first.
    public var dailyHours: [DailyHoursJSON]
    /// The average length of the finished fasts, `null` without any.
    public var averageSeconds: Int?
    /// The longest of them, `null` without any.
    public var longest: LongestFastJSON?
    /// The weeks (Monday to Sunday) of the period, oldest first.
    public var weeks: [FastWeekJSON]

    enum CodingKeys: String, CodingKey {
        case days, total, completed
        case completionRate = "completion_rate"
        case currentStreakDays = "current_streak_days"
        case fasts
        case dailyHours = "daily_hours"
        case averageSeconds = "average_seconds"
        case longest, weeks
    }
}

/// Fasting hours on one local day.
public struct DailyHoursJSON: Codable, Hashable, Sendable {
    /// `YYYY-MM-DD`.
    public var date: String
    /// Hours, two decimals.
    public var hours: Double
}
