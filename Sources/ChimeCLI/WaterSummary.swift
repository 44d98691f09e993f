import ChimeCore
import Foundation

/// The water state `water status` and `status` show: the schedule (if any), today's intake and
/// the next reminder, as gathered by the caller.
public struct WaterSummary: Hashable, Sendable {
    /// The schedule, `nil` when water reminders are off.
    public var schedule: WaterSchedule?
    /// Millilitres logged in the current water day.
    public var consumedML: Int
    /// The next reminder, if one is pending.
    public var nextReminder: Date?

    /// Makes a summary.
    public init(schedule: WaterSchedule?, consumedML: Int, nextReminder: Date?) {
        self.schedule = schedule
        self.consumedML = consumedML
        self.nextReminder = nextReminder
    }

    /// The goal in millilitres, if the schedule has one.
    public var goalML: Int? { schedule?.goalML }

    /// `1250 of 2000 ml` or `1250 ml`.
    public var intakeText: String { intakeText(in: .english) }

    /// ``intakeText`` in `language`.
    public func intakeText(in language: UserLanguage) -> String {
        goalML.map { CommandText.intakeOfGoal.text(language, ["ml": "\(consumedML)", "goal": "\($0)"]) }
            ?? CommandText.intake.text(language, ["ml": "\(consumedML)"])
    }

    /// The lines of `water status`, its progress bar fitted to a terminal of `width` columns
    /// when given.
    public func text(display: TimeDisplay, style: TerminalStyle, width: Int? = nil) -> String {
        let language = display.language
        guard let schedule else {
            return CommandText.noWaterReminders.text(language, ["ml": "\(consumedML)"]) + "\n"
        }
        var lines = [CommandText.waterConfigured.text(language, [
            "id": schedule.id, "interval": display.span(schedule.interval.timeInterval), "window": display.window(schedule.window), "ml": "\(schedule.amountML)",
        ])]
        let today = CommandText.today.text(language, ["intake": intakeText(in: language)])
        if let goal = schedule.goalML {
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

    /// `water status --json`.
    public func json(display: TimeDisplay) -> WaterStatusJSON {
        WaterStatusJSON(
            id: schedule?.id,
            intervalSeconds: schedule.map { Int($0.interval.seconds) },
            from: schedule?.window.from.description,
            until: schedule?.window.until.description,
            amountML: schedule?.amountML,
            goalML: schedule?.goalML,
            consumedML: consumedML,
            pausedUntil: schedule?.pausedUntil.flatMap { $0 > display.now ? display.iso8601($0) : nil },
            nextReminder: nextReminder.map(display.iso8601)
        )
    }
}

/// `chime water status --json`: `{"id","interval_seconds","from","until","amount_ml","goal_ml",
/// "consumed_ml","paused_until","next_reminder"}`; schedule fields are `null` when reminders are off.
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

    enum CodingKeys: String, CodingKey {
        case id
        case intervalSeconds = "interval_seconds"
        case from, until
        case amountML = "amount_ml"
        case goalML = "goal_ml"
        case consumedML = "consumed_ml"
        case pausedUntil = "paused_until"
        case nextReminder = "next_reminder"
    }
}
