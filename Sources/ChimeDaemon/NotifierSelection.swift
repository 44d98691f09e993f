import ChimeNotify

/// Which notifier chimed runs, and why: the one `--notifier` forced, else libnotify when a
/// session bus is reachable and stdout when none is (over ssh, in a container), so
/// `chimed --foreground` shows every notification somewhere instead of retrying in silence.
public struct NotifierSelection: Hashable, Sendable {
    /// The notifier to run.
    public let choice: DaemonOptions.NotifierChoice
    /// Why it was chosen, for chimed's first log line.
    public let reason: String

    /// Chooses from `requested` (`--notifier`, if given) and the session in `environment`.
    public init(requested: DaemonOptions.NotifierChoice?, environment: [String: String]) {
        if let requested {
            choice = requested
            reason = "chosen with --notifier \(requested.rawValue)"
        } else if let address = SessionBusAddress.find(environment: environment) {
            choice = .libnotify
            reason = "the session bus is at \(address)"
        } else {
            choice = .stdout
            reason = "no session bus (DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus), so each notification is printed to standard output as a JSON line; start chimed inside your desktop session, or pass --notifier libnotify, to show them on the desktop"
        }
    }

    /// The log line naming the notifier and the reason.
    public var logLine: String {
        "notifier: \(choice.rawValue) (\(reason))"
    }
}
