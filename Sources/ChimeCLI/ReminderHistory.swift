import ChimeCore
import FoundationEssentials

/// `chime remind history`: what became of each occurrence of every reminder, one-off or
/// recurring: shown, snoozed, skipped, missed, not shown yet, and for one set with `--nag` done
/// or open.
public struct ReminderHistory: Sendable {
    /// The occurrences, oldest first.
    public var occurrences: [ReminderHistoryEntry]
    /// How times are shown.
    public var display: TimeDisplay
    /// Days covered (`--days`), for the line said when there is nothing.
    public var days: Int

    /// A history of `occurrences` over `days` days, shown with `display`.
    public init(occurrences: [ReminderHistoryEntry], display: TimeDisplay, days: Int = Command.defaultHistoryDays) {
        self.occurrences = occurrences
        self.display = display
        self.days = days
    }

    /// What became of `occurrence`, in a few words: `shown at 08:10, snoozed once`,
    /// `done late at 08:40`, `snoozed until 08:20`.
    public func outcomeText(_ occurrence: ReminderHistoryEntry) -> String {
        let language = display.language
        var text: String
        switch occurrence.outcome {
        case .open: text = CommandText.outcomeOpen.text(language)
        case .doneOnTime: text = CommandText.outcomeOnTime.text(language)
        case .doneLate: text = CommandText.outcomeLate.text(language)
        case .missed: text = CommandText.outcomeMissed.text(language)
        case .shown: text = ViewText.outcomeShown.text(language, ["time": occurrence.shownAt.last.map(display.clock) ?? ""])
        case .skipped: text = ViewText.outcomeSkipped.text(language)
        case .snoozed: text = ViewText.outcomeSnoozedUntil.text(language, ["time": occurrence.comesAt.map(display.clock) ?? ""])
        case .pending: text = ViewText.outcomeNotShownYet.text(language)
        }
        if let acknowledged = occurrence.acknowledgedAt { text += CommandText.outcomeAt.text(language, ["time": display.clock(acknowledged)]) }
        switch occurrence.snoozes.count {
        case 0: break
        case 1: text += ViewText.afterSnooze.text(language)
        default: text += ViewText.afterSnoozes.text(language, ["count": "\(occurrence.snoozes.count)"])
        }
        return text
    }

    /// One line per occurrence: `2027-03-27 08:00  pills  done late at 08:40  remind/pills/2027-03-27T08:00`,
    /// then how many came to what. On a terminal narrower than that (`width`), each occurrence
    /// takes two lines: when and what became of it, then its identifier (which names the
    /// reminder too), indented and whole.
    public func text(width: Int? = nil) -> String {
        let language = display.language
        guard !occurrences.isEmpty else { return ViewText.noReminderHistory.text(language, ["days": "\(days)"]) }
        let rows = occurrences.map { occurrence -> [String] in
            let reading = LocalTimeResolver.wallClock(of: occurrence.due, in: display.timeZone, calendar: display.calendar)
            return ["\(reading.date) \(reading.time)", occurrence.reminderID, outcomeText(occurrence), occurrence.identifier]
        }
        // Padded by display columns: a Chinese outcome is twice as wide as its characters.
        let widths = (0..<3).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        let identifierWidth = rows.map { DisplayWidth.of($0[3]) }.max() ?? 0
        let fitsOneLine = width.map { widths.reduce(0, +) + 3 * 2 + identifierWidth <= $0 } ?? true
        let lines = rows.map { row in
            guard fitsOneLine else { return row[0] + "  " + row[2] + "\n  " + row[3] }
            return (0..<3).map { DisplayWidth.padded(row[$0], to: widths[$0]) }.joined(separator: "  ") + "  " + row[3]
        }
        return (lines + [counts]).joined(separator: "\n")
    }

    /// `5 occurrences: 3 shown, 1 done, 1 missed`.
    private var counts: String {
        let language = display.language
        func count(_ outcomes: Set<ReminderHistoryEntry.Outcome>) -> Int { occurrences.filter { outcomes.contains($0.outcome) }.count }
        let parts: [(ViewText, Int)] = [
            (.countShown, count([.shown])), (.countDone, count([.doneOnTime, .doneLate])), (.countMissed, count([.missed])),
            (.countSkipped, count([.skipped])), (.countWaiting, count([.open, .snoozed, .pending])),
        ]
        let named = parts.filter { $0.1 > 0 }.map { $0.0.text(language, ["count": "\($0.1)"]) }
        return (occurrences.count == 1 ? ViewText.historyCountsOne : .historyCounts).text(language, [
            "count": "\(occurrences.count)", "parts": named.joined(separator: CommandText.detailSeparator.text(language)),
        ])
    }

    /// The `--json` array.
    public var json: [ReminderOccurrenceJSON] {
        occurrences.map {
            ReminderOccurrenceJSON(
                id: $0.identifier, reminder: $0.reminderID, due: display.iso8601($0.due),
                outcome: $0.outcome.rawValue, acknowledgedAt: $0.acknowledgedAt.map(display.iso8601),
                shownAt: $0.shownAt.map(display.iso8601),
                snoozes: $0.snoozes.map { SnoozeJSON(at: display.iso8601($0.at), from: display.iso8601($0.from), until: display.iso8601($0.until)) },
                comesAt: $0.comesAt.map(display.iso8601)
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
    /// `shown`, `snoozed`, `skipped`, `missed`, `pending`; with `--nag` `open`, `done-on-time`, `done-late`.
    public var outcome: String
    /// When it was acknowledged, `null` unless done.
    public var acknowledgedAt: String?
    /// When it was shown, each time, oldest first.
    public var shownAt: [String]
    /// Its snoozes, oldest first.
    public var snoozes: [SnoozeJSON]
    /// When it is still to come (snoozed, or not shown yet), `null` otherwise.
    public var comesAt: String?

    enum CodingKeys: String, CodingKey {
        case id, reminder, due, outcome
        case acknowledgedAt = "acknowledged_at"
        case shownAt = "shown_at"
        case snoozes
        case comesAt = "comes_at"
    }
}

/// One snooze in `chime remind history --json`: when, and from when to when.
public struct SnoozeJSON: Codable, Hashable, Sendable {
    /// When the user snoozed it.
    public var at: String
    /// When it was due or shown before.
    public var from: String
    /// When it came again, or comes.
    public var until: String
}
