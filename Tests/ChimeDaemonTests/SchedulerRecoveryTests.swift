import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

@Suite("Scheduler: store failures")
struct SchedulerRecoveryTests {
    let start = SchedulerHarness.start

    func harness(response: RecordingNotifier.Response = .showAll) throws -> SchedulerHarness {
        try SchedulerHarness(response: response, storeConfiguration: Store.Configuration(busyTimeout: .milliseconds(50)))
    }

    @Test("a wake whose store write fails is retried by reloading after 1 s, 2 s ... and then delivers")
    func lockedAtWake() throws {
        let harness = try harness()
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        let lock = try DatabaseLockHolder(path: harness.store.path)

        harness.advance(to: start.addingTimeInterval(60))
        #expect(harness.notifier.deliveries.isEmpty)
        #expect(harness.scheduler.isRecovering)
        #expect(harness.timer.armedDeadline == start.addingTimeInterval(61))
        #expect(harness.logLines.value.contains { $0.hasPrefix("<3>chimed: store failure") })

        harness.advance(to: start.addingTimeInterval(61))
        #expect(harness.notifier.deliveries.isEmpty)
        #expect(harness.timer.armedDeadline == start.addingTimeInterval(63), "the wait doubles")

        try lock.release()
        harness.advance(to: start.addingTimeInterval(63))
        #expect(!harness.scheduler.isRecovering)
        #expect(harness.deliveredIdentifiers == ["remind/a"])
        #expect(try harness.stored("remind/a")?.state == .delivered)
        #expect(harness.timer.armedDeadline == nil)
        #expect(try harness.isInSync())
    }

    @Test("an answer that cannot be recorded is written at recovery, without showing the request again")
    func lockedAtOutcome() throws {
        let harness = try harness(response: .manual)
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        #expect(harness.notifier.waitingCount == 1)

        let lock = try DatabaseLockHolder(path: harness.store.path)
        #expect(harness.notifier.completeNext(with: .shown(serverID: 7)))
        harness.receive(1)
        #expect(harness.scheduler.isRecovering)
        #expect(harness.scheduler.deliveriesInFlight == 1, "kept until written")
        try lock.release()
        // A reload before the recovery is due leaves the unwritten answer to the recovery.
        harness.scheduler.reload()
        #expect(harness.scheduler.isRecovering)
        #expect(harness.notifier.deliveries.count == 1)

        harness.advance(to: start.addingTimeInterval(70))
        #expect(!harness.scheduler.isRecovering)
        #expect(harness.scheduler.deliveriesInFlight == 0)
        #expect(harness.notifier.deliveries.count == 1, "not shown a second time")
        let stored = try #require(try harness.stored("remind/a"))
        #expect(stored.state == .delivered)
        #expect(stored.serverID == 7)
        #expect(try harness.store.deliveryHistory().first?.at == start.addingTimeInterval(65), "recorded as when it was shown")
    }

    @Test("a nudge is applied while another process holds the write lock: reading is never blocked")
    func nudgeWhileLocked() throws {
        let harness = try harness()
        try harness.start()
        let written = try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(600))), now: start)
        // In WAL mode a writer's lock blocks no reader: following the changes goes on.
        let lock = try DatabaseLockHolder(path: harness.store.path)
        #expect(harness.scheduler.applyChanges(upTo: written.sequence) == .changeApplied(sequence: written.sequence))
        #expect(harness.timer.armedDeadline == start.addingTimeInterval(600))
        try lock.release()
    }
}
