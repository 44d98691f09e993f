import ChimeCore

/// A problem of the daemon's runtime environment (its directory, its socket, another instance)
/// described for the person running `chime` or `chimed`.
///
/// `kind` is what callers match on, ``exitCode`` what `chime` and `chimed` end with when it stops
/// them; `message` is one sentence saying what was wrong and what to do.
public struct RuntimeError: ChimeError {
    /// What went wrong.
    public enum Kind: String, Hashable, Sendable {
        /// The runtime directory is missing its parent, a symlink, not a directory, or not ours.
        case unsafeRuntimeDirectory
        /// Another daemon of this user holds the instance lock or answers on the socket.
        case alreadyRunning
        /// The control socket's path does not fit in a Unix socket address.
        case socketPathTooLong
        /// Something that is not a socket sits where the control socket belongs.
        case socketPathOccupied
        /// No daemon listens on the control socket.
        case daemonNotRunning
        /// The daemon did not answer in time.
        case daemonTimedOut
        /// The daemon's answer could not be read.
        case invalidResponse
        /// `NOTIFY_SOCKET` names neither an absolute path nor an abstract socket.
        case invalidNotifySocket
        /// A file chimed opens by name (a lock file) is a symbolic link or not a regular file.
        case unusableFile
    }

    /// What went wrong, for matching.
    public let kind: Kind
    /// One sentence for the user, in every language: what was wrong and what to do; chimed
    /// logs its English ``message``.
    public let text: LocalizedText

    /// Makes an error of `kind` carrying `message`, the same in every language.
    public init(_ kind: Kind, _ message: String) {
        self.init(kind, LocalizedText(verbatim: message))
    }

    /// Makes an error of `kind` carrying `text`.
    public init(_ kind: Kind, _ text: LocalizedText) {
        self.kind = kind
        self.text = text
    }

    /// Makes an error of `kind` saying `message` of the control texts with `values`.
    init(_ kind: Kind, _ message: ControlText, _ values: [String: String] = [:]) {
        self.init(kind, LocalizedText(message, values))
    }

    /// The exit code for this error: `tryAgain` for what passes by itself (another daemon holds
    /// the lock, the daemon did not answer in time, as for a store locked too long), `unavailable`
    /// for the rest (no daemon, a runtime directory or socket that cannot be used, an unreadable
    /// answer, a lock file that is a link or not a regular file).
    public var exitCode: ExitCode {
        switch kind {
        case .alreadyRunning, .daemonTimedOut:
            return .tryAgain
        case .unsafeRuntimeDirectory, .socketPathTooLong, .socketPathOccupied, .daemonNotRunning, .invalidResponse,
             .invalidNotifySocket, .unusableFile:
            return .unavailable
        }
    }

    package static func alreadyRunning(pid: Int32?, lockPath: String) -> RuntimeError {
        let holder = pid.map { "chimed (pid \($0))" } ?? "another chimed"
        return RuntimeError(
            .alreadyRunning,
            "\(holder) is already running for this user (it holds \(lockPath)): stop it before starting another"
        )
    }
}
