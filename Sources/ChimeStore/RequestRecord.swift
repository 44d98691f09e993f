import FoundationEssentials

/// A stored request with what deriving its rule again must know about it: whether a snooze
/// moved it (it keeps its time) and whether a derivation withdrew it (it may come back).
public struct RequestRecord: Hashable, Sendable {
    /// The request and its delivery state.
    public let stored: StoredRequest
    /// When it was due before a snooze moved it; `nil` when not snoozed.
    public let snoozedFrom: Date?
    /// Whether it was cancelled because its rule no longer gave it, not by the user.
    public let isWithdrawn: Bool

    /// Makes a record.
    public init(stored: StoredRequest, snoozedFrom: Date?, isWithdrawn: Bool) {
        self.stored = stored
        self.snoozedFrom = snoozedFrom
        self.isWithdrawn = isWithdrawn
    }
}
