import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeStore

@Suite("Queries for the command line")
struct QueryTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "chime-store-tests")
    }
    let now = Fixture.now
    let hour: TimeInterval = 3600

    @Test("pending requests are listed by due instant, optionally for one group")
    func pendingListing() throws {
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: [
            Fixture.request("c", group: "x", due: now.addingTimeInterval(30)),
            Fixture.request("a", group: "y", due: now.addingTimeInterval(10)),
            Fixture.request("b", group: "x", due: now.addingTimeInterval(20)),
            Fixture.request("d", group: "x", due: now.addingTimeInterval(5)),
        ]), now: now)
        try store.apply(Fixture.plan(cancelling: ["d"]), now: now)
        let a = try #require(try store.request(identifier: "a"))
        _ = try store.beginDelivery(rowIDs: [a.rowID], now: now.addingTimeInterval(10))
        #expect(try store.pendingRequests().map(\.request.identifier) == ["a", "b", "c"])
        #expect(try store.pendingRequests().map(\.state) == [.delivering, .pending, .pending])
        #expect(try store.pendingRequests(inGroup: "x").map(\.request.identifier) == ["b", "c"])
        #expect(try store.pendingRequests(inGroup: "none").isEmpty)
        #expect(try store.requestCount(in: .pending) == 2)
        #expect(try store.requestCount(in: .cancelled) == 1)
    }

    @Test("the next pending request and the stream of them read the pending index, in due order")
    func nextAndStream() throws {
        let store = try openStore(in: directory)
        #expect(try store.nextPendingRequest() == nil)
        try store.apply(Fixture.plan(requests: [
            Fixture.request("c", group: "x", due: now.addingTimeInterval(30)),
            Fixture.request("a", group: "y", due: now.addingTimeInterval(10)),
            Fixture.request("b", group: "x", due: now.addingTimeInterval(20)),
            Fixture.request("d", group: "x", due: now.addingTimeInterval(5)),
        ]), now: now)
        try store.apply(Fixture.plan(cancelling: ["d"]), now: now)
        #expect(try store.nextPendingRequest()?.request.identifier == "a")
        var streamed: [String] = []
        try store.forEachPendingRequest { streamed.append($0.request.identifier); return true }
        #expect(streamed == ["a", "b", "c"])
        streamed = []
        try store.forEachPendingRequest(inGroup: "x") { streamed.append($0.request.identifier); return true }
        #expect(streamed == ["b", "c"])
        streamed = []
        try store.forEachPendingRequest { streamed.append($0.request.identifier); return streamed.count < 2 }
        #expect(streamed == ["a", "b"], "stops when told")
        #expect(try store.pendingReferences().map(\.identifier) == ["a", "b", "c"])

        let plan = try store.withConnection { (connection) throws(StoreError) -> [String] in
            try connection.query("EXPLAIN QUERY PLAN SELECT \(RowCoding.requestColumns) FROM requests WHERE \(Store.pendingByDue) LIMIT 1") { $0.text(3) }
        }
        #expect(plan == ["SCAN requests USING INDEX requests_pending_by_due"], "no full scan, no sort: the cost does not grow with the store")
    }

    @Test("sessions not ended leave out stopped sessions and single sessions past their eating window")
    func sessionsNotEnded() throws {
        let store = try openStore(in: directory)
        var plan = ChangePlan()
        plan.sessions = [
            Fixture.session("running", start: now.addingTimeInterval(-2 * hour)),
            Fixture.session("scheduled", start: now.addingTimeInterval(2 * hour)),
            Fixture.session("stopped", start: now.addingTimeInterval(-5 * hour), stoppedAt: now.addingTimeInterval(-hour)),
            Fixture.session("over", start: now.addingTimeInterval(-30 * hour)),
            Fixture.session("rolling", start: now.addingTimeInterval(-300 * hour), mode: .rolling),
            Fixture.session("stops-later", start: now.addingTimeInterval(-hour), stoppedAt: now.addingTimeInterval(hour)),
        ]
        try store.apply(plan, now: now)
        #expect(try store.sessions(notEndedAt: now).map(\.id) == ["rolling", "running", "stops-later", "scheduled"])
        #expect(try store.sessions().count == 6)
    }

    @Test("fast history lists each finished fast with its real duration")
    func fastHistory() throws {
        let store = try openStore(in: directory)
        let tenEight = FastingPlan(fasting: .hours(10), eating: .hours(8))
        var plan = ChangePlan()
        plan.sessions = [
            // Completed: 16 h from 40 h ago.
            Fixture.session("done", start: now.addingTimeInterval(-40 * hour)),
            // Stopped after 3 h.
            Fixture.session("short", start: now.addingTimeInterval(-30 * hour), stoppedAt: now.addingTimeInterval(-27 * hour)),
            // Still fasting: not in the history.
            Fixture.session("running", start: now.addingTimeInterval(-hour)),
            // Rolling 10:8 from 50 h ago, stopped 1 h into its third fast (cycle 2 starts at -14 h).
            Fixture.session("roll", start: now.addingTimeInterval(-50 * hour), plan: tenEight, mode: .rolling, stoppedAt: now.addingTimeInterval(-13 * hour)),
        ]
        try store.apply(plan, now: now)
        let history = try store.fastHistory(since: now.addingTimeInterval(-100 * hour), now: now)
        let summary = history.map { "\($0.id)#\($0.cycle) \(Int($0.duration / 60))m \($0.completed ? "done" : "cut")" }
        #expect(summary == ["roll#0 600m done", "short#0 180m cut", "done#0 960m done", "roll#1 600m done", "roll#2 60m cut"])
        #expect(history.last?.goalEnd == now.addingTimeInterval(-4 * hour))
        #expect(history.first?.plan == tenEight)
        #expect(history.first?.tag == "tag of roll")

        let recent = try store.fastHistory(since: now.addingTimeInterval(-25 * hour), now: now)
        #expect(recent.map { "\($0.id)#\($0.cycle)" } == ["done#0", "roll#1", "roll#2"], "only fasts that ended since the given instant")
    }

    @Test("water intake is read back for a span of instants, whatever schedule it was logged under")
    func intakeSpan() throws {
        let store = try openStore(in: directory)
        let midnight = Date(timeIntervalSince1970: 1_772_946_000)
        var plan = ChangePlan()
        for (offset, ml, schedule) in [(-0.5 * hour, 250, "w"), (0.5 * hour, 300, "old"), (10 * hour, 200, nil)] as [(Double, Int, String?)] {
            plan.intakes.append(ChangePlan.LoggedIntake(scheduleID: schedule, intake: WaterIntake(instant: midnight.addingTimeInterval(offset), amountML: ml)))
        }
        try store.apply(plan, now: now)
        #expect(try store.intakes(since: midnight, until: midnight.addingTimeInterval(hour)).map(\.intake.amountML) == [300])
        #expect(try store.waterIntakes(since: midnight.addingTimeInterval(-hour)).map(\.amountML) == [250, 300, 200])
    }
}
