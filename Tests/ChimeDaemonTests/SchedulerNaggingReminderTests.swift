import ChimeCore
import ChimeDaemon
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

@Suite("Scheduler: nagging reminders")
struct SchedulerNaggingReminderTests {
    func at(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    func harness(nag: TimeInterval) throws -> SchedulerHarness {
        let utc = TimeZone(identifier: "UTC")!
        let now = at("2027-01-04T08:00:00Z")
        let harness = try SchedulerHarness(now: now, zone: utc)
        let calendar = Fixture.calendar(in: utc)
        let reminder = RecurringReminder(
            id: "r", text: "pills", rule: try RecurrencePhrase.rule(from: "daily 09:00"), start: now, nag: ReminderNag(interval: nag)
        )
        try harness.store.apply(try FastingPlanner().remind(reminder, now: now, timeZone: utc, calendar: calendar), now: now)
        try harness.start()
        return harness
    }

    @Test("each nag replaces the bubble before; Done stops the nags, records done late, and the next occurrence comes")
    func nagsUntilDone() throws {
        let harness = try harness(nag: 600)
        harness.advance(to: at("2027-01-04T09:00:00Z"))
        let shown = try #require(try harness.stored("remind/r/2027-01-04T09:00")?.serverID)
        #expect(try harness.pendingIdentifiers() == ["remind/r/2027-01-04T09:00"], "only the nag is pending, not the next occurrence")
        #expect(try harness.store.reminderOccurrence(identifier: "remind/r/2027-01-04T09:00")?.outcome == .open)
        #expect(harness.notifier.deliveries.first?.request.content.arguments[ContentArgument.nagRound] == "0")

        harness.advance(to: at("2027-01-04T09:15:00Z"))
        #expect(harness.deliveredIdentifiers == ["remind/r/2027-01-04T09:00", "remind/r/2027-01-04T09:00"])
        #expect(harness.notifier.deliveries.last?.replacesServerID == shown)
        #expect(harness.notifier.deliveries.last?.request.content.arguments[ContentArgument.nagRound] == "1")

        harness.notifier.send(.actionInvoked(identifier: "remind/r/2027-01-04T09:00", action: .done))
        harness.receive(1)
        #expect(try harness.pendingIdentifiers() == ["remind/r/2027-01-05T09:00"])
        let record = try #require(try harness.store.reminderOccurrence(identifier: "remind/r/2027-01-04T09:00"))
        #expect(record.outcome == .doneLate)
        #expect(record.acknowledgedAt == at("2027-01-04T09:15:00Z"))
        #expect(harness.notifier.closedServerIDs.contains(shown))

        harness.advance(to: at("2027-01-04T23:00:00Z"))
        #expect(harness.deliveredIdentifiers.count == 2, "no nag after Done")
        #expect(try harness.isInSync())
    }

    @Test("without Done it comes back at most 6 times, then the next occurrence is pending; the next occurrence makes it missed")
    func missed() throws {
        let harness = try harness(nag: 600)
        harness.advance(to: at("2027-01-04T12:00:00Z"))
        #expect(harness.deliveredIdentifiers == Array(repeating: "remind/r/2027-01-04T09:00", count: 1 + ReminderNag.maximumRepeats))
        #expect(harness.notifier.deliveries.last?.request.due == at("2027-01-04T10:00:00Z"))
        #expect(try harness.pendingIdentifiers() == ["remind/r/2027-01-05T09:00"])
        #expect(try harness.store.reminderOccurrence(identifier: "remind/r/2027-01-04T09:00")?.outcome == .open)

        harness.advance(to: at("2027-01-05T09:05:00Z"))
        #expect(try harness.store.reminderOccurrence(identifier: "remind/r/2027-01-04T09:00")?.outcome == .missed)
        #expect(try harness.store.reminderOccurrence(identifier: "remind/r/2027-01-05T09:00")?.outcome == .open)
        #expect(try harness.isInSync())
    }

    @Test("nags stop before the next occurrence: an hourly rule with a 25 min nag comes back twice")
    func stopsBeforeNextOccurrence() throws {
        let utc = TimeZone(identifier: "UTC")!
        let now = at("2027-01-04T08:30:00Z")
        let harness = try SchedulerHarness(now: now, zone: utc)
        let calendar = Fixture.calendar(in: utc)
        let reminder = RecurringReminder(
            id: "h", text: "stretch", rule: try RecurrenceRule(parsing: "FREQ=HOURLY;BYMINUTE=0;BYSECOND=0"), start: now, nag: ReminderNag(interval: 1500)
        )
        try harness.store.apply(try FastingPlanner().remind(reminder, now: now, timeZone: utc, calendar: calendar), now: now)
        try harness.start()
        harness.advance(to: at("2027-01-04T09:55:00Z"))
        #expect(harness.notifier.deliveries.map(\.request.due) == [at("2027-01-04T09:00:00Z"), at("2027-01-04T09:25:00Z"), at("2027-01-04T09:50:00Z")])
        #expect(try harness.pendingIdentifiers() == ["remind/h/2027-01-04T10:00"])
    }
}
