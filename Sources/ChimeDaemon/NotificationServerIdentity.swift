import ChimeNotify
import ChimeStore
import Foundation

/// Which notification server the daemon talks to: what it last learned about it, and which
/// server process the bubble ids in the store belong to.
///
/// A server started while chimed was not running (a new login, a restart) numbers its bubbles
/// from the start again, so a stale id names another application's bubble, which replacing or
/// closing would hit. This type keeps the store's ids those of the server that gave them out.
///
/// Not Sendable: it belongs to the scheduler's thread.
final class NotificationServerIdentity {
    /// The setting naming the server process (``ServerInformation/instance``) that gave out the
    /// bubble ids in the store; absent when no stored id is vouched for.
    static let instanceSetting = "chimed.notification-server"

    private let store: Store
    private let notifier: any Notifier
    private let clock: any WallClock
    private let log: DaemonLog
    private let post: @Sendable (SchedulerMessage) -> Void

    /// What the daemon last learned about the notification server.
    private(set) var state = NotificationServerState.unknown
    /// Whether a probe's answer is still to come.
    private(set) var isProbing = false
    /// Whether the server loses the bubbles it does not show during do-not-disturb (the last
    /// probe's word: xfce4-notifyd), so they must wait for the mode to end.
    private(set) var discardsBubblesInDoNotDisturb = false

    /// Identifies the server through `notifier`, recording in `store`; `post` hands a probe's
    /// answer to the scheduler's thread.
    init(store: Store, notifier: any Notifier, clock: any WallClock, log: DaemonLog, post: @escaping @Sendable (SchedulerMessage) -> Void) {
        self.store = store
        self.notifier = notifier
        self.clock = clock
        self.log = log
        self.post = post
    }

    /// Asks who serves notifications, waiting for the answer (the server answers in a
    /// millisecond, and the notifier's watchdog bounds a hung one), and forgets the stored
    /// bubble ids another server process gave out: done first at start, before a stored id is
    /// used. Returns the probe (its capabilities decide what else start does).
    func identifyAtStart() throws(StoreError) -> ServerProbe {
        let probe = notifier.probe()
        note(probe)
        try adopt(probe.server?.instance, atStart: true)
        return probe
    }

    /// Asks the server again, unless a probe is on its way; the answer comes as
    /// ``SchedulerMessage/probed(_:)``, for ``probed(_:)``.
    func probe() {
        guard !isProbing else { return }
        isProbing = true
        let post = post
        notifier.probe { probe in post(.probed(probe)) }
    }

    /// The answer to ``probe()``: the server's state, and, when it names its process, that
    /// process's ids are the store's from now on.
    ///
    /// - Returns: whether the store was written (the scheduler follows its changes then).
    func probed(_ probe: ServerProbe) throws(StoreError) -> Bool {
        isProbing = false
        note(probe)
        guard let instance = probe.server?.instance else { return false }
        try adopt(instance, atStart: false)
        return true
    }

    /// Another process owns the server's name now: every stored id is forgotten, and until
    /// the next probe says which process the new one is, no stored id is vouched for (so a
    /// restart now keeps none).
    func serverChanged() throws(StoreError) {
        log.notice("the notification server changed: forgetting the ids of bubbles shown before")
        state = .available
        try store.forgetServerIDs()
        try store.setSetting(Self.instanceSetting, to: nil, now: clock.now)
    }

    /// A server owns the name again after none did: it is available, and asked who it is.
    func serverAppeared() {
        state = .available
        probe()
    }

    /// What a delivery's `outcome` says about the server (it answered, or was not there).
    func note(_ outcome: DeliveryOutcome) {
        if let seen = NotificationServerState(outcome: outcome), seen != state {
            log.info("notification server: \(seen.rawValue)")
            state = seen
        }
    }

    private func note(_ probe: ServerProbe) {
        state = NotificationServerState(probe: probe)
        if probe.server != nil {
            discardsBubblesInDoNotDisturb = probe.doNotDisturb?.discardsBubbles ?? false
        }
        log.info("notification server: \(state.rawValue)\(probe.server.map { " (\($0.name) \($0.version))" } ?? "")")
    }

    /// Makes the store's bubble ids those of the server process `instance` (`nil`: none could
    /// be identified): ids given out by any other process are forgotten first.
    ///
    /// Forgetting an id costs at worst a second bubble; keeping a stale one is never safe, so
    /// at start only a recorded, matching process keeps them. Later, a missing record means it
    /// was cleared when the server changed: the ids stored since come from the server the
    /// probe just reached (the notifier reports a change before any answer from the new server).
    private func adopt(_ instance: String?, atStart: Bool) throws(StoreError) {
        let recorded = try store.setting(Self.instanceSetting)
        if let instance, recorded == instance { return }
        if recorded != nil || atStart {
            if recorded != nil, instance != nil {
                log.notice("the notification server is not the process that showed the stored bubbles: forgetting their ids")
            }
            try store.forgetServerIDs()
        }
        if recorded != instance {
            try store.setSetting(Self.instanceSetting, to: instance, now: clock.now)
        }
    }
}

@available(*, unavailable, message: "it belongs to the scheduler's thread")
extension NotificationServerIdentity: Sendable {}
