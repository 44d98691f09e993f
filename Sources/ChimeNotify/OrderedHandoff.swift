import Dispatch
import Synchronization

/// Runs a notifier's completions and events one at a time, in the order they were handed over:
/// on the thread that hands one over when nothing else runs, otherwise after what runs, on the
/// thread running it.
///
/// Most answers come from the main-loop thread, which then calls the receiver itself: a hop
/// through a dispatch queue cost every delivery one more thread wake-up before the daemon heard
/// of it (on a loaded machine the queue's worker waited about 45 µs to run, some 7% of a
/// delivery's time). A receiver must therefore not wait for the notifier (as ``Notifier``'s
/// completions never may).
final class OrderedHandoff: Sendable {
    private struct State {
        var queued: [@Sendable () -> Void] = []
        var running = false
    }

    private let state = Mutex(State())
    /// Where answers that must not run inside a caller's own call are handed over from.
    private let later: DispatchQueue

    /// Makes a handoff that hands over from `later` what ``runSoon(_:)`` gets.
    init(later: DispatchQueue) {
        self.later = later
    }

    /// Runs `work` now on this thread, or after the work being run elsewhere, by its thread.
    func run(_ work: @escaping @Sendable () -> Void) {
        let runsHere = state.withLock { state in
            state.queued.append(work)
            defer { state.running = true }
            return !state.running
        }
        guard runsHere else { return }
        while let next = state.withLock({ state -> (@Sendable () -> Void)? in
            guard !state.queued.isEmpty else {
                state.running = false
                return nil
            }
            return state.queued.removeFirst()
        }) {
            next()
        }
    }

    /// Runs `work` soon on another thread, in order with the rest: for answers given inside a
    /// caller's call, which must never run its completion itself.
    func runSoon(_ work: @escaping @Sendable () -> Void) {
        later.async { self.run(work) }
    }
}
