import ChimeCore
import ChimeControl
import FoundationEssentials

/// What asking `chimed` for its status found: it answered, nothing listens on its socket, or a
/// `chimed` holds the socket but gives no usable answer (stopped, hung, another version).
///
/// `status` and `doctor` both make this distinction: a daemon that is not running is started,
/// one that runs without answering is restarted.
public enum DaemonAnswer: Hashable, Sendable {
    /// It answered with its status.
    case answered(DaemonStatus)
    /// Nothing listens on the control socket.
    case notRunning
    /// It listens but did not answer usefully; `reason` says how ("it did not answer within 1 s").
    case notAnswering(reason: String)
    /// Whether it runs cannot be told (the runtime directory cannot be used, say); `reason` says why.
    case unreachable(reason: String)

    /// Whether a `chimed` runs: `nil` when that cannot be told.
    public var isRunning: Bool? {
        switch self {
        case .answered, .notAnswering: return true
        case .notRunning: return false
        case .unreachable: return nil
        }
    }

    /// Whether it answered.
    public var answers: Bool {
        if case .answered = self { return true }
        return false
    }

    /// The line `chime status` ends with, in `language` (a reason given by the system stays as it is).
    public func statusText(in language: UserLanguage) -> String {
        switch self {
        case .answered(let status):
            return CommandText.daemonAnswers.text(language, ["pid": "\(status.daemon.pid)"])
        case .notRunning:
            return ChangeMessage.daemonNotRunningStatusText(in: language)
        case .notAnswering(let reason):
            return CommandText.daemonNotAnswering.text(language, ["reason": reason])
        case .unreachable(let reason):
            return CommandText.daemonUnreachable.text(language, ["reason": reason])
        }
    }
}

extension CommandRunner {
    /// Asks `chimed` for its status within ``queryTimeout``.
    func askDaemon() -> DaemonAnswer {
        do {
            let daemon = try environment.openDaemon(Self.queryTimeout)
            switch try daemon.send(.status) {
            case .status(let status): return .answered(status)
            case .error(let error): return .notAnswering(reason: CommandText.refusedStatus.text(language, ["error": error.text(in: language)]))
            case .pong, .changeApplied, .calendars, .calendarAlarms: return .notAnswering(reason: CommandText.unexpectedStatusAnswer.text(language))
            }
        } catch let error as RuntimeError {
            switch error.kind {
            case .daemonNotRunning: return .notRunning
            case .daemonTimedOut:
                let timeout = TimeDisplay.duration(TimeInterval(Self.queryTimeout.components.seconds), in: language)
                return .notAnswering(reason: CommandText.noAnswerWithin.text(language, ["timeout": timeout]))
            case .invalidResponse: return .notAnswering(reason: CommandText.unreadableAnswer.text(language))
            default: return .unreachable(reason: error.text.text(in: language))
            }
        } catch {
            return .unreachable(reason: Self.failure(for: error).text.text(in: language))
        }
    }
}
