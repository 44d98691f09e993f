import ChimeSystem
import Dispatch
import Synchronization

/// Admits calls to the notification server one at a time, each with a watchdog, and hands
/// every outcome over exactly once, in order (``handoff``).
///
/// Calls made in a burst wait their turn without a deadline of their own: the watchdog starts
/// when a call is sent (``begin(_:)``), so a queue that the server works through, however
/// slowly (dunst drawing 300 bubbles answers each Notify in 0.1-1.4 s), never times out.
/// A call still running after ``hungAfter`` counts as hung: the calls queued behind it are
/// answered at once as busy, and so is every new one until the main-loop thread responds
/// again. The hung call itself is answered as timed out when its watchdog fires (libnotify
/// would wait 25 s for a stopped server); its real result, when it comes, is reported to its
/// caller as late by ``finish(_:_:)``, so a bubble it showed can be accounted for.
///
/// One timer serves every call, armed for the earliest deadline only when that moves earlier:
/// a call that finishes in time costs no timer operation at all, and with nothing waiting the
/// timer is disarmed (no wake-ups).
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

    private struct Waiting {
        let fail: @Sendable (Failure) -> Void
        /// When the watchdog answers it (nanoseconds on the clock): set once the call is sent,
        /// `nil` while it queues.
        var deadline: UInt64?
    }

    private struct InFlight {
        let number: UInt64
        let startedAt: UInt64
        var reportedHung = false
    }

    private struct State: ~Copyable {
        var nextNumber: UInt64 = 0
        var waiting: [UInt64: Waiting] = [:]
        var inFlight: InFlight?
        var stuck = false
        var responsePending = false
        var shutDown = false
        /// When the timer fires next, if it is armed.
        var armedFor: UInt64?
    }

    /// How long a call may take, from the moment it is sent to its outcome.
    let watchdog: Duration
    /// How long a call may run before the calls behind it stop waiting for it.
    let hungAfter: Duration
    /// Where every outcome goes: a call's own result straight from the main-loop thread, the
    /// watchdog's answers from the timer's thread, refusals and shut-down answers from the
    /// callback queue (never inside the caller's call). The notifier's events go the same way.
    let handoff: OrderedHandoff
    private let clock: any WatchdogClock
    private let state = Mutex(State())
    /// Runs a no-op on the main-loop thread that calls ``threadResponded()``: set once by the owner.
    private let pingThread = Mutex<(@Sendable () -> Void)?>(nil)

    /// Makes a gate whose refusals and shut-down answers run on `callbacks`, timed by `clock`
    /// (tests move a manual one).
    init(watchdog: Duration, hungAfter: Duration, callbacks: DispatchQueue, clock: any WatchdogClock = DispatchWatchdogClock()) {
        self.watchdog = watchdog
        self.hungAfter = min(hungAfter, watchdog)
        handoff = OrderedHandoff(later: callbacks)
        self.clock = clock
        clock.setHandler { [weak self] in self?.timerFired() }
    }

    deinit {
        clock.cancel()
    }

    /// Sets how to reach the main-loop thread when it seems stuck.
    func setPing(_ ping: @escaping @Sendable () -> Void) {
        pingThread.withLock { $0 = ping }
    }

    /// Admits a call, or answers it soon through `fail` (from the callback queue) and returns
    /// `nil` when the thread is stuck or the gate is shut down. Never blocks.
    func admit(fail: @escaping @Sendable (Failure) -> Void) -> Ticket? {
        let now = clock.now()
        let (ticket, refusal, ping): (Ticket?, Failure?, (@Sendable () -> Void)?) = state.withLock { state in
            if state.shutDown { return (nil, .shutDown, nil) }
            if let inFlight = state.inFlight, now >= inFlight.startedAt.adding(hungAfter) {
                state.stuck = true
            }
            if state.stuck {
                // Ask the thread to show it is alive again; one request at a time is enough.
                let ping = state.responsePending ? nil : pingThread.withLock { $0 }
                state.responsePending = true
                return (nil, .busy, ping)
            }
            state.nextNumber += 1
            state.waiting[state.nextNumber] = Waiting(fail: fail, deadline: nil)
            // Queued behind a running call: the timer must also catch that call hanging.
            rearmIfNeeded(&state)
            return (Ticket(number: state.nextNumber), nil, nil)
        }
        ping?()
        if let refusal {
            handoff.runSoon { fail(refusal) }
        }
        return ticket
    }

    /// On the main-loop thread, before starting `ticket`'s call: `false` when it was already
    /// answered (skip the call). Its watchdog starts now.
    func begin(_ ticket: Ticket) -> Bool {
        let now = clock.now()
        return state.withLock { state in
            state.stuck = false
            guard state.waiting[ticket.number] != nil else { return false }
            state.waiting[ticket.number]?.deadline = now.adding(watchdog)
            state.inFlight = InFlight(number: ticket.number, startedAt: now)
            rearmIfNeeded(&state)
            return true
        }
    }

    /// On the main-loop thread, after `ticket`'s call: runs `deliver` (through ``handoff``, so
    /// here unless an earlier answer still runs) unless it was answered already. Returns `false`
    /// when it was (the outcome came after the watchdog: the caller must reconcile it, not drop it).
    @discardableResult
    func finish(_ ticket: Ticket, _ deliver: @escaping @Sendable () -> Void) -> Bool {
        let answered = state.withLock { state in
            state.stuck = false
            if state.inFlight?.number == ticket.number { state.inFlight = nil }
            // The timer stays armed: when it fires it finds nothing due and disarms itself.
            return state.waiting.removeValue(forKey: ticket.number) == nil
        }
        guard !answered else { return false }
        handoff.run(deliver)
        return true
    }

    /// On the main-loop thread, between calls: it is responsive again.
    func threadResponded() {
        state.withLock { state in
            state.stuck = false
            state.responsePending = false
            state.inFlight = nil
        }
    }

    /// Answers every waiting call as shut down, and all later ones too.
    func shutDown() {
        let waiting = state.withLock { state in
            state.shutDown = true
            defer { state.waiting.removeAll() }
            return state.waiting.sorted { $0.key < $1.key }.map(\.value)
        }
        for call in waiting {
            let fail = call.fail
            handoff.runSoon { fail(.shutDown) }
        }
    }

    /// Answers the calls whose watchdog expired, and those queued behind a hung call.
    private func timerFired() {
        let now = clock.now()
        let (expired, queuedBehindHung) = state.withLock { state -> ([Waiting], [Waiting]) in
            state.armedFor = nil
            let due = state.waiting.filter { $0.value.deadline.map { $0 <= now } ?? false }.sorted { $0.key < $1.key }
            for (number, _) in due { state.waiting[number] = nil }
            // The thread did not finish these calls (or even reach them) in time: it is stuck.
            if !due.isEmpty { state.stuck = true }
            var queued: [(key: UInt64, value: Waiting)] = []
            if var inFlight = state.inFlight, !inFlight.reportedHung, now >= inFlight.startedAt.adding(hungAfter) {
                inFlight.reportedHung = true
                state.inFlight = inFlight
                state.stuck = true
                queued = state.waiting.filter { $0.key != inFlight.number }.sorted { $0.key < $1.key }
                for (number, _) in queued { state.waiting[number] = nil }
            }
            rearmIfNeeded(&state)
            return (due.map(\.value), queued.map(\.value))
        }
        answer(expired, with: .timedOut)
        answer(queuedBehindHung, with: .busy)
    }

    /// Arms the timer for the earliest moment something may need answering, when that is
    /// earlier than what it is armed for (under the lock, so arming never goes out of order).
    private func rearmIfNeeded(_ state: inout State) {
        var next = state.waiting.values.compactMap(\.deadline).min()
        if let inFlight = state.inFlight, !inFlight.reportedHung, state.waiting.keys.contains(where: { $0 != inFlight.number }) {
            let hung = inFlight.startedAt.adding(hungAfter)
            next = next.map { min($0, hung) } ?? hung
        }
        guard let next, state.armedFor.map({ next < $0 }) ?? true else { return }
        state.armedFor = next
        clock.schedule(at: next)
    }

    /// On the timer's thread.
    private func answer(_ calls: [Waiting], with failure: Failure) {
        for call in calls {
            let fail = call.fail
            handoff.run { fail(failure) }
        }
    }
}

private extension UInt64 {
    /// This many nanoseconds plus `duration` (none when negative), saturating at the far future.
    func adding(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return self }
        let (whole, wholeOverflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let (span, spanOverflow) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        let (sum, sumOverflow) = addingReportingOverflow(span)
        return wholeOverflow || spanOverflow || sumOverflow ? .max : sum
    }
}
