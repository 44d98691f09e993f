import ChimeControl
import ChimeCore
import ChimeDaemon
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

/// The command `arguments` parse to; records an issue and returns `nil` when parsing fails.
/// An amount of water as the command line reads `text`.
func amount(_ text: String) -> WaterQuantity {
    try! WaterQuantity.typed(text, field: LocalizedText(verbatim: "amount"))
}

func parsed(_ arguments: String...) -> Command? {
    parsed(arguments)
}

func parsed(_ arguments: [String]) -> Command? {
    switch CommandParser.parse(arguments) {
    case .success(let command):
        return command
    case .failure(let error):
        Issue.record("\(arguments) failed: \(error.line)")
        return nil
    }
}

/// The error `arguments` fail with; records an issue and returns `nil` when they parse.
func failure(_ arguments: String...) -> UsageError? {
    failure(arguments)
}

func failure(_ arguments: [String]) -> UsageError? {
    switch CommandParser.parse(arguments) {
    case .success(let command):
        Issue.record("\(arguments) parsed unexpectedly to \(command)")
        return nil
    case .failure(let error):
        return error
    }
}

/// The help text `arguments` produce, or `nil` (with an issue) when they produce something else.
func helpText(_ arguments: String...) -> String? {
    guard case .help(let path)? = parsed(arguments), let spec = CommandTable.command(at: path) else {
        Issue.record("\(arguments) did not produce help")
        return nil
    }
    return HelpFormatter.help(for: spec)
}

/// The CLI's own fixtures: a display and what a running chimed answers.
extension Fixture {
    /// A display at `now` in `zone`.
    static func display(_ now: String, _ zone: TimeZone = berlin) -> TimeDisplay {
        TimeDisplay(now: at(now), timeZone: zone)
    }

    /// What a running chimed (pid 4242, this version) answers to `status`.
    static let daemonStatus = DaemonStatus(
        armedDeadline: nil, pendingCount: 0, notificationServer: "available", lastAppliedSequence: 0,
        daemon: DaemonIdentity(pid: 4242, version: CommandTable.version)
    )
}

/// Whether `text` holds an ANSI escape sequence.
func containsANSI(_ text: String) -> Bool {
    text.contains("\u{1B}[")
}
