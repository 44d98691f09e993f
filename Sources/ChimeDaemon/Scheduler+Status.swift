import ChimeControl
import ChimeCore
import ChimeNotify
import Foundation

/// What others read of the scheduler: its state for `status`, for the daemon's log and for tests.
extension Scheduler {
    /// What the daemon last learned about the notification server.
    public var serverState: NotificationServerState { server.state }
    /// Whether the server is in do-not-disturb mode (dunst paused, KDE inhibited).
    public var doNotDisturb: Bool { attention.doNotDisturb }
    /// Whether the user's session is locked (nobody at the desk).
    public var away: Bool { attention.away }
    /// How many water reminders were held (do-not-disturb, a locked session) and wait for their
    /// summary.
    public var heldCount: Int { attention.heldCount }
    /// How many notifications wait for room on a full server (``ServerCapacity``).
    public var waitingForRoom: Int { capacity.waitingCount }

    /// How many requests wait in the queue.
    public var pendingCount: Int { queue.count }
    /// When the queue wants the next wake: the latest due instant among the requests due by
    /// the earliest deadline (``PendingQueue/earliestWake``).
    public var nextWake: Date? { queue.earliestWake }
    /// The instant the timer is armed for.
    public var armedDeadline: Date? { timer.armedDeadline }
    /// How many deliveries wait for the notifier's answer or for the store to record it.
    public var deliveriesInFlight: Int { outcomes.count }
    /// How many answers from the notifier are still to come (deliveries, closes, a probe).
    public var awaitedAnswers: Int {
        outcomes.awaitedCount + closer.closing.count + reshower.awaitedCount + (server.isProbing ? 1 : 0) + (attention.isSummarizing ? 1 : 0)
    }
    /// Whether a store call failed and a reload is scheduled.
    public var isRecovering: Bool { recovery.reloadAt != nil }

    /// The answer to `status`.
    public func status(daemon: DaemonIdentity = .current) -> DaemonStatus {
        DaemonStatus(
            armedDeadline: timer.armedDeadline, pendingCount: queue.count,
            notificationServer: serverState.rawValue, lastAppliedSequence: lastAppliedSequence, daemon: daemon,
            doNotDisturb: doNotDisturb, heldCount: heldCount, away: away, waitingForRoom: waitingForRoom
        )
    }

    /// The setting naming the server process that gave out the bubble ids in the store
    /// (``NotificationServerIdentity``); absent when no stored id is vouched for.
    public static var serverInstanceSetting: String { NotificationServerIdentity.instanceSetting }

    /// The kinds whose bubbles are shown again after a restart (``BubbleReshower``).
    public static var reshownKinds: Set<RequestKind> { BubbleReshower.reshownKinds }
}
