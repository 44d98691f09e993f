import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// A server that shows a few bubbles and refuses the rest (notification-daemon's 20,
/// `MaxNotificationsExceeded`): one state of the server, not a failure per request.
@Suite("Scheduler: a full server")
struct SchedulerServerFullTests {
    let start = SchedulerHarness.start

    /// A server with room for `room` bubbles; `free` makes room for one more.
    final class Room: Sendable {
        let open = Box(0)
        let lastID = Box<UInt32>(0)
        let room: Int
        init(_ room: Int) { self.room = room }

        var response: RecordingNotifier.Response {
            .scripted { [self] _ in
                guard open.value < room else { return .serverFull }
                open.update { $0 += 1 }
                lastID.update { $0 += 1 }
                return .shown(serverID: lastID.value)
            }
        }

        func free() { open.update { $0 = max(0, $0 - 1) } }
    }

    func reminders(_ count: Int) -> [NotificationRequest] {
        (1...count).map { Requests.reminder("r\($0)", due: start.addingTimeInterval(60 + Double($0) * 0.01), tolerance: 5) }
    }

    @Test("while full, requests wait for room without calls; each closed bubble lets one more go; the state is logged twice in all")
    func waitsForRoom() throws {
        let room = Room(2)
        let harness = try SchedulerHarness(response: room.response)
        var plan = ChangePlan()
        plan.requests = reminders(6)
        try harness.store.apply(plan, now: start)
        try harness.start()

        harness.advance(to: start.addingTimeInterval(61))
        let refused = harness.notifier.outcomes.filter { $0 == .serverFull }.count
        #expect(harness.notifier.outcomes.filter { if case .shown = $0 { true } else { false } }.count == 2)
        #expect(harness.scheduler.waitingForRoom == 4)
        #expect(harness.scheduler.status().waitingForRoom == 4)
        // Due later while full: parked, not sent.
        _ = try harness.write(Requests.plan(Requests.reminder("late", due: harness.now.addingTimeInterval(5))))
        harness.advance(by: 30)
        #expect(harness.notifier.deliveries.count == 6 - 4 + refused, "nothing sent while full")
        #expect(harness.scheduler.waitingForRoom == 5)
        // After a minute only the probe is tried again: one refused call, not one per request.
        let before = harness.notifier.deliveries.count
        harness.advance(by: 31)
        #expect(harness.notifier.deliveries.count == before + 1)
        #expect(harness.scheduler.waitingForRoom == 5)

        // The user closes a bubble: the probe goes, then the next waits for room again.
        room.free()
        harness.notifier.send(.roomMade)
        harness.receive(1)
        harness.advance(by: 0)
        #expect(harness.scheduler.waitingForRoom == 4)
        // Each bubble closed lets exactly one more out, and costs at most one refused call.
        for remaining in (0..<4).reversed() {
            let calls = harness.notifier.deliveries.count
            room.free()
            harness.notifier.send(.roomMade)
            harness.receive(1)
            harness.advance(by: 0)
            #expect(harness.scheduler.waitingForRoom == remaining)
            #expect(harness.notifier.deliveries.count <= calls + 2)
        }
        for id in ["remind/r1", "remind/r2", "remind/r3", "remind/r4", "remind/r5", "remind/r6", "remind/late"] {
            #expect(try harness.stored(id)?.state == .delivered, "\(id)")
        }
        let lines = harness.logLines.value
        #expect(lines.filter { $0.contains("the notification server is full") }.count == 1, "\(lines)")
        #expect(lines.filter { $0.contains("every notification that waited for room") }.count == 1)
        #expect(!lines.contains { $0.contains("could not show") }, "no line per refused request")
        #expect(try harness.isInSync())
    }

    @Test("a request waiting for room that is cancelled no longer counts, and is never sent")
    func cancelledWhileWaiting() throws {
        let room = Room(1)
        let harness = try SchedulerHarness(response: room.response)
        var plan = ChangePlan()
        plan.requests = reminders(3)
        try harness.store.apply(plan, now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(61))
        #expect(harness.scheduler.waitingForRoom == 2)
        _ = try harness.write(Requests.cancelling(groups: "r3"))
        #expect(harness.scheduler.waitingForRoom == 1)
        room.free()
        harness.notifier.send(.roomMade)
        harness.receive(1)
        for _ in 0..<5 { harness.advance(by: 0) }
        #expect(try harness.stored("remind/r2")?.state == .delivered)
        #expect(try harness.stored("remind/r3")?.state == .cancelled)
        #expect(harness.scheduler.waitingForRoom == 0)
    }
}
