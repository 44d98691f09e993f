import ChimeControl
import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

/// Text written by the runner, kept for assertions; `isClosed` plays a reader that went away.
final class TextBuffer: TextOutput {
    private(set) var text = ""
    var isClosed = false

    func write(_ text: String) -> Bool {
        guard !isClosed else { return false }
        self.text += text
        return true
    }
}

/// A daemon double: records every request and answers like a running daemon, or fails like one
/// that is not running or does not answer.
final class RecordingDaemon: DaemonLink {
    enum Mode {
        case running
        case notRunning
        case timingOut
    }

    var mode: Mode
    private(set) var received: [ControlRequest] = []
    /// Changes the answer to `status` (do-not-disturb, held reminders).
    var statusChange: (inout DaemonStatus) -> Void = { _ in }

    init(mode: Mode) {
        self.mode = mode
    }

    func send(_ request: ControlRequest) throws -> ControlResponse {
        received.append(request)
        switch mode {
        case .notRunning: throw RuntimeError(.daemonNotRunning, "chimed is not running")
        case .timingOut: throw RuntimeError(.daemonTimedOut, "chimed did not answer")
        case .running: break
        }
        let identity = DaemonIdentity(pid: 4242, version: CommandTable.version)
        switch request {
        case .ping: return .pong(identity)
        case .status:
            var status = DaemonStatus(armedDeadline: nil, pendingCount: 0, notificationServer: "available", lastAppliedSequence: 0, daemon: identity)
            statusChange(&status)
            return .status(status)
        case .changed(let sequence): return .changeApplied(sequence: sequence)
        // As an older chimed would: `chime` then reads the calendars itself.
        case .calendars, .calendarAlarms: return .error(ControlError(.unsupportedRequest, .unknownRequest, ["type": "calendars"]))
        }
    }

    /// The sequences of the `changed` nudges received.
    var nudges: [Int64] {
        received.compactMap { request in
            if case .changed(let sequence) = request { return sequence }
            return nil
        }
    }
}

/// What one invocation printed and returned.
struct RunResult {
    var exitCode: ExitCode
    var output: String
    var errors: String

    /// Standard output without its final newline, split into lines.
    var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// A store in a temporary directory, a clock that only moves when told, a fixed zone and a
/// daemon double: runs commands as `chime` would, without a process.
final class RunnerHarness {
    /// Holds the store; removed with the harness.
    private let temporary = try! TemporaryDirectory(prefix: "chime-runner")
    var directory: String { temporary.path }
    var now: Date
    var timeZone: TimeZone
    var timeZoneError: DomainError?
    /// How long the command's store waits for another process's write lock.
    var storeBusyTimeout: Duration = .seconds(5)
    var variables: [String: String] = [:]
    let daemon: RecordingDaemon
    /// When set, the real `ControlClient` is used with this runtime directory instead of the double.
    var runtimeDirectory: String?
    /// The seeded generator of ids, so generated ids repeat from run to run.
    var random = SeededGenerator(seed: 7)
    var style = TerminalStyle.plain
    /// Called for every pause of `status --follow`; by default the clock moves by the pause.
    var pause: ((TimeInterval) -> FollowPause)?
    /// Whether `status --follow` may count on its pauses ending when the store is written
    /// (``FollowPause/storeWritten``, which ``pause`` then plays), or polls.
    var watchesStore = false
    /// What `doctor`'s probe of the notification server finds.
    var probe = ServerProbe(
        status: .ready, busAddress: "unix:path=/run/user/1000/bus",
        server: ServerInformation(name: "dunst", vendor: "knopwob", version: "1.9.0 (2022-06-27)", specificationVersion: "1.2", busName: ":1.7"),
        capabilities: ["actions", "body", "body-markup"]
    )
    /// The terminal's columns, `nil` for output to a pipe.
    var terminalWidth: Int?
    /// The output of the next run, replaceable to play a closed pipe.
    var output = TextBuffer()

    init(now: String = "2026-03-10T08:00:00+01:00", zone: TimeZone = Fixture.berlin, daemon: RecordingDaemon.Mode = .running) {
        self.now = Fixture.at(now)
        self.timeZone = zone
        self.daemon = RecordingDaemon(mode: daemon)
    }

