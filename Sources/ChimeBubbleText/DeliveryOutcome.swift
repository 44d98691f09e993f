/// What became of one delivery.
public enum DeliveryOutcome: Hashable, Sendable {
    /// The server shows it under this id (store it: it replaces or closes the bubble later).
    case shown(serverID: UInt32)
    /// Nobody shows notifications right now (no session bus, or no server owns
    /// `org.freedesktop.Notifications`); nothing was shown. Known in well under 100 ms.
    case serverUnavailable(ServerUnavailability)
    /// An earlier call to the server is still hanging, so this one was not attempted.
    case serverBusy
    /// The server did not answer within the watchdog time; it may still show the bubble later.
    case timedOut
    /// The server shows as many bubbles as it takes and refused this one
    /// (`org.freedesktop.Notifications.Error.MaxNotificationsExceeded`: notification-daemon keeps
    /// at most 20); it has room again once one of its bubbles closes.
    case serverFull
    /// The request's text cannot be shown (a NUL in a tag, say); retrying will not help.
    case rejected(reason: String)
    /// The server or the bus answered with an error.
    case failed(message: String)
}

/// Why no notification server could be reached.
public enum ServerUnavailability: Hashable, Sendable, CustomStringConvertible {
    /// No session bus address (neither `DBUS_SESSION_BUS_ADDRESS` nor `$XDG_RUNTIME_DIR/bus`).
    case noSessionBus
    /// The session bus could not be reached; the message says why.
    case busUnreachable(String)
    /// The bus works, but no process owns `org.freedesktop.Notifications`.
    case noServer

    public var description: String {
        switch self {
        case .noSessionBus:
            return "no D-Bus session bus: set DBUS_SESSION_BUS_ADDRESS or log in to a desktop session"
        case .busUnreachable(let message):
            return "the D-Bus session bus cannot be reached (\(message)): check DBUS_SESSION_BUS_ADDRESS"
        case .noServer:
            return "no notification server is running on the session bus: start one (dunst, your desktop's), or use --notifier stdout"
        }
    }
}

/// What became of a request to close bubbles.
public enum CloseOutcome: Hashable, Sendable {
    /// The server was asked to close them (it reports each as ``NotifierEvent/closed(identifier:serverID:reason:)``).
    case closed
    /// No server to ask: the bubbles are gone anyway.
    case serverUnavailable(ServerUnavailability)
    /// An earlier call to the server is still hanging, so this one was not attempted.
    case serverBusy
    /// The server did not answer within the watchdog time.
    case timedOut
    /// The server or the bus answered with an error.
    case failed(message: String)
}
