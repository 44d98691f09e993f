import FoundationEssentials

/// A pending request as the daemon's queue needs it: 24 bytes, no content.
public struct PendingEntry: Hashable, Sendable {
    /// The request's row id (see ``StoredRequest/rowID``).
    public let rowID: Int64
    /// The instant it may fire: `max(due, retry_at)`.
    public let effectiveDue: Date
    /// The latest instant it fires on time: ``effectiveDue`` plus its tolerance.
    public let deadline: Date

    /// Makes an entry.
    public init(rowID: Int64, effectiveDue: Date, deadline: Date) {
        self.rowID = rowID
        self.effectiveDue = effectiveDue
        self.deadline = deadline
    }
}

/// Every pending request and the change sequence they were read at, from one snapshot.
///
/// Following ``Store/changes(since:)`` from ``sequence`` misses nothing and repeats nothing.
public struct PendingSnapshot: Sendable {
    /// Every request in state `pending`, in no particular order.
    public let entries: [PendingEntry]
    /// The change sequence of the snapshot.
    public let sequence: Int64

    /// Makes a value (for callers' test doubles and formatting tests).
    public init(entries: [PendingEntry], sequence: Int64) {
        self.entries = entries
        self.sequence = sequence
    }
}