    var databasePath: String { directory + "/chime.db" }

    /// Moves the clock.
    func advance(_ seconds: TimeInterval) {
        now = now.addingTimeInterval(seconds)
    }

    /// Sets the clock to an ISO 8601 instant.
    func set(_ instant: String) {
        now = Fixture.at(instant)
    }

    /// A second connection to the store, for looking at what a command did.
    func store() -> Store {
        try! Store(path: databasePath)
    }

    func environment(errors: TextBuffer) -> CommandEnvironment {
        let path = databasePath
        let daemon = daemon
        let runtimeDirectory = runtimeDirectory
        let storeConfiguration = Store.Configuration(busyTimeout: storeBusyTimeout)
        return CommandEnvironment(
            clock: { [unowned self] in now },
            timeZone: timeZone,
            timeZoneError: timeZoneError,
            variables: variables,
            output: output,
            errors: errors,
            style: style,
            openStore: { () throws(StoreError) -> Store in try Store(path: path, configuration: storeConfiguration) },
            openDaemon: { timeout in
                guard let runtimeDirectory else { return daemon }
                return try ControlClient(directory: RuntimeDirectory(path: runtimeDirectory), timeout: timeout)
            },
            randomSource: random,
            makeRequestID: { UUID().uuidString },
            pause: { [unowned self] seconds in
                if let pause { return pause(seconds) }
                advance(seconds)
                return .elapsed
            },
            watchStore: { [unowned self] _ in watchesStore },
            probeNotificationServer: { [unowned self] in probe },
            terminalWidth: terminalWidth,
            storeExists: { FileManager.default.fileExists(atPath: path) }
        )
    }

    /// Parses and runs `arguments` as `chime` would; usage errors come back as the binary prints them.
    @discardableResult
    func run(_ arguments: String...) -> RunResult {
        run(arguments)
    }

    @discardableResult
    func run(_ arguments: [String]) -> RunResult {
        output = TextBuffer()
        let errors = TextBuffer()
        switch CommandParser.parse(arguments) {
        case .failure(let error):
            return RunResult(exitCode: error.exitCode, output: "", errors: error.line + "\n")
        case .success(let command):
            let runner = CommandRunner(environment: environment(errors: errors))
            let code = runner.run(command)
            random = runner.environment.randomSource as! SeededGenerator
            return RunResult(exitCode: code, output: output.text, errors: errors.text)
        }
    }

    /// Runs `arguments` and records an issue unless they succeed; returns standard output.
    @discardableResult
    func succeed(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let result = run(arguments)
        #expect(result.exitCode == .success, "\(arguments): \(result.errors)", sourceLocation: sourceLocation)
        return result.output
    }

    /// The whole database as SQL text (`sqlite3 .dump`), to prove a failed command wrote nothing.
    func dump() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [databasePath, ".dump"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try! process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The pending requests, soonest first.
    func pending() -> [StoredRequest] {
        try! store().pendingRequests()
    }
}

/// The keys of a JSON object, in the order the text has them.
func orderedKeys(ofObject json: String) -> [String] {
    guard let data = json.data(using: .utf8),
          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
    // JSONSerialization forgets order: find each key's first position in the text.
    return object.keys.sorted { (json.range(of: "\"\($0)\":")?.lowerBound ?? json.endIndex) < (json.range(of: "\"\($1)\":")?.lowerBound ?? json.endIndex) }
}

/// Whether the first occurrences of `keys` in `json` come in that order.
func keysAppearInOrder(_ json: String, _ keys: [String]) -> Bool {
    let positions = keys.map { json.range(of: "\"\($0)\":")?.lowerBound }
    guard positions.allSatisfy({ $0 != nil }) else { return false }
    return zip(positions, positions.dropFirst()).allSatisfy { $0! < $1! }
}

/// `json` parsed as an object.
func jsonObject(_ json: String) -> [String: Any]? {
    json.data(using: .utf8).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
}

/// `json` parsed as an array of objects.
func jsonArray(_ json: String) -> [[String: Any]]? {
    json.data(using: .utf8).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [[String: Any]] }
}
