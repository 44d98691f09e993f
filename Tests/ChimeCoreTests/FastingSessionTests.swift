import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("FastingSession: phases at any instant")
struct FastingSessionTests {
    let start = Fixture.at("2026-06-01T20:00:00+02:00")

    func single(_ plan: String = "16:8", start: Date? = nil) -> FastingSession {
        FastingSession(id: "f-1", plan: Fixture.plan(plan), start: start ?? self.start, tag: "test")
    }

    func rolling(_ plan: String = "16:8") -> FastingSession {
        FastingSession(id: "f-r", plan: Fixture.plan(plan), start: start, mode: .rolling)
    }

    @Test("a single 16:8 session goes scheduled, fasting, eating, ended")
    func singleLifecycle() {
        let session = single()

        let before = session.status(at: start - 60)
        #expect(before.phase == .scheduled)
        #expect(before.phaseStart == nil)
        #expect(before.nextChange == start)
        #expect(before.remaining == 60)
        #expect(before.elapsed == 0)
        #expect(before.progress == 0)

        let atStart = session.status(at: start)
        #expect(atStart.phase == .fasting)
        #expect(atStart.phaseStart == start)
        #expect(atStart.elapsed == 0)
        #expect(atStart.remaining == 16 * hour)
        #expect(atStart.progress == 0)

        let middle = session.status(at: start + 8 * hour)
        #expect(middle.phase == .fasting)
        #expect(middle.progress == 0.5)
        #expect(middle.nextChange == start + 16 * hour)

        let lastSecond = session.status(at: start + 16 * hour - 1)
        #expect(lastSecond.phase == .fasting)
        #expect(lastSecond.remaining == 1)

        let eating = session.status(at: start + 16 * hour)
        #expect(eating.phase == .eating)
        #expect(eating.phaseStart == start + 16 * hour)
        #expect(eating.nextChange == start + 24 * hour)
        #expect(eating.progress == 0)

        let ended = session.status(at: start + 24 * hour)
        #expect(ended.phase == .ended)
        #expect(ended.nextChange == nil)
        #expect(ended.remaining == 0)
        #expect(ended.progress == 1)
        #expect(ended.phaseStart == start + 24 * hour)
        #expect(session.status(at: start + 400 * 24 * hour).phase == .ended)
    }

    @Test("a fast without eating window ends when the fast does")
    func fastOnly() {
        let session = single("36h")
        #expect(session.status(at: start + 36 * hour - 1).phase == .fasting)
        let ended = session.status(at: start + 36 * hour)
        #expect(ended.phase == .ended)
        #expect(ended.phaseStart == start + 36 * hour)
        #expect(session.cycle(0).eatingEnd == session.cycle(0).fastEnd)
    }

    /// A 16 h fast started at 20:00 on the eve of a change ends 16 real hours later.
    @Test("16 h fasts across a daylight saving change last 16 real hours", arguments: [
        ("Europe/Berlin", "2026-03-28T20:00:00+01:00", "2026-03-29 13:00 +02:00"),
        ("Europe/Berlin", "2026-10-24T20:00:00+02:00", "2026-10-25 11:00 +01:00"),
        ("America/New_York", "2026-03-07T20:00:00-05:00", "2026-03-08 13:00 -04:00"),
        ("America/New_York", "2026-10-31T20:00:00-04:00", "2026-11-01 11:00 -05:00"),
        ("Australia/Lord_Howe", "2026-10-03T20:00:00+10:30", "2026-10-04 12:30 +11:00"),
        ("Australia/Lord_Howe", "2026-04-04T20:00:00+11:00", "2026-04-05 11:30 +10:30"),
        ("Asia/Kolkata", "2026-03-28T20:00:00+05:30", "2026-03-29 12:00 +05:30"),
    ])
    func daylightSaving(zone: String, started: String, expectedEnd: String) {
        let session = single("16:8", start: Fixture.at(started))
        let end = session.cycle(0).fastEnd
        #expect(end.timeIntervalSince(session.start) == 16 * hour)
        #expect(Fixture.wall(end, Fixture.zone(zone)) == expectedEnd)
        #expect(session.status(at: end - 1).phase == .fasting)
        #expect(session.status(at: end).phase == .eating)
        #expect(session.status(at: end).nextChange == end + 8 * hour)
    }

