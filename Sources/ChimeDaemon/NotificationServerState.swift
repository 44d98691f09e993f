import ChimeNotify

/// What the daemon last learned about the notification server, as `chime status` shows it.
public enum NotificationServerState: String, Hashable, Sendable, CaseIterable {
    /// Nothing learned yet.
    case unknown
    /// The server shows notifications.
    case available
    /// The session bus works but no server owns `org.freedesktop.Notifications`.
    case absent
    /// There is no session bus to reach a server on.
    case noSessionBus = "no-session-bus"
    /// The session bus could not be reached.
    case busUnreachable = "bus-unreachable"
    /// The server hangs: a call did not come back in time.
    case notResponding = "not-responding"
    /// The server or the bus answered with errors.
    case failing

    /// The state a delivery's outcome shows, or `nil` when it says nothing about the server
    /// (a rejected text).
    init?(outcome: DeliveryOutcome) {
        switch outcome {
        case .shown, .serverFull: self = .available
        case .serverUnavailable(let reason): self.init(unavailability: reason)
        case .serverBusy, .timedOut: self = .notResponding
        case .failed: self = .failing
        case .rejected: return nil
        }
    }

    /// The state a probe found.
    init(probe: ServerProbe) {
        switch probe.status {
        case .ready: self = .available
        case .unavailable(let reason): self.init(unavailability: reason)
        case .busy, .timedOut: self = .notResponding
        case .failed: self = .failing
        }
    }

    private init(unavailability: ServerUnavailability) {
        switch unavailability {
        case .noServer: self = .absent
        case .noSessionBus: self = .noSessionBus
        case .busUnreachable: self = .busUnreachable
        }
    }
}
