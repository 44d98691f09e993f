import ChimeCore
import ChimeDesk
import FoundationEssentials

/// `chime remind list`: each recurring reminder with its rule, its next occurrence and how many
/// are left.
struct RecurringReminderList {
    /// The reminders, by id.
    var reminders: [Desk.RecurringReminderState]
    /// How times are shown.
    var display: TimeDisplay

    /// `pills  daily 08:00  tomorrow 08:00 (in 22 h)  no end  take the pills`, fitted to `width`.
    func text(style: TerminalStyle, width: Int?) -> String {
        let language = display.language
        guard !reminders.isEmpty else { return CommandText.noRecurringReminders.text(language) }
        var table = TextTable(
            columns: [
                .init(CommandText.columnID.text(language)),
                .init(CommandText.columnRule.text(language), minimumWidth: 8),
                .init(CommandText.columnNext.text(language), minimumWidth: 5),
                .init(CommandText.columnLeft.text(language), dropOrder: 1),
                .init(CommandText.columnText.text(language), minimumWidth: 6),
            ],
            rows: reminders.map { state in
                let next = state.next.map(display.clockAndRelative) ?? CommandText.ruleOver.text(language)
                let left = state.left.map { $0 >= Desk.countLimit ? "\($0)+" : "\($0)" } ?? CommandText.noEnd.text(language)
                var rule = state.reminder.ruleText ?? state.reminder.rule.rruleText
                if state.reminder.endedAt != nil { rule += CommandText.endedMark.text(language) }
                return [.init(state.reminder.id), .init(rule), .init(next, state.next == nil ? .dim : nil), .init(left), .init(state.reminder.text)]
            }
        )
        table.keyColumn = 0
        return table.render(width: width, style: style)
    }

    /// `[{"id","rule","rrule","text","next","left","nag_seconds","urgency","ended_at"}]`.
    var json: [Entry] {
        reminders.map { state in
            Entry(
                id: state.reminder.id, rule: state.reminder.ruleText ?? state.reminder.rule.rruleText, rrule: state.reminder.rule.rruleText,
                text: state.reminder.text, next: state.next.map(display.iso8601), left: state.left,
                nagSeconds: state.reminder.nag.map { Int($0.interval) }, urgency: state.reminder.urgency,
                endedAt: state.reminder.endedAt.map(display.iso8601)
            )
        }
    }

    /// One reminder in `--json`.
    struct Entry: Encodable {
        let id: String
        let rule: String
        let rrule: String
        let text: String
        let next: String?
        let left: Int?
        let nagSeconds: Int?
        let urgency: String?
        let endedAt: String?

        enum CodingKeys: String, CodingKey {
            case id, rule, rrule, text, next, left, nagSeconds = "nag_seconds", urgency, endedAt = "ended_at"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(rule, forKey: .rule)
            try container.encode(rrule, forKey: .rrule)
            try container.encode(text, forKey: .text)
            try container.encode(next, forKey: .next)
            try container.encode(left, forKey: .left)
            try container.encode(nagSeconds, forKey: .nagSeconds)
            try container.encode(urgency, forKey: .urgency)
            try container.encode(endedAt, forKey: .endedAt)
        }
    }
}
