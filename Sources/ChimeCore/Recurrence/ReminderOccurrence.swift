import FoundationEssentials

/// What became of one occurrence of a reminder set with `--nag` (`chime remind history`).
public struct ReminderOccurrence: Hashable, Sendable {
    /// The reminder's id (`pills`).
    public var reminderID: String
    /// The occurrence's request identifier (`remind/pills/2027-03-27T08:00`).
    public var identifier: String
    /// When the occurrence was due (its first showing, not a nag).
    public var due: Date
    /// Done, missed, or still open.
    public var outcome: ReminderOutcome
    /// When the user acknowledged it (Done, `chime done`); `nil` unless done.
    public var acknowledgedAt: Date?

    /// Makes a record.
    public init(reminderID: String, identifier: String, due: Date, outcome: ReminderOutcome, acknowledgedAt: Date? = nil) {
        self.reminderID = reminderID
        self.identifier = identifier
        self.due = due
        self.outcome = outcome
        self.acknowledgedAt = acknowledgedAt
    }
}

/// The outcome of an occurrence; the raw values are what the store and `--json` hold.
public enum ReminderOutcome: String, Hashable, Sendable, CaseIterable {
    /// Shown, not acknowledged yet, and the next occurrence has not come.
    case open
    /// Acknowledged before its first nag would have come.
    case doneOnTime = "done-on-time"
    /// Acknowledged after that, before the next occurrence.
    case doneLate = "done-late"
    /// Not acknowledged before the next occurrence came (or, for the rule's last one, by its last nag).
    case missed
}
