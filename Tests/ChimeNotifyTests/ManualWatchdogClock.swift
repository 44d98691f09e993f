@testable import ChimeNotify
import Synchronization

/// A ``WatchdogClock`` that moves only when a test says so; its timer fires on the test's
/// thread, inside ``advance(by:)``, when the move reaches the deadline.
final class ManualWatchdogClock: WatchdogClock {
    private struct State {
        var now: UInt64 = 1_000_000_000
        var armedAt: UInt64?
        var fired: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// The deadline the timer is set for; nil when it is not armed or has fired.
    var armedAt: UInt64? { state.withLock { $0.armedAt } }

    func now() -> UInt64 { state.withLock { $0.now } }

    func setHandler(_ fired: @escaping @Sendable () -> Void) {
        state.withLock { $0.fired = fired }
    }

    func schedule(at deadline: UInt64) {
        state.withLock { $0.armedAt = deadline }
    }

    func cancel() {
        state.withLock { $0.armedAt = nil; $0.fired = nil }
    }

    /// Moves the clock by `duration`, firing the timer (as often as the handler re-arms it
    /// within the move) once its deadline is reached.
    func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let target = state.withLock { $0.now } + UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        while true {
            let fire = state.withLock { state -> (@Sendable () -> Void)? in
                guard let armedAt = state.armedAt, armedAt <= target, state.fired != nil else {
                    state.now = target
                    return nil
                }
                state.now = max(state.now, armedAt)
                state.armedAt = nil
                return state.fired
            }
            guard let fire else { return }
            fire()
        }
    }
}
