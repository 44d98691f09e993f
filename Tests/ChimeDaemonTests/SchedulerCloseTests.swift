import ChimeCore
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Synchronization
import Testing

@Suite("Scheduler: closes that finish")
struct SchedulerCloseTests {
    let start = SchedulerHarness.start

    /// A harness whose reminders a and b are shown (as bubbles 1 and 2), then both asked to
    /// close while closing bubble 1 times out.
    func twoShownThenClosed(failing: FailingIDs) throws -> SchedulerHarness {
        let harness = try SchedulerHarness()
        harness.notifier.setCloseResponse { ids in
            failing.ids.withLock { ids.contains(where: $0.contains) } ? .timedOut : .closed
        }
        try harness.store.apply(Requests.plan(
            Requests.reminder("a", due: start.addingTimeInterval(60)), Requests.reminder("b", due: start.addingTimeInterval(60))
        ), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        #expect(try harness.stored("remind/a")?.serverID == 1)
        #expect(try harness.stored("remind/b")?.serverID == 2)
        var plan = ChangePlan()
        plan.closedGroups = ["a", "b"]
        try harness.write(plan)
        return harness
    }

    @Test("a close that fails does not keep the other bubbles open")
    func oneFailureDoesNotBlockTheOthers() throws {
        let failing = FailingIDs([1])
        let harness = try twoShownThenClosed(failing: failing)
        // Each bubble is closed on its own: b's close went out and is done.
        #expect(Set(harness.notifier.closedServerIDs) == [1, 2])
        #expect(try harness.stored("remind/a")?.closeRequested == true)
        #expect(try harness.stored("remind/b")?.closeRequested == false)
    }

    @Test("a close that times out is retried with a doubling backoff while chimed runs")
    func timedOutCloseIsRetried() throws {
        let failing = FailingIDs([1])
        let harness = try twoShownThenClosed(failing: failing)
        let failedAt = harness.now
        #expect(harness.notifier.closedServerIDs.filter { $0 == 1 }.count == 1)

        // 1 s later: asked again, fails again; the next try waits 2 s.
        harness.advance(to: failedAt.addingTimeInterval(1))
        #expect(harness.notifier.closedServerIDs.filter { $0 == 1 }.count == 2)
        harness.advance(to: failedAt.addingTimeInterval(2.9))
        #expect(harness.notifier.closedServerIDs.filter { $0 == 1 }.count == 2)
        harness.advance(to: failedAt.addingTimeInterval(3))
        #expect(harness.notifier.closedServerIDs.filter { $0 == 1 }.count == 3)

        // The server answers again: the next retry (4 s later) closes it, and nothing more is asked.
        failing.ids.withLock { $0 = [] }
        harness.advance(to: failedAt.addingTimeInterval(7))
        #expect(harness.notifier.closedServerIDs.filter { $0 == 1 }.count == 4)
        #expect(try harness.stored("remind/a")?.closeRequested == false)
        #expect(try harness.store.closeRequests().isEmpty)
        harness.advance(by: 120)
        #expect(harness.notifier.closedServerIDs.filter { $0 == 1 }.count == 4)
        #expect(try harness.isInSync())
    }
}

/// The server ids whose close the recording notifier answers as timed out.
final class FailingIDs: Sendable {
    let ids: Mutex<Set<UInt32>>

    init(_ ids: Set<UInt32>) {
        self.ids = Mutex(ids)
    }
}
