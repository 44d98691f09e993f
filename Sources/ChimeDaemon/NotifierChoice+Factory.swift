import ChimeNotify

extension DaemonOptions.NotifierChoice {
    /// A notifier of this kind, as the daemon runs it.
    public func makeNotifier() throws -> any Notifier {
        switch self {
        case .libnotify:
            return try LibNotifyNotifier()
        case .stdout:
            return StdoutNotifier()
        }
    }
}
