import ChimeControl
import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Dispatch
import Foundation

/// The `notify` suite: how long a delivery through libnotify takes, from the `deliver` call to
/// its completion (the server's reply), one delivery at a time; and, through the real `chimed`
/// on a private dunst, how a burst goes.
///
/// - `latency_p50_ms`, `latency_p99_ms`: from the `deliver` call to its completion (the time
///   read inside it). Uses the notification server of the session bus when there is one;
///   otherwise (CI, a terminal without a desktop) it starts a private dunst with the project's
///   `scripts/notify-env.sh` for the run and stops it afterwards. Each of the 1000
///   notifications has its own identifier (a new bubble, as the daemon mostly shows) and is
///   closed after its measured delivery, so the server's screen holds one bubble, as a user's
///   would.
/// - `c_client_latency_p50_ms`, `c_client_latency_p99_ms`: the floor, a bare libnotify client in C
///   (`chime-bench-notify-floor`) showing the same notifications (the same fields chimed's notifier
///   sets) to the same server, interleaved one for one with chimed's; measured from its first
///   libnotify call for a notification to the server's answer, and closing each bubble unmeasured.
/// - `notify_latency_p50_over_c_client`, `notify_latency_p99_over_c_client`: chimed's notifier
///   against that floor.
/// - `burst_300_seconds`: 300 reminders due in the same second, private dunst drawing every
///   bubble (`notification_limit = 0`): from the due instant until the store records all 300
///   delivered. dunst redraws every bubble on each Notify, so this is mostly dunst's (and
///   Xvfb's) drawing time; the next two tell the parts apart, from the bus's timestamps.
/// - `burst_300_server_seconds`: the sum of dunst's answer times to the burst's Notify calls.
/// - `burst_300_chimed_ms_per_call`: the median time `chimed` takes between an answer and its
///   next call to the server (its own part of the burst, one call in flight at a time).
/// - `duplicates_per_kill`: 500 reminders due within 10 s while `chimed` is killed with SIGKILL
///   and restarted 20 times: Notify calls that are not replacements beyond the first per
///   request, divided by the kills (a kill can at worst repeat the one call in flight and the
///   answers not yet recorded).
enum NotifyBenchmark {
    static let count = 1000
    static let warmUp = 50

    static func run() throws {
        let privateServer = try ensureNotificationServer()
        defer { privateServer?.stop() }

        let notifier = try LibNotifyNotifier(configuration: .init(language: .english))
        defer { notifier.shutdown() }
        let probe = notifier.probe()
        guard probe.status == .ready, let server = probe.server else {
            throw BenchmarkFailure("no notification server to measure: \(probe.detail ?? "\(probe.status)")")
        }
        FileHandle.standardError.write(Data("chime-bench: notify against \(server.name) \(server.version)\(privateServer == nil ? "" : " (private, started by the benchmark)")\n".utf8))

        // The C client shows the same notifications to the same server, interleaved one for one
        // (each taking the lead in turn), so both meet the same load.
        let floor = try NotifyFloorClient(path: DaemonBenchmark.executableDirectory() + "/chime-bench-notify-floor")
        defer { floor.stop() }
        let profile = ServerProfile(name: server.name, capabilities: probe.capabilities)
        var latencies: [Double] = []
        var floorLatencies: [Double] = []
        latencies.reserveCapacity(count)
        floorLatencies.reserveCapacity(count)
        for index in 0..<(warmUp + count) {
            let job = DeliveryJob(request: request(index), now: Date(), timeZone: .current)
            let content = try NotifyFloorClient.BubbleContent(job, configuration: notifier.configuration, profile: profile)
            var floorMilliseconds = 0.0
            if index.isMultiple(of: 2) { floorMilliseconds = try floor.show(content) }
            let (outcome, milliseconds) = deliverTimed(job, through: notifier)
            guard case .shown(let serverID) = outcome else {
                throw BenchmarkFailure("delivery \(index) failed: \(outcome)")
            }
            // Not measured: keeps one bubble on screen, as for a user. With dozens on screen,
            // dunst redraws them all on every Notify and its reply (not Chime) takes 20 ms.
            close([serverID], through: notifier)
            if !index.isMultiple(of: 2) { floorMilliseconds = try floor.show(content) }
            if index >= warmUp {
                latencies.append(milliseconds)
                floorLatencies.append(floorMilliseconds)
            }
        }

        latencies.sort()
        floorLatencies.sort()
        let p50 = percentile(latencies, 0.50), p99 = percentile(latencies, 0.99)
        let floorP50 = percentile(floorLatencies, 0.50), floorP99 = percentile(floorLatencies, 0.99)
        BenchmarkResult(suite: "notify", metric: "latency_p50_ms", n: count, value: p50, unit: "ms").emit()
        BenchmarkResult(suite: "notify", metric: "latency_p99_ms", n: count, value: p99, unit: "ms").emit()
        BenchmarkResult(suite: "notify", metric: "c_client_latency_p50_ms", n: count, value: floorP50, unit: "ms").emit()
        BenchmarkResult(suite: "notify", metric: "c_client_latency_p99_ms", n: count, value: floorP99, unit: "ms").emit()
        BenchmarkResult(suite: "notify", metric: "notify_latency_p50_over_c_client", n: count, value: p50 / floorP50, unit: "ratio").emit()
        BenchmarkResult(suite: "notify", metric: "notify_latency_p99_over_c_client", n: count, value: p99 / floorP99, unit: "ratio").emit()
        notifier.shutdown()

        let chimed = DaemonBenchmark.executableDirectory() + "/chimed"
        guard FileManager.default.isExecutableFile(atPath: chimed) else {
            throw BenchmarkFailure("chimed is not built next to chime-bench (\(chimed)): build the whole package first")
        }
        let burst = try burst(chimed)
        BenchmarkResult(suite: "notify", metric: "burst_300_seconds", n: burstCount, value: burst.seconds, unit: "s").emit()
        BenchmarkResult(suite: "notify", metric: "burst_300_server_seconds", n: burstCount, value: burst.serverSeconds, unit: "s").emit()
        BenchmarkResult(suite: "notify", metric: "burst_300_chimed_ms_per_call", n: burstCount, value: burst.chimedMillisecondsPerCall, unit: "ms").emit()
        let duplicates = try duplicatesPerKill(chimed)
        BenchmarkResult(suite: "notify", metric: "duplicates_per_kill", n: killCount, value: duplicates, unit: "notifications").emit()
    }

