import ChimeCore
import ChimeTestSupport
import Foundation
import Testing

@Suite("fast schedules on the local clock")
struct FastScheduleTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    func at(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    func calendar(_ zone: TimeZone) -> Calendar {
        return Fixture.calendar(in: zone)
    }

    func schedule(_ plan: String, _ rule: String, start: Date) throws -> FastSchedule {
        try FastSchedule(id: "fs-1", plan: try FastingPlan(parsing: plan), ruleText: rule, start: start)
    }

    /// The fast from the first occurrence at or after `from`: start, end, eating end, real hours.
    func fast(_ plan: String, _ rule: String, from: String, zone: TimeZone) throws -> FastingSession {
        let schedule = try schedule(plan, rule, start: at(from))
        let start = try #require(schedule.occurrence(atOrAfter: at(from), in: zone))
        return schedule.session(startingAt: start, timeZone: zone, calendar: calendar(zone))
    }

    @Test("16:8 from 20:00 ends at 12:00 and eats until 20:00 local, 15 or 17 real hours across a change", arguments: [
        // Berlin spring forward (2027-03-28 02:00 -> 03:00): the fast of the night before lasts 15 h.
        ("2027-03-27T12:00:00+01:00", berlin, "2027-03-27T20:00:00+01:00", "2027-03-28T12:00:00+02:00", "2027-03-28T20:00:00+02:00", 15.0),
        // Berlin fall back (2027-10-31 03:00 -> 02:00): 17 h.
        ("2027-10-30T12:00:00+02:00", berlin, "2027-10-30T20:00:00+02:00", "2027-10-31T12:00:00+01:00", "2027-10-31T20:00:00+01:00", 17.0),
        // An ordinary Berlin day: 16 h.
        ("2027-03-28T13:00:00+02:00", berlin, "2027-03-28T20:00:00+02:00", "2027-03-29T12:00:00+02:00", "2027-03-29T20:00:00+02:00", 16.0),
        // New York spring forward (2027-03-14) and fall back (2027-11-07).
        ("2027-03-13T12:00:00-05:00", newYork, "2027-03-13T20:00:00-05:00", "2027-03-14T12:00:00-04:00", "2027-03-14T20:00:00-04:00", 15.0),
        ("2027-11-06T12:00:00-04:00", newYork, "2027-11-06T20:00:00-04:00", "2027-11-07T12:00:00-05:00", "2027-11-07T20:00:00-05:00", 17.0),
    ])
    func dstMatrix(from: String, zone: TimeZone, start: String, end: String, eatingEnd: String, hours: Double) throws {
        let session = try fast("16:8", "daily 20:00", from: from, zone: zone)
        let cycle = session.cycle(0)
        #expect(cycle.fastStart == at(start))
        #expect(cycle.fastEnd == at(end))
        #expect(cycle.eatingEnd == at(eatingEnd))
        #expect(cycle.fastEnd.timeIntervalSince(cycle.fastStart) == hours * 3600)
        #expect(session.scheduleID == "fs-1")
        #expect(FastSchedule.realHours(of: session) == (hours == 16 ? nil : "\(Int(hours))"))
        // The notifications carry the real length, for the bubble to say in its language.
        let requests = RequestPlanner().requests(for: session, after: at(from))
        let arguments = try #require(requests.first { $0.kind == .fastStart }?.content.arguments)
        #expect(arguments[ContentArgument.plan] == "16:8")
        #expect(arguments[ContentArgument.realHours] == (hours == 16 ? nil : "\(Int(hours))"))
    }

    @Test("a start the clocks skip moves to the jump; its fast still ends on the rule's reading plus the plan")
    func startInGap() throws {
        // 02:30 does not exist in Berlin on 2027-03-28.
        let session = try fast("16:8", "daily 02:30", from: "2027-03-27T12:00:00+01:00", zone: Self.berlin)
        #expect(session.start == at("2027-03-28T03:00:00+02:00"))
        #expect(session.cycle(0).fastEnd == at("2027-03-28T19:00:00+02:00"))
        // The eating window closes at the next start, 02:30 the day after.
        #expect(session.cycle(0).eatingEnd == at("2027-03-29T02:30:00+02:00"))
    }

    @Test("weekdays and mon,thu rules: occurrences on their days, ends on the local clock")
    func otherRules() throws {
        // Friday 2027-03-26 in Berlin: the weekday fast at 19:00, 18 h to Saturday 13:00.
        let friday = try fast("18:6", "weekdays 19:00", from: "2027-03-26T10:00:00+01:00", zone: Self.berlin)
        #expect(friday.start == at("2027-03-26T19:00:00+01:00"))
        #expect(friday.cycle(0).fastEnd == at("2027-03-27T13:00:00+01:00"))
        let monday = try fast("18:6", "weekdays 19:00", from: "2027-03-26T20:00:00+01:00", zone: Self.berlin)
        #expect(monday.start == at("2027-03-29T19:00:00+02:00"))
        // 36 h from Thursday 20:00 (before the change) to Saturday 08:00; the id names the day.
        let long = try fast("36h", "mon,thu 20:00", from: "2027-03-23T10:00:00+01:00", zone: Self.berlin)
        #expect(long.start == at("2027-03-25T20:00:00+01:00"))
        #expect(long.cycle(0).fastEnd == at("2027-03-27T08:00:00+01:00"))
        #expect(long.cycle(0).eatingEnd == long.cycle(0).fastEnd)
        #expect(long.id == "fs-1.20270325-2000")
    }

    @Test("the phase of a scheduled fast: scheduled, fasting, eating, ended")
    func phases() throws {
        let session = try fast("16:8", "daily 20:00", from: "2027-03-27T12:00:00+01:00", zone: Self.berlin)
        #expect(session.status(at: at("2027-03-27T19:00:00+01:00")).phase == .scheduled)
        #expect(session.status(at: at("2027-03-28T11:59:00+02:00")).phase == .fasting)
        #expect(session.status(at: at("2027-03-28T12:00:00+02:00")).phase == .eating)
        #expect(session.status(at: at("2027-03-28T20:00:00+02:00")).phase == .ended)
    }

    @Test("a schedule's notifications are derived for its next fast only; overlapping plans are refused")
    func derivesNextFast() throws {
        let now = at("2027-03-27T12:00:00+01:00")
        let cal = calendar(Self.berlin)
        let schedule = try schedule("16:8", "daily 20:00", start: now)
        try FastingPlanner().checkSchedule(schedule, now: now, timeZone: Self.berlin, calendar: cal)
        let timeline = FastTimeline(recorded: [], schedules: [schedule], timeZone: Self.berlin)
        let plan = FastScheduleDerivation().plan(for: schedule, timeline: timeline, derivedThrough: nil, stored: [], now: now)
        // Nothing has started: nothing is recorded, only notifications are derived.
        #expect(plan.sessions.isEmpty)
        #expect(Set(plan.requests.map(\.group)) == ["fs-1.20270327-2000"])
        #expect(Set(plan.requests.map(\.kind)) == [.fastStart, .fastEnd])
        #expect(plan.fastSchedulesDerivedThrough == ["fs-1": now])
        #expect(throws: DomainError.self) {
            try FastingPlanner().checkSchedule(try self.schedule("36h", "daily 20:00", start: now), now: now, timeZone: Self.berlin, calendar: cal)
        }
    }

    @Test("the timeline: the running fast, then the next; a fast started by hand takes over a start inside it; a skipped fast is passed over")
    func timeline() throws {
        let now = at("2027-03-27T12:00:00+01:00")
        let schedule = try schedule("16:8", "daily 20:00", start: now)
        let plain = FastTimeline(recorded: [], schedules: [schedule], timeZone: Self.berlin)
        #expect(plain.nextInstance(of: schedule, after: now)?.id == "fs-1.20270327-2000")
        // At the fast's end, it is in its eating window; the next one follows.
        let atEnd = at("2027-03-28T12:00:00+02:00")
        #expect(plain.runningInstance(of: schedule, at: atEnd)?.id == "fs-1.20270327-2000")
        #expect(plain.nextInstance(of: schedule, after: atEnd)?.id == "fs-1.20270328-2000")
        #expect(plain.sessions(notEndedAt: atEnd).map(\.id) == ["fs-1.20270327-2000", "fs-1.20270328-2000"])
        // A fast started by hand at 15:00 on the 28th fasts until 07:00: the 20:00 start is taken over.
        let manual = FastingSession(id: "f-1", plan: .standard, start: at("2027-03-28T15:00:00+02:00"))
        let withManual = FastTimeline(recorded: [manual], schedules: [schedule], timeZone: Self.berlin)
        #expect(withManual.nextInstance(of: schedule, after: at("2027-03-28T15:00:00+02:00"))?.id == "fs-1.20270329-2000")
        // Stopped at 19:00, it takes nothing over.
        var stopped = manual
        stopped.stoppedAt = at("2027-03-28T19:00:00+02:00")
        let afterStop = FastTimeline(recorded: [stopped], schedules: [schedule], timeZone: Self.berlin)
        #expect(afterStop.nextInstance(of: schedule, after: at("2027-03-28T19:00:00+02:00"))?.id == "fs-1.20270328-2000")
        // Skipped (recorded as cancelled before it started): the next is the day after.
        var skipped = try #require(plain.session(id: "fs-1.20270328-2000"))
        skipped.stoppedAt = skipped.start
        let afterSkip = FastTimeline(recorded: [skipped], schedules: [schedule], timeZone: Self.berlin)
        #expect(afterSkip.nextInstance(of: schedule, after: atEnd)?.id == "fs-1.20270329-2000")
        // Ended at 13:00 on the 28th: its fast already fasting goes on, no later one comes.
        var ended = schedule
        ended.endedAt = at("2027-03-28T13:00:00+02:00")
        let afterOff = FastTimeline(recorded: [], schedules: [ended], timeZone: Self.berlin)
        #expect(afterOff.nextInstance(of: ended, after: atEnd) == nil)
        #expect(afterOff.runningInstance(of: ended, at: at("2027-03-28T08:00:00+02:00"))?.id == "fs-1.20270327-2000")
    }

    @Test("a schedule's fast that began in the eating window of a fast by hand ended that window, also once it is stopped in turn")
    func eatingWindowStaysEnded() throws {
        let schedule = try schedule("16:8", "daily 20:00", start: at("2027-03-20T12:00:00+01:00"))
        // By hand from 01:00 to 17:00 (16 h): eating until 01:00; the 20:00 fast begins in it.
        let byHand = FastingSession(id: "h1", plan: .standard, start: at("2027-03-21T01:00:00+01:00"))
        var scheduled = schedule.session(startingAt: at("2027-03-21T20:00:00+01:00"), timeZone: Self.berlin, calendar: calendar(Self.berlin))
        let now = at("2027-03-21T20:30:00+01:00")
        let running = FastTimeline(recorded: [byHand, scheduled], schedules: [schedule], timeZone: Self.berlin)
        #expect(running.sessions(notEndedAt: now).map(\.id) == [scheduled.id, "fs-1.20270322-2000"])
        scheduled.stoppedAt = now
        let stopped = FastTimeline(recorded: [byHand, scheduled], schedules: [schedule], timeZone: Self.berlin)
        #expect(!stopped.sessions(notEndedAt: now).contains { $0.id == "h1" })
    }

    @Test("a fast of a schedule no longer stored (an earlier Chime deleted a schedule it turned off) is a fast of its own")
    func orphanedInstance() throws {
        let start = at("2027-03-20T20:00:00+01:00")
        var orphan = FastingSession(id: "fs-gone.20270320-2000", plan: .standard, start: start, scheduleID: "fs-gone", instanceKey: "20270320-2000")
        orphan.stoppedAt = at("2027-03-21T10:00:00+01:00")
        let timeline = FastTimeline(recorded: [orphan], schedules: [], timeZone: Self.berlin)
        let now = at("2027-03-27T12:00:00+01:00")
        #expect(timeline.sessions(fastingSince: .distantPast, now: now).map(\.id) == ["fs-gone.20270320-2000"])
        #expect(timeline.current(at: now)?.id == "fs-gone.20270320-2000")
    }

    @Test("a 24 h plan is daily; others are not", arguments: [("16:8", true), ("18:6", true), ("23:1", true), ("20:5", false), ("36h", false)])
    func daily(plan: String, daily: Bool) throws {
        #expect(FastSchedule.isDaily(try FastingPlan(parsing: plan)) == daily)
    }
}
