import ChimeCore
import ChimeStore

/// Why a command could not run, with the exit code and the one sentence printed after `chime: `.
///
/// Every failure the runner meets (a value, a conflict, the store, the daemon) is turned into
/// one of these at a single place, so the mapping to exit codes is written once.
public struct CommandFailure: ChimeError {
    /// The process exit status.
    public let exitCode: ExitCode
    /// One sentence in every language: what was wrong and what to do.
    public let text: LocalizedText
    /// What went wrong, for matching: the exit code itself.
    public var kind: ExitCode { exitCode }

    /// Makes a failure saying `text`.
    public init(_ exitCode: ExitCode, _ text: LocalizedText) {
        self.exitCode = exitCode
        self.text = text
    }

    /// Makes a failure saying `message`, the same in every language (a system's own words).
    public init(_ exitCode: ExitCode, _ message: String) {
        self.init(exitCode, LocalizedText(verbatim: message))
    }

    /// Makes a failure saying `message` of the command texts with `values`.
    init(_ exitCode: ExitCode, _ message: CommandText, _ values: [String: String] = [:]) {
        self.init(exitCode, LocalizedText(message, values))
    }

    /// The failure for a rejected value or change from the core (65).
    public init(_ error: DomainError) {
        self.init(ExitCode(for: error.kind), error.text)
    }

    /// The failure for a store error, with the store's exit code (75 locked or full, 65 bad or
    /// missing data, 69 unavailable, 70 a bug).
    public init(_ error: StoreError) {
        self.init(error.exitCode, error.text)
    }

    /// The failure for a command line that cannot run.
    public init(_ error: UsageError) {
        self.init(error.exitCode, error.text)
    }

    /// Cancelling or snoozing something that has nothing pending and names nothing (65).
    public static func unknownReference(_ text: String) -> CommandFailure {
        CommandFailure(.dataError, .unknownReference, ["text": text])
    }

    /// The line printed on standard error, in English.
    public var line: String { ErrorLine.text(message) }

    /// The line printed on standard error in `language`.
    public func line(in language: UserLanguage) -> String { ErrorLine.text(text.text(in: language)) }

    /// The line, `chime: ` and the message.
    public var description: String { line }
}