    static let burstCount = 300
    static let crashCount = 500
    static let crashSpread: TimeInterval = 10
    static let killCount = 20

    /// How a burst went: seconds from the due instant of 300 reminders until all are recorded
    /// as delivered, and how much of that the server's answers and `chimed` took.
    private struct Burst {
        var seconds: Double
        var serverSeconds: Double
        var chimedMillisecondsPerCall: Double
    }

    private static func burst(_ chimed: String) throws -> Burst {
        let bus = try NotificationServerEnvironment.start(label: "bench-burst")
        defer { bus.stop() }
        let monitor = try BusMonitor(environment: bus)
        defer { monitor.stop() }
        let sandbox = try DaemonBenchmark.Sandbox(label: "burst")
        sandbox.environment.merge(bus.variables) { _, new in new }
        let daemon = try DaemonBenchmark.DaemonUnderTest(chimed, notifier: "libnotify", sandbox: sandbox)
        _ = try daemon.waitUntilReady()
        let store = try Store(environment: sandbox.environment)
        let due = Date().addingTimeInterval(1)
        var plan = ChangePlan()
        plan.requests = (0..<burstCount).map { DaemonBenchmark.reminder("burst-\($0)", due: due, tolerance: 0) }
        let sequence = try store.apply(plan, now: Date()).sequence
        let client = try ControlClient(directory: RuntimeDirectory.resolve(environment: sandbox.environment))
        _ = try client.send(.changed(sequence: sequence))
        let deadline = due.addingTimeInterval(600)
        while Date() < deadline {
            let delivered = try store.deliveryHistory(limit: burstCount + 10).filter { $0.outcome == .delivered }
            if delivered.count >= burstCount {
                try daemon.stop()
                let seconds = delivered.map(\.at).max()!.timeIntervalSince(due)
                return try split(monitor.answeredCalls, seconds: seconds)
            }
            usleep(100_000)
        }
        throw BenchmarkFailure("the burst of \(burstCount) was not delivered within 600 s")
    }

    /// Splits a burst's time: the server's answers to the Notify calls, and the gaps between an
    /// answer and the next call of the same caller (chimed's own time).
    private static func split(_ calls: [BusMonitor.AnsweredCall], seconds: Double) throws -> Burst {
        let notify = calls.filter { $0.member == "Notify" }
        guard notify.count >= burstCount, let caller = notify.first?.sender else {
            throw BenchmarkFailure("the bus showed \(notify.count) answered Notify calls of the \(burstCount)")
        }
        let serverSeconds = notify.reduce(0) { $0 + $1.answeredAt.timeIntervalSince($1.sentAt) }
        let own = calls.filter { $0.sender == caller }
        let gaps = zip(own, own.dropFirst()).map { max(0, $1.sentAt.timeIntervalSince($0.answeredAt) * 1000) }.sorted()
        return Burst(seconds: seconds, serverSeconds: serverSeconds, chimedMillisecondsPerCall: percentile(gaps, 0.5))
    }

