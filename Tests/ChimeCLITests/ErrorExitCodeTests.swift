import ChimeControl
import ChimeCore
import ChimeDaemon
import ChimeStore
import Testing
@testable import ChimeCLI

/// What each error ends `chime` and `chimed` with: the error's own ``ExitCode``, so both programs
/// agree with the README's table.
@Suite("exit codes of errors")
struct ErrorExitCodeTests {
    @Test("a daemon that did not answer in time, or another that runs, is try again; no daemon is unavailable", arguments: [
        (RuntimeError.Kind.daemonTimedOut, ExitCode.tryAgain), (.alreadyRunning, .tryAgain),
        (.daemonNotRunning, .unavailable), (.invalidResponse, .unavailable), (.unsafeRuntimeDirectory, .unavailable),
        (.socketPathTooLong, .unavailable), (.socketPathOccupied, .unavailable), (.invalidNotifySocket, .unavailable),
    ])
    func runtimeErrors(kind: RuntimeError.Kind, expected: ExitCode) {
        let error = RuntimeError(kind, "what was wrong: what to do")
        #expect(error.exitCode == expected)
        let failure = CommandRunner.failure(for: error)
        #expect(failure.exitCode == expected, "chime ends with the error's own code")
        #expect(failure.line == "chime: what was wrong: what to do")
    }

    @Test("a store error keeps the store's code in chime")
    func storeErrors() {
        for kind in StoreError.Kind.allCases {
            let error = StoreError(kind, "message")
            #expect(CommandRunner.failure(for: error).exitCode == error.exitCode, "\(kind)")
        }
        #expect(StoreError(.tryAgain, "locked").exitCode == .tryAgain)
        #expect(StoreError(.internalError, "bug").exitCode == .software)
    }
}
