import FoundationEssentials

/// A snooze, as a fact: which notification was moved, when, and from when to when. Recorded in
/// the transaction of the snooze itself (`chime snooze`, a bubble's Snooze button), so that a
/// reminder's history can say it was snoozed; the request only keeps its current time.
public struct RequestSnooze: Hashable, Sendable {
    /// The request's identifier (`remind/pills/2027-03-27T08:00`).
    public var identifier: String
    /// Its group (the reminder's id).
    public var group: String
    /// Its kind.
    public var kind: RequestKind
    /// When the occurrence it belongs to was due at first, before any snooze or nag moved it.
    public var occurrenceDue: Date
    /// When the user snoozed it.
    public var at: Date
    /// When it was due (or shown) before the snooze.
    public var from: Date
    /// When it is due after the snooze.
    public var until: Date

    /// Makes a record.
    public init(identifier: String, group: String, kind: RequestKind, occurrenceDue: Date, at: Date, from: Date, until: Date) {
        self.identifier = identifier
        self.group = group
        self.kind = kind
        self.occurrenceDue = occurrenceDue
        self.at = at
        self.from = from
        self.until = until
    }
}
