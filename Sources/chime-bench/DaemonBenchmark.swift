import ChimeCore
import ChimeDaemon
import ChimeStore
import ChimeTestSupport
import Foundation
import Glibc

/// The `daemon` suite: the real `chimed` binary (found next to this executable) in temporary
/// XDG directories.
///
/// - `idle_wakeups`: context switches of all the daemon's threads over 60 s with 100k requests
///   pending far in the future, after 10 s of settling (stdout notifier; `idle_wakeups_libnotify`
///   the same with libnotify, after showing three notifications, when a private dunst can be
///   started through `scripts/notify-env.sh`).
/// - `rss_mb_empty`, `rss_mb_100k`: resident memory once ready; `rss_bytes_per_request`: the
///   growth of anonymous resident memory (heap: queue, SQLite cache) per pending request.
/// - `start_to_armed_ms`: from spawning to `READY=1` on a `NOTIFY_SOCKET` the bench owns (the
///   daemon reports readiness after loading the queue and arming its timer); median of 5.
/// - `lateness_p50_ms`, `lateness_p99_ms`: delivery instant (the store's history, written
///   when the notifier answered) minus the planned wake, for requests due every 33 ms over
///   10 s with zero tolerance (stdout notifier).
/// - `nudge_to_armed_ms`: a store write plus the `changed` round trip (answered after
///   re-arming), median of 200, with 100k pending.
enum DaemonBenchmark {
    static let pendingCount = 100_000
    static let idleSeconds: UInt32 = 60
    static let latenessCount = 300
    static let latenessSpacing: TimeInterval = 0.033
    static let startRuns = 5
    static let nudgeRuns = 200

    static func run() throws {
        let chimed = executableDirectory() + "/chimed"
        guard FileManager.default.isExecutableFile(atPath: chimed) else {
            throw BenchmarkFailure("chimed is not built next to chime-bench (\(chimed)): build the whole package first")
        }

        // Empty store.
        var emptyAnonymous = 0.0
        let empty = try Sandbox(label: "empty")
        do {
            let daemon = try DaemonUnderTest(chimed, notifier: "stdout", sandbox: empty)
            _ = try daemon.waitUntilReady()
            usleep(300_000)
            emit("rss_mb_empty", n: 0, value: try daemon.residentMegabytes(), unit: "MB")
            emptyAnonymous = try daemon.anonymousBytes()
            try daemon.stop()
        }

        // 100k pending, far in the future.
        let full = try Sandbox(label: "full")
        try fill(full, count: pendingCount)
        var startTimes: [Double] = []
        for _ in 0..<startRuns {
            let daemon = try DaemonUnderTest(chimed, notifier: "stdout", sandbox: full)
            startTimes.append(try daemon.waitUntilReady())
            try daemon.stop()
        }
        emit("start_to_armed_ms", n: pendingCount, value: median(startTimes), unit: "ms")

        let daemon = try DaemonUnderTest(chimed, notifier: "stdout", sandbox: full)
        _ = try daemon.waitUntilReady()
        usleep(500_000)
        emit("rss_mb_100k", n: pendingCount, value: try daemon.residentMegabytes(), unit: "MB")
        emit("rss_bytes_per_request", n: pendingCount, value: (try daemon.anonymousBytes() - emptyAnonymous) / Double(pendingCount), unit: "bytes")
        emit("idle_wakeups", n: pendingCount, value: Double(try daemon.contextSwitches(over: idleSeconds)), unit: "wakeups")
        emit("nudge_to_armed_ms", n: pendingCount, value: try nudgeMilliseconds(full), unit: "ms")
        try daemon.stop()

        if let bus = try? NotificationServerEnvironment.start(label: "bench-daemon") {
            defer { bus.stop() }
            full.environment.merge(bus.variables) { _, new in new }
            let daemon = try DaemonUnderTest(chimed, notifier: "libnotify", sandbox: full)
            _ = try daemon.waitUntilReady()
            // Idle after showing something: bubbles on screen leave no timer behind in GLib.
            try showNow(full, count: 3)
            usleep(500_000)
            emit("idle_wakeups_libnotify", n: pendingCount, value: Double(try daemon.contextSwitches(over: idleSeconds)), unit: "wakeups")
            try daemon.stop()
        } else {
            FileHandle.standardError.write(Data("chime-bench: no private dunst (scripts/notify-env.sh): idle_wakeups_libnotify not measured\n".utf8))
        }

        let (p50, p99) = try lateness(chimed)
        emit("lateness_p50_ms", n: latenessCount, value: p50, unit: "ms")
        emit("lateness_p99_ms", n: latenessCount, value: p99, unit: "ms")
    }

    // MARK: Measurements

