import Dispatch

/// The time a ``ServerCallGate`` runs on: a monotonic reading and one timer that calls back
/// when it expires, so tests can move time instead of waiting for it.
protocol WatchdogClock: Sendable {
    /// Now, in nanoseconds on a clock that never goes back.
    func now() -> UInt64
    /// Sets what runs when the timer expires; set once, before the first ``schedule(at:)``.
    func setHandler(_ fired: @escaping @Sendable () -> Void)
    /// Sets the timer to expire at `deadline` (nanoseconds on ``now()``'s clock), replacing
    /// any earlier setting.
    func schedule(at deadline: UInt64)
    /// Stops the timer for good.
    func cancel()
}

/// Dispatch's uptime clock and one Dispatch timer source, activated once for its whole life
/// (libdispatch traps on releasing a source that was never activated).
final class DispatchWatchdogClock: WatchdogClock, @unchecked Sendable {
    // @unchecked: Dispatch sources may be scheduled and cancelled from any thread.
    private let source: DispatchSourceTimer

    /// A disarmed timer whose handler runs on `queue`.
    init(queue: DispatchQueue = DispatchQueue(label: "chime.notify.watchdog")) {
        source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .distantFuture)
        source.activate()
    }

    func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    func setHandler(_ fired: @escaping @Sendable () -> Void) {
        source.setEventHandler(handler: fired)
    }

    func schedule(at deadline: UInt64) {
        source.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline))
    }

    func cancel() {
        source.cancel()
    }
}
