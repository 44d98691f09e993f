import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

/// Every change that moves, extends or replaces a request that may be on screen closes its
/// old bubble in the same plan (the store closes what a plan cancels by itself).
@Suite("FastingPlanner: the bubbles a change closes")
struct BubbleClosingRulesTests {
    let planner = FastingPlanner()
    let zone = Fixture.berlin
    let now = Fixture.at("2026-06-01T10:00:00+02:00")

    var calendar: Calendar { Fixture.calendar(in: zone) }

    @Test("a snooze closes the bubble of the request it moves, and only that one", arguments: [RequestKind.reminder, .fastEnd, .water])
    func snoozeClosesItsBubble(kind: RequestKind) throws {
        let request: NotificationRequest
        var records = FollowUpRecords()
        switch kind {
        case .water:
            let schedule = WaterSchedule(id: "w-1", interval: Fixture.span("1h"), window: Fixture.window("08:00", "20:00"))
            request = try #require(planner.requests.request(for: schedule, after: now, intakes: [], timeZone: zone, calendar: calendar))
            records.schedule = schedule
        case .fastEnd:
            let session = FastingSession(id: "f-1", plan: Fixture.plan("16:8"), start: now - 16 * 3600)
            request = try #require(planner.requests.requests(for: session, after: now - 17 * 3600).first { $0.kind == .fastEnd })
            records.session = session
        default:
            let reminder = OneOffReminder(id: "r-1", text: "call", due: now - 60)
            request = try #require(planner.requests.request(for: reminder, after: now - 120))
            records.reminder = reminder
        }
        let plan = try #require(planner.snooze(request, by: Fixture.span("10m"), records: records, now: now, timeZone: zone, calendar: calendar))
        #expect(plan.requests.first?.identifier == request.identifier)
        #expect(plan.closedIdentifiers == [request.identifier])
        #expect(plan.closedGroups.isEmpty, "the group's other bubbles stay")
    }

    @Test("extending a fast closes its bubbles: \"Fast complete\" no longer holds")
    func extendClosesTheFastsBubbles() throws {
        let justDone = FastingSession(id: "f-1", plan: Fixture.plan("16:8"), start: now - 16 * 3600 - 60)
        let plan = try planner.extend(justDone, by: .hours(1), now: now, cycle: 0)
        #expect(plan.closedGroups == ["f-1"])
        #expect(plan.requests.map(\.identifier).contains("fast/f-1/end"))
    }

    @Test("a reminder set again under its id closes the bubbles of the one it replaces")
    func remindReplacingClosesTheOld() throws {
        let oneOff = try planner.remind(OneOffReminder(id: "r-1", text: "stretch", due: now + 600), now: now)
        #expect(oneOff.closedGroups == ["r-1"])
        let rule = try RecurrencePhrase.rule(from: "daily 08:00")
        let recurring = try planner.remind(RecurringReminder(id: "pills", text: "pills", rule: rule, start: now), now: now, timeZone: zone, calendar: calendar)
        #expect(recurring.closedGroups == ["pills"])
    }

    @Test("merging keeps the closed identifiers")
    func mergeKeepsClosedIdentifiers() {
        var first = ChangePlan()
        first.closedIdentifiers = ["a/1"]
        var second = ChangePlan()
        second.closedIdentifiers = ["b/1"]
        first.merge(second)
        #expect(first.closedIdentifiers == ["a/1", "b/1"])
        #expect(!first.isEmpty)
    }
}
