import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Synchronization
import Testing

/// A scheduler driven by hand: a real store in a temporary directory, a manual clock, timer and
/// time zone, and a recording notifier whose answers the test thread feeds back, as the event
/// loop would.
///
/// Time moves only through ``advance(to:)`` (the timer fires at each deadline it passes, as
/// the kernel's would) and ``jump(to:)`` (the clock is set and the timer fires once, late,
/// like after a suspend).
final class SchedulerHarness {
    static let utc = TimeZone(identifier: "UTC")!
    /// Thursday 2026-01-15 09:30:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_768_469_400)

    let directory: TemporaryDirectory
    let store: Store
    let clock: ManualClock
    let timer: ManualTimer
    let zones: ManualTimeZone
    let logLines = Box<[String]>([])
    let configuration: Scheduler.Configuration
    private(set) var notifier: RecordingNotifier
    private(set) var inbox: SchedulerInbox
    private(set) var scheduler: Scheduler
    /// How many times the timer fired.
    private(set) var wakeCount = 0

    init(
        now: Date = SchedulerHarness.start,
        zone: TimeZone = SchedulerHarness.utc,
        response: RecordingNotifier.Response = .showAll,
        configuration: Scheduler.Configuration = Scheduler.Configuration(),
        storeConfiguration: Store.Configuration = Store.Configuration()
    ) throws {
        directory = try TemporaryDirectory()
        store = try Store(path: directory.appending("chime.db"), configuration: storeConfiguration)
        clock = ManualClock(start: now)
        timer = ManualTimer(clock: clock)
        zones = ManualTimeZone(zone)
        self.configuration = configuration
        (notifier, inbox, scheduler) = Self.makeScheduler(
            store: store, clock: clock, timer: timer, zones: zones, logLines: logLines,
            response: response, configuration: configuration
        )
    }

    private static func makeScheduler(
        store: Store, clock: ManualClock, timer: ManualTimer, zones: ManualTimeZone, logLines: Box<[String]>,
        response: RecordingNotifier.Response, configuration: Scheduler.Configuration
    ) -> (RecordingNotifier, SchedulerInbox, Scheduler) {
        let notifier = RecordingNotifier(response: response)
        let inbox = SchedulerInbox()
        let log = DaemonLog(threshold: .debug) { line in logLines.update { $0.append(line) } }
        let scheduler = Scheduler(
            store: store, notifier: notifier, clock: clock, timer: timer, timeZones: zones, log: log,
            configuration: configuration, post: { inbox.post($0) }
        )
        return (notifier, inbox, scheduler)
    }

    var now: Date { clock.now }

    /// Starts the scheduler and waits for the answers its start asked for.
    func start() throws {
        try scheduler.start()
        settle()
    }

    /// A new scheduler and notifier on the same store, clock and timer, as after a crash: the
    /// old scheduler is dropped with whatever it had in flight, and its late answers are lost.
    /// `probe` is what the new notifier reports about the server (by default, the same server).
    func restart(response: RecordingNotifier.Response = .showAll, probe: ServerProbe? = nil) throws {
        timer.disarm()
        (notifier, inbox, scheduler) = Self.makeScheduler(
            store: store, clock: clock, timer: timer, zones: zones, logLines: logLines,
            response: response, configuration: configuration
        )
        if let probe { notifier.probeResult = probe }
        try start()
    }

    /// Writes `plan` as the CLI would, then nudges the scheduler; returns the write's sequence.
    @discardableResult
    func write(_ plan: ChangePlan) throws -> Int64 {
        let result = try store.apply(plan, now: now)
        let answer = scheduler.applyChanges(upTo: result.sequence)
        #expect(answer == .changeApplied(sequence: scheduler.lastAppliedSequence))
        #expect(scheduler.lastAppliedSequence >= result.sequence)
        settle()
        return result.sequence
    }

