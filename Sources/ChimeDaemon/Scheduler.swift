import ChimeControl
import ChimeCore
import ChimeDesk
import ChimeNotify
import ChimeStore
import Foundation

/// The daemon's scheduling state and every decision made on it: which requests are due, what
/// the store records about them, and when the one timer fires next.
///
/// The store is the truth; the scheduler keeps only what it needs to wake on time: a queue of
/// row ids and deadlines (no request bodies, so 100k pending requests cost a few MB), the last
/// change sequence it applied, and the deliveries waiting for the notifier's answer. It is
/// driven by events, each handled to the end before the next: ``start()``, ``timerFired()``,
/// ``clockChanged()``, ``timeZoneChanged()``, ``reload()``, ``applyChanges(upTo:)`` (the CLI's
/// nudge), ``storeChanged()`` (another process's commit, seen on the files),
/// ``handle(_:)`` (the notifier's answers and events, which arrive on other threads
/// and are handed over through `post`), and ``stop()``. After each one the timer is armed at
/// the queue's ``PendingQueue/earliestWake`` (the latest due instant before the earliest
/// deadline), or disarmed when nothing is pending: nothing wakes the daemon while nothing is due.
///
/// At a wake the due rows move to `delivering` in one transaction before the notifier sees
/// them, so a crash can at worst show a request again (replacing its bubble), never lose it.
/// A failed store call does not stop the daemon: it logs the error and reloads everything
/// from the store after a backoff.
///
/// What is not the event core lives in types of its own: which server the stored bubble ids
/// belong to (``NotificationServerIdentity``), the deliveries whose outcome is still to be
/// written (``OutcomeRecorder``), the reload after a failure (``StoreRecovery``) and how the
/// log writes instants and outcomes (``LogFormat``).
///
/// Not Sendable: it belongs to the thread that runs the event loop (or the test).
public final class Scheduler {
    /// Tunables; the defaults are the daemon's.
    public struct Configuration: Sendable {
        /// Derives next occurrences and action plans.
        public var planner: FastingPlanner
        /// How far past its deadline a request still counts as on time (see ``MisfireResolver``).
        public var misfireSlack: TimeInterval
        /// A timer firing this much later than armed means the machine slept or the clock
        /// jumped: the scheduler reloads from the store instead of trusting its queue.
        public var lateWakeThreshold: TimeInterval
        /// The wait before retrying a delivery the server could not take.
        public var retryBackoff: RetryBackoff
        /// The wait before reloading after a failed store call (same doubling, 1 s to 60 s).
        public var recoveryBackoff: RetryBackoff
        /// How far back water intake is read when deriving the next reminder.
        public var intakeLookback: TimeInterval

        /// The daemon's configuration.
        public init(
            planner: FastingPlanner = FastingPlanner(),
            misfireSlack: TimeInterval = MisfireResolver.onTimeSlack,
            lateWakeThreshold: TimeInterval = MisfireResolver.onTimeSlack,
            retryBackoff: RetryBackoff = RetryBackoff(),
            recoveryBackoff: RetryBackoff = RetryBackoff(),
            intakeLookback: TimeInterval = WaterDay.intakeLookback
        ) {
            self.planner = planner
            self.misfireSlack = misfireSlack
            self.lateWakeThreshold = lateWakeThreshold
            self.retryBackoff = retryBackoff
            self.recoveryBackoff = recoveryBackoff
            self.intakeLookback = intakeLookback
        }
    }

    private let store: Store
    private let notifier: any Notifier
    private let clock: any WallClock
    private let timer: any SchedulerTimer
    private let timeZones: any TimeZoneSource
    private let log: DaemonLog
    private let configuration: Configuration
    private let post: @Sendable (SchedulerMessage) -> Void
    /// Decides everything about fasts, water and reminders: what follows a delivery, what a
    /// button changes, what recurs after a start, a downtime or a zone change.
    private let desk: Desk
    /// Which server shows the bubbles, and whose ids the store holds.
    private let server: NotificationServerIdentity
    /// The deliveries whose outcome is still to be recorded.
    private let outcomes: OutcomeRecorder
    /// The reload after a failed store call.
    private let recovery: StoreRecovery
    /// The requests waiting for do-not-disturb to end on a server that would lose them.
    private let deferral: DoNotDisturbDeferral
    /// Bubbles the server showed after chimed stopped waiting for its answer.
    private let lateBubbles: LateAnswerReconciler
    /// Whether the server has room for another bubble, and what waits for it.
    private let capacity: ServerCapacity

    private var queue = PendingQueue<Int64>()
    /// Rows whose bubbles the notifier is closing.
    private var closing: Set<Int64> = []
    /// Rows whose bubbles are being shown again at start.
    private var reshowing: Set<Int64> = []
    /// Bubbles still to be shown again at start, sent one at a time (``reshowNext()``).
    private var reshowQueue: [(stored: StoredRequest, job: DeliveryJob)] = []
    /// Water reminders held while the server was in do-not-disturb mode (recorded as missed),
    /// and the latest of them (its schedule and progress go into the summary).
    private var held: (count: Int, latest: NotificationRequest)?
    /// Whether a summary of held reminders is on its way to the server.
    private var isSummarizing = false
    /// When to ask again for the closes that failed (the server hung or answered with an
    /// error).
    private var closeRetryAt: Date?
    /// Closes failed in a row: the backoff before the next retry doubles with each.
    private var closeFailures = 0
    /// The deadline the timer was last armed for: a wake long after it is a late wake.
    private var plannedWake: Date?
    private var isStopping = false

