import ChimeCore
import ChimeDesk
import ChimeNotify
import ChimeStore
import Foundation

/// What becomes of requests that came due, once the store moved them to `delivering`: shown
/// through the notifier, held while nobody looks (water), made to wait for the end of a
/// do-not-disturb mode that discards bubbles, or recorded missed as their misfire policy says,
/// each with what the desk says follows it in the same transaction; and what the notifier
/// answered about those it showed.
///
/// Not Sendable: it belongs to the scheduler's thread.
final class DueDispatcher {
    private let store: Store
    private let desk: Desk
    private let notifier: any Notifier
    private let clock: any WallClock
    private let outcomes: OutcomeRecorder
    private let attention: HeldWaterKeeper
    private let deferral: DoNotDisturbDeferral
    private let server: NotificationServerIdentity
    private let capacity: ServerCapacity
    private let lateBubbles: LateAnswerReconciler
    private let misfireSlack: TimeInterval
    private let log: DaemonLog
    private let hooks: SchedulerHooks
    private let post: @Sendable (SchedulerMessage) -> Void

    init(
        store: Store, desk: Desk, notifier: any Notifier, clock: any WallClock, outcomes: OutcomeRecorder, attention: HeldWaterKeeper,
        deferral: DoNotDisturbDeferral, server: NotificationServerIdentity, capacity: ServerCapacity, lateBubbles: LateAnswerReconciler,
        misfireSlack: TimeInterval, log: DaemonLog, hooks: SchedulerHooks,
        post: @escaping @Sendable (SchedulerMessage) -> Void
    ) {
        self.store = store
        self.desk = desk
        self.notifier = notifier
        self.clock = clock
        self.outcomes = outcomes
        self.attention = attention
        self.deferral = deferral
        self.server = server
        self.capacity = capacity
        self.lateBubbles = lateBubbles
        self.misfireSlack = misfireSlack
        self.log = log
        self.hooks = hooks
        self.post = post
    }

    /// Records the notifier's answer about attempt `attempt` of the row `rowID` (a stale answer
    /// is ignored), and lets the next request waiting for room on a full server go (`release`).
    func record(_ outcome: DeliveryOutcome, rowID: Int64, attempt: UInt64, release: (ServerCapacity.Release) throws(StoreError) -> Void) {
        guard let stored = outcomes.awaited(rowID: rowID, attempt: attempt) else {
            log.debug("ignored a stale delivery answer for row \(rowID)")
            return
        }
        server.note(outcome)
        do {
            try outcomes.record(outcome, rowID: rowID, at: clock.now)
            if case .shown(let serverID) = outcome {
                _ = try lateBubbles.recorded(serverID, of: stored.request.identifier)
            }
            if let next = capacity.delivered(rowID: rowID, outcome) {
                try release(next)
            }
            try hooks.syncChanges()
        } catch {
            hooks.fail(error, "recording the outcome of \(stored.request.identifier)")
        }
    }

    /// Why a water reminder whose schedule is gone was not shown.
    static let scheduleRemoved = "its water schedule was removed"

    /// Shows or drops `batch` (rows in `delivering`) as the misfire policy decides.
    func dispatch(_ batch: [StoredRequest], now: Date) throws(StoreError) {
        let batch = try droppingOrphans(batch, now: now)
        guard !batch.isEmpty else { return }
        let byIdentifier = Dictionary(batch.map { ($0.request.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let decision = MisfireResolver.resolve(batch.map(\.request), now: now, slack: misfireSlack)
        // Bubbles are worded on the clock rules follow (the time_zone setting, else the
        // system's), the one chime shows and derives on.
        let zone = desk.timeZone
        let settings = decision.deliveries.isEmpty ? [:] : try store.settings()
        let hold = attention.hold(settings: settings)
        let style = DeliveryStyle(settings: settings)
        // Deliveries first: the notifier works while the drops are written.
        var holding: [StoredRequest] = []
        var waiting: [StoredRequest] = []
        for delivery in decision.deliveries {
            guard let stored = byIdentifier[delivery.request.identifier] else { continue }
            if hold.holds(stored.request) {
                holding.append(stored)
                continue
            }
            if hold.defers(stored.request, isCritical: style.isCritical(stored.request), serverDiscardsBubbles: server.discardsBubblesInDoNotDisturb) {
                waiting.append(stored)
                continue
            }
            send(stored, now: now, timeZone: zone, style: style)
        }
        for stored in waiting {
            try deferral.wait(stored, now: now)
        }
        for stored in holding {
            // Passive: a reminder to drink, piled up unseen, would all come at once when the
            // mode ends (or sit unseen behind a locked screen), stale ones included. One
            // summary comes then instead (``WaterHold``).
            let followUp = try OutcomeRecorder.storeErrors { try desk.followUp(of: stored.request, now: now) }
            try store.markMissed(rowID: stored.rowID, reason: hold.reason, at: now, followUp: followUp)
            attention.held(stored.request)
            log.info("held \(stored.request.identifier): \(hold.reason)")
        }
        for drop in decision.drops {
            guard let stored = byIdentifier[drop.request.identifier] else { continue }
            _ = try OutcomeRecorder.storeErrors { try desk.recordMissed(stored, reason: drop.reason, now: now) }
            log.info("missed \(stored.request.identifier) (due \(LogFormat.instant(stored.request.due, in: zone))): \(drop.reason.rawValue)")
        }
    }

    /// `batch` without the water reminders whose schedule is gone, which are recorded as
    /// missed instead of shown.
    ///
    /// `chime water off` cancels the schedule's requests, but a reminder the daemon derived
    /// from the schedule just before (after "Drank", a snooze, a time-zone change) can be
    /// written just after, in a transaction of its own: one orphan the user turned off.
    private func droppingOrphans(_ batch: [StoredRequest], now: Date) throws(StoreError) -> [StoredRequest] {
        var kept: [StoredRequest] = []
        var orphaned: [String: Bool] = [:]
        for stored in batch {
            guard stored.request.kind == .water else {
                kept.append(stored)
                continue
            }
            let group = stored.request.group
            if orphaned[group] == nil {
                orphaned[group] = try OutcomeRecorder.storeErrors { try desk.isOrphanedWaterReminder(stored.request) }
            }
            if orphaned[group] == false {
                kept.append(stored)
            } else {
                try store.markMissed(rowID: stored.rowID, reason: Self.scheduleRemoved, at: now)
                log.info("missed \(stored.request.identifier): \(Self.scheduleRemoved)")
            }
        }
        return kept
    }

    private func send(_ stored: StoredRequest, now: Date, timeZone: TimeZone, style: DeliveryStyle) {
        let attempt = outcomes.begin(stored)
        let job = style.job(stored.request, now: now, timeZone: timeZone, replacesServerID: stored.serverID)
        let post = post
        let rowID = stored.rowID
        notifier.deliver(job) { outcome in post(.delivered(rowID: rowID, attempt: attempt, outcome: outcome)) }
    }
}

@available(*, unavailable, message: "it belongs to the scheduler's thread")
extension DueDispatcher: Sendable {}
