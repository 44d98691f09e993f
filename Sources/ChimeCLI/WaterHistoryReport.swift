import ChimeCore
import FoundationEssentials

/// `chime water history`: each water day, the current one last, as a row with a bar of what was
/// drunk against that day's goal, under a line with the average and how often the goal was met.
///
/// The rows fit the terminal (every width from 40 to 200): the bar shrinks first, then the
/// percentage, the unit and the long day label give way, in that order.
public struct WaterHistoryReport: Sendable {
    /// The days, oldest first, the current one last.
    public let days: [WaterDayTotal]
    /// Where and when it is shown.
    public let display: TimeDisplay
    /// How amounts are written.
    public let water: WaterAmountText

    /// The cells a bar takes where the terminal has room.
    public static let barWidth = 20
    /// The fewest cells a bar is shrunk to.
    public static let minimumBarWidth = 5

    /// The report of `days` shown with `display`, amounts in `unit`.
    public init(days: [WaterDayTotal], display: TimeDisplay, unit: WaterUnit) {
        self.days = days
        self.display = display
        self.water = WaterAmountText(unit: unit, language: display.language)
    }

    /// The days that are over (all but the current one).
    private var pastDays: ArraySlice<WaterDayTotal> { days.dropLast() }

    /// The average millilitres a day over the days that are over; `nil` with none.
    public var averageML: Int? {
        pastDays.isEmpty ? nil : Int((Double(pastDays.reduce(0) { $0 + $1.consumedML }) / Double(pastDays.count)).rounded())
    }

    /// Days shown that had a goal.
    public var daysWithGoal: Int { days.filter { $0.goalML != nil }.count }

    /// Days shown whose goal was met.
    public var daysGoalMet: Int { days.filter(\.metGoal).count }

    private func say(_ message: ViewText, _ values: [String: String] = [:]) -> String {
        message.text(display.language, values)
    }

    /// The summary line and one row per day, fitted to `width` columns when given.
    public func text(style: TerminalStyle, width: Int? = nil) -> String {
        guard days.contains(where: { $0.glasses > 0 }) else {
            return say(.noWaterLogged, ["days": "\(days.count)"]) + "\n"
        }
        var parts: [String] = []
        if let averageML { parts.append(say(.waterAverage, ["amount": water.amount(averageML)])) }
        if daysWithGoal > 0 { parts.append(say(.waterGoalMetDays, ["met": "\(daysGoalMet)", "counted": "\(daysWithGoal)"])) }
        var heading = say(.waterHistoryHeading, ["days": "\(days.count)"])
        if !parts.isEmpty {
            heading = say(.headingWithDetails, ["heading": heading, "details": parts.joined(separator: CommandText.clauseSeparator.text(display.language))])
        }
        return ([heading, ""] + rows(style: style, width: width)).joined(separator: "\n") + "\n"
    }

    /// What a row shows, from most to least: each later layout gives up something to fit.
    private struct Layout {
        var longLabel: Bool
        var unit: Bool
        var percent: Bool
    }

    private static let layouts = [
        Layout(longLabel: true, unit: true, percent: true), Layout(longLabel: true, unit: true, percent: false),
        Layout(longLabel: true, unit: false, percent: false), Layout(longLabel: false, unit: false, percent: false),
    ]