    /// The store's change sequence the queue reflects.
    public private(set) var lastAppliedSequence: Int64 = 0
    /// What the daemon last learned about the notification server.
    public var serverState: NotificationServerState { server.state }
    /// Whether the server is in do-not-disturb mode (dunst paused, KDE inhibited).
    public private(set) var doNotDisturb = false
    /// Whether the user's session is locked (nobody at the desk).
    public private(set) var away = false
    /// How many water reminders were held (do-not-disturb, a locked session) and wait for their
    /// summary.
    public var heldCount: Int { held?.count ?? 0 }
    /// How many notifications wait for room on a full server (``ServerCapacity``).
    public var waitingForRoom: Int { capacity.waitingCount }

    /// A scheduler over `store` that shows requests through `notifier`, reads the time from
    /// `clock` and `timeZones`, and keeps `timer` armed for the next wake.
    ///
    /// `post` must hand each message to the scheduler's thread, which passes it to
    /// ``handle(_:)``: the notifier's completions and events arrive on other threads.
    public init(
        store: Store,
        notifier: any Notifier,
        clock: any WallClock,
        timer: any SchedulerTimer,
        timeZones: any TimeZoneSource,
        log: DaemonLog,
        configuration: Configuration = Configuration(),
        post: @escaping @Sendable (SchedulerMessage) -> Void
    ) {
        self.store = store
        self.notifier = notifier
        self.clock = clock
        self.timer = timer
        self.timeZones = timeZones
        self.log = log
        self.configuration = configuration
        self.post = post
        desk = Desk(store: store, timeZone: Self.ruleZone(store: store, system: timeZones.current), planner: configuration.planner)
        server = NotificationServerIdentity(store: store, notifier: notifier, clock: clock, log: log, post: post)
        outcomes = OutcomeRecorder(store: store, desk: desk, retryBackoff: configuration.retryBackoff, log: log)
        recovery = StoreRecovery(backoff: configuration.recoveryBackoff, clock: clock, log: log)
        deferral = DoNotDisturbDeferral(store: store, log: log)
        lateBubbles = LateAnswerReconciler(store: store, notifier: notifier, log: log)
        capacity = ServerCapacity(log: log)
        notifier.setEventHandler { event in post(.notifier(event)) }
    }

    // MARK: What others read

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
        outcomes.awaitedCount + closing.count + reshowing.count + reshowQueue.count + (server.isProbing ? 1 : 0) + (isSummarizing ? 1 : 0)
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

    // MARK: Events

    /// Asks who serves notifications (forgetting stored bubble ids another server process gave
    /// out), loads the pending requests, shows again what a crash left in `delivering`, handles
    /// everything overdue through the misfire policy (catch-up after downtime), closes bubbles
    /// whose close was requested, shows again in place the bubbles with buttons still on screen
    /// (``reshowBubblesOnScreen(now:)``), and arms the timer.
    ///
    /// - Throws: the store's error when the first load fails: the daemon cannot work then.
    public func start() throws(StoreError) {
        // First, before a stored bubble id is used (an interrupted delivery replaces its bubble,
        // a close request closes one).
        let probe = try server.identifyAtStart()
        let now = clock.now
        try load(now: now)
        // Only for buttons: a server without actions (or standard output) has none to take over.
        if probe.capabilities.contains("actions") {
            reshowBubblesOnScreen(now: now)
        }
        rearm()
        log.info("loaded \(queue.count) pending request\(queue.count == 1 ? "" : "s") at change \(lastAppliedSequence); \(describeArming())")
    }

    /// The timer reached its deadline: shows what is due, or reloads everything after a wake
    /// much later than planned (a suspend, or a clock set forward).
    public func timerFired() {
        guard !isStopping else { return }
        let now = clock.now
        if let retryAt = closeRetryAt, retryAt <= now {
            retryCloses()
        }
        if let reloadAt = recovery.reloadAt, reloadAt <= now {
            recover(now: now)
        } else if let planned = plannedWake, now.timeIntervalSince(planned) > configuration.lateWakeThreshold {
            log.notice("woke \(LogFormat.seconds(now.timeIntervalSince(planned))) after the planned \(LogFormat.instant(planned, in: timeZones.current)) (suspend or clock change): reloading from the store")
            reloadSteps(now: now)
        } else {
            // Every wake starts from what is stored: a change whose nudge never arrived (the
            // CLI's short wait ran out) is taken in here at the latest.
            do {
                try syncChanges()
            } catch {
                fail(error, while: "reading the store's changes at a wake")
            }
            processDue(now: now)
        }
        rearm()
    }

