/// A request whose bubble the notification server may be showing.
public struct ShownNotification: Hashable, Sendable {
    /// The request's row id.
    public let rowID: Int64
    /// The bubble's id on the notification server.
    public let serverID: UInt32

    /// Makes a value (for callers' test doubles and formatting tests).
    public init(rowID: Int64, serverID: UInt32) {
        self.rowID = rowID
        self.serverID = serverID
    }
}