    /// The rows in the richest layout whose bar keeps ``minimumBarWidth`` cells within `width`.
    private func rows(style: TerminalStyle, width: Int?) -> [String] {
        let scale = Double(max(1, days.map { $0.goalML ?? $0.consumedML }.max() ?? 1, days.map(\.consumedML).max() ?? 1))
        let marks = days.contains(where: \.metGoal)
        for (index, layout) in Self.layouts.enumerated() {
            let labels = days.map { layout.longLabel ? display.dayLabel($0.date) : FixedPointText.zeroPadded($0.date.month, width: 2) + "-" + FixedPointText.zeroPadded($0.date.day, width: 2) }
            let amounts = days.map { amount(of: $0, unit: layout.unit) }
            let percents = days.map { day in day.goalML.map { "\(Int((Double(day.consumedML) * 100 / Double(max(1, $0))).rounded(.down)))%" } ?? "" }
            let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
            let amountWidth = amounts.map(DisplayWidth.of).max() ?? 0
            let percentWidth = layout.percent ? percents.map(DisplayWidth.of).max() ?? 0 : 0
            let fixed = 2 + labelWidth + 2 + 2 + amountWidth + (percentWidth > 0 ? 2 + percentWidth : 0) + (marks ? 3 : 0)
            let room = width.map { $0 - fixed } ?? Self.barWidth
            guard room >= Self.minimumBarWidth || index == Self.layouts.count - 1 else { continue }
            let barWidth = max(Self.minimumBarWidth, min(Self.barWidth, room))
            return days.enumerated().map { position, day in
                let fraction = Double(day.consumedML) / (day.goalML.map(Double.init) ?? scale)
                let bar = ProgressBar.cells(fraction: fraction, width: barWidth)
                let today = position == days.count - 1
                let label = DisplayWidth.padded(labels[position], to: labelWidth)
                var line = "  " + (today ? style.paint(label, .bold) : label)
                line += "  " + style.paint(bar.filled, day.metGoal ? .green : .blue) + style.paint(bar.empty, .dim)
                line += "  " + String(repeating: " ", count: amountWidth - DisplayWidth.of(amounts[position])) + amounts[position]
                if percentWidth > 0 { line += "  " + String(repeating: " ", count: percentWidth - DisplayWidth.of(percents[position])) + percents[position] }
                if day.metGoal { line += "  " + style.paint("✓", .green) }
                return line.trimmingTrailingSpaces
            }
        }
        return []
    }

    /// `1750 / 2000 ml`, `1750 ml`; without the unit `1750/2000`, `1750`.
    private func amount(of day: WaterDayTotal, unit: Bool) -> String {
        let consumed = water.number(day.consumedML)
        guard let goal = day.goalML else { return unit ? water.amount(day.consumedML) : consumed }
        let numbers = unit ? say(.amountOfGoal, ["amount": consumed, "goal": water.number(goal)]) : "\(consumed)/\(water.number(goal))"
        return unit ? "\(numbers) \(water.unitName)" : numbers
    }

    /// `water history --json`.
    public var json: WaterHistoryJSON {
        WaterHistoryJSON(
            days: days.count, unit: water.unit.rawValue, averageML: averageML, goalMetDays: daysGoalMet, goalDays: daysWithGoal,
            waterDays: days.map { day in
                WaterDayJSON(
                    date: day.date.description, startsAt: display.iso8601(day.day.start), endsAt: display.iso8601(day.day.end),
                    consumedML: day.consumedML, glasses: day.glasses, goalML: day.goalML, goalMet: day.metGoal
                )
            }
        )
    }
}

extension String {
    /// The text without spaces at its end.
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// `chime water history --json`: `{"days","unit","average_ml","goal_met_days","goal_days",
/// "water_days":[{"date","starts_at","ends_at","consumed_ml","glasses","goal_ml","goal_met"}]}`.
public struct WaterHistoryJSON: Codable, Hashable, Sendable {
    /// Water days shown.
    public var days: Int
    /// The unit the user reads in (amounts here stay millilitres).
    public var unit: String
    /// Average millilitres a day before the current one; `null` without such days.
    public var averageML: Int?
    /// Days whose goal was met.
    public var goalMetDays: Int
    /// Days that had a goal.
    public var goalDays: Int
    /// The water days, oldest first.
    public var waterDays: [WaterDayJSON]

    enum CodingKeys: String, CodingKey {
        case days, unit
        case averageML = "average_ml"
        case goalMetDays = "goal_met_days"
        case goalDays = "goal_days"
        case waterDays = "water_days"
    }
}

/// One water day of `water history --json`.
public struct WaterDayJSON: Codable, Hashable, Sendable {
    /// `YYYY-MM-DD`: the date the water day starts on.
    public var date: String
    /// When it starts, ISO 8601 with offset.
    public var startsAt: String
    /// When the next one starts.
    public var endsAt: String
    /// Millilitres logged in it.
    public var consumedML: Int
    /// Glasses logged in it.
    public var glasses: Int
    /// Its goal, `null` without one.
    public var goalML: Int?
    /// Whether it had a goal and it was met.
    public var goalMet: Bool

    enum CodingKeys: String, CodingKey {
        case date
        case startsAt = "starts_at"
        case endsAt = "ends_at"
        case consumedML = "consumed_ml"
        case glasses
        case goalML = "goal_ml"
        case goalMet = "goal_met"
    }
}
