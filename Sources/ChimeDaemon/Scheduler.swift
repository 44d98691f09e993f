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
/// It decides nothing about fasts, water or reminders: what follows a delivery, what a button
/// changes and what recurs after a start, a downtime or a zone change are the ``Desk``'s. What is
/// not the event core lives in types of its own: what becomes of due requests
/// (``DueDispatcher``), what the notification side reports (``NotifierEventHandler``), who looks
/// at the screen and the water held meanwhile (``HeldWaterKeeper``), closing and showing again
/// bubbles (``BubbleCloser``, ``BubbleReshower``), which server the stored bubble ids belong to
/// (``NotificationServerIdentity``), the deliveries whose outcome is still to be written
/// (``OutcomeRecorder``), the reload after a failure (``StoreRecovery``) and how the log writes
/// instants and outcomes (``LogFormat``).
///
/// Not Sendable: it belongs to the thread that runs the event loop (or the test).
public final class Scheduler {
    private let store: Store
    private let notifier: any Notifier
    private let clock: any WallClock
    let timer: any SchedulerTimer
    private let timeZones: any TimeZoneSource
    private let log: DaemonLog
    private let configuration: Configuration
    private let post: @Sendable (SchedulerMessage) -> Void
    /// Decides everything about fasts, water and reminders: what follows a delivery, what a
    /// button changes, what recurs after a start, a downtime or a zone change.
    private let desk: Desk
    /// Which server shows the bubbles, and whose ids the store holds.
    let server: NotificationServerIdentity
    /// The deliveries whose outcome is still to be recorded.
    let outcomes: OutcomeRecorder
    /// The reload after a failed store call.
    let recovery: StoreRecovery
    /// Whether the server has room for another bubble, and what waits for it.
    let capacity: ServerCapacity

    private(set) var queue = PendingQueue<Int64>()
    /// What the scheduler's parts ask of it: to follow the store, to report failures.
    private let hooks = SchedulerHooks()
    /// The bubbles being closed, and the retry of failed closes.
    let closer: BubbleCloser
    /// The bubbles shown again after a restart.
    let reshower: BubbleReshower
    /// Who looks at the screen, and the water reminders held meanwhile.
    let attention: HeldWaterKeeper
    /// What becomes of requests that came due.
    private let dispatcher: DueDispatcher
    /// What the notification side reports: buttons, closes, the server's states.
    private let events: NotifierEventHandler
    /// The zone rules follow.
    private let zones: RuleZoneFollower
    /// The deadline the timer was last armed for: a wake long after it is a late wake.
    private var plannedWake: Date?
    private var isStopping = false

