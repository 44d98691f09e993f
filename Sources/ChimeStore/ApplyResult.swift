/// The outcome of an acknowledged write.
public struct ApplyResult: Hashable, Sendable {
    /// The change sequence after the write; pass it to the daemon's `changed` nudge.
    public let sequence: Int64
    /// Whether the request id had been applied before, so this call changed nothing and returns
    /// the original sequence.
    public let replayed: Bool

    /// Makes a result.
    public init(sequence: Int64, replayed: Bool) {
        self.sequence = sequence
        self.replayed = replayed
    }
}
