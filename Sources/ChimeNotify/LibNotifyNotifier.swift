import CLibNotify
import ChimeCore
import ChimeSystem
import Dispatch
import Foundation
import Synchronization

/// Shows notifications through libnotify on whatever server owns `org.freedesktop.Notifications`
/// on the session bus.
///
/// All GLib and libnotify calls run on one thread of its own that also runs a GLib main loop
/// (actions, the `closed` signal and server restarts arrive only while it runs). Callers never
/// wait for it: every call has a watchdog (``Configuration/watchdog``, at most 5 s) counted from
/// the moment it is sent, one call to the server is in flight at a time (libnotify's calls
/// block; the server handles Notify calls one by one anyway) and the others queue, and once a
/// call hangs (``Configuration/hangThreshold``) the calls behind it and new ones fail at once as
/// ``DeliveryOutcome/serverBusy``.
///
/// A delivery answered as ``DeliveryOutcome/timedOut`` whose bubble the server shows after all
/// is not lost: its late server id is kept, and the retry of the same request is answered with
/// it, without a second Notify (no second bubble, and none brought back after a dismissal). That
/// holds for an answer later than libnotify's own 25 s too, caught on the bus by
/// ``NotifyCallTracker``; until it comes the request is not sent again, and it is reported as
/// ``NotifierEvent/answeredLate(request:serverID:)``. A server that refuses a bubble for want of
/// room answers ``DeliveryOutcome/serverFull``, and every bubble it announces closing is
/// ``NotifierEvent/roomMade``.
///
/// libnotify keeps process-wide state (its proxy, its list of notifications), so only one
/// instance may run in a process at a time; ``init(configuration:)`` refuses a second one.
public final class LibNotifyNotifier: Notifier {
    /// Settings of a notifier.
    public struct Configuration: Hashable, Sendable {
        /// The longest a watchdog may be: the daemon's scheduler must never wait longer.
        public static let maximumWatchdog: TimeInterval = 5

        /// The language of the texts.
        public var language: NotificationLanguage
        /// How long a call to the server may take before it is reported as timed out (0-5 s).
        public var watchdog: TimeInterval
        /// How long a call may run before it counts as hung: the calls queued behind it, and new
        /// ones, are then answered at once as ``DeliveryOutcome/serverBusy``. A healthy server
        /// answers in about a millisecond, but dunst drawing hundreds of bubbles took up to
        /// 1.4 s per Notify on a loaded machine: that is slow, not hung.
        public var hangThreshold: TimeInterval
        /// The application name the server shows.
        public var appName: String
        /// The `desktop-entry` hint: the basename of Chime's `.desktop` file.
        public var desktopEntry: String
        /// The icon name (from the freedesktop icon naming specification).
        public var iconName: String
        /// Whether to follow the session's lock (logind, screen savers) and report it as
        /// ``NotifierEvent/awayChanged(_:)``: the daemon does; a one-shot command does not.
        public var followsPresence: Bool

        /// Makes a configuration; the language defaults to the one the locale variables ask for.
        public init(
            language: NotificationLanguage = .preferred(environment: ProcessInfo.processInfo.environment),
            watchdog: TimeInterval = 4,
            hangThreshold: TimeInterval = 2,
            appName: String = "Chime",
            desktopEntry: String = "chime",
            iconName: String = "appointment-soon",
            followsPresence: Bool = false
        ) {
            self.language = language
            self.watchdog = min(max(0.001, watchdog), Self.maximumWatchdog)
            self.hangThreshold = min(max(0.001, hangThreshold), self.watchdog)
            self.appName = appName
            self.desktopEntry = desktopEntry
            self.iconName = iconName
            self.followsPresence = followsPresence
        }
    }

    /// Why a notifier could not be made.
    public enum SetupError: Error, Hashable, Sendable, CustomStringConvertible {
        /// Another ``LibNotifyNotifier`` is still running in this process.
        case alreadyRunning

        public var description: String {
            switch self {
            case .alreadyRunning:
                return "another libnotify notifier is running in this process: shut it down first"
            }
        }
    }