    @Test("a fast across midnight keeps counting through the date change")
    func acrossMidnight() {
        let session = single("16:8", start: Fixture.at("2026-06-01T22:00:00+02:00"))
        let beforeMidnight = session.status(at: Fixture.at("2026-06-01T23:59:00+02:00"))
        let afterMidnight = session.status(at: Fixture.at("2026-06-02T00:01:00+02:00"))
        #expect(beforeMidnight.phase == .fasting)
        #expect(afterMidnight.phase == .fasting)
        #expect(afterMidnight.elapsed - beforeMidnight.elapsed == 2 * minute)
        #expect(afterMidnight.cycle == beforeMidnight.cycle)
        #expect(Fixture.wall(session.cycle(0).fastEnd, Fixture.berlin) == "2026-06-02 14:00 +02:00")
    }

    @Test("a session starting in the future is scheduled and already active")
    func futureStart() {
        let session = single()
        let now = start - 3 * hour
        let status = session.status(at: now)
        #expect(status.phase == .scheduled)
        #expect(status.remaining == 3 * hour)
        #expect(status.nextChange == start)
        #expect(session.isActive(at: now))
    }

    @Test("stopping early ends the session at the stop, and caps the phase change before it")
    func stoppedEarly() {
        var session = single()
        session.stoppedAt = start + 10 * hour
        let fasting = session.status(at: start + 9 * hour)
        #expect(fasting.phase == .fasting)
        #expect(fasting.nextChange == start + 10 * hour)
        #expect(fasting.remaining == hour)
        let ended = session.status(at: start + 10 * hour)
        #expect(ended.phase == .ended)
        #expect(ended.phaseStart == start + 10 * hour)
        #expect(!session.isActive(at: start + 10 * hour))
        #expect(!session.completedFast(at: start + 20 * hour))

        var stoppedBeforeStart = single()
        stoppedBeforeStart.stoppedAt = start - hour
        #expect(stoppedBeforeStart.status(at: start - 2 * hour).nextChange == start - hour)
        #expect(stoppedBeforeStart.status(at: start + hour).phase == .ended)
    }

    @Test("a completed fast is complete even when the eating window is cut short")
    func completedFast() {
        var session = single()
        #expect(!session.completedFast(at: start + 16 * hour - 1))
        #expect(session.completedFast(at: start + 16 * hour))
        session.stoppedAt = start + 17 * hour
        #expect(session.completedFast(at: start + 18 * hour))
    }

    @Test("extending a single fast moves its end and the eating window after it")
    func extendSingle() {
        var session = single()
        session.fastExtension = .init(cycle: 0, seconds: 3600)
        let cycle = session.cycle(0)
        #expect(cycle.fastEnd == start + 17 * hour)
        #expect(cycle.eatingEnd == start + 25 * hour)
        #expect(session.status(at: start + 16 * hour + 1).phase == .fasting)
    }

    @Test("extending one rolling cycle shrinks its eating window and leaves other cycles alone")
    func extendRolling() {
        var session = rolling()
        session.fastExtension = .init(cycle: 3, seconds: 2 * 3600)
        let third = session.cycle(3)
        #expect(third.fastStart == start + 72 * hour)
        #expect(third.fastEnd == start + 90 * hour)
        #expect(third.eatingEnd == start + 96 * hour)
        #expect(session.cycle(2).fastEnd == start + 64 * hour)
        #expect(session.cycle(4).fastEnd == start + 112 * hour)
        #expect(session.status(at: start + 89 * hour).phase == .fasting)
        #expect(session.status(at: start + 90 * hour).phase == .eating)
    }

    @Test("a negative extension never makes a fast end before it starts")
    func negativeExtension() {
        var session = single()
        session.fastExtension = .init(cycle: 0, seconds: -100 * 3600)
        #expect(session.cycle(0).fastEnd >= session.cycle(0).fastStart)
    }

    @Test("a rolling session is scheduled before its anchor, while its cycles extend back in time")
    func rollingBeforeAnchor() {
        let session = rolling()
        let status = session.status(at: start - 30 * hour)
        #expect(status.phase == .scheduled)
        #expect(status.nextChange == start)
        #expect(status.remaining == 30 * hour)
        #expect(session.cycle(-1).fastStart == start - 24 * hour)
        #expect(session.cycle(-1).eatingEnd == start)
        #expect(session.cycleNumber(at: start - 1) == 0)
    }