    /// The wall clock was set: every deadline is recomputed from the store.
    public func clockChanged() {
        guard !isStopping else { return }
        log.notice("the wall clock was set (now \(LogFormat.instant(clock.now, in: timeZones.current))): reloading from the store")
        reloadSteps(now: clock.now)
        rearm()
    }

    /// Reloads everything from the store (`SIGHUP`).
    public func reload() {
        guard !isStopping else { return }
        log.info("reloading from the store")
        reloadSteps(now: clock.now)
        rearm()
    }

    /// The zone rules follow changed (the system's, or the `time_zone` setting): everything
    /// that recurs is derived again in the new zone (``Desk/timeZoneChanged(now:busyGroups:)``).
    ///
    /// What is due now is shown first, in the old derivation, so nothing due is skipped or
    /// shown twice; a schedule or reminder whose notification is on its way to the server is
    /// left to that notification's follow-up, which is derived in the new zone.
    public func timeZoneChanged() {
        guard !isStopping else { return }
        timeZones.refresh()
        let zone = Self.ruleZone(store: store, system: timeZones.current)
        let now = clock.now
        processDue(now: now)
        desk.follow(zone)
        log.notice("the time zone rules follow is now \(zone.identifier): deriving what recurs again")
        do {
            let busyGroups = outcomes.busyGroups
            _ = try store.apply(now: now) { [desk] () throws -> ChangePlan in
                var plan = try desk.timeZoneChanged(now: now, busyGroups: busyGroups)
                plan.merge(try desk.derivedAgain(now: now))
                return plan
            }
            try syncChanges()
        } catch {
            fail(error, while: "deriving what recurs in the new time zone")
        }
        rearm()
    }

    /// The zone rules follow: the `time_zone` setting, else `system` (``ChimeTimeZone``).
    static func ruleZone(store: Store, system: TimeZone) -> TimeZone {
        ChimeTimeZone.resolve(setting: (try? store.setting(ChimeTimeZone.settingKey)) ?? nil, system: system)
    }

    /// Follows a change of the `time_zone` setting written by `chime config set`.
    private func followZoneSetting() {
        let zone = Self.ruleZone(store: store, system: timeZones.current)
        guard zone.identifier != desk.timeZone.identifier else { return }
        timeZoneChanged()
    }

    /// The CLI's nudge: applies the store's changes since the last applied sequence, re-arms,
    /// and answers with the sequence now applied (the answer goes out after re-arming).
    public func applyChanges(upTo sequence: Int64) -> ControlResponse {
        do {
            try syncChanges()
            followZoneSetting()
        } catch {
            fail(error, while: "reading the changes up to \(sequence)")
            rearm()
            return .error(ControlError(.internalFailure, .changesUnreadable, localized: ["reason": error.text]))
        }
        rearm()
        return .changeApplied(sequence: lastAppliedSequence)
    }

    /// Another process committed to the store (the ``StoreWatch`` saw it, nudged or not):
    /// applies the changes since the last applied sequence and re-arms.
    public func storeChanged() {
        guard !isStopping else { return }
        do {
            try syncChanges()
            followZoneSetting()
        } catch {
            fail(error, while: "reading the store's changes after another process wrote")
        }
        rearm()
    }

    /// Handles what another thread reported: a delivery's or a close's outcome, a probe, or
    /// an event from the server.
    public func handle(_ message: SchedulerMessage) {
        switch message {
        case .delivered(let rowID, let attempt, let outcome):
            record(outcome, rowID: rowID, attempt: attempt)
        case .closed(let rowIDs, let outcome):
            finishClosing(rowIDs, outcome: outcome)
        case .reshown(let rowID, let identifier, let previousID, let outcome):
            finishReshowing(rowID: rowID, identifier: identifier, previousID: previousID, outcome: outcome)
        case .summarized(let heldCount, let outcome):
            finishSummary(heldCount: heldCount, outcome: outcome)
        case .notifier(let event):
            handle(event)
        case .probed(let probe):
            do {
                if try server.probed(probe) { try syncChanges() }
            } catch {
                fail(error, while: "recording which notification server shows the bubbles")
            }
        }
        rearm()
    }

    /// Stops scheduling: the timer is disarmed and later wakes are ignored. Answers still
    /// arriving for deliveries in flight are recorded (the daemon waits a moment for them).
    public func stop() {
        isStopping = true
        do {
            try timer.disarm()
        } catch {
            log.warning("cannot disarm the timer: \(error)")
        }
    }

    // MARK: Loading