    /// The store's change sequence the queue reflects.
    public private(set) var lastAppliedSequence: Int64 = 0

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
        calendars: CalendarShelf? = nil,
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
        desk.calendars = calendars
        server = NotificationServerIdentity(store: store, notifier: notifier, clock: clock, log: log, post: post)
        outcomes = OutcomeRecorder(store: store, desk: desk, retryBackoff: configuration.retryBackoff, log: log)
        recovery = StoreRecovery(backoff: configuration.recoveryBackoff, clock: clock, log: log)
        // The requests waiting for do-not-disturb to end on a server that would lose them, and
        // the bubbles a server showed after chimed stopped waiting for its answer.
        let deferral = DoNotDisturbDeferral(store: store, log: log)
        let lateBubbles = LateAnswerReconciler(store: store, notifier: notifier, log: log)
        capacity = ServerCapacity(log: log)
        closer = BubbleCloser(store: store, notifier: notifier, clock: clock, backoff: configuration.retryBackoff, log: log, hooks: hooks, post: post)
        reshower = BubbleReshower(store: store, notifier: notifier, log: log, hooks: hooks, post: post)
        let outcomes = outcomes
        attention = HeldWaterKeeper(
            store: store, desk: desk, notifier: notifier, clock: clock, deferral: deferral, log: log,
            hooks: hooks, busyGroups: { outcomes.busyGroups }, post: post
        )
        dispatcher = DueDispatcher(
            store: store, desk: desk, notifier: notifier, clock: clock, outcomes: outcomes, attention: attention, deferral: deferral,
            server: server, capacity: capacity, lateBubbles: lateBubbles, misfireSlack: configuration.misfireSlack,
            log: log, hooks: hooks, post: post
        )
        zones = RuleZoneFollower(store: store, desk: desk, timeZones: timeZones, log: log, hooks: hooks, busyGroups: { outcomes.busyGroups })
        let hooks = hooks
        events = NotifierEventHandler(
            store: store, desk: desk, clock: clock, server: server, capacity: capacity, lateBubbles: lateBubbles,
            deferral: deferral, attention: attention, log: log, hooks: hooks, openLink: configuration.openLink,
            requeue: { entry in hooks.requeue(entry) }
        )
        hooks.syncChanges = { [unowned self] () throws(StoreError) in try self.syncChanges() }
        hooks.requeue = { [unowned self] entry in self.queue.add(entry.id, due: entry.due, deadline: entry.deadline) }
        hooks.fail = { [unowned self] error, activity in self.fail(error, while: activity) }
        notifier.setEventHandler { event in post(.notifier(event)) }
    }

    // MARK: Events

    /// Asks who serves notifications (forgetting stored bubble ids another server process gave
    /// out), loads the pending requests, shows again what a crash left in `delivering`, handles
    /// everything overdue through the misfire policy (catch-up after downtime), closes bubbles
    /// whose close was requested, shows again in place the bubbles with buttons still on screen
    /// (``BubbleReshower``), and arms the timer.
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
            reshower.reshow(zone: desk.timeZone)
        }
        rearm()
        log.info("loaded \(queue.count) pending request\(queue.count == 1 ? "" : "s") at change \(lastAppliedSequence); \(describeArming())")
    }

    /// The timer reached its deadline: shows what is due, or reloads everything after a wake
    /// much later than planned (a suspend, or a clock set forward).
    public func timerFired() {
        guard !isStopping else { return }
        let now = clock.now
        closer.retryIfDue(at: now)
        if let reloadAt = recovery.reloadAt, reloadAt <= now {
            recover(now: now)
        } else if let planned = plannedWake, now.timeIntervalSince(planned) > configuration.lateWakeThreshold {
            log.notice("woke \(LogFormat.seconds(now.timeIntervalSince(planned))) after the planned \(LogFormat.instant(planned, in: timeZones.current)) (suspend or clock change): reloading from the store")
            reloadSteps(now: now)
        } else {
            // Every wake starts from what is stored: a change whose nudge never arrived (the
            // CLI's short wait ran out) is taken in here at the latest.
            hooks.sync(after: "reading the store's changes at a wake")
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
        processDue(now: clock.now)
        zones.follow(now: clock.now)
        rearm()
    }

    /// Follows a change of the `time_zone` setting written by `chime config set`.
    private func followZoneSetting() {
        if zones.hasChanged { timeZoneChanged() }
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
        hooks.sync(after: "reading the store's changes after another process wrote")
        followZoneSetting()
        rearm()
    }

    /// Handles what another thread reported: a delivery's or a close's outcome, a probe, or
    /// an event from the server.
    public func handle(_ message: SchedulerMessage) {
        switch message {
        case .delivered(let rowID, let attempt, let outcome):
            record(outcome, rowID: rowID, attempt: attempt)
        case .closed(let rowIDs, let outcome):
            closer.finish(rowIDs, outcome: outcome)
        case .reshown(let rowID, let identifier, let previousID, let outcome):
            reshower.finish(rowID: rowID, identifier: identifier, previousID: previousID, outcome: outcome)
        case .summarized(let heldCount, let outcome):
            attention.finishSummary(heldCount: heldCount, outcome: outcome)
        case .notifier(let event):
            events.handle(event)
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
        reshower.isStopping = true
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
        _ = try OutcomeRecorder.storeErrors { try store.apply(now: now) { [desk] () throws -> ChangePlan in try desk.catchUp(now: now) } }
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
        closer.close(try store.closeRequests())
        // The store is read afresh; only answers still to be written keep the recovery due.
        if !outcomes.hasUnrecorded { recovery.clear() }
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

    /// Shows or drops `batch` (rows in `delivering`) as the misfire policy decides
    /// (``DueDispatcher``), then follows what that wrote.
    private func dispatch(_ batch: [StoredRequest], now: Date) throws(StoreError) {
        guard !batch.isEmpty else { return }
        try dispatcher.dispatch(batch, now: now)
        try syncChanges()
    }

    // MARK: Outcomes

    private func record(_ outcome: DeliveryOutcome, rowID: Int64, attempt: UInt64) {
        dispatcher.record(outcome, rowID: rowID, attempt: attempt, release: events.release)
    }

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
            if change.closeRequested, let serverID = change.serverID, !closer.isClosing(change.rowID) {
                closes.append(ShownNotification(rowID: change.rowID, serverID: serverID))
            }
        }
        lastAppliedSequence = max(lastAppliedSequence, changeSet.latestSequence)
        closer.close(closes)
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
        if let retryAt = closer.retryAt {
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
