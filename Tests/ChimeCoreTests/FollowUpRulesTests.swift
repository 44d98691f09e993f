import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

/// The follow-up rules `chime` and `chimed` share, run on records alone (no store).
@Suite("FastingPlanner follow-ups from records")
struct FollowUpRulesTests {
    let planner = FastingPlanner()
    let zone = Fixture.berlin
    let now = Fixture.at("2026-06-01T10:00:00+02:00")

    var calendar: Calendar { Fixture.calendar(in: zone) }

    @Test("a reminder's snooze moves its record too; a water reminder whose schedule is gone is not snoozed")
    func snooze() throws {
        let reminder = OneOffReminder(id: "r-1", text: "call", due: now + 600)
        let request = try #require(planner.requests.request(for: reminder, after: now))
        let plan = try #require(planner.snooze(request, by: Fixture.span("10m"), records: FollowUpRecords(reminder: reminder), now: now, timeZone: zone, calendar: calendar))
        #expect(plan.requests.map(\.due) == [now + 1200])
        #expect(plan.reminders.map(\.due) == [now + 1200])

        let schedule = WaterSchedule(id: "w-1", interval: Fixture.span("1h"), window: Fixture.window("08:00", "20:00"))
        let water = try #require(planner.requests.request(for: schedule, after: now, intakes: [], timeZone: zone, calendar: calendar))
        #expect(planner.snooze(water, by: Fixture.span("10m"), records: FollowUpRecords(), now: now, timeZone: zone, calendar: calendar) == nil)
        #expect(planner.snooze(water, by: Fixture.span("10m"), records: FollowUpRecords(schedule: schedule), now: now, timeZone: zone, calendar: calendar) != nil)
    }

    @Test("skipping a water reminder gives the schedule's next one; without the schedule, nothing")
    func skipWater() throws {
        let schedule = WaterSchedule(id: "w-1", interval: Fixture.span("1h"), window: Fixture.window("08:00", "20:00"))
        let water = try #require(planner.requests.request(for: schedule, after: now, intakes: [], timeZone: zone, calendar: calendar))
        let next = planner.occurrencesAfterSkipping(water, records: FollowUpRecords(schedule: schedule), now: now, timeZone: zone, calendar: calendar)
        #expect(next.count == 1)
        #expect(next.allSatisfy { $0.due > water.due })
        #expect(planner.occurrencesAfterSkipping(water, records: FollowUpRecords(), now: now, timeZone: zone, calendar: calendar).isEmpty)
        #expect(planner.nextOccurrence(of: water, records: FollowUpRecords(), now: now, timeZone: zone, calendar: calendar) == nil)
    }
}
