import ChimeCore
import ChimeStore
import ChimeTestSupport
import Foundation

/// The `cli` suite: wall-clock latency of whole `chime` invocations (process start, store open,
/// one transaction, output), as a user or a status bar meets it, at growing numbers of pending
/// notifications, so a cost that grows with the store shows.
///
/// Runs the `chime` binary built next to this one, in a temporary XDG directory and without a
/// daemon (so each change also tries the control socket and prints the not-running line). Each
/// store holds a running fast, a water schedule and `n` pending reminders.
enum CliBenchmark {
    /// Pending reminders in each store measured.
    static let sizes = [100, 1_000, 10_000, 100_000]

    /// Invocations timed per command at `size`: fewer where one takes long; p50 is reported.
    static func runs(at size: Int) -> Int {
        size >= 100_000 ? 7 : size >= 10_000 ? 11 : 21
    }

    static func run() throws {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let binary = directory.appendingPathComponent("chime").path
        let floor = directory.appendingPathComponent("chime-bench-floor").path
        for path in [binary, floor] where !FileManager.default.isExecutableFile(atPath: path) {
            throw BenchmarkFailure("no \(path): build it first (swift build -c release)")
        }
        try startupFloor(binary: binary, floor: floor)
        for size in sizes {
            try measure(binary: binary, pending: size)
        }
    }

    /// `chime --version` against a plain Swift program: what any invocation costs at least.
    private static func startupFloor(binary: String, floor: String) throws {
        let runs = 41
        let version = try median((0..<runs).map { _ in try invoke(binary, ["--version"], environment: [:]) })
        let plain = try median((0..<runs).map { _ in try invoke(floor, [], environment: [:]) })
        emit("version_p50_ms", 0, version, "ms")
        emit("plain_swift_p50_ms", 0, plain, "ms")
        emit("version_over_plain_swift", 0, version / plain, "ratio")
    }

    private static func measure(binary: String, pending: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chime-bench-cli-\(getpid())-\(pending)")
        try? FileManager.default.removeItem(at: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("chime"), withIntermediateDirectories: true)
        let environment = [
            "XDG_DATA_HOME": data.path, "XDG_RUNTIME_DIR": directory.appendingPathComponent("run").path,
            "HOME": directory.path, "TZ": "UTC", "NO_COLOR": "1",
        ]

        // The store, written directly: the figure is the commands', not the set-up's.
        let store = try Store(path: data.appendingPathComponent("chime/chime.db").path)
        let now = Date()
        let planner = FastingPlanner()
        var plan = try planner.start(FastingSession(id: "f-bench", plan: .standard, start: now.addingTimeInterval(-3600)), existing: [], replace: false, now: now)
        let window = DailyWindow(from: WallClockTime(hour: 0, minute: 0)!, until: WallClockTime(hour: 0, minute: 0)!)
        let schedule = WaterSchedule(id: "w-bench", interval: TimeSpan(seconds: 3600)!, window: window, goalML: 2000)
        plan.merge(planner.configure(schedule, intakes: [], now: now, timeZone: TimeZone(identifier: "UTC")!, calendar: Calendar(identifier: .gregorian)))
        for index in 0..<pending {
            let reminder = OneOffReminder(id: "r-\(index)", text: "reminder \(index)", due: now.addingTimeInterval(7200 + Double(index)))
            plan.reminders.append(reminder)
            if let request = planner.requests.request(for: reminder, after: now) { plan.requests.append(request) }
        }
        try store.apply(plan, now: now)
        let rows = plan.requests.count

        let runs = runs(at: pending)
        let commands: [(metric: String, arguments: [String])] = [
            ("status_waybar", ["status", "--format", "waybar"]),
            ("status_text", ["status"]),
            ("status_json", ["status", "--format", "json"]),
            ("fast_status", ["fast", "status"]),
            ("water_status", ["water", "status"]),
            ("list_json", ["list", "--json"]),
            ("list_text", ["list"]),
        ]
        for command in commands {
            let p50 = try median((0..<runs).map { _ in try invoke(binary, command.arguments, environment: environment) })
            emit(command.metric + "_p50_ms", pending, p50, "ms")
            if command.metric == "list_json" {
                emit("list_json_rows_per_s", pending, Double(rows) / (p50 / 1000), "rows/s")
            }
        }
        var counter = 0
        let remind = try median((0..<runs).map { _ in
            counter += 1
            return try invoke(binary, ["remind", "in", "2h", "bench \(counter)", "--id", "b-\(counter)"], environment: environment)
        })
        emit("remind_in_p50_ms", pending, remind, "ms")
    }

    private static func median(_ samples: [Double]) throws -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { throw BenchmarkFailure("no samples") }
        return sorted[sorted.count / 2]
    }

    /// Milliseconds from starting `chime arguments` to its exit; fails unless it exits 0.
    ///
    /// `posix_spawn` and `waitpid` (through `ChildProcess`): Foundation's
    /// `Process.waitUntilExit` polls and would add tens of milliseconds to every figure. Output
    /// goes to /dev/null: the figure is producing it, not a terminal drawing it.
    private static func invoke(_ binary: String, _ arguments: [String], environment: [String: String]) throws -> Double {
        let started = ContinuousClock.now
        let status = try ChildProcess.spawn(binary, arguments, environment: environment, inheritsEnvironment: false).wait()
        let elapsed = ContinuousClock.now - started
        guard status == 0 else {
            throw BenchmarkFailure("\(binary) \(arguments.joined(separator: " ")) exited with status \(status)")
        }
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    private static func emit(_ metric: String, _ n: Int, _ value: Double, _ unit: String) {
        BenchmarkResult(suite: "cli", metric: metric, n: n, value: value, unit: unit).emit()
    }
}