    /// Handles the notifier's answers until none is awaited any more (but those the test
    /// still has to give, for a manual notifier).
    func settle(timeout: TimeInterval = 5, sourceLocation: SourceLocation = #_sourceLocation) {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let messages = inbox.take()
            for message in messages {
                scheduler.handle(message)
            }
            guard messages.isEmpty else { continue }
            // Deliveries parked by a manual notifier are answered only when the test says so.
            if scheduler.awaitedAnswers <= notifier.waitingCount { return }
            if !inbox.wait(until: deadline) {
                Issue.record("the notifier did not answer within \(timeout) s", sourceLocation: sourceLocation)
                return
            }
        }
    }

    /// Waits for `count` messages (events the test made the notifier send), handles them,
    /// then settles.
    func receive(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let deadline = Date().addingTimeInterval(5)
        var handled = 0
        while handled < count {
            guard inbox.wait(until: deadline) else {
                Issue.record("expected \(count) messages, got \(handled)", sourceLocation: sourceLocation)
                return
            }
            for message in inbox.take() {
                scheduler.handle(message)
                handled += 1
            }
        }
        settle(sourceLocation: sourceLocation)
    }

    /// Moves the clock to `target`, firing the timer at every deadline on the way, exactly then.
    func advance(to target: Date) {
        while let deadline = timer.armedDeadline, deadline <= target {
            clock.set(to: max(deadline, clock.now))
            fire()
        }
        clock.set(to: target)
    }

    /// Moves the clock by `seconds`, firing the timer at every deadline on the way.
    func advance(by seconds: TimeInterval) {
        advance(to: now.addingTimeInterval(seconds))
    }

    /// Sets the clock to `target` without firing on the way, then fires the timer once if it
    /// is due: a machine waking from suspend.
    func jump(to target: Date) {
        clock.set(to: target)
        if timer.isDue { fire() }
    }

    private func fire() {
        guard timer.fireIfDue() else { return }
        wakeCount += 1
        scheduler.timerFired()
        settle()
    }

    // MARK: Reading the store

    func stored(_ identifier: String) throws -> StoredRequest? {
        try store.request(identifier: identifier)
    }

    func pendingIdentifiers() throws -> [String] {
        try store.pendingRequests().map(\.request.identifier)
    }

    /// Whether the scheduler's queue holds what the store says is pending, and has applied
    /// every change (its own writes included).
    func isInSync() throws -> Bool {
        let pending = try store.pendingRequests().filter { $0.state == .pending }
        let changes = try store.changes(since: scheduler.lastAppliedSequence).changes
        // The wake the queue asks for: the latest due instant among those due by the earliest deadline.
        let wake = pending.map(\.deadline).min().map { earliest in pending.map(\.effectiveDue).filter { $0 <= earliest }.max() ?? earliest }
        return changes.isEmpty && scheduler.pendingCount == pending.count && scheduler.nextWake == wake
    }

    /// Delivered identifiers, in delivery order.
    var deliveredIdentifiers: [String] {
        notifier.deliveries.map(\.request.identifier)
    }
}

/// Requests and plans for scheduler tests.
enum Requests {
    /// A one-off reminder request due at `due` with the reminder's 5 s tolerance.
    static func reminder(_ id: String, due: Date, tolerance: TimeInterval? = nil, grace: TimeInterval = 86_400) -> NotificationRequest {
        Fixture.reminder(
            RequestIdentifier.reminder(id: id), group: id, text: "remember \(id)", due: due,
            tolerance: tolerance ?? RequestKind.reminder.defaultTolerance, policy: .deliverLate(until: due.addingTimeInterval(grace))
        )
    }

    static func plan(_ requests: NotificationRequest...) -> ChangePlan {
        var plan = ChangePlan()
        plan.requests = requests
        return plan
    }

    static func cancelling(groups: String...) -> ChangePlan {
        var plan = ChangePlan()
        plan.cancelledGroups = groups
        return plan
    }
}