    /// The settings this notifier runs with.
    public let configuration: Configuration
    private let renderer: NotificationRenderer
    /// Where answers given inside a caller's own call (a refusal) are handed over from.
    private let callbacks = DispatchQueue(label: "chime.notify.callbacks")
    private let gate: ServerCallGate
    private let eventHandler = EventHandlerSlot()
    private let isShutDown = Mutex(false)
    private let session: ConfinedSession
    private let loop: MainLoopThread
    /// Hands an event to the current handler, in order with the outcomes (``ServerCallGate/handoff``).
    private let emit: @Sendable (NotifierEvent) -> Void

    private static let instanceRunning = Mutex(false)
    /// How long ``shutdown()`` waits for the GLib thread to tear libnotify down.
    static let tearDownWait: TimeInterval = 1

    /// The name of the GLib thread in `ps -L` and `/proc/PID/task/*/comm`: at most 15 bytes,
    /// the kernel's limit (a longer name is refused and the thread stays unnamed).
    public static let threadName = "chime.libnotify"

    /// Starts the notifier's thread; nothing talks to the bus until the first call.
    public init(configuration: Configuration = Configuration()) throws(SetupError) {
        let claimed = Self.instanceRunning.withLock { running in
            defer { running = true }
            return !running
        }
        guard claimed else { throw .alreadyRunning }
        self.configuration = configuration
        renderer = NotificationRenderer(language: configuration.language)
        gate = ServerCallGate(
            watchdog: .milliseconds(Int64(configuration.watchdog * 1000)),
            hungAfter: .milliseconds(Int64(configuration.hangThreshold * 1000)),
            callbacks: callbacks
        )
        let session = ConfinedSession()
        self.session = session
        let eventHandler = eventHandler
        let handoff = gate.handoff
        // Called on the main-loop thread: in order with the outcomes of the calls made there.
        let emit: @Sendable (NotifierEvent) -> Void = { event in
            handoff.run { eventHandler.current?(event) }
        }
        self.emit = emit
        // Late answers are noticed on GDBus's worker thread and handed to the loop thread ahead
        // of the signals that follow them (the server's NotificationClosed for that bubble).
        let relay = LoopRelay()
        let tracker = NotifyCallTracker { token, result in
            relay.loop.withLock { $0 }?.perform(aheadOfSignals: true) { session.value?.lateAnswer(token, result) }
        }
        loop = MainLoopThread(
            name: Self.threadName,
            setUp: {
                _ = notify_init(configuration.appName)
                session.value = NotificationServerSession(configuration: configuration, tracker: tracker, emit: emit)
                if configuration.followsPresence {
                    session.presence = PresenceMonitor(
                        sessionBusAddress: SessionBus.address(environment: ProcessInfo.processInfo.environment),
                        timeout: configuration.watchdog
                    ) { locked in emit(.awayChanged(locked)) }
                }
            },
            tearDown: {
                // Bubbles go before notify_uninit: it would close those that never expire or
                // have actions, and disposing one without libnotify's proxy calls the server.
                session.value?.tearDown()
                session.value = nil
                session.presence = nil
                notify_uninit()
                LibNotifyNotifier.instanceRunning.withLock { $0 = false }
            }
        )
        relay.loop.withLock { [loop] in $0 = loop }
        gate.setPing { [loop, gate] in
            loop.perform { gate.threadResponded() }
        }
    }

    deinit {
        shutdown()
    }

    /// Sets the receiver of events, and reports to it the state found before it was set: a
    /// session already locked when the notifier started (``Configuration/followsPresence``), a
    /// server already in do-not-disturb mode. Those readings were reported when nobody listened.
    public func setEventHandler(_ handler: @escaping @Sendable (NotifierEvent) -> Void) {
        eventHandler.current = handler
        let emit = emit
        loop.perform { [session] in
            if session.presence?.isLocked == true { emit(.awayChanged(true)) }
            if session.value?.doNotDisturb == true { emit(.doNotDisturbChanged(true)) }
        }
    }

