import ChimeNotify

extension DaemonOptions.NotifierChoice {
    /// A notifier of this kind, as the daemon runs it.
    public func makeNotifier() throws -> any Notifier {
        switch self {
        case .libnotify:
            // Only the daemon follows the session's lock: it holds water reminders meanwhile.
            return try LibNotifyNotifier(configuration: .init(followsPresence: true))
        case .stdout:
            return StdoutNotifier()
        }
    }
}