    /// Fills the sandbox's store with `count` pending reminders 30 days ahead, 1000 per write.
    static func fill(_ sandbox: Sandbox, count: Int) throws {
        let store = try Store(environment: sandbox.environment)
        let now = Date()
        for batch in stride(from: 0, to: count, by: 1000) {
            var plan = ChangePlan()
            plan.requests = (batch..<min(count, batch + 1000)).map { index in
                reminder("bench-\(index)", due: now.addingTimeInterval(30 * 86_400 + Double(index)), tolerance: 5)
            }
            try store.apply(plan, now: now)
        }
    }

    /// Median milliseconds of one store write plus its nudge.
    static func nudgeMilliseconds(_ sandbox: Sandbox) throws -> Double {
        let store = try Store(environment: sandbox.environment)
        let client = try ControlClient(directory: RuntimeDirectory.resolve(environment: sandbox.environment))
        let now = Date()
        var times: [Double] = []
        for run in 0..<nudgeRuns {
            var plan = ChangePlan()
            // Alternately earlier and later than everything pending, so half the nudges move the timer.
            let offset = run % 2 == 0 ? 86_400 : 90 * 86_400
            plan.requests = [reminder("nudge-\(run)", due: now.addingTimeInterval(Double(offset + run)), tolerance: 5)]
            let started = ContinuousClock.now
            let sequence = try store.apply(plan, now: now).sequence
            guard case .changeApplied(let applied) = try client.send(.changed(sequence: sequence)), applied >= sequence else {
                throw BenchmarkFailure("chimed did not apply change \(sequence)")
            }
            times.append((ContinuousClock.now - started).seconds * 1000)
        }
        return median(times)
    }

    /// Adds `count` reminders due now, nudges the daemon and waits until it has shown them all.
    static func showNow(_ sandbox: Sandbox, count: Int) throws {
        let store = try Store(environment: sandbox.environment)
        let client = try ControlClient(directory: RuntimeDirectory.resolve(environment: sandbox.environment))
        let now = Date()
        var plan = ChangePlan()
        plan.requests = (0..<count).map { reminder("shown-\($0)", due: now, tolerance: 0) }
        let sequence = try store.apply(plan, now: now).sequence
        _ = try client.send(.changed(sequence: sequence))
        let deadline = now.addingTimeInterval(20)
        while Date() < deadline {
            let shown = try store.deliveryHistory(since: now.addingTimeInterval(-1)).filter { $0.identifier.hasPrefix("remind/shown-") }
            if shown.count >= count { return }
            usleep(50_000)
        }
        throw BenchmarkFailure("chimed did not show \(count) notifications within 20 s")
    }

    /// p50 and p99 of delivery instant minus planned wake, in milliseconds.
    static func lateness(_ chimed: String) throws -> (Double, Double) {
        let sandbox = try Sandbox(label: "lateness")
        let daemon = try DaemonUnderTest(chimed, notifier: "stdout", sandbox: sandbox)
        _ = try daemon.waitUntilReady()
        let store = try Store(environment: sandbox.environment)
        let client = try ControlClient(directory: RuntimeDirectory.resolve(environment: sandbox.environment))
        let first = Date().addingTimeInterval(1)
        var plan = ChangePlan()
        plan.requests = (0..<latenessCount).map { index in
            reminder("late-\(index)", due: first.addingTimeInterval(Double(index) * latenessSpacing), tolerance: 0)
        }
        let sequence = try store.apply(plan, now: Date()).sequence
        _ = try client.send(.changed(sequence: sequence))
        let last = first.addingTimeInterval(Double(latenessCount) * latenessSpacing)
        let deadline = last.addingTimeInterval(20)
        var history: [DeliveryRecord] = []
        while Date() < deadline {
            history = try store.deliveryHistory(limit: latenessCount + 10).filter { $0.outcome == .delivered }
            if history.count >= latenessCount { break }
            usleep(100_000)
        }
        try daemon.stop()
        guard history.count == latenessCount else {
            throw BenchmarkFailure("only \(history.count) of \(latenessCount) requests were delivered")
        }
        // Zero tolerance: the planned wake is the due instant.
        let late = history.map { $0.at.timeIntervalSince($0.due) * 1000 }.sorted()
        return (percentile(late, 0.50), percentile(late, 0.99))
    }

    static func reminder(_ id: String, due: Date, tolerance: TimeInterval) -> NotificationRequest {
        NotificationRequest(
            identifier: RequestIdentifier.reminder(id: id), group: id, kind: .reminder, due: due, tolerance: tolerance,
            content: NotificationContent(template: .reminder, arguments: [ContentArgument.text: id]),
            misfirePolicy: .deliverLate(until: due.addingTimeInterval(3600))
        )
    }

