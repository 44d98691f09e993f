import ChimeCore
import ChimeStore

/// Why a command could not run, with the exit code and the one sentence printed after `chime: `.
///
/// Every failure the runner meets (a value, a conflict, the store, the daemon) is turned into
/// one of these at a single place, so the mapping to exit codes is written once.
public struct CommandFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The process exit status.
    public let exitCode: ExitCode
    /// One sentence: what was wrong and what to do.
    public let message: String

    /// Makes a failure.
    public init(_ exitCode: ExitCode, _ message: String) {
        self.exitCode = exitCode
        self.message = message
    }

    /// The failure for a rejected value or change from the core (65).
    public init(_ error: DomainError) {
        self.init(ExitCode(for: error.kind), error.message)
    }

    /// The failure for a store error, with the store's exit code (75 locked or full, 65 bad or
    /// missing data, 69 unavailable, 70 a bug).
    public init(_ error: StoreError) {
        self.init(error.exitCode, error.message)
    }

    /// The failure for a command line that cannot run.
    public init(_ error: UsageError) {
        self.init(error.exitCode, error.message)
    }

    /// Cancelling or snoozing something that has nothing pending and names nothing (65).
    public static func unknownReference(_ text: String) -> CommandFailure {
        CommandFailure(.dataError, "no pending notification or id \"\(text)\": see \"chime list\"")
    }

    /// The line printed on standard error.
    public var line: String { ErrorLine.text(message) }

    public var description: String { line }
}
