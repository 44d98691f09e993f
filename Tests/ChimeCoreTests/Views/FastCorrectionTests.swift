import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("Correcting a fast after the fact")
struct FastCorrectionTests {
    let plan = try! FastingPlan(parsing: "16:8")

    func fast(_ id: String, start: String, stoppedAt: String? = nil) -> FastingSession {
        FastingSession(id: id, plan: plan, start: Fixture.at(start), stoppedAt: stoppedAt.map(Fixture.at))
    }

    @Test("an end before the plan's length stops it there; one after completes it, extended to then, its eating window after")
    func ends() {
        let session = fast("a", start: "2026-06-01T20:00:00+02:00")
        let short = FastCorrection(session: session, end: Fixture.at("2026-06-02T10:00:00+02:00")).corrected
        #expect(short.stoppedAt == Fixture.at("2026-06-02T10:00:00+02:00"))
        #expect(short.fastExtension == nil)
        #expect(!short.completedFast(at: Fixture.at("2026-06-03T00:00:00+02:00")))
        let long = FastCorrection(session: session, end: Fixture.at("2026-06-02T13:30:00+02:00")).corrected
        #expect(long.stoppedAt == nil)
        #expect(long.fastExtension == FastingSession.Extension(cycle: 0, seconds: 5400))
        #expect(long.cycle(0).fastEnd == Fixture.at("2026-06-02T13:30:00+02:00"))
        #expect(long.completedFast(at: Fixture.at("2026-06-03T00:00:00+02:00")))
        #expect(long.status(at: Fixture.at("2026-06-02T14:00:00+02:00")).phase == .eating)
    }

    @Test("a fast stopped early and corrected to have run longer ends at the new end; the start moves, the plan's length with it")
    func startAndStop() {
        let stopped = fast("a", start: "2026-06-01T20:00:00+02:00", stoppedAt: "2026-06-02T08:00:00+02:00")
        let longer = FastCorrection(session: stopped, end: Fixture.at("2026-06-02T12:30:00+02:00")).corrected
        #expect(longer.stoppedAt == Fixture.at("2026-06-02T12:30:00+02:00"))
        #expect(longer.cycle(0).fastEnd == Fixture.at("2026-06-02T12:30:00+02:00"))
        let earlier = FastCorrection(session: stopped, start: Fixture.at("2026-06-01T19:00:00+02:00")).corrected
        #expect(earlier.start == Fixture.at("2026-06-01T19:00:00+02:00"))
        #expect(earlier.stoppedAt == stopped.stoppedAt)
        #expect(earlier.cycle(0).plannedFastEnd == Fixture.at("2026-06-02T11:00:00+02:00"))
    }

    @Test("a fast of a schedule keeps its length on the local clock: its ends move with its start")
    func localEnds() {
        var instance = fast("fs.20261024-2000", start: "2026-10-24T20:00:00+02:00")
        instance.scheduleID = "fs"
        instance.instanceKey = "20261024-2000"
        // 16:8 across the autumn change: 17 real hours, ending 12:00 on the clock.
        instance.localEnds = .init(fastEnd: Fixture.at("2026-10-25T12:00:00+01:00"), eatingEnd: Fixture.at("2026-10-25T20:00:00+01:00"))
        let moved = FastCorrection(session: instance, start: Fixture.at("2026-10-24T20:30:00+02:00")).corrected
        #expect(moved.cycle(0).plannedFastEnd == Fixture.at("2026-10-25T12:30:00+01:00"))
        #expect(moved.instanceKey == "20261024-2000")
        let plan = FastCorrection(session: instance, start: Fixture.at("2026-10-24T20:30:00+02:00")).plan(now: Fixture.at("2026-10-24T21:00:00+02:00"), requests: RequestPlanner())
        #expect(plan.sessions.map(\.id) == ["fs.20261024-2000"])
        #expect(plan.requests.isEmpty && plan.cancelledGroups.isEmpty, "a schedule's derivation moves its notifications")
    }

    @Test("fasts never overlap: a correction into another fast names it; one beside it is fine")
    func overlap() {
        let before = fast("before", start: "2026-06-01T08:00:00+02:00", stoppedAt: "2026-06-01T18:00:00+02:00")
        let session = fast("a", start: "2026-06-01T20:00:00+02:00")
        let now = Fixture.at("2026-06-02T15:00:00+02:00")
        #expect(FastCorrection(session: session, start: Fixture.at("2026-06-01T17:00:00+02:00")).overlapped(among: [before, session], now: now)?.id == "before")
        #expect(FastCorrection(session: session, start: Fixture.at("2026-06-01T18:00:00+02:00")).overlapped(among: [before, session], now: now) == nil)
    }

    @Test("fast stop --at stops at that moment, by the same rules; a fast already ended is refused")
    func stopAt() throws {
        let planner = FastingPlanner()
        let session = fast("a", start: "2026-06-01T20:00:00+02:00")
        let now = Fixture.at("2026-06-02T11:00:00+02:00")
        let plan = try planner.stop(session, at: Fixture.at("2026-06-02T10:30:00+02:00"), now: now)
        #expect(plan.sessions.first?.stoppedAt == Fixture.at("2026-06-02T10:30:00+02:00"))
        #expect(plan.cancelledGroups == ["a"])
        let discarded = try planner.stop(session, at: Fixture.at("2026-06-01T20:01:00+02:00"), now: now)
        #expect(discarded.deletedSessions == ["a"], "within its first 2 minutes it is no fast")
        let over = fast("b", start: "2026-06-01T20:00:00+02:00", stoppedAt: "2026-06-02T09:00:00+02:00")
        #expect(throws: DomainError.self) { try planner.stop(over, at: Fixture.at("2026-06-02T08:00:00+02:00"), now: now) }
    }
}