    /// Fills the queue from the store and handles what is due and what a crash left behind.
    private func load(now: Date) throws(StoreError) {
        // What recurs, derived again from the records: the occurrences that came due while
        // chimed was not running are stored, to be shown late or recorded missed below.
        do {
            _ = try store.apply(now: now) { [desk] () throws -> ChangePlan in try desk.catchUp(now: now) }
        } catch let error as StoreError {
            throw error
        } catch {
            log.error("deriving what recurs failed: \(error)")
        }
        queue = PendingQueue()
        // The queue is refilled from the store, parked requests included.
        capacity.reset()
        let sequence = try store.forEachPending { entry in
            queue.add(entry.rowID, due: entry.effectiveDue, deadline: entry.deadline)
        }
        lastAppliedSequence = sequence
        // A row in `delivering` that no answer is awaited for was begun by a daemon that died
        // (or a write that failed): show it again, replacing the bubble it may have.
        let orphans = try store.deliveringRequests().filter { !outcomes.isInFlight($0.rowID) }
        if !orphans.isEmpty {
            log.notice("showing again \(orphans.count) request\(orphans.count == 1 ? "" : "s") whose delivery was interrupted")
        }
        try takeDue(now: now, adding: orphans)
        let closes = try store.closeRequests().filter { !closing.contains($0.rowID) }
        close(closes)
        // The store is read afresh; only answers still to be written keep the recovery due.
        if !outcomes.hasUnrecorded {
            recovery.clear()
        }
    }

    private func reloadSteps(now: Date) {
        do {
            try load(now: now)
        } catch {
            fail(error, while: "reloading from the store")
        }
    }

    // MARK: Waking

    private func processDue(now: Date) {
        do {
            try takeDue(now: now, adding: [])
        } catch {
            fail(error, while: "starting the deliveries due at \(LogFormat.instant(now, in: timeZones.current))")
        }
    }

    /// Moves the due rows to `delivering`, decides with the misfire policy which to show, hands
    /// those to the notifier and records the others as missed.
    private func takeDue(now: Date, adding resumed: [StoredRequest]) throws(StoreError) {
        var due: [Int64] = []
        // While the server is full, what falls due waits for room instead of being refused.
        for entry in capacity.admit(queue.popDue(at: now)) {
            if outcomes.isInFlight(entry.id) {
                // Replaced while its previous showing is still on its way: wait for that
                // answer, so one row never has two attempts in flight.
                queue.add(entry.id, due: now.addingTimeInterval(1), deadline: max(entry.deadline, now.addingTimeInterval(1)))
            } else {
                due.append(entry.id)
            }
        }
        guard !due.isEmpty || !resumed.isEmpty else { return }
        let begun = due.isEmpty ? [] : try store.beginDelivery(rowIDs: due, now: now)
        if begun.count < due.count {
            try restoreSkipped(Set(due).subtracting(begun.map(\.rowID)))
        }
        try dispatch(resumed + begun, now: now)
    }

    /// Rows taken from the queue that the store did not move to `delivering`: each was
    /// cancelled or moved later by a change not applied yet. Following the change sequence
    /// sorts that out; a row still pending after that goes back into the queue.
    private func restoreSkipped(_ skipped: Set<Int64>) throws(StoreError) {
        try syncChanges()
        let missing = skipped.filter { !queue.contains($0) }
        guard !missing.isEmpty else { return }
        for stored in try store.requests(rowIDs: Array(missing)) where stored.state == .pending {
            queue.add(stored.rowID, due: stored.effectiveDue, deadline: stored.deadline)
        }
    }