    public func deliver(_ job: DeliveryJob, completion: @escaping @Sendable (DeliveryOutcome) -> Void) {
        let renderer = job.language.map(NotificationRenderer.init(language:)) ?? renderer
        // ContinuousClock, not MonotonicClock: the wait is added to the job's `now`, a wall-clock
        // instant, so it counts a suspend as the wall clock does.
        let handedOver = ContinuousClock.now
        call(
            completion: completion,
            { session in
                // Worded as of the moment the call goes out, not when it was queued: the last of a
                // burst may be well past its tolerance by then.
                let sent = job.sent(afterWaiting: (ContinuousClock.now - handedOver).timeInterval)
                let rendering = Result { () throws(DomainError) in try renderer.render(sent) }
                switch rendering {
                case .success(let notification): return session.deliver(notification, for: sent)
                case .failure(let rejection): return .rejected(reason: rejection.message)
                }
            },
            late: { session, outcome in
                if case .shown(let serverID) = outcome { session.rememberLateAnswer(serverID: serverID, for: job) }
            }
        ) { failure in
            switch failure {
            case .busy: return .serverBusy
            case .timedOut: return .timedOut
            case .shutDown: return .failed(message: Self.shutDownMessage)
            }
        }
    }

    public func close(serverIDs: [UInt32], completion: @escaping @Sendable (CloseOutcome) -> Void) {
        call(completion: completion, { session in session.close(serverIDs: serverIDs) }) { failure in
            switch failure {
            case .busy: return .serverBusy
            case .timedOut: return .timedOut
            case .shutDown: return .failed(message: Self.shutDownMessage)
            }
        }
    }

    public func probe(completion: @escaping @Sendable (ServerProbe) -> Void) {
        call(completion: completion, { session in session.probe() }) { failure in
            switch failure {
            case .busy: return ServerProbe(status: .busy, detail: "an earlier call to the notification server still hangs")
            case .timedOut: return ServerProbe(status: .timedOut, detail: "the notification server did not answer in time")
            case .shutDown: return ServerProbe(status: .failed, detail: Self.shutDownMessage)
            }
        }
    }

    private static let shutDownMessage = "the notifier was shut down"

    /// Runs `work` on the main-loop thread through the gate (one call at a time, with its
    /// watchdog) and hands its result, or `answer(failure)` when the gate answers first, to
    /// `completion` (from the main-loop thread itself: no hop before the caller hears of it); a
    /// result that comes after the gate answered goes to `late` instead (on the main-loop thread).
    private func call<Outcome: Sendable>(
        completion: @escaping @Sendable (Outcome) -> Void,
        _ work: @escaping (NotificationServerSession) -> Outcome,
        late: @escaping (NotificationServerSession, Outcome) -> Void = { _, _ in },
        failure answer: @escaping @Sendable (ServerCallGate.Failure) -> Outcome
    ) {
        guard let ticket = gate.admit(fail: { completion(answer($0)) }) else { return }
        loop.perform { [session, gate] in
            guard gate.begin(ticket) else { return }
            guard let current = session.value else {
                gate.finish(ticket) { completion(answer(.shutDown)) }
                return
            }
            let outcome = work(current)
            if !gate.finish(ticket, { completion(outcome) }) {
                late(current, outcome)
            }
        }
    }

    public func shutdown() {
        let first = isShutDown.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        gate.shutDown()
        // A thread stuck in a hung call finishes (and frees the instance slot) on its own later.
        // A healthy tear-down takes milliseconds; a long wait here would only delay the
        // daemon's exit past systemd's stop timeout (it already waited for its deliveries).
        _ = loop.stop(timeout: Self.tearDownWait)
    }

    /// The loop thread, for a closure made before it exists (set once, right after).
    private final class LoopRelay: Sendable {
        let loop = Mutex<MainLoopThread?>(nil)
    }

    /// The session, touched only on the main-loop thread (hence unchecked).
    private final class ConfinedSession: @unchecked Sendable {
        var value: NotificationServerSession?
        var presence: PresenceMonitor?
    }
}
