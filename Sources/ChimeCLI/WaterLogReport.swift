import ChimeCore
import ChimeDesk
import ChimeStore
import FoundationEssentials

/// `chime water log`: the glasses of each water day with their numbers, which `water undo N`
/// and `water edit N` take.
public struct WaterLogReport: Sendable {
    /// The water days, oldest first.
    public let days: [Desk.WaterLogDay]
    /// Where and when it is shown.
    public let display: TimeDisplay
    /// How amounts are written.
    public let water: WaterAmountText

    /// The log of `days`, amounts in `unit`.
    public init(days: [Desk.WaterLogDay], display: TimeDisplay, unit: WaterUnit) {
        self.days = days
        self.display = display
        self.water = WaterAmountText(unit: unit, language: display.language)
    }

    private func say(_ message: ViewText, _ values: [String: String] = [:]) -> String {
        message.text(display.language, values)
    }

    /// A heading per water day, then one line per glass: `  #12  08:05  250 ml`.
    public func text(style: TerminalStyle) -> String {
        var lines: [String] = []
        let numbers = days.flatMap(\.glasses).map { say(.glassNumber, ["number": "\($0.record)"]) }
        let numberWidth = numbers.map(DisplayWidth.of).max() ?? 0
        let amountWidth = days.flatMap(\.glasses).map { DisplayWidth.of(water.number($0.logged.intake.amountML)) }.max() ?? 0
        for day in days {
            let label = display.dayLabel(day.total.date).replacingEvery("  ", with: " ")
            let summary = WaterSummary(schedule: nil, consumedML: day.total.consumedML, nextReminder: nil, goalML: .some(day.total.goalML))
            let intake = summary.intakeText(in: display.language, water: water)
            switch day.glasses.count {
            case 0: lines.append(style.paint(say(.noGlasses, ["day": label]), .bold))
            case 1: lines.append(style.paint(say(.waterLogHeadingOne, ["day": label, "intake": intake]), .bold))
            default: lines.append(style.paint(say(.waterLogHeading, ["day": label, "intake": intake, "count": "\(day.glasses.count)"]), .bold))
            }
            for glass in day.glasses {
                let number = say(.glassNumber, ["number": "\(glass.record)"])
                let time = LocalTimeResolver.wallClock(of: glass.logged.intake.instant, in: display.timeZone, calendar: display.calendar).time
                let amount = water.number(glass.logged.intake.amountML)
                lines.append("  " + DisplayWidth.padded(number, to: numberWidth) + "  \(time)  "
                    + String(repeating: " ", count: amountWidth - DisplayWidth.of(amount)) + amount + " " + water.unitName)
            }
        }
        if days.contains(where: { !$0.glasses.isEmpty }) { lines.append(say(.waterLogHint)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `water log --json`: every glass, oldest first.
    public var json: [LoggedGlassJSON] {
        days.flatMap { day in
            day.glasses.map { glass in
                LoggedGlassJSON(
                    number: glass.record, instant: display.iso8601(glass.logged.intake.instant), amountML: glass.logged.intake.amountML,
                    unit: water.unit.rawValue, schedule: glass.logged.scheduleID, waterDay: day.total.date.description
                )
            }
        }
    }
}

/// One glass of `water log --json`: `{"number","instant","amount_ml","unit","schedule","water_day"}`.
public struct LoggedGlassJSON: Codable, Hashable, Sendable {
    /// The number `water undo N` and `water edit N` take.
    public var number: Int64
    /// When it was drunk, ISO 8601 with offset.
    public var instant: String
    /// Millilitres.
    public var amountML: Int
    /// The unit the user reads in (the amount stays millilitres).
    public var unit: String
    /// The schedule it was logged under, `null` for none.
    public var schedule: String?
    /// The date its water day starts on.
    public var waterDay: String

    enum CodingKeys: String, CodingKey {
        case number, instant
        case amountML = "amount_ml"
        case unit, schedule
        case waterDay = "water_day"
    }
}