    @Test("rolling boundaries: each cycle starts fasting, switches to eating after 16 h", arguments: [Int64(0), 1, 2, 7, 999, 1000, 1001, 5000, 100_000])
    func rollingBoundaries(k: Int64) {
        let session = rolling()
        let cycleStart = start + Double(k) * 24 * hour

        let opening = session.status(at: cycleStart)
        #expect(opening.phase == .fasting)
        #expect(opening.cycle == k)
        #expect(opening.elapsed == 0)
        #expect(opening.nextChange == cycleStart + 16 * hour)

        let lastBeforeEating = session.status(at: cycleStart + 16 * hour - 0.001)
        #expect(lastBeforeEating.phase == .fasting)
        #expect(lastBeforeEating.cycle == k)

        let eating = session.status(at: cycleStart + 16 * hour)
        #expect(eating.phase == .eating)
        #expect(eating.cycle == k)
        #expect(eating.nextChange == cycleStart + 24 * hour)

        let lastBeforeNext = session.status(at: cycleStart + 24 * hour - 0.001)
        #expect(lastBeforeNext.phase == .eating)
        #expect(lastBeforeNext.cycle == k)
        #expect(session.status(at: cycleStart + 24 * hour).cycle == k + 1)
        #expect(session.isActive(at: cycleStart + 20 * hour))
    }

    @Test("a rolling session stopped during a cycle ends there")
    func rollingStopped() {
        var session = rolling()
        session.stoppedAt = start + 50 * hour
        let ended = session.status(at: start + 60 * hour)
        #expect(ended.phase == .ended)
        #expect(ended.cycle == 2)
        #expect(session.status(at: start + 49 * hour).nextChange == start + 50 * hour)
    }

    @Test("single sessions are inactive while eating; rolling ones stay active")
    func activity() {
        #expect(!single().isActive(at: start + 17 * hour))
        #expect(rolling().isActive(at: start + 17 * hour))
        #expect(!single().isActive(at: start + 25 * hour))
    }

    @Test("the current fast: a fast that ended beats one cancelled before it started")
    func currentSkipsAFastCancelledBeforeItStarted() {
        // Scheduled for later, then replaced by a 10s:5s fast started at once, which has ended.
        var scheduled = FastingSession(id: "f-sched", plan: Fixture.plan("16:8"), start: start + 4 * hour)
        scheduled.stoppedAt = start
        let short = FastingSession(id: "f-now", plan: Fixture.plan("10s:5s"), start: start)
        #expect(scheduled.wasCancelledBeforeStart)
        #expect(!short.wasCancelledBeforeStart)
        // Both orders: the store lists sessions by start.
        #expect(FastingSession.current(among: [short, scheduled], at: start + 16)?.id == "f-now")
        #expect(FastingSession.current(among: [scheduled, short], at: start + 16)?.id == "f-now")
        // While it runs, and after, the short fast; cancelled ones alone are no current fast.
        #expect(FastingSession.current(among: [short, scheduled], at: start + 5)?.id == "f-now")
        #expect(FastingSession.current(among: [scheduled], at: start + 16) == nil)
        #expect(FastingSession.current(among: [], at: start) == nil)
    }

    @Test("the current fast: running, else scheduled, else the one that ended last")
    func currentPrefersRunningThenScheduledThenLatestEnded() {
        var early = FastingSession(id: "f-a", plan: Fixture.plan("16:8"), start: start - 48 * hour)
        early.stoppedAt = start - 30 * hour
        // Started before the other but stopped after it: it ended last.
        var long = FastingSession(id: "f-b", plan: Fixture.plan("36h"), start: start - 47 * hour)
        long.stoppedAt = start - 2 * hour
        var later = FastingSession(id: "f-c", plan: Fixture.plan("16:8"), start: start - 20 * hour)
        later.stoppedAt = start - 10 * hour
        let ended = [early, long, later]
        #expect(FastingSession.current(among: ended, at: start)?.id == "f-b")

        let upcoming = FastingSession(id: "f-next", plan: Fixture.plan("16:8"), start: start + hour)
        #expect(FastingSession.current(among: ended + [upcoming], at: start)?.id == "f-next")
        let eating = FastingSession(id: "f-eat", plan: Fixture.plan("16:8"), start: start - 17 * hour)
        #expect(FastingSession.current(among: ended + [upcoming, eating], at: start)?.id == "f-eat")
        let fasting = FastingSession(id: "f-fast", plan: Fixture.plan("16:8"), start: start - hour)
        #expect(FastingSession.current(among: [upcoming, fasting] + ended, at: start)?.id == "f-fast")
    }

    @Test("sessions survive a Codable round trip")
    func codable() throws {
        var session = rolling()
        session.remindBefore = [.hours(1), .minutes(15)]
        session.fastExtension = .init(cycle: 2, seconds: 600)
        session.stoppedAt = start + 100 * hour
        let data = try JSONEncoder().encode(session)
        #expect(try JSONDecoder().decode(FastingSession.self, from: data) == session)
    }
}