    static func median(_ values: [Double]) -> Double { percentile(values.sorted(), 0.5) }

    /// The value at fraction `p` of `sorted` (nearest rank).
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    static func executableDirectory() -> String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
    }

    static func emit(_ metric: String, n: Int, value: Double, unit: String) {
        BenchmarkResult(suite: "daemon", metric: metric, n: n, value: value, unit: unit).emit()
    }

    // MARK: Processes

    /// Temporary XDG directories for one daemon, removed at deinit.
    final class Sandbox {
        let root: String
        var environment: [String: String]
        private var notifySocketCount = 0

        init(label: String) throws {
            root = "/tmp/chime-bench-daemon-\(getpid())-\(label)"
            try? FileManager.default.removeItem(atPath: root)
            for directory in ["data", "run"] {
                try FileManager.default.createDirectory(atPath: root + "/" + directory, withIntermediateDirectories: true)
            }
            chmod(root + "/run", 0o700)
            environment = [
                "HOME": root, "XDG_DATA_HOME": root + "/data", "XDG_RUNTIME_DIR": root + "/run", "TZ": "UTC",
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            ]
        }

        deinit {
            try? FileManager.default.removeItem(atPath: root)
        }

        /// A path for the next daemon's `NOTIFY_SOCKET`: one per daemon, as the listener of an
        /// earlier daemon here may not be released yet.
        func makeNotifySocketPath() -> String {
            notifySocketCount += 1
            return root + "/notify-\(notifySocketCount).sock"
        }
    }

    /// A running `chimed`, started with `posix_spawn` and a `NOTIFY_SOCKET` datagram socket.
    final class DaemonUnderTest {
        private let child: ChildProcess
        private let readiness: ReadinessListener
        private let started: ContinuousClock.Instant

        init(_ executable: String, notifier: String, sandbox: Sandbox) throws {
            let notifyPath = sandbox.makeNotifySocketPath()
            readiness = try ReadinessListener(path: notifyPath)
            var environment = sandbox.environment
            environment["NOTIFY_SOCKET"] = notifyPath
            started = ContinuousClock.now
            child = try ChildProcess.spawn(
                executable, ["--notifier", notifier], environment: environment, inheritsEnvironment: false,
                standardError: .appendingToFile(sandbox.root + "/chimed.log")
            )
        }

        deinit {
            child.kill()
        }

        var pid: pid_t { child.pid }

        /// Milliseconds from spawning until `READY=1` arrived.
        func waitUntilReady(timeout: Duration = .seconds(30)) throws -> Double {
            guard readiness.waitForReady(timeout: timeout - (ContinuousClock.now - started)) else {
                throw BenchmarkFailure("chimed did not report readiness within \(timeout)")
            }
            return (ContinuousClock.now - started).seconds * 1000
        }

        /// VmRSS in megabytes.
        func residentMegabytes() throws -> Double {
            try kilobytes("VmRSS") / 1024
        }

        /// RssAnon in bytes: the resident memory that is not code or data mapped from files.
        func anonymousBytes() throws -> Double {
            try kilobytes("RssAnon") * 1024
        }

        private func kilobytes(_ field: String) throws -> Double {
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
                  let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else {
                throw BenchmarkFailure("no \(field) for pid \(pid)")
            }
            return kilobytes
        }

        /// Context switches (voluntary and not) of every thread of the daemon during `seconds`,
        /// after `settling` seconds of quiet.
        ///
        /// The settling time lets threads that served the start-up exit first (libdispatch ends
        /// an idle worker thread after about 5 s): that exit is the tail of the start, not a
        /// wake-up while idle. A thread that still exits during the window counts as one
        /// wake-up (its counters vanish with it); a new thread counts in full.
        func contextSwitches(over seconds: UInt32, settling: UInt32 = 10) throws -> Int {
            sleep(settling)
            let before = try switchesByThread()
            sleep(seconds)
            let after = try switchesByThread()
            let exited = before.keys.filter { after[$0] == nil }.count
            return after.reduce(exited) { total, thread in total + thread.value - (before[thread.key] ?? 0) }
        }

        private func switchesByThread() throws -> [String: Int] {
            var counts: [String: Int] = [:]
            for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
                guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { continue }
                for line in status.split(separator: "\n") where line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") {
                    counts[task, default: 0] += Int(line.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
                }
            }
            return counts
        }

        /// SIGKILL (a crash), and reaps it.
        func crash() {
            child.kill()
        }

        /// SIGTERM, then waits for a clean exit.
        func stop() throws {
            child.terminate()
            let status = child.wait()
            guard status == 0 else { throw BenchmarkFailure("chimed exited with status \(status) after SIGTERM") }
        }
    }
}
