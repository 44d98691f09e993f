import ChimeCore
import ChimeDaemon
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

@Suite("Scheduler: recurring reminders")
struct SchedulerRecurringReminderTests {
    func at(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    @Test("a delivered occurrence persists the next one on the wall clock, across the spring change, in the same transaction")
    func followUp() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let now = at("2027-03-27T08:00:00Z")
        let harness = try SchedulerHarness(now: now, zone: berlin)
        let calendar = Fixture.calendar(in: berlin)
        let reminder = RecurringReminder(id: "r", text: "pills", rule: try RecurrencePhrase.rule(from: "daily 12:00"), start: now)
        try harness.store.apply(try FastingPlanner().remind(reminder, now: now, timeZone: berlin, calendar: calendar), now: now)
        try harness.start()
        #expect(try harness.pendingIdentifiers() == ["remind/r/2027-03-27T12:00"])

        harness.advance(to: at("2027-03-27T11:00:00Z"))
        #expect(harness.deliveredIdentifiers == ["remind/r/2027-03-27T12:00"])
        let delivered = try #require(try harness.stored("remind/r/2027-03-27T12:00"))
        // 12:00 on Sunday is 10:00 UTC: the clocks went forward, the reminder did not move.
        let next = try #require(try harness.stored("remind/r/2027-03-28T12:00"))
        #expect(next.state == .pending)
        #expect(next.request.due == at("2027-03-28T10:00:00Z"))
        #expect(next.changeSequence == delivered.changeSequence)

        harness.advance(to: at("2027-03-28T10:00:00Z"))
        #expect(try harness.pendingIdentifiers() == ["remind/r/2027-03-29T12:00"])
        #expect(try harness.isInSync())
    }

    @Test("a rule that ends leaves nothing pending after its last occurrence")
    func ends() throws {
        let utc = TimeZone(identifier: "UTC")!
        let now = at("2027-01-04T08:00:00Z")
        let harness = try SchedulerHarness(now: now, zone: utc)
        let calendar = Fixture.calendar(in: utc)
        let reminder = RecurringReminder(id: "r", text: "twice", rule: try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=2;BYHOUR=9;BYMINUTE=0;BYSECOND=0"), start: now)
        try harness.store.apply(try FastingPlanner().remind(reminder, now: now, timeZone: utc, calendar: calendar), now: now)
        try harness.start()
        harness.advance(to: at("2027-01-06T12:00:00Z"))
        #expect(harness.deliveredIdentifiers == ["remind/r/2027-01-04T09:00", "remind/r/2027-01-05T09:00"])
        #expect(try harness.pendingIdentifiers().isEmpty)
    }
}
