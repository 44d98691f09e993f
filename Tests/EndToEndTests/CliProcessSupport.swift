import ChimeTestSupport
import Foundation
import Testing

/// Where the package's built executables are: next to the running test executable
/// (`.build/debug/ChimePackageTests.xctest` beside `.build/debug/chime`).
enum CliBinaries {
    /// The directory holding the test executable and the products.
    static let directory: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent()
    }()

    /// The path of the built executable `name` (`chime`, `chimed`).
    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// The repository root, found from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// What one run of a binary printed and how it ended.
struct CliOutcome {
    /// The exit status (128 + signal number when a signal ended it).
    var status: Int32
    var output: String
    var errors: String

    /// Standard output split into lines, without the empty one after the final newline.
    var lines: [String] { output.split(separator: "\n").map(String.init) }
}

/// A private home for `chime`: temporary XDG data and runtime directories, a fixed zone, and
/// helpers to run the binary there and dump its database. Removed on deinit.
final class CliSandbox {
    let root: URL
    var environment: [String: String]

    init(timeZone: String = "Europe/Berlin") {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("chime-e2e-\(UUID().uuidString.prefix(8))")
        let data = root.appendingPathComponent("data").path
        let runtime = root.appendingPathComponent("run").path
        try! FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try! FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        chmod(runtime, 0o700)
        environment = [
            "HOME": root.path,
            "XDG_DATA_HOME": data,
            "XDG_RUNTIME_DIR": runtime,
            "TZ": timeZone,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "NO_COLOR": "1",
        ]
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// The database `chime` uses here.
    var databasePath: String { environment["XDG_DATA_HOME"]! + "/chime/chime.db" }

    /// When set (ISO 8601 with offset), every `chime` of this sandbox runs under libfaketime
    /// with its clock starting at that instant, so lines that depend on "now" are known.
    var fakeNow: String?

    /// Runs `chime` with `arguments`; `extra` adds or replaces environment variables.
    @discardableResult
    func chime(_ arguments: String..., extra: [String: String] = [:], timeout: TimeInterval = 30) async -> CliOutcome {
        await chime(arguments, extra: extra, timeout: timeout)
    }

    /// ``chime(_:extra:timeout:)`` with the arguments as an array.
    @discardableResult
    func chime(_ arguments: [String], extra: [String: String] = [:], timeout: TimeInterval = 30) async -> CliOutcome {
        guard let fakeNow else {
            return await run(CliBinaries.path("chime"), arguments, extra: extra, timeout: timeout)
        }
        let start = ISO8601DateFormatter().date(from: fakeNow)!.timeIntervalSince1970
        // libfaketime's wrapper: the clock starts at that instant and runs on from there.
        return await run("/usr/bin/faketime", ["-f", "@\(Int(start))", CliBinaries.path("chime")] + arguments,
                         extra: extra.merging(["FAKETIME_FMT": "%s"]) { $1 }, timeout: timeout)
    }

    /// Runs `chime` with `arguments` and records an issue unless it exits 0.
    @discardableResult
    func succeed(_ arguments: String..., extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) async -> CliOutcome {
        let outcome = await chime(arguments, extra: extra)
        #expect(outcome.status == 0, "chime \(arguments.joined(separator: " ")): \(outcome.errors)", sourceLocation: sourceLocation)
        return outcome
    }

    /// Starts `executable` with `arguments` in exactly this sandbox's environment (nothing of
    /// the test process's leaks in); `extra` adds or replaces variables.
    func start(
        _ executable: String, _ arguments: [String], extra: [String: String] = [:],
        standardOutput: ChildProcess.Output = .discarded, standardError: ChildProcess.Output = .discarded
    ) throws -> ChildProcess {
        try ChildProcess.spawn(
            executable, arguments, environment: environment.merging(extra) { $1 }, inheritsEnvironment: false,
            standardOutput: standardOutput, standardError: standardError
        )
    }

    /// Runs `executable` to completion (terminating it after `timeout`), output captured in
    /// files so a full pipe can never block it. Waits with `Task.sleep`, leaving the shared test
    /// threads to other suites meanwhile.
    func run(_ executable: String, _ arguments: [String], extra: [String: String] = [:], timeout: TimeInterval = 30) async -> CliOutcome {
        let outputFile = root.appendingPathComponent("out-\(UUID().uuidString)").path
        let errorFile = root.appendingPathComponent("err-\(UUID().uuidString)").path
        defer {
            unlink(outputFile)
            unlink(errorFile)
        }
        let child = try! start(executable, arguments, extra: extra, standardOutput: .file(outputFile), standardError: .file(errorFile))
        if await child.waitForExit(timeout: .seconds(timeout), checkingEvery: .milliseconds(2)) == nil {
            Issue.record("\(executable) \(arguments) did not finish within \(timeout) s")
            child.terminate()
        }
        return CliOutcome(
            status: child.wait(),
            output: (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? "",
            errors: (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        )
    }

    /// The whole database as SQL text (`sqlite3 .dump`); empty when there is no database yet.
    func dump() async -> String {
        guard FileManager.default.fileExists(atPath: databasePath) else { return "" }
        return await run("/usr/bin/sqlite3", [databasePath, ".dump"]).output
    }
}

/// `text` parsed as a JSON object.
func cliJSONObject(_ text: String) -> [String: Any]? {
    text.data(using: .utf8).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
}

/// `text` parsed as a JSON array of objects.
func cliJSONArray(_ text: String) -> [[String: Any]]? {
    text.data(using: .utf8).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [[String: Any]] }
}

/// Whether the first occurrences of `keys` in `json` come in that order.
func cliKeysInOrder(_ json: String, _ keys: [String]) -> Bool {
    let positions = keys.map { json.range(of: "\"\($0)\":")?.lowerBound }
    guard positions.allSatisfy({ $0 != nil }) else { return false }
    return zip(positions, positions.dropFirst()).allSatisfy { $0! < $1! }
}
