import ChimeCore
import ChimeDaemon
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// What the derivation must not lose: a scheduled fast given back after another took its place,
/// a zone that moved while chimed was down, and occurrences more than a day late.
@Suite("Scheduler: nothing derived falls between")
struct SchedulerDerivationGapsTests {
    func at(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
    let utc = TimeZone(identifier: "UTC")!

    @Test("a scheduled fast taken over by a fast by hand, then given back when that one stops, comes with its notifications")
    func withdrawnComesBack() throws {
        let now = at("2027-01-04T12:00:00Z")
        let harness = try SchedulerHarness(now: now, zone: utc)
        let desk = Desk(store: harness.store, timeZone: utc)
        let schedule = try FastSchedule(id: "fs-1", plan: .standard, ruleText: "daily 20:00", start: now)
        _ = try desk.perform(requestID: nil, now: now, clock: { now }) { _ in
            var plan = ChangePlan()
            plan.fastSchedules = [schedule]
            return Desk.Decision(plan, ())
        }
        try harness.start()
        #expect(try harness.pendingIdentifiers() == ["fast/fs-1.20270104-2000/start", "fast/fs-1.20270104-2000/end"])
        // A 36 h fast begun yesterday at 23:00 is still fasting at 20:00: tonight's is none.
        _ = try desk.perform(requestID: nil, now: now, clock: { now }) { now in
            try desk.startFast(Desk.FastStart(
                plan: try FastingPlan(parsing: "36h"), remindBefore: [], id: "f-long", tag: "", start: now.addingTimeInterval(-13 * 3600),
                repeating: false, replace: false
            ), now: now)
        }
        #expect(try !harness.pendingIdentifiers().contains("fast/fs-1.20270104-2000/start"))
        // Stopped at 15:00: tonight's is a fast again, announced as before.
        let afternoon = at("2027-01-04T15:00:00Z")
        harness.advance(to: afternoon)
        _ = try desk.perform(requestID: nil, now: afternoon, clock: { afternoon }) { now in try desk.stopFast(id: "f-long", now: now) }
        harness.scheduler.storeChanged()
        #expect(try harness.pendingIdentifiers().contains("fast/fs-1.20270104-2000/start"))
        harness.advance(to: at("2027-01-04T20:00:05Z"))
        #expect(harness.deliveredIdentifiers.contains("fast/fs-1.20270104-2000/start"))
    }

    @Test("the zone moved while chimed was down: at its start the next occurrence moves to the rule's time in the new zone")
    func zoneMovedWhileDown() throws {
        let now = at("2027-01-04T00:30:00Z")
        let harness = try SchedulerHarness(now: now, zone: utc)
        let reminder = RecurringReminder(id: "p", text: "pills", rule: try RecurrencePhrase.rule(from: "daily 08:00"), start: now)
        let desk = Desk(store: harness.store, timeZone: utc)
        _ = try desk.perform(requestID: nil, now: now, clock: { now }) { now in
            Desk.Decision(try FastingPlanner().remind(reminder, now: now, timeZone: self.utc, calendar: LocalTimeResolver.gregorian(in: self.utc)), ())
        }
        #expect(try harness.stored("remind/p/2027-01-04T08:00")?.request.due == at("2027-01-04T08:00:00Z"))
        // chimed starts in Tokyo, where 08:00 on the 4th is 23:00 UTC on the 3rd: past; the 5th's.
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        harness.zones.set(tokyo)
        try harness.restart()
        harness.settle()
        #expect(try harness.pendingIdentifiers() == ["remind/p/2027-01-05T08:00"])
        #expect(try harness.stored("remind/p/2027-01-05T08:00")?.request.due == at("2027-01-05T08:00:00+09:00"))
    }

    @Test("down for four days: the occurrences more than a day late are recorded missed, the last one comes late, none falls between")
    func passedOverAreRecorded() throws {
        let now = at("2027-01-04T06:00:00Z")
        let harness = try SchedulerHarness(now: now, zone: utc)
        let reminder = RecurringReminder(id: "p", text: "pills", rule: try RecurrencePhrase.rule(from: "daily 08:00"), start: now)
        try harness.store.apply(try FastingPlanner().remind(reminder, now: now, timeZone: utc, calendar: LocalTimeResolver.gregorian(in: utc)), now: now)
        try harness.start()
        harness.jump(to: at("2027-01-08T12:00:00Z"))
        harness.advance(to: harness.now)
        let states = ["04", "05", "06", "07", "08"].map { day in try? harness.stored("remind/p/2027-01-\(day)T08:00")?.state }
        #expect(states == [.missed, .missed, .missed, .missed, .delivered])
        #expect(try harness.pendingIdentifiers() == ["remind/p/2027-01-09T08:00"])
        let history = try harness.store.deliveryHistory(limit: 10).filter { $0.identifier.hasPrefix("remind/p/") }
        #expect(history.count == 5)
    }
}
