import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// A server that answers after chimed stopped waiting (``NotifierEvent/answeredLate(request:serverID:)``):
/// the late bubble is the request's one bubble, whatever happened to the request meanwhile.
@Suite("Scheduler: late answers")
struct SchedulerLateAnswerTests {
    let start = SchedulerHarness.start

    /// A notifier whose first showing of each identifier times out and whose later ones are
    /// answered with bubble 7 (as the real notifier answers the retry of a late-shown request).
    static func slowServer() -> RecordingNotifier.Response {
        let seen = Box<Set<String>>([])
        return .scripted { job in
            let first = !seen.value.contains(job.request.identifier)
            seen.update { $0.insert(job.request.identifier) }
            return first ? .timedOut : .shown(serverID: 7)
        }
    }

    func timedOut(_ harness: SchedulerHarness, _ request: NotificationRequest) throws {
        try harness.store.apply(Requests.plan(request), now: start)
        try harness.start()
        harness.advance(to: request.due)
        #expect(harness.notifier.deliveries.count == 1)
        #expect(try harness.stored(request.identifier)?.state == .pending, "waiting for its retry")
    }

    @Test("the late bubble answers the waiting retry at once, and is recorded as the request's bubble")
    func retryTakesTheLateBubble() throws {
        let harness = try SchedulerHarness(response: Self.slowServer())
        let request = Requests.reminder("a", due: start.addingTimeInterval(60))
        try timedOut(harness, request)
        harness.notifier.send(.answeredLate(request: request, serverID: 7))
        harness.receive(1)
        // Due at once, not after its backoff.
        #expect(harness.timer.armedDeadline.map { $0 <= harness.now } == true)
        harness.advance(by: 0)
        #expect(try harness.stored("remind/a")?.state == .delivered)
        #expect(try harness.stored("remind/a")?.serverID == 7)
        #expect(harness.notifier.closedServerIDs.isEmpty)
        #expect(harness.logLines.value.contains { $0.contains("remind/a was shown as bubble 7 after all") })
    }

    @Test("a request cancelled while the server was slow has its late bubble closed")
    func cancelledMeanwhile() throws {
        let harness = try SchedulerHarness(response: Self.slowServer())
        let request = Requests.reminder("a", due: start.addingTimeInterval(60))
        try timedOut(harness, request)
        _ = try harness.write(Requests.cancelling(groups: "a"))
        harness.notifier.send(.answeredLate(request: request, serverID: 7))
        harness.receive(1)
        #expect(harness.notifier.closedServerIDs == [7])
        #expect(harness.logLines.value.contains { $0.contains("closing bubble 7 of remind/a, which the server showed after chimed stopped waiting: it was cancelled meanwhile") })
        harness.advance(by: 120)
        #expect(harness.notifier.deliveries.count == 1, "and it is never sent again")
    }

    @Test("a request replaced while the server was slow has the old bubble closed; the new one goes out at its time")
    func replacedMeanwhile() throws {
        let harness = try SchedulerHarness(response: Self.slowServer())
        let request = Requests.reminder("a", due: start.addingTimeInterval(60))
        try timedOut(harness, request)
        _ = try harness.write(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(3600))))
        harness.notifier.send(.answeredLate(request: request, serverID: 7))
        harness.receive(1)
        #expect(harness.notifier.closedServerIDs == [7])
        #expect(try harness.stored("remind/a")?.state == .pending)
    }

    @Test("a late bubble the user dismissed before its retry was recorded is not taken to be on screen")
    func dismissedBeforeRecorded() throws {
        let harness = try SchedulerHarness(response: Self.slowServer())
        let request = Requests.reminder("a", due: start.addingTimeInterval(60))
        try timedOut(harness, request)
        harness.notifier.send(.answeredLate(request: request, serverID: 7))
        harness.notifier.send(.closed(identifier: "remind/a", serverID: 7, reason: .dismissed))
        harness.receive(2)
        harness.advance(by: 0)
        let stored = try #require(try harness.stored("remind/a"))
        #expect(stored.state == .delivered)
        #expect(stored.serverID == nil, "forgotten: never shown again at a restart, never closed")
        #expect(try harness.store.bubblesOnScreen(kinds: Scheduler.reshownKinds).isEmpty)
    }

    @Test("a late answer for a request already recorded with that bubble changes nothing")
    func alreadyRecorded() throws {
        let harness = try SchedulerHarness()
        let request = Requests.reminder("a", due: start.addingTimeInterval(60))
        try harness.store.apply(Requests.plan(request), now: start)
        try harness.start()
        harness.advance(to: request.due)
        let serverID = try #require(try harness.stored("remind/a")?.serverID)
        harness.notifier.send(.answeredLate(request: request, serverID: serverID))
        harness.receive(1)
        #expect(harness.notifier.closedServerIDs.isEmpty)
        #expect(try harness.stored("remind/a")?.serverID == serverID)
    }
}
