import ChimeCore
import ChimeNotify
import ChimeTestSupport
import Dispatch
import Foundation

/// The `notify` suite: how long a delivery through libnotify takes, from the `deliver` call to
/// its completion (the server's reply), one delivery at a time.
///
/// Uses the notification server of the session bus when there is one; otherwise (CI, a
/// terminal without a desktop) it starts a private dunst with the project's
/// `scripts/notify-env.sh` for the run and stops it afterwards. Each of the 1000 notifications
/// has its own identifier (a new bubble, as the daemon mostly shows) and is closed after its
/// measured delivery, so the server's screen holds one bubble, as a user's would.
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

        var latencies: [Double] = []
        latencies.reserveCapacity(count)
        for index in 0..<(warmUp + count) {
            let job = DeliveryJob(request: request(index), now: Date(), timeZone: .current)
            let (outcome, milliseconds) = deliverTimed(job, through: notifier)
            guard case .shown(let serverID) = outcome else {
                throw BenchmarkFailure("delivery \(index) failed: \(outcome)")
            }
            if index >= warmUp { latencies.append(milliseconds) }
            // Not measured: keeps one bubble on screen, as for a user. With dozens on screen,
            // dunst redraws them all on every Notify and its reply (not Chime) takes 20 ms.
            close([serverID], through: notifier)
        }

        latencies.sort()
        BenchmarkResult(suite: "notify", metric: "latency_p50_ms", n: count, value: percentile(latencies, 0.50), unit: "ms").emit()
        BenchmarkResult(suite: "notify", metric: "latency_p99_ms", n: count, value: percentile(latencies, 0.99), unit: "ms").emit()
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

    private static func deliverTimed(_ job: DeliveryJob, through notifier: LibNotifyNotifier) -> (DeliveryOutcome, Double) {
        let done = DispatchSemaphore(value: 0)
        let result = OutcomeSlot()
        let started = ContinuousClock.now
        notifier.deliver(job) { outcome in
            result.outcome = outcome
            done.signal()
        }
        done.wait()
        let elapsed = ContinuousClock.now - started
        let (seconds, attoseconds) = elapsed.components
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

    /// Carries one outcome from the notifier's callback thread to the measuring thread.
    private final class OutcomeSlot: @unchecked Sendable {
        // @unchecked: written before the semaphore is signalled, read after the wait.
        var outcome: DeliveryOutcome?
    }
}
