import Dispatch
import Synchronization

/// Admits calls to the notification server one at a time, each with a watchdog, and hands
/// every outcome to the callback queue exactly once.
///
/// A call that outlives its watchdog is reported as timed out while the main-loop thread may
/// still be stuck in it (libnotify waits 25 s for a hung server). Until that thread responds
/// again, new calls fail at once as busy instead of queueing behind the stuck one.
final class ServerCallGate: Sendable {
    /// Why a call was answered without its result.
    enum Failure: Sendable {
        /// The main-loop thread is stuck in an earlier call.
        case busy
        /// The watchdog fired first.
        case timedOut
        /// The notifier was shut down.
        case shutDown
    }

    /// A call admitted through the gate.
    struct Ticket: Hashable, Sendable {
        fileprivate let number: UInt64
    }

    // @unchecked: a Dispatch timer may be cancelled from any thread.
    private struct Waiting: @unchecked Sendable {
        let fail: @Sendable (Failure) -> Void
        let watchdog: DispatchSourceTimer
    }

    private struct State: ~Copyable {
        var nextNumber: UInt64 = 0
        var waiting: [UInt64: Waiting] = [:]
        var stuck = false
        var responsePending = false
        var shutDown = false
    }

    /// How long a call may take, from admission to outcome.
    let watchdog: Duration
    private let callbacks: DispatchQueue
    private let watchdogs = DispatchQueue(label: "chime.notify.watchdog")
    private let state = Mutex(State())
    /// Runs a no-op on the main-loop thread that calls ``threadResponded()``: set once by the owner.
    private let pingThread = Mutex<(@Sendable () -> Void)?>(nil)

    /// Makes a gate whose outcomes run on `callbacks`.
    init(watchdog: Duration, callbacks: DispatchQueue) {
        self.watchdog = watchdog
        self.callbacks = callbacks
    }

    /// Sets how to reach the main-loop thread when it seems stuck.
    func setPing(_ ping: @escaping @Sendable () -> Void) {
        pingThread.withLock { $0 = ping }
    }

    /// Admits a call, or answers it at once through `fail` (on the callback queue) and returns
    /// `nil` when the thread is stuck or the gate is shut down. Never blocks.
    func admit(fail: @escaping @Sendable (Failure) -> Void) -> Ticket? {
        let timer = DispatchSource.makeTimerSource(queue: watchdogs)
        let (ticket, refusal, ping): (Ticket?, Failure?, (@Sendable () -> Void)?) = state.withLock { state in
            if state.shutDown { return (nil, .shutDown, nil) }
            if state.stuck {
                // Ask the thread to show it is alive again; one request at a time is enough.
                let ping = state.responsePending ? nil : pingThread.withLock { $0 }
                state.responsePending = true
                return (nil, .busy, ping)
            }
            state.nextNumber += 1
            let ticket = Ticket(number: state.nextNumber)
            state.waiting[ticket.number] = Waiting(fail: fail, watchdog: timer)
            return (ticket, nil, nil)
        }
        ping?()
        guard let ticket else {
            callbacks.async { fail(refusal!) }
            return nil
        }
        timer.setEventHandler { [weak self] in self?.expire(ticket) }
        timer.schedule(deadline: .now() + watchdog.timeInterval)
        timer.activate()
        return ticket
    }

    /// On the main-loop thread, before starting `ticket`'s call: `false` when its watchdog
    /// already answered it (skip the call).
    func begin(_ ticket: Ticket) -> Bool {
        state.withLock { state in
            state.stuck = false
            return state.waiting[ticket.number] != nil
        }
    }

    /// On the main-loop thread, after `ticket`'s call: hands its outcome to `deliver` on the
    /// callback queue unless the watchdog answered first.
    func finish(_ ticket: Ticket, _ deliver: @escaping @Sendable () -> Void) {
        let waiting = state.withLock { state in
            state.stuck = false
            return state.waiting.removeValue(forKey: ticket.number)
        }
        guard let waiting else { return }
        waiting.watchdog.cancel()
        callbacks.async(execute: deliver)
    }

    /// On the main-loop thread: it is responsive again.
    func threadResponded() {
        state.withLock { state in
            state.stuck = false
            state.responsePending = false
        }
    }

    /// Answers every waiting call as shut down, and all later ones too.
    func shutDown() {
        let waiting = state.withLock { state in
            state.shutDown = true
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for call in waiting {
            call.watchdog.cancel()
            let fail = call.fail
            callbacks.async { fail(.shutDown) }
        }
    }

    private func expire(_ ticket: Ticket) {
        let waiting = state.withLock { state in
            let waiting = state.waiting.removeValue(forKey: ticket.number)
            // The thread did not finish this call (or reach it) in time: it is stuck.
            if waiting != nil { state.stuck = true }
            return waiting
        }
        guard let waiting else { return }
        waiting.watchdog.cancel()
        let fail = waiting.fail
        callbacks.async { fail(.timedOut) }
    }
}

extension Duration {
    /// The duration in seconds, as Foundation and Dispatch count time.
    var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
