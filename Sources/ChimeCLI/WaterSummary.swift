import ChimeCore
import FoundationEssentials

/// The water state `water status` and `status` show: the schedule (if any), today's intake and
/// the next reminder, as gathered by the caller.
public struct WaterSummary: Hashable, Sendable {
    /// The schedule, `nil` when water reminders are off.
    public var schedule: WaterSchedule?
    /// Millilitres logged in the current water day.
    public var consumedML: Int
    /// The next reminder, if one is pending.
    public var nextReminder: Date?
    /// The goal of the current water day in millilitres (its weekday's, else the schedule's),
    /// `nil` without one.
    public var goalML: Int?

    /// Makes a summary; `goalML` defaults to the schedule's goal.
    public init(schedule: WaterSchedule?, consumedML: Int, nextReminder: Date?, goalML: Int?? = nil) {
        self.schedule = schedule
        self.consumedML = consumedML
        self.nextReminder = nextReminder
        self.goalML = goalML ?? schedule?.goalML
    }

    /// `1250 of 2000 ml` or `1250 ml`.
    public var intakeText: String { intakeText(in: .english) }

    /// ``intakeText`` in `language`, amounts as `water` writes them.
    public func intakeText(in language: UserLanguage, water: WaterAmountText? = nil) -> String {
        let water = water ?? WaterAmountText(language: language)
        return goalML.map { CommandText.intakeOfGoal.text(language, ["ml": water.number(consumedML), "goal": water.number($0), "unit": water.unitName]) }
            ?? CommandText.intake.text(language, ["ml": water.number(consumedML), "unit": water.unitName])
    }

    /// The lines of `water status`, its progress bar fitted to a terminal of `width` columns
    /// when given.
    public func text(display: TimeDisplay, style: TerminalStyle, width: Int? = nil, unit: WaterUnit = .millilitres) -> String {
        let language = display.language
        let water = WaterAmountText(unit: unit, language: language)
        guard let schedule else {
            return CommandText.noWaterReminders.text(language, ["ml": water.number(consumedML), "unit": water.unitName]) + "\n"
        }
        var lines = [CommandText.waterConfigured.text(language, [
            "id": schedule.id, "interval": display.span(schedule.interval.timeInterval), "window": display.window(schedule.window),
            "ml": water.number(schedule.amountML), "unit": water.unitName,
        ])]
        let today = CommandText.today.text(language, ["intake": intakeText(in: language, water: water)])
        if let goal = goalML {
            lines.append(ProgressBar.line(
                fraction: Double(consumedML) / Double(goal), barWidth: 20, color: .blue, caption: today, captionFirst: true, width: width, style: style
            ))
        } else {
            lines.append("  " + today)
        }
        lines.append("  " + nextText(display: display))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `next reminder 14:00 (in 32 min)`, `paused until ...`, `goal reached; next ...`.
    public func nextText(display: TimeDisplay) -> String {
        let language = display.language
        var parts: [String] = []
        if let pausedUntil = schedule?.pausedUntil, pausedUntil > display.now {
            parts.append(CommandText.pausedUntil.text(language, ["until": display.clockAndRelative(pausedUntil)]))
        }
        if let goal = goalML, consumedML >= goal {
            parts.append(CommandText.goalReachedPart.text(language))
        }
        parts.append(nextReminder.map { CommandText.nextReminder.text(language, ["next": display.clockAndRelative($0)]) }
            ?? CommandText.noReminderPending.text(language))
        return parts.joined(separator: CommandText.clauseSeparator.text(language))
    }

    /// `water status --json`; `unit` is the one the user reads in (the amounts stay millilitres).
    public func json(display: TimeDisplay, unit: WaterUnit = .millilitres) -> WaterStatusJSON {
        WaterStatusJSON(
            id: schedule?.id,
            intervalSeconds: schedule.map { Int($0.interval.seconds) },
            from: schedule?.window.from.description,
            until: schedule?.window.until.description,
            amountML: schedule?.amountML,
            goalML: goalML,
            consumedML: consumedML,
            pausedUntil: schedule?.pausedUntil.flatMap { $0 > display.now ? display.iso8601($0) : nil },
            nextReminder: nextReminder.map(display.iso8601),
            unit: unit.rawValue
        )
    }
}

/// `chime water status --json`: `{"id","interval_seconds","from","until","amount_ml","goal_ml",
/// "consumed_ml","paused_until","next_reminder","unit"}`; schedule fields are `null` when reminders
/// are off; `goal_ml` is the goal of the current water day.
public struct WaterStatusJSON: Codable, Hashable, Sendable {
    /// The schedule id.
    public var id: String?
    /// Seconds between reminders.
    public var intervalSeconds: Int?
    /// `HH:MM`.
    public var from: String?
    /// `HH:MM`.
    public var until: String?
    /// Millilitres per glass.
    public var amountML: Int?
    /// Daily goal.
    public var goalML: Int?
    /// Logged in the current water day.
    public var consumedML: Int
    /// ISO 8601 with offset, while paused.
    public var pausedUntil: String?
    /// ISO 8601 with offset.
    public var nextReminder: String?
    /// The unit amounts are shown in (`ml`, `oz`); the amounts here are millilitres all the same.
    public var unit: String

    enum CodingKeys: String, CodingKey {
        case id
        case intervalSeconds = "interval_seconds"
        case from, until
        case amountML = "amount_ml"
        case goalML = "goal_ml"
        case consumedML = "consumed_ml"
        case pausedUntil = "paused_until"
        case nextReminder = "next_reminder"
        case unit
    }
}
