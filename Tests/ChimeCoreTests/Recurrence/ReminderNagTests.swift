import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCore

@Suite("ReminderNag: showings, acknowledgement and record, with injected time")
struct ReminderNagTests {
    let utc = TimeZone(identifier: "UTC")!
    let start = Date(timeIntervalSince1970: 1_799_049_600) // 2027-01-04T08:00:00Z

    var calendar: Calendar { Fixture.calendar(in: utc) }

    func reminder(_ phrase: String = "daily 09:00", nag: TimeInterval = 600) throws -> RecurringReminder {
        RecurringReminder(id: "r", text: "pills", rule: try RecurrencePhrase.rule(from: phrase), start: start, nag: ReminderNag(interval: nag))
    }

    func occurrence(_ reminder: RecurringReminder, after instant: Date) throws -> NotificationRequest {
        try #require(RequestPlanner().request(for: reminder, after: instant, timeZone: utc, calendar: calendar))
    }

    @Test("the nag is carried in the request and read back with the reminder")
    func roundTrip() throws {
        let reminder = try reminder()
        let request = try occurrence(reminder, after: start)
        let showing = try #require(ReminderNag.Showing(request: request))
        #expect(showing == ReminderNag.Showing(request: request))
        #expect(showing.round == 0)
        #expect(showing.nag.interval == 600)
        #expect(showing.occurrenceDue == request.due)
        #expect(RecurringReminder(request: request) == reminder)
        var plain = reminder
        plain.nag = nil
        #expect(ReminderNag.Showing(request: try occurrence(plain, after: start)) == nil)
    }

    @Test("at most six nags, none at or after the next occurrence")
    func nextShowing() {
        let nag = ReminderNag(interval: 600)
        let shown = start
        #expect(nag.nextShowing(afterRound: 0, shownAt: shown, nextOccurrence: nil) == shown.addingTimeInterval(600))
        #expect(nag.nextShowing(afterRound: 5, shownAt: shown, nextOccurrence: nil) == shown.addingTimeInterval(600))
        #expect(nag.nextShowing(afterRound: 6, shownAt: shown, nextOccurrence: nil) == nil)
        #expect(nag.nextShowing(afterRound: 0, shownAt: shown, nextOccurrence: shown.addingTimeInterval(600)) == nil)
        #expect(nag.nextShowing(afterRound: 0, shownAt: shown, nextOccurrence: shown.addingTimeInterval(601)) == shown.addingTimeInterval(600))
    }

    @Test("done on time before the first nag would come, late from then on")
    func outcome() {
        let nag = ReminderNag(interval: 600)
        #expect(nag.outcome(acknowledgedAt: start.addingTimeInterval(599), due: start) == .doneOnTime)
        #expect(nag.outcome(acknowledgedAt: start.addingTimeInterval(600), due: start) == .doneLate)
    }

    @Test("the first showing records the occurrence open and plans the same request again, one round on; the last hands over to the next occurrence")
    func afterShowing() throws {
        let reminder = try reminder()
        let request = try occurrence(reminder, after: start)
        let next = try occurrence(reminder, after: request.due)
        let shownAt = request.due.addingTimeInterval(2)
        let first = ReminderNag.planAfterShowing(request, try #require(ReminderNag.Showing(request: request)), now: shownAt, next: next)
        #expect(first.reminderOccurrences == [ReminderOccurrence(reminderID: "r", identifier: request.identifier, due: request.due, outcome: .open)])
        #expect(first.requests.isEmpty)
        let again = try #require(first.repeatedRequests.first)
        #expect(again.identifier == request.identifier)
        #expect(again.due == shownAt.addingTimeInterval(600))
        #expect(again.content.arguments[ContentArgument.nagRound] == "1")
        #expect(ReminderNag.Showing(request: again)?.occurrenceDue == request.due, "a nag remembers its occurrence's due time")

        var last = request
        last.content.arguments[ContentArgument.nagRound] = "6"
        let handOver = ReminderNag.planAfterShowing(last, try #require(ReminderNag.Showing(request: last)), now: shownAt, next: next)
        #expect(handOver.repeatedRequests.isEmpty)
        #expect(handOver.requests == [next])
        #expect(handOver.reminderOccurrences.isEmpty, "still open: Done counts until the next occurrence")

        let end = ReminderNag.planAfterShowing(last, try #require(ReminderNag.Showing(request: last)), now: shownAt, next: nil)
        #expect(end.reminderOccurrences.map(\.outcome) == [.missed], "the rule's last occurrence is missed at its last nag")
    }

    @Test("Done records the outcome and, with a nag to come, cancels it for the next occurrence; a settled occurrence is refused")
    func acknowledging() throws {
        let reminder = try reminder()
        let request = try occurrence(reminder, after: start)
        let next = try occurrence(reminder, after: request.due)
        let showing = try #require(ReminderNag.Showing(request: request))
        let now = request.due.addingTimeInterval(60)
        let plan = try ReminderNag.planAcknowledging(request, showing, recorded: .open, isLive: true, now: now, next: next)
        #expect(plan.reminderOccurrences.map(\.outcome) == [.doneOnTime])
        #expect(plan.reminderOccurrences.first?.acknowledgedAt == now)
        #expect(plan.cancelledIdentifiers == [request.identifier])
        #expect(plan.requests == [next])
        #expect(plan.closedGroups == ["r"])

        let afterLastNag = try ReminderNag.planAcknowledging(request, showing, recorded: .open, isLive: false, now: now, next: next)
        #expect(afterLastNag.cancelledIdentifiers.isEmpty)
        #expect(afterLastNag.requests.isEmpty, "the next occurrence is pending already")

        for settled in [ReminderOutcome.doneLate, .missed] {
            #expect(throws: DomainError.self) {
                try ReminderNag.planAcknowledging(request, showing, recorded: settled, isLive: false, now: now, next: next)
            }
        }
        #expect(throws: DomainError.self, "not shown yet") {
            try ReminderNag.planAcknowledging(request, showing, recorded: nil, isLive: true, now: start, next: next)
        }
    }

    @Test("a dropped showing is missed and the next occurrence comes")
    func afterDrop() throws {
        let reminder = try reminder()
        let request = try occurrence(reminder, after: start)
        let next = try occurrence(reminder, after: request.due)
        let plan = ReminderNag.planAfterDrop(request, try #require(ReminderNag.Showing(request: request)), next: next)
        #expect(plan.reminderOccurrences.map(\.outcome) == [.missed])
        #expect(plan.requests == [next])
    }
}