    /// Shows or drops `batch` (rows in `delivering`) as the misfire policy decides.
    private func dispatch(_ batch: [StoredRequest], now: Date) throws(StoreError) {
        guard !batch.isEmpty else { return }
        let batch = try droppingOrphans(batch, now: now)
        guard !batch.isEmpty else { return try syncChanges() }
        let byIdentifier = Dictionary(batch.map { ($0.request.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let decision = MisfireResolver.resolve(batch.map(\.request), now: now, slack: configuration.misfireSlack)
        let zone = timeZones.current
        let settings = decision.deliveries.isEmpty ? [:] : try store.settings()
        let hold = WaterHold(doNotDisturb: doNotDisturb, away: away, settings: settings)
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
            held = ((held?.count ?? 0) + 1, stored.request)
            log.info("held \(stored.request.identifier): \(hold.reason)")
        }
        for drop in decision.drops {
            guard let stored = byIdentifier[drop.request.identifier] else { continue }
            // A collapsed reminder's newest sibling carries the schedule on.
            let followUp = drop.reason == .collapsed ? nil : try OutcomeRecorder.storeErrors { try desk.followUp(of: stored.request, now: now, dropped: true) }
            try store.markMissed(rowID: stored.rowID, reason: drop.reason.rawValue, at: now, followUp: followUp)
            log.info("missed \(stored.request.identifier) (due \(LogFormat.instant(stored.request.due, in: timeZones.current))): \(drop.reason.rawValue)")
        }
        try syncChanges()
    }

    /// `batch` without the water reminders whose schedule is gone, which are recorded as
    /// missed instead of shown.
    ///
    /// `chime water off` cancels the schedule's requests, but a reminder the daemon derived
    /// from the schedule just before (after "Drank", a snooze, a time-zone change) can be
    /// written just after, in a transaction of its own: one orphan the user turned off.
    private func droppingOrphans(_ batch: [StoredRequest], now: Date) throws(StoreError) -> [StoredRequest] {
        var kept: [StoredRequest] = []
        var schedules: [String: Bool] = [:]
        for stored in batch {
            guard stored.request.kind == .water else {
                kept.append(stored)
                continue
            }
            let group = stored.request.group
            if schedules[group] == nil {
                schedules[group] = try !OutcomeRecorder.storeErrors { try desk.isOrphanedWaterReminder(stored.request) }
            }
            if schedules[group] == true {
                kept.append(stored)
            } else {
                try store.markMissed(rowID: stored.rowID, reason: Self.scheduleRemoved, at: now)
                log.info("missed \(stored.request.identifier): \(Self.scheduleRemoved)")
            }
        }
        return kept
    }

    /// Why a water reminder whose schedule is gone was not shown.
    static let scheduleRemoved = "its water schedule was removed"

    private func send(_ stored: StoredRequest, now: Date, timeZone: TimeZone, style: DeliveryStyle) {
        let attempt = outcomes.begin(stored)
        let job = style.job(stored.request, now: now, timeZone: timeZone, replacesServerID: stored.serverID)
        let post = post
        let rowID = stored.rowID
        notifier.deliver(job) { outcome in post(.delivered(rowID: rowID, attempt: attempt, outcome: outcome)) }
    }

    // MARK: Outcomes

    private func record(_ outcome: DeliveryOutcome, rowID: Int64, attempt: UInt64) {
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
            try syncChanges()
        } catch {
            fail(error, while: "recording the outcome of \(stored.request.identifier)")
        }
    }

    // MARK: Notifier events

    private func handle(_ event: NotifierEvent) {
        switch event {
        case .actionInvoked(let identifier, let action):
            perform(action, on: identifier)
        case .actionOnClosedBubble(let identifier, let action):
            // Said as for any stale bubble, with the request's own reason when there is one.
            let reason = ((try? store.request(identifier: identifier)) ?? nil)?.staleBubbleReason ?? "its bubble was closed"
            log.notice("action \(action.rawValue) on \(identifier) ignored: \(reason)")
        case .closed(let identifier, let serverID, let reason):
            log.debug("bubble \(serverID) of \(identifier) closed (\(reason))")
            // Gone from the screen: never shown again at a restart, never closed again.
            do {
                let forgotten = try store.forgetClosedBubble(identifier: identifier, serverID: serverID)
                lateBubbles.closed(serverID, of: identifier, forgotten: forgotten)
                try syncChanges()
            } catch {
                fail(error, while: "recording that bubble \(serverID) of \(identifier) closed")
            }
        case .answeredLate(let request, let serverID):
            do {
                if try lateBubbles.answeredLate(request, serverID: serverID, at: clock.now) { try syncChanges() }
            } catch {
                fail(error, while: "recording bubble \(serverID) of \(request.identifier), shown late")
            }
        case .roomMade:
            makeRoom()
        case .serverChanged:
            for entry in capacity.reset() {
                queue.add(entry.id, due: entry.due, deadline: entry.deadline)
            }
            do {
                try server.serverChanged()
                // The new server may show them; if it is in the mode too, they wait again.
                try deferral.release(at: clock.now)
                try syncChanges()
            } catch {
                fail(error, while: "forgetting the old server's bubble ids")
            }
            // Which process the new one is.
            server.probe()
        case .doNotDisturbChanged(let on):
            guard on != doNotDisturb else { return }
            doNotDisturb = on
            if on {
                log.notice(settingIsOn(WaterHold.doNotDisturbSetting)
                    ? "the notification server is in do-not-disturb mode: holding water reminders"
                    : "the notification server is in do-not-disturb mode; notify.dnd is off, so water reminders are shown anyway")
            } else {
                log.notice("do-not-disturb ended\(held.map { ": summarizing \($0.count) held water reminder\($0.count == 1 ? "" : "s")" } ?? "")")
                do {
                    try deferral.release(at: clock.now)
                    try syncChanges()
                } catch {
                    fail(error, while: "sending the notifications that waited for do-not-disturb to end")
                }
                sendHeldSummary()
            }
        case .awayChanged(let locked):
            guard locked != away else { return }
            away = locked
            if locked {
                log.notice(settingIsOn(WaterHold.awaySetting)
                    ? "the session is locked: holding water reminders"
                    : "the session is locked; notify.away is off, so water reminders are shown anyway")
            } else {
                log.notice("the session is unlocked")
            }
            if !locked {
                restartWaterAfterReturn()
                sendHeldSummary()
            }
        case .serverAppeared:
            server.serverAppeared()
            do {
                let waiting = try store.expediteRetries(at: clock.now)
                if waiting > 0 { log.info("a notification server appeared: retrying \(waiting) waiting notification\(waiting == 1 ? "" : "s") now") }
                try syncChanges()
            } catch {
                fail(error, while: "retrying the notifications waiting for a server")
            }
        }
    }

    /// A bubble closed on the server: a full one takes the next request waiting for room.
    private func makeRoom() {
        guard let next = capacity.roomMade() else { return }
        do {
            try release(next)
            try syncChanges()
        } catch {
            fail(error, while: "sending a notification that waited for room")
        }
    }

    /// Sends a request that waited for room: due now.
    private func release(_ waiting: ServerCapacity.Release) throws(StoreError) {
        switch waiting {
        case .queue(let entry): queue.add(entry.id, due: entry.due, deadline: entry.deadline)
        case .retryNow(let rowID): try store.expediteRetry(rowID: rowID, at: clock.now)
        }
    }

    /// Whether the setting `key` (`notify.dnd`, `notify.away`) leaves its behaviour on; on when it
    /// cannot be read (the default), which only words a log line.
    private func settingIsOn(_ key: String) -> Bool {
        WaterHold.isOn((try? store.setting(key)) ?? nil)
    }

    /// Applies the change a button asks for, or, on a bubble that no longer shows its request
    /// as it stands, only closes that bubble (``FollowUpPlanner/change(for:onBubbleOf:now:timeZone:)``),
    /// and logs which it was.
    private func perform(_ action: ActionKey, on identifier: String) {
        let now = clock.now
        do {
            // Decided inside the write, like every CLI change: a `chime` command changing the
            // same fast or schedule meanwhile is either seen whole or comes after.
            var ignored: String?
            let performed = try desk.perform(requestID: nil, now: now, clock: { [clock] in clock.now }) { now in
                try desk.button(action.deskAction, onBubbleOf: identifier, now: now)
            }
            ignored = performed.outcome?.ignored
            if let ignored {
                log.notice("action \(action.rawValue) on \(identifier) ignored: \(ignored)")
            } else {
                log.info("action \(action.rawValue) on \(identifier) applied")
            }
            try syncChanges()
        } catch let error as StoreError where error.kind != .badData {
            fail(error, while: "applying action \(action.rawValue) on \(identifier)")
        } catch {
            // Refused by a rule the schema keeps (a reminder snoozed back under an id a water
            // schedule took since): nothing changed, and the store is fine.
            log.notice("action \(action.rawValue) on \(identifier) refused: \(error)")
        }
    }

    // MARK: Do not disturb

    /// Shows one bubble for the water reminders held during do-not-disturb ("3 water reminders
    /// while you were busy"), with the day's progress of the latest, at once. Not stored: the
    /// reminders it stands for are recorded as missed already, and it has no buttons.
    private func sendHeldSummary() {
        guard let held, !isSummarizing else { return }
        let settings: [String: String]
        do {
            settings = try store.settings()
            // Another reason may still hold (read as at every wake: the settings may have changed).
            guard !WaterHold(doNotDisturb: doNotDisturb, away: away, settings: settings).isHolding else { return }
        } catch {
            fail(error, while: "reading the settings for the summary of held water reminders")
            return
        }
        let now = clock.now
        var arguments = [ContentArgument.count: String(held.count)]
        arguments[ContentArgument.consumed] = held.latest.content.arguments[ContentArgument.consumed]
        arguments[ContentArgument.goal] = held.latest.content.arguments[ContentArgument.goal]
        let summary = NotificationRequest(
            identifier: held.latest.group.isEmpty ? "water/held" : "water/\(held.latest.group)/held",
            group: held.latest.group, kind: .water, due: now, tolerance: 0,
            content: NotificationContent(template: .waterHeld, arguments: arguments),
            misfirePolicy: .drop
        )
        isSummarizing = true
        let post = post
        let count = held.count
        // In the settings' language and water urgency, as the reminders it stands for.
        notifier.deliver(DeliveryStyle(settings: settings).job(summary, now: now, timeZone: timeZones.current)) { outcome in
            post(.summarized(heldCount: count, outcome: outcome))
        }
    }

    /// After an unlock, makes each water schedule's next reminder due one interval later
    /// (``WaterHold/planAfterReturn(of:at:intakes:timeZone:calendar:planner:)``), unless
    /// `notify.away` is off.
    private func restartWaterAfterReturn() {
        let now = clock.now
        do {
            guard WaterHold.isOn(try store.setting(WaterHold.awaySetting)) else { return }
            // A schedule with a reminder on its way is left alone: its answer plans the next.
            let busyGroups = outcomes.busyGroups
            guard let applied = try store.apply(now: now, planning: { [desk] () throws -> ChangePlan in
                try desk.planAfterReturn(at: now, skipping: busyGroups)
            }) else { return }
            _ = applied
            log.info("back at the desk: the next water reminders are due one interval from now")
            try syncChanges()
        } catch {
            fail(error, while: "scheduling the water reminders after the unlock")
        }
    }

    private func finishSummary(heldCount: Int, outcome: DeliveryOutcome) {
        isSummarizing = false
        switch outcome {
        case .shown(let serverID):
            log.info("summarized \(heldCount) held water reminder\(heldCount == 1 ? "" : "s") as bubble \(serverID)")
            // Reminders held while the summary was on its way wait for the next one.
            if let current = held {
                held = current.count > heldCount ? (current.count - heldCount, current.latest) : nil
            }
        case .rejected(let reason):
            log.warning("cannot show the summary of held water reminders: \(reason)")
            held = nil
        default:
            // Kept: the next time do-not-disturb ends, the summary counts these too.
            log.notice("could not show the summary of held water reminders: \(LogFormat.describe(outcome))")
        }
    }

    // MARK: Bubbles from before a restart

    /// The kinds whose bubbles stay until dismissed and carry buttons ("Fast complete",
    /// reminders): worth showing again after a restart, since a server sends a button's
    /// `ActionInvoked` only to the process that showed the bubble.
    public static let reshownKinds = Set(RequestKind.allCases.filter { NotificationRenderer.expiry(of: $0) == .never })

    /// Shows again, each as a replacement of its own bubble (same server id), the bubbles that
    /// the store records as still on screen, so this process owns their buttons.
    ///
    /// Only ids of the server process that gave them out are still in the store here
    /// (``adoptServer(_:atStart:)`` forgot the others), so a server that restarted too gets
    /// nothing back. A server that answers with another id did not know the old one (its
    /// bubble is gone): that new bubble is closed at once (``finishReshowing``).
    private func reshowBubblesOnScreen(now: Date) {
        let bubbles: [StoredRequest]
        do {
            bubbles = try store.bubblesOnScreen(kinds: Self.reshownKinds).filter { !reshowing.contains($0.rowID) }
        } catch {
            fail(error, while: "reading the bubbles still on screen")
            return
        }
        guard !bubbles.isEmpty else { return }
        log.info("showing again \(bubbles.count) bubble\(bubbles.count == 1 ? "" : "s") still on screen, so that their buttons work")
        let zone = timeZones.current
        // The same urgency and language as a first showing: a critical reminder stays critical.
        let settings: [String: String]
        do {
            settings = try store.settings()
        } catch {
            fail(error, while: "reading the settings for the bubbles still on screen")
            return
        }
        let style = DeliveryStyle(settings: settings)
        for stored in bubbles {
            guard let previousID = stored.serverID else { continue }
            // Worded as when it was first shown (its due time), not as late.
            let job = style.job(stored.request, now: stored.request.due, timeZone: zone, replacesServerID: previousID, showsOnlyInPlace: true)
            reshowQueue.append((stored, job))
        }
        reshowNext()
    }

    /// Sends the next bubble to show again, once the one before it was answered: a request that
    /// falls due meanwhile then waits for at most one of them in the notifier's queue, not for all
    /// (121 bubbles on screen made a reminder due 3 s after a restart come 4.5 s late). One whose
    /// request changed since (cancelled, its bubble closed) is skipped.
    private func reshowNext() {
        guard reshowing.isEmpty, !isStopping else { return }
        while !reshowQueue.isEmpty {
            let (stored, job) = reshowQueue.removeFirst()
            do {
                guard let current = try store.request(rowID: stored.rowID), current.isOnScreen, current.serverID == stored.serverID else { continue }
            } catch {
                fail(error, while: "reading a bubble to show again")
                reshowQueue.removeAll()
                return
            }
            guard let previousID = stored.serverID else { continue }
            reshowing.insert(stored.rowID)
            let post = post
            let rowID = stored.rowID
            let identifier = stored.request.identifier
            notifier.deliver(job) { outcome in
                post(.reshown(rowID: rowID, identifier: identifier, previousID: previousID, outcome: outcome))
            }
            return
        }
    }

    private func finishReshowing(rowID: Int64, identifier: String, previousID: UInt32, outcome: DeliveryOutcome) {
        reshowing.remove(rowID)
        defer { reshowNext() }
        switch outcome {
        case .shown(let serverID) where serverID == previousID:
            log.info("bubble \(serverID) of \(identifier) shown again: its buttons work")
        case .shown(let serverID):
            // A new bubble: the old one was gone. Not what the user left on screen.
            log.notice("bubble \(previousID) of \(identifier) is no longer on screen: closing the copy shown as \(serverID)")
            notifier.close(serverIDs: [serverID])
            do {
                try store.forgetClosedBubble(identifier: identifier, serverID: previousID)
                try syncChanges()
            } catch {
                fail(error, while: "forgetting bubble \(previousID) of \(identifier)")
            }
        case .rejected(let reason):
            // The server says it is gone (dunst lists it among the closed ones).
            log.info("bubble \(previousID) of \(identifier) is not shown again: \(reason)")
            do {
                try store.forgetClosedBubble(identifier: identifier, serverID: previousID)
                try syncChanges()
            } catch {
                fail(error, while: "forgetting bubble \(previousID) of \(identifier)")
            }
        case .timedOut, .serverBusy:
            // A slow server may still replace it: its late answer comes as `answeredLate`.
            log.notice("bubble \(previousID) of \(identifier) is being shown again, but the server has not answered yet (\(LogFormat.describe(outcome))); its buttons work once it has")
        default:
            // The process that showed it is gone: its clicks reach nobody.
            log.notice("could not show bubble \(previousID) of \(identifier) again: \(LogFormat.describe(outcome)); its buttons do nothing until it is dismissed")
        }
    }

    // MARK: Which server the stored bubble ids belong to

    /// The setting naming the server process that gave out the bubble ids in the store
    /// (``NotificationServerIdentity``); absent when no stored id is vouched for.
    public static var serverInstanceSetting: String { NotificationServerIdentity.instanceSetting }

    // MARK: Following the store

    /// Applies every request row written since ``lastAppliedSequence`` (by the CLI or by this
    /// scheduler): pending rows join the queue with their new times, rows in any other state
    /// leave it, and bubbles whose close was requested are closed.
    ///
    /// Reading is a range search by change sequence; handling a change writes nothing except
    /// after a close is confirmed, and that write's own change asks for nothing more, so
    /// following the sequence never loops.
    private func syncChanges() throws(StoreError) {
        let changeSet = try store.changes(since: lastAppliedSequence)
        var closes: [ShownNotification] = []
        for change in changeSet.changes {
            if let entry = change.pendingEntry {
                queue.add(entry.rowID, due: entry.effectiveDue, deadline: entry.deadline)
                // A parked request moved by someone else waits in the queue again, at its new time.
                capacity.unpark(change.rowID)
            } else {
                queue.remove(change.rowID)
                if !change.state.isLive { capacity.forget(change.rowID) }
            }
            if change.closeRequested, let serverID = change.serverID, !closing.contains(change.rowID) {
                closes.append(ShownNotification(rowID: change.rowID, serverID: serverID))
            }
        }
        lastAppliedSequence = max(lastAppliedSequence, changeSet.latestSequence)
        close(closes)
    }

    /// Asks the notifier to close each bubble on its own, so one the server refuses or times
    /// out on does not keep the others open.
    private func close(_ bubbles: [ShownNotification]) {
        let post = post
        for bubble in bubbles where !closing.contains(bubble.rowID) {
            closing.insert(bubble.rowID)
            let rowID = bubble.rowID
            notifier.close(serverIDs: [bubble.serverID]) { outcome in post(.closed(rowIDs: [rowID], outcome: outcome)) }
        }
    }

    private func finishClosing(_ rowIDs: [Int64], outcome: CloseOutcome) {
        closing.subtract(rowIDs)
        switch outcome {
        case .closed, .serverUnavailable:
            // Closed (or already gone: the notifier counts an id the server does not know as
            // closed), or gone with the server that showed them.
            // The backoff starts over once no failed close waits for its retry.
            if closeRetryAt == nil { closeFailures = 0 }
            do {
                for rowID in rowIDs {
                    try store.clearCloseRequest(rowID: rowID)
                }
                try syncChanges()
            } catch {
                fail(error, while: "recording closed bubbles")
            }
        case .serverBusy, .timedOut, .failed:
            // The close requests stay in the store; they are asked for again after a backoff
            // that doubles while closes keep failing (1 s, 2 s, ... 60 s).
            closeFailures += 1
            let delay = configuration.retryBackoff.delay(afterAttempt: closeFailures)
            let retryAt = clock.now.addingTimeInterval(delay)
            closeRetryAt = min(closeRetryAt ?? retryAt, retryAt)
            log.notice("could not close \(rowIDs.count) bubble\(rowIDs.count == 1 ? "" : "s"): \(LogFormat.describe(outcome)); retrying in \(LogFormat.seconds(delay))")
        }
    }

    /// Asks again for every close the store still requests (the failed ones among them).
    private func retryCloses() {
        closeRetryAt = nil
        do {
            close(try store.closeRequests())
        } catch {
            // The reload after the store failure reads the close requests again.
            fail(error, while: "reading the bubbles to close")
        }
    }

    // MARK: Failures

    /// Logs a failed store call and schedules a reload after a backoff (``StoreRecovery``).
    private func fail(_ error: StoreError, while activity: String) {
        recovery.fail(error, while: activity)
    }

    /// ``fail(_:while:)`` for a call through the desk: its store errors, or anything else as one.
    private func fail(_ error: any Error, while activity: String) {
        recovery.fail(error as? StoreError ?? StoreError(.internalError, "\(error)"), while: activity)
    }

    private func recover(now: Date) {
        recovery.recover(now: now, outcomes: outcomes) { () throws(StoreError) -> Int in
            try load(now: now)
            return queue.count
        }
    }

    // MARK: The timer

    /// Arms the timer for the next wake (or the recovery instant), or disarms it when nothing
    /// is pending; the timer itself skips the call when the instant is unchanged.
    private func rearm() {
        guard !isStopping else { return }
        // Not at the earliest deadline but at the latest due instant before it: the same
        // requests fire in the same one wake-up, each as early as that allows.
        var wake = queue.earliestWake
        if let reloadAt = recovery.reloadAt {
            wake = min(wake ?? reloadAt, reloadAt)
        }
        if let retryAt = closeRetryAt {
            wake = min(wake ?? retryAt, retryAt)
        }
        do {
            if let wake {
                try timer.arm(at: wake)
            } else {
                try timer.disarm()
            }
            // Armed in the past, the timer fires at once: that is not a late wake.
            plannedWake = wake.map { max($0, clock.now) }
        } catch {
            log.error("cannot set the timer: \(error)")
        }
    }

    private func describeArming() -> String {
        guard let wake = queue.earliestWake else { return "nothing to wake for" }
        return "next wake at \(LogFormat.instant(wake, in: timeZones.current))"
    }
}

@available(*, unavailable, message: "a Scheduler belongs to the thread that runs the event loop")
extension Scheduler: Sendable {}
