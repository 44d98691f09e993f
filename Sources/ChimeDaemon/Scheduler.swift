import ChimeControl
import ChimeCore
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

    /// A request handed to the notifier whose outcome the store has not recorded yet.
    private struct Flight {
        /// Tells this attempt's answer from a stale one.
        let attempt: UInt64
        let stored: StoredRequest
        /// An answer that arrived but could not be written (the store failed): written again
        /// at recovery, so a shown bubble is never shown a second time.
        var unrecorded: (outcome: DeliveryOutcome, at: Date)?
    }

    private let store: Store
    private let notifier: any Notifier
    private let clock: any WallClock
    private let timer: any SchedulerTimer
    private let timeZones: any TimeZoneSource
    private let log: DaemonLog
    private let configuration: Configuration
    private let post: @Sendable (SchedulerMessage) -> Void
    private let followUps: FollowUpPlanner

    private var queue = PendingQueue<Int64>()
    private var flights: [Int64: Flight] = [:]
    private var nextAttempt: UInt64 = 1
    /// Rows whose bubbles the notifier is closing.
    private var closing: Set<Int64> = []
    /// Rows whose bubbles are being shown again at start.
    private var reshowing: Set<Int64> = []
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
    private var isProbing = false
    /// The deadline the timer was last armed for: a wake long after it is a late wake.
    private var plannedWake: Date?
    /// When to reload after a failed store call, and the wait that led there.
    private var recovery: (at: Date, delay: TimeInterval)?
    private var isStopping = false

    /// The store's change sequence the queue reflects.
    public private(set) var lastAppliedSequence: Int64 = 0
    /// What the daemon last learned about the notification server.
    public private(set) var serverState = NotificationServerState.unknown
    /// Whether the server is in do-not-disturb mode (dunst paused, KDE inhibited).
    public private(set) var doNotDisturb = false
    /// How many water reminders were held during do-not-disturb and wait for their summary.
    public var heldCount: Int { held?.count ?? 0 }

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
        followUps = FollowUpPlanner(planner: configuration.planner, intakeLookback: configuration.intakeLookback, store: store)
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
    public var deliveriesInFlight: Int { flights.count }
    /// How many answers from the notifier are still to come (deliveries, closes, a probe).
    public var awaitedAnswers: Int {
        flights.values.lazy.filter { $0.unrecorded == nil }.count + closing.count + reshowing.count + (isProbing ? 1 : 0) + (isSummarizing ? 1 : 0)
    }
    /// Whether a store call failed and a reload is scheduled.
    public var isRecovering: Bool { recovery != nil }

    /// The answer to `status`.
    public func status(daemon: DaemonIdentity = .current) -> DaemonStatus {
        DaemonStatus(
            armedDeadline: timer.armedDeadline, pendingCount: queue.count,
            notificationServer: serverState.rawValue, lastAppliedSequence: lastAppliedSequence, daemon: daemon,
            doNotDisturb: doNotDisturb, heldCount: heldCount
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
        // a close request closes one): asked once, the server answers in a millisecond, and
        // the notifier's watchdog bounds a hung one.
        let probe = notifier.probe()
        logServer(probe)
        try adoptServer(probe.server?.instance, atStart: true)
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
        if let recovery, recovery.at <= now {
            recover(now: now)
        } else if let planned = plannedWake, now.timeIntervalSince(planned) > configuration.lateWakeThreshold {
            log.notice("woke \(Self.seconds(now.timeIntervalSince(planned))) after the planned \(Self.instant(planned, in: timeZones.current)) (suspend or clock change): reloading from the store")
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
        log.notice("the wall clock was set (now \(Self.instant(clock.now, in: timeZones.current))): reloading from the store")
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

    /// The system's time zone changed: water reminders are derived again in the new zone.
    ///
    /// What is due now is shown first, in the old derivation, so nothing due is skipped or
    /// shown twice; a schedule whose reminder is on its way to the server is left to that
    /// reminder's follow-up, which is derived in the new zone.
    public func timeZoneChanged() {
        guard !isStopping else { return }
        timeZones.refresh()
        let zone = timeZones.current
        let now = clock.now
        log.notice("the time zone is now \(zone.displayName): deriving water reminders again")
        processDue(now: now)
        do {
            let busyGroups = Set(flights.values.map(\.stored.request.group))
            let schedules = try store.waterSchedules().filter { !busyGroups.contains($0.id) }
            if !schedules.isEmpty {
                let plan = try followUps.rederive(schedules, now: now, timeZone: zone)
                try store.apply(plan, now: now)
                try syncChanges()
            }
        } catch {
            fail(error, while: "deriving water reminders in the new time zone")
        }
        do {
            let busyGroups = Set(flights.values.map(\.stored.request.group))
            let plan = try followUps.rederiveFastSchedule(now: now, timeZone: zone, busyGroups: busyGroups)
            if !plan.isEmpty {
                try store.apply(plan, now: now)
                try syncChanges()
            }
        } catch {
            fail(error, while: "deriving the fast schedule's next fast in the new time zone")
        }
        rearm()
    }

    /// The CLI's nudge: applies the store's changes since the last applied sequence, re-arms,
    /// and answers with the sequence now applied (the answer goes out after re-arming).
    public func applyChanges(upTo sequence: Int64) -> ControlResponse {
        do {
            try syncChanges()
        } catch {
            fail(error, while: "reading the changes up to \(sequence)")
            rearm()
            return .error(ControlError(.internalFailure, "chimed could not read the store's changes (\(error.message)): it will retry by itself"))
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
            isProbing = false
            logServer(probe)
            if let instance = probe.server?.instance {
                do {
                    try adoptServer(instance, atStart: false)
                    try syncChanges()
                } catch {
                    fail(error, while: "recording which notification server shows the bubbles")
                }
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
        queue = PendingQueue()
        let sequence = try store.forEachPending { entry in
            queue.add(entry.rowID, due: entry.effectiveDue, deadline: entry.deadline)
        }
        lastAppliedSequence = sequence
        // A row in `delivering` that no answer is awaited for was begun by a daemon that died
        // (or a write that failed): show it again, replacing the bubble it may have.
        let orphans = try store.deliveringRequests().filter { flights[$0.rowID] == nil }
        if !orphans.isEmpty {
            log.notice("showing again \(orphans.count) request\(orphans.count == 1 ? "" : "s") whose delivery was interrupted")
        }
        try takeDue(now: now, adding: orphans)
        let closes = try store.closeRequests().filter { !closing.contains($0.rowID) }
        close(closes)
        // The store is read afresh; only answers still to be written keep the recovery due.
        if !flights.values.contains(where: { $0.unrecorded != nil }) {
            recovery = nil
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
            fail(error, while: "starting the deliveries due at \(Self.instant(now, in: timeZones.current))")
        }
    }

    /// Moves the due rows to `delivering`, decides with the misfire policy which to show, hands
    /// those to the notifier and records the others as missed.
    private func takeDue(now: Date, adding resumed: [StoredRequest]) throws(StoreError) {
        var due: [Int64] = []
        for entry in queue.popDue(at: now) {
            if flights[entry.id] != nil {
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
        let urgencies = UrgencySettings(settings: settings)
        let language = NotificationLanguage.chosen(bySetting: settings[NotificationLanguage.settingKey])
        // Deliveries first: the notifier works while the drops are written.
        var holding: [StoredRequest] = []
        for delivery in decision.deliveries {
            guard let stored = byIdentifier[delivery.request.identifier] else { continue }
            if doNotDisturb, stored.request.content.template == .waterReminder {
                holding.append(stored)
                continue
            }
            send(stored, now: now, timeZone: zone, urgency: urgencies.urgency(for: stored.request.kind), language: language)
        }
        for stored in holding {
            // Passive: a reminder to drink, piled up unseen, would all come at once when the
            // mode ends, stale ones included. One summary comes then instead.
            let followUp = try followUps.nextOccurrence(of: stored.request, now: now, timeZone: zone)
            try store.markMissed(rowID: stored.rowID, reason: Self.heldForDoNotDisturb, at: now, followUp: followUp)
            held = ((held?.count ?? 0) + 1, stored.request)
            log.info("held \(stored.request.identifier): \(Self.heldForDoNotDisturb)")
        }
        for drop in decision.drops {
            guard let stored = byIdentifier[drop.request.identifier] else { continue }
            // A collapsed reminder's newest sibling carries the schedule on.
            let followUp = drop.reason == .collapsed ? nil : try followUps.nextOccurrence(of: stored.request, now: now, timeZone: zone, dropped: true)
            try store.markMissed(rowID: stored.rowID, reason: drop.reason.rawValue, at: now, followUp: followUp)
            log.info("missed \(stored.request.identifier) (due \(Self.instant(stored.request.due, in: timeZones.current))): \(drop.reason.rawValue)")
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
                schedules[group] = try store.waterSchedule(id: group) != nil
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

    /// Why a water reminder was not shown while the server was in do-not-disturb mode.
    static let heldForDoNotDisturb = "held: do not disturb"

    /// Why a water reminder whose schedule is gone was not shown.
    static let scheduleRemoved = "its water schedule was removed"

    private func send(_ stored: StoredRequest, now: Date, timeZone: TimeZone, urgency: RenderedNotification.Urgency?, language: NotificationLanguage?) {
        let attempt = nextAttempt
        nextAttempt += 1
        flights[stored.rowID] = Flight(attempt: attempt, stored: stored)
        let job = DeliveryJob(request: stored.request, now: now, timeZone: timeZone, replacesServerID: stored.serverID, urgency: urgency, language: language)
        let post = post
        let rowID = stored.rowID
        notifier.deliver(job) { outcome in post(.delivered(rowID: rowID, attempt: attempt, outcome: outcome)) }
    }

    // MARK: Outcomes

    private func record(_ outcome: DeliveryOutcome, rowID: Int64, attempt: UInt64) {
        guard var flight = flights[rowID], flight.attempt == attempt, flight.unrecorded == nil else {
            log.debug("ignored a stale delivery answer for row \(rowID)")
            return
        }
        if let state = NotificationServerState(outcome: outcome), state != serverState {
            log.info("notification server: \(state.rawValue)")
            serverState = state
        }
        let now = clock.now
        do {
            try write(outcome, for: flight.stored, at: now)
            flights[rowID] = nil
            try syncChanges()
        } catch {
            if flights[rowID] != nil {
                flight.unrecorded = (outcome, now)
                flights[rowID] = flight
            }
            fail(error, while: "recording the outcome of \(flight.stored.request.identifier)")
        }
    }

    /// Writes one answer: shown (with the next occurrence of a repeating request), a retry
    /// with backoff, or missed.
    private func write(_ outcome: DeliveryOutcome, for stored: StoredRequest, at now: Date) throws(StoreError) {
        let request = stored.request
        switch outcome {
        case .shown(let serverID):
            let followUp = try followUps.nextOccurrence(of: request, now: now, timeZone: timeZones.current)
            let delivered = try store.completeDelivery(rowID: stored.rowID, serverID: serverID, at: now, followUp: followUp)
            let lateness = Self.milliseconds(now.timeIntervalSince(request.due))
            log.info(delivered
                ? "delivered \(request.identifier) as bubble \(serverID), \(lateness) after its due time"
                : "showed \(request.identifier) as bubble \(serverID), but it changed meanwhile")
        case .rejected(let reason):
            let followUp = try followUps.nextOccurrence(of: request, now: now, timeZone: timeZones.current, dropped: true)
            try store.markMissed(rowID: stored.rowID, reason: "rejected: \(reason)", at: now, followUp: followUp)
            log.warning("cannot show \(request.identifier): \(reason)")
        case .serverUnavailable, .serverBusy, .timedOut, .failed:
            let delay = configuration.retryBackoff.delay(afterAttempt: stored.attempts)
            let description = Self.describe(outcome)
            let retryAt = now.addingTimeInterval(delay)
            try store.retryDelivery(rowID: stored.rowID, retryAt: retryAt, error: description)
            log.notice("could not show \(request.identifier) (attempt \(stored.attempts)): \(description); retrying in \(Self.seconds(delay))")
        }
    }

    // MARK: Notifier events

    private func handle(_ event: NotifierEvent) {
        switch event {
        case .actionInvoked(let identifier, let action):
            perform(action, on: identifier)
        case .closed(let identifier, let serverID, let reason):
            log.debug("bubble \(serverID) of \(identifier) closed (\(reason))")
            // Gone from the screen: never shown again at a restart, never closed again.
            do {
                try store.forgetClosedBubble(identifier: identifier, serverID: serverID)
                try syncChanges()
            } catch {
                fail(error, while: "recording that bubble \(serverID) of \(identifier) closed")
            }
        case .serverChanged:
            log.notice("the notification server changed: forgetting the ids of bubbles shown before")
            serverState = .available
            do {
                try store.forgetServerIDs()
                // Which process the new one is, the next probe says; until then no stored id
                // is vouched for, so a restart now keeps none.
                try store.setSetting(Self.serverInstanceSetting, to: nil, now: clock.now)
                try syncChanges()
            } catch {
                fail(error, while: "forgetting the old server's bubble ids")
            }
            probeServer()
        case .doNotDisturbChanged(let on):
            guard on != doNotDisturb else { return }
            doNotDisturb = on
            log.notice(on
                ? "the notification server is in do-not-disturb mode: holding water reminders"
                : "do-not-disturb ended\(held.map { ": summarizing \($0.count) held water reminder\($0.count == 1 ? "" : "s")" } ?? "")")
            if !on { sendHeldSummary() }
        case .serverAppeared:
            serverState = .available
            probeServer()
            do {
                let waiting = try store.expediteRetries(at: clock.now)
                if waiting > 0 { log.info("a notification server appeared: retrying \(waiting) waiting notification\(waiting == 1 ? "" : "s") now") }
                try syncChanges()
            } catch {
                fail(error, while: "retrying the notifications waiting for a server")
            }
        }
    }

    /// Applies the change a button asks for, or, on a bubble that no longer shows the request
    /// as it stands (cancelled, moved or replaced since, its fast's cycle over, its schedule or
    /// session gone), changes nothing but closing that bubble, and logs why.
    private func perform(_ action: ActionKey, on identifier: String) {
        let now = clock.now
        do {
            // Decided inside the write, like every CLI change: a `chime` command changing the
            // same fast or schedule meanwhile is either seen whole or comes after.
            var ignored: String?
            let timeZone = timeZones.current
            _ = try store.apply(now: now) { () throws -> ChangePlan in
                guard let stored = try store.request(identifier: identifier) else {
                    ignored = "its notification no longer exists"
                    return ChangePlan()
                }
                // A close is asked for already (or the bubble is known gone): nothing to write.
                if let reason = stored.staleBubbleReason {
                    ignored = reason
                    return ChangePlan()
                }
                var closing = ChangePlan()
                if stored.serverID != nil { closing.closedIdentifiers = [identifier] }
                do {
                    if let plan = try followUps.plan(for: action, on: stored.request, now: now, timeZone: timeZone) {
                        return plan
                    }
                    ignored = "its fast, water schedule or reminder is gone"
                } catch let refusal as DomainError {
                    ignored = refusal.message
                }
                return closing
            }
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
        guard let held, !isSummarizing, !doNotDisturb else { return }
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
        notifier.deliver(DeliveryJob(request: summary, now: now, timeZone: timeZones.current)) { outcome in
            post(.summarized(heldCount: count, outcome: outcome))
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
            log.notice("could not show the summary of held water reminders: \(Self.describe(outcome))")
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
        let post = post
        for stored in bubbles {
            guard let previousID = stored.serverID else { continue }
            reshowing.insert(stored.rowID)
            // Worded as when it was first shown (its due time), not as late.
            let job = DeliveryJob(request: stored.request, now: stored.request.due, timeZone: zone, replacesServerID: previousID, showsOnlyInPlace: true)
            let rowID = stored.rowID
            let identifier = stored.request.identifier
            notifier.deliver(job) { outcome in
                post(.reshown(rowID: rowID, identifier: identifier, previousID: previousID, outcome: outcome))
            }
        }
    }

    private func finishReshowing(rowID: Int64, identifier: String, previousID: UInt32, outcome: DeliveryOutcome) {
        reshowing.remove(rowID)
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
        default:
            log.notice("could not show bubble \(previousID) of \(identifier) again: \(Self.describe(outcome)); its buttons stay with the process that showed it")
        }
    }

    // MARK: Which server the stored bubble ids belong to

    /// The setting naming the server process (``ServerInformation/instance``) that gave out the
    /// bubble ids in the store; absent when no stored id is vouched for.
    public static let serverInstanceSetting = "chimed.notification-server"

    /// Makes the store's bubble ids those of the server process `instance` (`nil`: none could
    /// be identified): ids given out by any other process are forgotten first.
    ///
    /// A server started while chimed was not running (a new login, a restart) numbers its
    /// bubbles from the start again, so a stale id names another application's bubble, which
    /// replacing or closing would hit. Forgetting an id costs at worst a second bubble; keeping
    /// a stale one is never safe, so at start only a recorded, matching process keeps them.
    /// Later, a missing record means it was cleared when the server changed: the ids stored
    /// since come from the server the probe just reached (the notifier reports a change before
    /// any answer from the new server).
    private func adoptServer(_ instance: String?, atStart: Bool) throws(StoreError) {
        let recorded = try store.setting(Self.serverInstanceSetting)
        if let instance, recorded == instance { return }
        if recorded != nil || atStart {
            if recorded != nil, instance != nil {
                log.notice("the notification server is not the process that showed the stored bubbles: forgetting their ids")
            }
            try store.forgetServerIDs()
        }
        if recorded != instance {
            try store.setSetting(Self.serverInstanceSetting, to: instance, now: clock.now)
        }
    }

    private func probeServer() {
        guard !isProbing else { return }
        isProbing = true
        let post = post
        notifier.probe { probe in post(.probed(probe)) }
    }

    private func logServer(_ probe: ServerProbe) {
        serverState = NotificationServerState(probe: probe)
        log.info("notification server: \(serverState.rawValue)\(probe.server.map { " (\($0.name) \($0.version))" } ?? "")")
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
            } else {
                queue.remove(change.rowID)
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
            log.notice("could not close \(rowIDs.count) bubble\(rowIDs.count == 1 ? "" : "s"): \(Self.describe(outcome)); retrying in \(Self.seconds(delay))")
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

    /// Logs a failed store call and schedules a reload after a backoff; the store is the truth,
    /// so reloading from it repairs whatever the failed call left undone.
    private func fail(_ error: StoreError, while activity: String) {
        let delay = recovery.map { min(configuration.recoveryBackoff.maximum, $0.delay * 2) } ?? configuration.recoveryBackoff.initial
        recovery = (clock.now.addingTimeInterval(delay), delay)
        log.error("store failure while \(activity): \(error); reloading in \(Self.seconds(delay))")
    }

    private func recover(now: Date) {
        let delay = recovery?.delay
        for (rowID, flight) in flights {
            guard let unrecorded = flight.unrecorded else { continue }
            do {
                try write(unrecorded.outcome, for: flight.stored, at: unrecorded.at)
                flights[rowID] = nil
            } catch {
                // Keep the doubling: the next failure waits longer.
                recovery = delay.map { (now, $0) }
                fail(error, while: "recording the outcome of \(flight.stored.request.identifier) again")
                return
            }
        }
        do {
            try load(now: now)
            log.notice("recovered: the queue holds \(queue.count) pending requests again")
        } catch {
            recovery = delay.map { (now, $0) }
            fail(error, while: "reloading from the store")
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
        if let recovery {
            wake = min(wake ?? recovery.at, recovery.at)
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
        return "next wake at \(Self.instant(wake, in: timeZones.current))"
    }

    // MARK: Formatting for the log

    /// `date` as the log writes it: local time with its offset (`2026-03-10T20:00:00.000+01:00`),
    /// so that it reads like the clock on the wall and is never mistaken for UTC.
    static func instant(_ date: Date, in zone: TimeZone = .current) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, includingFractionalSeconds: true, timeZone: zone))
    }

    static func seconds(_ interval: TimeInterval) -> String {
        interval < 10 ? String(format: "%.3f s", interval) : String(format: "%.0f s", interval)
    }

    static func milliseconds(_ interval: TimeInterval) -> String {
        String(format: "%.1f ms", max(0, interval) * 1000)
    }

    static func describe(_ outcome: CloseOutcome) -> String {
        switch outcome {
        case .closed: return "closed"
        case .serverUnavailable(let reason): return reason.description
        case .serverBusy: return "an earlier call to the notification server is still hanging"
        case .timedOut: return "the notification server did not answer in time"
        case .failed(let message): return message
        }
    }

    static func describe(_ outcome: DeliveryOutcome) -> String {
        switch outcome {
        case .shown(let serverID): return "shown as \(serverID)"
        case .serverUnavailable(let reason): return reason.description
        case .serverBusy: return "an earlier call to the notification server is still hanging"
        case .timedOut: return "the notification server did not answer in time"
        case .rejected(let reason): return "rejected: \(reason)"
        case .failed(let message): return message
        }
    }
}

@available(*, unavailable, message: "a Scheduler belongs to the thread that runs the event loop")
extension Scheduler: Sendable {}
