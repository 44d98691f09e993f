import Dispatch
import Synchronization

/// Admits calls to the notification server one at a time, each with a watchdog, and hands
/// every outcome to the callback queue exactly once.
///
/// A healthy server answers in about a millisecond, so calls made in a burst wait their turn.
/// A call still running after ``hungAfter`` counts as hung: the calls queued behind it are
/// answered at once as busy, and so is every new one until the main-loop thread responds
/// again. The hung call itself is answered as timed out when its watchdog fires (libnotify
/// would wait 25 s for a stopped server).
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

    // @unchecked: as above.
    private struct InFlight: @unchecked Sendable {
        let number: UInt64
        let hungTimer: DispatchSourceTimer
    }

    private struct State: ~Copyable {
        var nextNumber: UInt64 = 0
        var waiting: [UInt64: Waiting] = [:]
        var inFlight: InFlight?
        var stuck = false
        var responsePending = false
        var shutDown = false
    }

    /// How long a call may take, from admission to outcome.
    let watchdog: Duration
    /// How long a call may run before the calls behind it stop waiting for it.
    let hungAfter: Duration
    private let callbacks: DispatchQueue
    private let timers = DispatchQueue(label: "chime.notify.watchdog")
    private let state = Mutex(State())
    /// Runs a no-op on the main-loop thread that calls ``threadResponded()``: set once by the owner.
    private let pingThread = Mutex<(@Sendable () -> Void)?>(nil)

    /// Makes a gate whose outcomes run on `callbacks`.
    init(watchdog: Duration, hungAfter: Duration, callbacks: DispatchQueue) {
        self.watchdog = watchdog
        self.hungAfter = min(hungAfter, watchdog)
        self.callbacks = callbacks
    }

    /// Sets how to reach the main-loop thread when it seems stuck.
    func setPing(_ ping: @escaping @Sendable () -> Void) {
        pingThread.withLock { $0 = ping }
    }

    /// Admits a call, or answers it at once through `fail` (on the callback queue) and returns
    /// `nil` when the thread is stuck or the gate is shut down. Never blocks.
    func admit(fail: @escaping @Sendable (Failure) -> Void) -> Ticket? {
        // libdispatch traps when a source is released without ever being activated, so the
        // timer exists only for admitted calls, and is activated right after.
        let (admitted, refusal, ping): ((Ticket, DispatchSourceTimer)?, Failure?, (@Sendable () -> Void)?) = state.withLock { state in
            if state.shutDown { return (nil, .shutDown, nil) }
            if state.stuck {
                // Ask the thread to show it is alive again; one request at a time is enough.
                let ping = state.responsePending ? nil : pingThread.withLock { $0 }
                state.responsePending = true
                return (nil, .busy, ping)
            }
            state.nextNumber += 1
            let ticket = Ticket(number: state.nextNumber)
            let timer = DispatchSource.makeTimerSource(queue: timers)
            state.waiting[ticket.number] = Waiting(fail: fail, watchdog: timer)
            return ((ticket, timer), nil, nil)
        }
        ping?()
        guard let (ticket, timer) = admitted else {
            callbacks.async { fail(refusal!) }
            return nil
        }
        timer.setEventHandler { [weak self] in self?.expire(ticket) }
        timer.schedule(deadline: .now() + watchdog.timeInterval)
        timer.activate()
        return ticket
    }

    /// On the main-loop thread, before starting `ticket`'s call: `false` when it was already
    /// answered (skip the call).
    func begin(_ ticket: Ticket) -> Bool {
        let started: DispatchSourceTimer? = state.withLock { state in
            state.stuck = false
            guard state.waiting[ticket.number] != nil else { return nil }
            let hungTimer = DispatchSource.makeTimerSource(queue: timers)
            state.inFlight = InFlight(number: ticket.number, hungTimer: hungTimer)
            return hungTimer
        }
        guard let hungTimer = started else { return false }
        hungTimer.setEventHandler { [weak self] in self?.callHangs(ticket) }
        hungTimer.schedule(deadline: .now() + hungAfter.timeInterval)
        hungTimer.activate()
        return true
    }

    /// On the main-loop thread, after `ticket`'s call: hands its outcome to `deliver` on the
    /// callback queue unless it was answered already.
    func finish(_ ticket: Ticket, _ deliver: @escaping @Sendable () -> Void) {
        let (waiting, hungTimer) = state.withLock { state in
            state.stuck = false
            let hungTimer = state.inFlight?.number == ticket.number ? state.inFlight?.hungTimer : nil
            if hungTimer != nil { state.inFlight = nil }
            return (state.waiting.removeValue(forKey: ticket.number), hungTimer)
        }
        hungTimer?.cancel()
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
            state.inFlight?.hungTimer.cancel()
            defer { state.waiting.removeAll() }
            return state.waiting.sorted { $0.key < $1.key }.map(\.value)
        }
        answer(waiting, with: .shutDown)
    }

    /// The call `ticket` still runs after ``hungAfter``: the calls behind it stop waiting.
    private func callHangs(_ ticket: Ticket) {
        let queued = state.withLock { state -> [Waiting] in
            guard state.inFlight?.number == ticket.number else { return [] }
            state.stuck = true
            let queued = state.waiting.filter { $0.key != ticket.number }.sorted { $0.key < $1.key }
            for (number, _) in queued { state.waiting[number] = nil }
            return queued.map(\.value)
        }
        answer(queued, with: .busy)
    }

    private func expire(_ ticket: Ticket) {
        let waiting = state.withLock { state in
            let waiting = state.waiting.removeValue(forKey: ticket.number)
            // The thread did not finish this call (or even reach it) in time: it is stuck.
            if waiting != nil { state.stuck = true }
            return waiting
        }
        answer(waiting.map { [$0] } ?? [], with: .timedOut)
    }

    private func answer(_ calls: [Waiting], with failure: Failure) {
        for call in calls {
            call.watchdog.cancel()
            let fail = call.fail
            callbacks.async { fail(failure) }
        }
    }
}

extension Duration {
    /// The duration in seconds, as Foundation and Dispatch count time.
    var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