    /// Duplicated Notify calls (not replacements) per SIGKILL of chimed during a burst.
    private static func duplicatesPerKill(_ chimed: String) throws -> Double {
        let bus = try NotificationServerEnvironment.start(label: "bench-kill")
        defer { bus.stop() }
        let monitor = try BusMonitor(environment: bus)
        defer { monitor.stop() }
        let sandbox = try DaemonBenchmark.Sandbox(label: "kill")
        sandbox.environment.merge(bus.variables) { _, new in new }
        var daemon = try DaemonBenchmark.DaemonUnderTest(chimed, notifier: "libnotify", sandbox: sandbox)
        _ = try daemon.waitUntilReady()
        let store = try Store(environment: sandbox.environment)
        let first = Date().addingTimeInterval(1)
        var plan = ChangePlan()
        plan.requests = (0..<crashCount).map { index in
            DaemonBenchmark.reminder("crash-\(index)", due: first.addingTimeInterval(crashSpread * Double(index) / Double(crashCount)), tolerance: 0)
        }
        let sequence = try store.apply(plan, now: Date()).sequence
        _ = try ControlClient(directory: RuntimeDirectory.resolve(environment: sandbox.environment)).send(.changed(sequence: sequence))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<killCount {
            // Not measured: keeps dunst fast (a closed bubble is still replaced, not stacked,
            // when its id is sent again).
            try? bus.closeAll()
            usleep(UInt32.random(in: 200_000...700_000, using: &generator))
            daemon.crash()
            daemon = try DaemonBenchmark.DaemonUnderTest(chimed, notifier: "libnotify", sandbox: sandbox)
            _ = try daemon.waitUntilReady()
        }
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline {
            try? bus.closeAll()
            let delivered = try store.deliveryHistory(limit: crashCount * 2).filter { $0.outcome == .delivered }
            if Set(delivered.map(\.identifier)).count >= crashCount { break }
            usleep(200_000)
        }
        try daemon.stop()
        var sent: [String: Int] = [:]
        for call in monitor.notifyCalls where call.replacesID == 0 {
            guard let range = call.body.range(of: "crash-") else { continue }
            let digits = call.body[range.upperBound...].prefix { $0.isNumber }
            sent["crash-" + digits, default: 0] += 1
        }
        guard sent.count == crashCount else {
            throw BenchmarkFailure("only \(sent.count) of \(crashCount) requests reached the server")
        }
        let duplicates = sent.values.reduce(0) { $0 + $1 - 1 }
        return Double(duplicates) / Double(killCount)
    }

    /// A water reminder, the most frequent notification, with its own identifier.
    private static func request(_ index: Int) -> NotificationRequest {
        NotificationRequest(
            identifier: "bench/\(index)", group: "bench", kind: .water, due: Date(), tolerance: 300,
            content: NotificationContent(template: .waterReminder, arguments: [
                ContentArgument.amount: "250", ContentArgument.consumed: String(index * 250 % 2000), ContentArgument.goal: "2000",
            ]),
            misfirePolicy: .drop
        )
    }

    /// Delivers `job` and returns its outcome and milliseconds from the `deliver` call to the
    /// completion, read in the completion itself, as the C client reads its end in the thread that
    /// made the call: the wake-up of this thread afterwards (10-80 µs on a loaded machine) is the
    /// benchmark's own hand-over, not the notifier's.
    private static func deliverTimed(_ job: DeliveryJob, through notifier: LibNotifyNotifier) -> (DeliveryOutcome, Double) {
        let done = DispatchSemaphore(value: 0)
        let result = OutcomeSlot()
        let started = ContinuousClock.now
        notifier.deliver(job) { outcome in
            result.answered = ContinuousClock.now
            result.outcome = outcome
            done.signal()
        }
        done.wait()
        let (seconds, attoseconds) = (result.answered! - started).components
        return (result.outcome!, Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }

    private static func close(_ serverIDs: [UInt32], through notifier: LibNotifyNotifier) {
        let done = DispatchSemaphore(value: 0)
        notifier.close(serverIDs: serverIDs) { _ in done.signal() }
        done.wait()
    }

    private static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }

    /// Starts a private dunst when the session bus has no notification server; `nil` when one
    /// is there already.
    private static func ensureNotificationServer() throws -> NotificationServerEnvironment? {
        if ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil {
            let notifier = try LibNotifyNotifier(configuration: .init(language: .english))
            let status = notifier.probe().status
            notifier.shutdown()
            if status == .ready { return nil }
        }
        let server = try NotificationServerEnvironment.start(label: "bench-notify")
        // libnotify and GIO read the session bus only from the process environment.
        for (name, value) in server.variables {
            setenv(name, value, 1)
        }
        return server
    }

    /// Carries one outcome and when it came from the notifier's callback thread to the measuring thread.
    private final class OutcomeSlot: @unchecked Sendable {
        // @unchecked: written before the semaphore is signalled, read after the wait.
        var outcome: DeliveryOutcome?
        var answered: ContinuousClock.Instant?
    }
}
