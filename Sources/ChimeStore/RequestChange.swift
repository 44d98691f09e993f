import FoundationEssentials

/// A request row written since a given change sequence, as a follower of the sequence needs it.
public struct RequestChange: Hashable, Sendable {
    /// The row id.
    public let rowID: Int64
    /// The request identifier (`fast/f-3k9/end`).
    public let identifier: String
    /// The group (session, schedule or reminder id).
    public let group: String
    /// The row's state now.
    public let state: RequestState
    /// The instant it may fire: `max(due, retry_at)`.
    public let effectiveDue: Date
    /// ``effectiveDue`` plus the tolerance.
    public let deadline: Date
    /// The bubble showing it, when known.
    public let serverID: UInt32?
    /// Whether its bubble should be closed.
    public let closeRequested: Bool
    /// The change sequence of the latest write to this row.
    public let sequence: Int64

    /// The queue entry for the row when it is pending, `nil` otherwise (remove it from the queue).
    public var pendingEntry: PendingEntry? {
        state == .pending ? PendingEntry(rowID: rowID, effectiveDue: effectiveDue, deadline: deadline) : nil
    }

    /// Makes a value (for callers' test doubles and formatting tests).
    public init(rowID: Int64, identifier: String, group: String, state: RequestState, effectiveDue: Date, deadline: Date, serverID: UInt32?, closeRequested: Bool, sequence: Int64) {
        self.rowID = rowID
        self.identifier = identifier
        self.group = group
        self.state = state
        self.effectiveDue = effectiveDue
        self.deadline = deadline
        self.serverID = serverID
        self.closeRequested = closeRequested
        self.sequence = sequence
    }
}

/// The rows changed since a sequence, and the sequence to ask from next time.
public struct ChangeSet: Sendable {
    /// Rows written after the sequence asked about, in the order of their latest write.
    public let changes: [RequestChange]
    /// The store's change sequence when the rows were read.
    public let latestSequence: Int64

    /// Makes a value (for callers' test doubles and formatting tests).
    public init(changes: [RequestChange], latestSequence: Int64) {
        self.changes = changes
        self.latestSequence = latestSequence
    }
}
