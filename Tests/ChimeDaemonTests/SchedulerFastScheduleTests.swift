import ChimeCore
import ChimeDaemon
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

@Suite("Scheduler: fast schedules")
struct SchedulerFastScheduleTests {
    func at(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    @Test("once a scheduled fast starts, its start is recorded and the next fast is derived in the same transaction, on the local clock across the spring change")
    func followUp() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let now = at("2027-03-27T12:00:00+01:00")
        let harness = try setUp(now, zone: berlin)
        try harness.start()
        #expect(try harness.pendingIdentifiers() == ["fast/fs-1.20270327-2000/start", "fast/fs-1.20270327-2000/end"])

        // The fast ends at 12:00 local on Sunday, after 15 real hours: 10:00 UTC.
        harness.advance(to: at("2027-03-28T09:59:00Z"))
        #expect(harness.deliveredIdentifiers == ["fast/fs-1.20270327-2000/start"])
        harness.advance(to: at("2027-03-28T10:00:00Z"))
        #expect(harness.deliveredIdentifiers == ["fast/fs-1.20270327-2000/start", "fast/fs-1.20270327-2000/end"])
        let started = try #require(try harness.stored("fast/fs-1.20270327-2000/start"))
        let next = try #require(try harness.stored("fast/fs-1.20270328-2000/start"))
        #expect(next.state == .pending)
        #expect(next.request.due == at("2027-03-28T20:00:00+02:00"))
        #expect(next.changeSequence == started.changeSequence)
        // Derived, not stored: nothing has happened to it yet.
        #expect(try harness.store.session(id: "fs-1.20270328-2000") == nil)
        let timeline = try Desk(store: harness.store, timeZone: berlin).fastTimeline(now: harness.now)
        #expect(timeline.session(id: "fs-1.20270328-2000")?.cycle(0).fastEnd == at("2027-03-29T12:00:00+02:00"))
        // The one that started is recorded as it began.
        #expect(try harness.store.session(id: "fs-1.20270327-2000")?.start == at("2027-03-27T20:00:00+01:00"))
        #expect(try harness.pendingIdentifiers() == ["fast/fs-1.20270328-2000/start", "fast/fs-1.20270328-2000/end"])
        #expect(try harness.isInSync())
    }

    /// A harness whose store has the schedule `fs-1` (16:8, daily 20:00) set at `now`, as
    /// `chime fast schedule` sets it: the record, then its notifications derived by the desk.
    func setUp(_ now: Date, zone: TimeZone) throws -> SchedulerHarness {
        let harness = try SchedulerHarness(now: now, zone: zone)
        let schedule = try FastSchedule(id: "fs-1", plan: .standard, ruleText: "daily 20:00", start: now)
        let desk = Desk(store: harness.store, timeZone: zone)
        _ = try desk.perform(requestID: nil, now: now, clock: { now }) { _ in
            var plan = ChangePlan()
            plan.fastSchedules = [schedule]
            return Desk.Decision(plan, ())
        }
        return harness
    }

    @Test("\"End fast\" on a scheduled fast stops it and makes the schedule's next fast, in the fall-back night's 17 h")
    func endFastSkips() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let harness = try setUp(at("2027-10-30T12:00:00+02:00"), zone: berlin)
        try harness.start()
        harness.advance(to: at("2027-10-30T20:00:00+02:00"))
        #expect(harness.deliveredIdentifiers == ["fast/fs-1.20271030-2000/start"])
        harness.advance(to: at("2027-10-30T21:00:00+02:00"))
        harness.notifier.send(.actionInvoked(identifier: "fast/fs-1.20271030-2000/start", action: .endFast))
        harness.receive(1)
        #expect(try harness.store.session(id: "fs-1.20271030-2000")?.stoppedAt == harness.now)
        #expect(try harness.pendingIdentifiers() == ["fast/fs-1.20271031-2000/start", "fast/fs-1.20271031-2000/end"])
        let next = try #require(try Desk(store: harness.store, timeZone: berlin).fastTimeline(now: harness.now).session(id: "fs-1.20271031-2000"))
        #expect(next.start == at("2027-10-31T20:00:00+01:00"))
        #expect(try harness.isInSync())
    }

    @Test("a scheduled fast's end missed while chimed was away still brings the schedule's next fast")
    func missedEnd() throws {
        let utc = TimeZone(identifier: "UTC")!
        let harness = try setUp(at("2027-01-04T12:00:00Z"), zone: utc)
        // chimed first runs three days later: the start and the end are past their grace.
        harness.jump(to: at("2027-01-07T13:00:00Z"))
        try harness.start()
        harness.settle()
        #expect(try harness.stored("fast/fs-1.20270104-2000/end")?.state == .missed)
        #expect(try harness.pendingIdentifiers() == ["fast/fs-1.20270107-2000/start", "fast/fs-1.20270107-2000/end"])
    }

    @Test("after a change of the time zone the waiting fast starts and ends on the new local clock")
    func zoneChange() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let newYork = TimeZone(identifier: "America/New_York")!
        let harness = try setUp(at("2027-03-27T12:00:00+01:00"), zone: berlin)
        try harness.start()
        harness.zones.set(newYork)
        harness.scheduler.timeZoneChanged()
        harness.settle()
        // 12:00 in Berlin is 07:00 in New York: today's 20:00 there, ending 12:00 there.
        #expect(try harness.pendingIdentifiers() == ["fast/fs-1.20270327-2000/start", "fast/fs-1.20270327-2000/end"])
        let session = try #require(try Desk(store: harness.store, timeZone: newYork).fastTimeline(now: harness.now).session(id: "fs-1.20270327-2000"))
        #expect(session.start == at("2027-03-27T20:00:00-04:00"))
        #expect(session.cycle(0).fastEnd == at("2027-03-28T12:00:00-04:00"))
        #expect(try harness.stored("fast/fs-1.20270327-2000/start")?.request.due == at("2027-03-27T20:00:00-04:00"))
        #expect(try harness.isInSync())
    }
}
