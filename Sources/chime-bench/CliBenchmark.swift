import ChimeCore
import ChimeStore
import ChimeTestSupport
import Foundation

/// The `cli` suite: wall-clock latency of whole `chime` invocations (process start, store open,
/// one transaction, output), as a user or a status bar meets it, with many requests pending.
///
/// Runs the `chime` binary built next to this one, in a temporary XDG directory and without a
/// daemon (so each change also tries the control socket and prints the not-running line).
enum CliBenchmark {
    /// Requests pending while the commands run.
    static let pendingCount = 1_000
    /// Invocations timed per command; p50 and p95 are reported.
    static let runs = 40

    static func run() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("chime").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchmarkFailure("no chime binary at \(binary): build it first (swift build -c release)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chime-bench-cli-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("chime"), withIntermediateDirectories: true)
        let environment = [
            "XDG_DATA_HOME": data.path, "XDG_RUNTIME_DIR": directory.appendingPathComponent("run").path,
            "HOME": directory.path, "TZ": "UTC", "NO_COLOR": "1",
        ]

        // The pending requests, written directly: the figure is the commands', not the set-up's.
        let store = try Store(path: data.appendingPathComponent("chime/chime.db").path)
        let now = Date()
        var plan = ChangePlan()
        for index in 0..<pendingCount {
            let reminder = OneOffReminder(id: "r-\(index)", text: "reminder \(index)", due: now.addingTimeInterval(3600 + Double(index)))
            plan.merge(try FastingPlanner().remind(reminder, now: now))
        }
        try store.apply(plan, now: now)

        var counter = 0
        let commands: [(metric: String, arguments: () -> [String])] = [
            ("remind_in_ms", {
                counter += 1
                return ["remind", "in", "2h", "bench \(counter)", "--id", "b-\(counter)"]
            }),
            ("list_json_ms", { ["list", "--json"] }),
            ("status_waybar_ms", { ["status", "--format", "waybar"] }),
            ("fast_status_ms", { ["fast", "status"] }),
        ]
        for command in commands {
            var samples: [Double] = []
            for _ in 0..<runs {
                samples.append(try invoke(binary, command.arguments(), environment: environment))
            }
            samples.sort()
            emit(command.metric.replacingOccurrences(of: "_ms", with: "_p50_ms"), samples[samples.count / 2])
            emit(command.metric.replacingOccurrences(of: "_ms", with: "_p95_ms"), samples[samples.count * 95 / 100])
        }
    }

    /// Milliseconds from starting `chime arguments` to its exit; fails unless it exits 0.
    ///
    /// `posix_spawn` and `waitpid` (through `ChildProcess`): Foundation's
    /// `Process.waitUntilExit` polls and would add tens of milliseconds to every figure.
    private static func invoke(_ binary: String, _ arguments: [String], environment: [String: String]) throws -> Double {
        let started = ContinuousClock.now
        let status = try ChildProcess.spawn(binary, arguments, environment: environment, inheritsEnvironment: false).wait()
        let elapsed = ContinuousClock.now - started
        guard status == 0 else {
            throw BenchmarkFailure("chime \(arguments.joined(separator: " ")) exited with status \(status)")
        }
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    private static func emit(_ metric: String, _ value: Double) {
        BenchmarkResult(suite: "cli", metric: metric, n: pendingCount, value: value, unit: "ms").emit()
    }
}
