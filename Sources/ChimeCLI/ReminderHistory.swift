import ChimeCore
import Foundation

/// `chime remind history`: what became of each occurrence of nagging reminders.
public struct ReminderHistory: Sendable {
    /// The occurrences, oldest first.
    public var occurrences: [ReminderOccurrence]
    /// How times are shown.
    public var display: TimeDisplay

    /// A history of `occurrences` shown with `display`.
    public init(occurrences: [ReminderOccurrence], display: TimeDisplay) {
        self.occurrences = occurrences
        self.display = display
    }

    /// One line per occurrence: `2027-03-27 08:00  pills  done late at 08:40  remind/pills/2027-03-27T08:00`.
    public var text: String {
        let language = display.language
        guard !occurrences.isEmpty else { return CommandText.noOccurrences.text(language) }
        let rows = occurrences.map { occurrence -> [String] in
            let reading = LocalTimeResolver.wallClock(of: occurrence.due, in: display.timeZone, calendar: display.calendar)
            var outcome: String
            switch occurrence.outcome {
            case .open: outcome = CommandText.outcomeOpen.text(language)
            case .doneOnTime: outcome = CommandText.outcomeOnTime.text(language)
            case .doneLate: outcome = CommandText.outcomeLate.text(language)
            case .missed: outcome = CommandText.outcomeMissed.text(language)
            }
            if let acknowledged = occurrence.acknowledgedAt { outcome += CommandText.outcomeAt.text(language, ["time": display.clock(acknowledged)]) }
            return ["\(reading.date) \(reading.time)", occurrence.reminderID, outcome, occurrence.identifier]
        }
        // Padded by display columns: a Chinese outcome is twice as wide as its characters.
        let widths = (0..<3).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        let lines = rows.map { row in
            (0..<3).map { DisplayWidth.padded(row[$0], to: widths[$0]) }.joined(separator: "  ") + "  " + row[3]
        }
        let done = occurrences.filter { $0.outcome == .doneOnTime || $0.outcome == .doneLate }.count
        let settled = occurrences.filter { $0.outcome != .open }.count
        return (lines + [CommandText.doneOfSettled.text(language, ["done": "\(done)", "settled": "\(settled)"])]).joined(separator: "\n")
    }

    /// The `--json` array.
    public var json: [ReminderOccurrenceJSON] {
        occurrences.map {
            ReminderOccurrenceJSON(
                id: $0.identifier, reminder: $0.reminderID, due: display.iso8601($0.due),
                outcome: $0.outcome.rawValue, acknowledgedAt: $0.acknowledgedAt.map(display.iso8601)
            )
        }
    }
}

/// One occurrence in `chime remind history --json`.
public struct ReminderOccurrenceJSON: Codable, Hashable, Sendable {
    /// The occurrence's identifier (`remind/pills/2027-03-27T08:00`).
    public var id: String
    /// The reminder's id (`pills`).
    public var reminder: String
    /// When it was due, ISO 8601 with offset.
    public var due: String
    /// `open`, `done-on-time`, `done-late` or `missed`.
    public var outcome: String
    /// When it was acknowledged, `null` unless done.
    public var acknowledgedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, reminder, due, outcome
        case acknowledgedAt = "acknowledged_at"
    }
}
