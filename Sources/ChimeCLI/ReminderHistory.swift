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
        guard !occurrences.isEmpty else { return "No reminder occurrences recorded: they are recorded for reminders set with --nag." }
        let rows = occurrences.map { occurrence -> [String] in
            let reading = LocalTimeResolver.wallClock(of: occurrence.due, in: display.timeZone, calendar: display.calendar)
            var outcome: String
            switch occurrence.outcome {
            case .open: outcome = "open"
            case .doneOnTime: outcome = "done on time"
            case .doneLate: outcome = "done late"
            case .missed: outcome = "missed"
            }
            if let acknowledged = occurrence.acknowledgedAt { outcome += " at \(display.clock(acknowledged))" }
            return ["\(reading.date) \(reading.time)", occurrence.reminderID, outcome, occurrence.identifier]
        }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.map { row in
            (0..<3).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ") + "  " + row[3]
        }
        let done = occurrences.filter { $0.outcome == .doneOnTime || $0.outcome == .doneLate }.count
        let settled = occurrences.filter { $0.outcome != .open }.count
        return (lines + ["\(done) of \(settled) done"]).joined(separator: "\n")
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
