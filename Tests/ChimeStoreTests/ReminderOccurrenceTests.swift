import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeStore

@Suite("Reminder occurrences: the record of nagging reminders")
struct ReminderOccurrenceTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "chime-store-tests")
    }
    let now = Fixture.now
    let day: TimeInterval = 86_400

    func record(_ identifier: String, reminder: String = "pills", due: Date, _ outcome: ReminderOutcome, at acknowledged: Date? = nil) -> ChangePlan {
        var plan = ChangePlan()
        plan.reminderOccurrences = [ReminderOccurrence(reminderID: reminder, identifier: identifier, due: due, outcome: outcome, acknowledgedAt: acknowledged)]
        return plan
    }

    @Test("a newer open occurrence makes the older open one missed; done and missed are final; other reminders untouched")
    func outcomes() throws {
        let store = try openStore(in: directory)
        try store.apply(record("p/1", due: now, .open), now: now)
        try store.apply(record("o/1", reminder: "other", due: now, .open), now: now)
        try store.apply(record("p/2", due: now.addingTimeInterval(day), .open), now: now)
        #expect(try store.reminderOccurrence(identifier: "p/1")?.outcome == .missed)
        #expect(try store.reminderOccurrence(identifier: "o/1")?.outcome == .open)
        #expect(try store.openReminderOccurrence(reminderID: "pills")?.identifier == "p/2")

        let acknowledged = now.addingTimeInterval(day + 60)
        try store.apply(record("p/2", due: now.addingTimeInterval(day), .doneOnTime, at: acknowledged), now: now)
        try store.apply(record("p/2", due: now.addingTimeInterval(day), .missed), now: now)
        try store.apply(record("p/1", due: now, .doneLate, at: acknowledged), now: now)
        let second = try #require(try store.reminderOccurrence(identifier: "p/2"))
        #expect(second.outcome == .doneOnTime)
        #expect(second.acknowledgedAt == acknowledged)
        #expect(try store.reminderOccurrence(identifier: "p/1")?.outcome == .missed)
        #expect(try store.openReminderOccurrence(reminderID: "pills") == nil)
    }

    @Test("the history lists occurrences due since a day, oldest first, for one reminder or all")
    func history() throws {
        let store = try openStore(in: directory)
        try store.apply(record("p/1", due: now.addingTimeInterval(-3 * day), .open), now: now)
        try store.apply(record("p/2", due: now.addingTimeInterval(-day), .open), now: now)
        try store.apply(record("o/1", reminder: "other", due: now.addingTimeInterval(-2 * day), .open), now: now)
        #expect(try store.reminderOccurrences(since: now.addingTimeInterval(-10 * day)).map(\.identifier) == ["p/1", "o/1", "p/2"])
        #expect(try store.reminderOccurrences(reminderID: "pills", since: now.addingTimeInterval(-2 * day)).map(\.identifier) == ["p/2"])
        #expect(try store.reminderOccurrences(reminderID: "none", since: .distantPast).isEmpty)
    }

    @Test("a nag in a delivery's follow-up brings the shown row back with its server id, and the record is written with the delivery")
    func inTheDeliveryTransaction() throws {
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: [Fixture.request("remind/p/1", group: "pills", due: now)]), now: now)
        let row = try #require(try store.request(identifier: "remind/p/1")).rowID
        _ = try store.beginDelivery(rowIDs: [row], now: now)
        var followUp = record("remind/p/1", due: now, .open)
        followUp.repeatedRequests = [Fixture.request("remind/p/1", group: "pills", due: now.addingTimeInterval(600))]
        #expect(try store.completeDelivery(rowID: row, serverID: 7, at: now, followUp: followUp))
        let again = try #require(try store.request(identifier: "remind/p/1"))
        #expect(again.state == .pending, "a nag brings the shown row back")
        #expect(again.rowID == row)
        #expect(again.serverID == 7, "so its next showing replaces the bubble")
        #expect(try store.reminderOccurrence(identifier: "remind/p/1")?.outcome == .open)
    }
}
