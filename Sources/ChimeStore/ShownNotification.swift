/// A request whose bubble the notification server may be showing.
public struct ShownNotification: Hashable, Sendable {
    /// The request's row id.
    public let rowID: Int64
    /// The bubble's id on the notification server.
    public let serverID: UInt32
}
