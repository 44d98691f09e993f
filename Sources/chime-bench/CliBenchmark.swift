import ChimeCore
import ChimeDesk
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
        let foundationFloor = directory.appendingPathComponent("chime-bench-foundation-floor").path
        for path in [binary, floor, foundationFloor] where !FileManager.default.isExecutableFile(atPath: path) {
            throw BenchmarkFailure("no \(path): build it first (make bench SUITE=cli)")
        }
        try startupFloor(binary: binary, floor: floor, foundationFloor: foundationFloor)
        for size in sizes {
            try measure(binary: binary, pending: size, foundationFloor: foundationFloor)
        }
    }

    /// `chime --version` against two floors, run interleaved so both meet the same load: a plain
    /// Swift program (what any Swift invocation costs at least) and one that imports Foundation
    /// and prints a line, built the same way as `chime` (what Chime adds on top of Foundation).
    private static func startupFloor(binary: String, floor: String, foundationFloor: String) throws {
        let runs = 41
        var version: [Sample] = [], plain: [Sample] = [], foundation: [Sample] = []
        for _ in 0..<runs {
            version.append(try invoke(binary, ["--version"], environment: [:]))
            plain.append(try invoke(floor, [], environment: [:]))
            foundation.append(try invoke(foundationFloor, [], environment: [:]))
        }
        try emit("version", 0, version)
        try emit("plain_swift", 0, plain)
        try emit("foundation_floor", 0, foundation)
        emit("version_over_plain_swift", 0, try median(version.map(\.wall)) / median(plain.map(\.wall)), "ratio")
        emit("version_over_plain_swift_cpu", 0, try median(version.map(\.cpu)) / median(plain.map(\.cpu)), "ratio")
        // Processor time: on a machine shared with other work the wall time also waits for a processor.
        emit("version_over_foundation_floor", 0, try median(version.map(\.cpu)) / median(foundation.map(\.cpu)), "ratio")

        let memoryRuns = 11
        var versionPeak: [Double] = [], foundationPeak: [Double] = []
        for _ in 0..<memoryRuns {
            versionPeak.append(try peakMemory(binary, ["--version"], environment: [:]))
            foundationPeak.append(try peakMemory(foundationFloor, [], environment: [:]))
        }
        emit("version_peak_kb", 0, try median(versionPeak), "KiB")
        emit("foundation_floor_peak_kb", 0, try median(foundationPeak), "KiB")
        emit("version_peak_memory_over_foundation_floor", 0, try median(versionPeak) / median(foundationPeak), "ratio")
    }

    private static func measure(binary: String, pending: Int, foundationFloor: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chime-bench-cli-\(getpid())-\(pending)")
        try? FileManager.default.removeItem(at: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("chime"), withIntermediateDirectories: true)
        let environment = [
            "XDG_DATA_HOME": data.path, "XDG_RUNTIME_DIR": directory.appendingPathComponent("run").path,
            "HOME": directory.path, "TZ": "UTC", "NO_COLOR": "1",
        ]

        // The store, written directly: the figure is the commands', not the set-up's. Closed
        // before measuring, so the commands meet a store at rest (its log checkpointed), as a
        // user's is.
        let rows = try fill(path: data.appendingPathComponent("chime/chime.db").path, pending: pending)

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
            // `status --format waybar` is compared with the Foundation floor run between its
            // runs, so both meet the same load (the machine's speed drifts by a third between
            // minutes; floor samples from the start of the suite would mix that in).
            let comparesWithFloor = command.metric == "status_waybar" && pending == sizes.first
            var floorSamples: [Sample] = []
            let samples = try (0..<runs).map { _ in
                if comparesWithFloor { floorSamples.append(try invoke(foundationFloor, [], environment: [:])) }
                return try invoke(binary, command.arguments, environment: environment)
            }
            try emit(command.metric, pending, samples)
            if comparesWithFloor {
                emit("waybar_over_foundation_floor", pending, try median(samples.map(\.cpu)) / median(floorSamples.map(\.cpu)), "ratio")
            }
            if command.metric == "list_json" {
                emit("list_json_rows_per_s", pending, Double(rows) / (try median(samples.map(\.wall)) / 1000), "rows/s")
                emit("list_json_rows_per_cpu_s", pending, Double(rows) / (try median(samples.map(\.cpu)) / 1000), "rows/s")
            }
        }
        var counter = 0
        let remind = try (0..<runs).map { _ in
            counter += 1
            return try invoke(binary, ["remind", "in", "2h", "bench \(counter)", "--id", "b-\(counter)"], environment: environment)
        }
        try emit("remind_in", pending, remind)
    }

    /// Writes a running fast, a water schedule and `pending` reminders, caught up as chimed
    /// would at its start; returns the number of pending requests.
    private static func fill(path: String, pending: Int) throws -> Int {
        let store = try Store(path: path)
        let now = Date()
        let planner = FastingPlanner()
        var plan = try planner.start(FastingSession(id: "f-bench", plan: .standard, start: now.addingTimeInterval(-3600)), existing: [], replace: false, now: now)
        let window = DailyWindow(from: WallClockTime(hour: 0, minute: 0)!, until: WallClockTime(hour: 0, minute: 0)!)
        let schedule = WaterSchedule(id: "w-bench", interval: TimeSpan(seconds: 3600)!, window: window, goalML: 2000)
        plan.merge(planner.configure(schedule, intakes: [], now: now, timeZone: TimeZone(identifier: "UTC")!, calendar: LocalTimeResolver.gregorian(in: TimeZone(identifier: "UTC")!)))
        for index in 0..<pending {
            let reminder = OneOffReminder(id: "r-\(index)", text: "reminder \(index)", due: now.addingTimeInterval(7200 + Double(index)))
            plan.reminders.append(reminder)
            if let request = planner.requests.request(for: reminder, after: now) { plan.requests.append(request) }
        }
        try store.apply(plan, now: now)
        // Then as chimed leaves a store at its start, so the commands meet one as a user's is:
        // derived in the system's zone. Without it every read would first preview a catch-up
        // no real store waits for (chimed or any change writes it).
        let zone = ChimeTimeZone.resolve(setting: nil, system: SystemTimeZone.read())
        let desk = Desk(store: store, timeZone: zone)
        _ = try store.apply(now: now) { try desk.catchUp(now: now) }
        return try store.pendingRequests().count
    }

    private static func median(_ samples: [Double]) throws -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { throw BenchmarkFailure("no samples") }
        return sorted[sorted.count / 2]
    }

    /// One invocation: milliseconds from start to exit (`wall`) and the processor time it used
    /// (`cpu`, user and system).
    private struct Sample {
        var wall: Double
        var cpu: Double
    }

    /// Runs `binary arguments` once; fails unless it exits 0. On a machine shared with other
    /// work the wall time waits for a processor, the processor time does not.
    ///
    /// `posix_spawn` (through `ChildProcess`) and `wait4`, which gives this one child's processor
    /// time (the children's total from `getrusage` would mix in every earlier one). Foundation's `Process.waitUntilExit` polls and would add tens of milliseconds to every
    /// figure. Output goes to /dev/null: the figure is producing it, not a terminal drawing it.
    private static func invoke(_ binary: String, _ arguments: [String], environment: [String: String]) throws -> Sample {
        let started = ContinuousClock.now
        let child = try ChildProcess.spawn(binary, arguments, environment: environment, inheritsEnvironment: false)
        var waitStatus: Int32 = 0
        var usage = rusage()
        while wait4(child.pid, &waitStatus, 0, &usage) == -1 {
            guard errno == EINTR else { throw BenchmarkFailure("waiting for \(binary) failed: errno \(errno)") }
        }
        let elapsed = ContinuousClock.now - started
        guard waitStatus & 0x7f == 0, (waitStatus >> 8) & 0xff == 0 else {
            throw BenchmarkFailure("\(binary) \(arguments.joined(separator: " ")) ended with wait status \(waitStatus)")
        }
        func milliseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
        let wall = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return Sample(wall: wall, cpu: milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime))
    }

    /// GNU time, which forks the program it measures.
    static let timeProgram = "/usr/bin/time"

    /// The peak resident memory of one run of `binary arguments`, in KiB, as GNU time reports it.
    ///
    /// Not from this process's `wait4`: `posix_spawn` starts the child in this process's memory
    /// (vfork), and Linux carries that memory's peak into the child's `ru_maxrss` across `exec`,
    /// so every figure would read at least this benchmark's own size. GNU time is small and forks.
    private static func peakMemory(_ binary: String, _ arguments: [String], environment: [String: String]) throws -> Double {
        guard FileManager.default.isExecutableFile(atPath: timeProgram) else {
            throw BenchmarkFailure("no \(timeProgram): install the Debian package time (scripts/install-deps.sh --test)")
        }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("chime-bench-peak-\(getpid())")
        defer { try? FileManager.default.removeItem(at: report) }
        let status = try ChildProcess.spawn(
            timeProgram, ["-f", "%M", "-o", report.path, binary] + arguments, environment: environment, inheritsEnvironment: false
        ).wait()
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        guard status == 0, let kilobytes = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchmarkFailure("\(timeProgram) \(binary) \(arguments.joined(separator: " ")) exited with \(status): \(text)")
        }
        return kilobytes
    }

    /// The p50 of the wall and processor times of `samples`, as `<metric>_p50_ms` and
    /// `<metric>_cpu_p50_ms`.
    private static func emit(_ metric: String, _ n: Int, _ samples: [Sample]) throws {
        emit(metric + "_p50_ms", n, try median(samples.map(\.wall)), "ms")
        emit(metric + "_cpu_p50_ms", n, try median(samples.map(\.cpu)), "ms")
    }

    private static func emit(_ metric: String, _ n: Int, _ value: Double, _ unit: String) {
        BenchmarkResult(suite: "cli", metric: metric, n: n, value: value, unit: unit).emit()
    }
}
