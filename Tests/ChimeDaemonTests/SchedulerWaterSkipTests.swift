import ChimeCore
import ChimeDaemon
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// A water schedule derived again after one of its reminders was skipped goes on (found by
/// ``OccurrencePropertyTests``).
@Suite("Scheduler: water goes on after a skip and a glass")
struct SchedulerWaterSkipTests {
    func at(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    @Test("the evening's last reminder skipped, then a glass logged: 09:00 comes the next day, and 11:00 after it")
    func skipThenDrink() throws {
        let utc = TimeZone(identifier: "UTC")!
        let harness = try SchedulerHarness(now: at("2027-03-10T20:00:00Z"), zone: utc)
        try harness.start()
        let desk = Desk(store: harness.store, timeZone: utc)
        func perform<Outcome>(_ decide: (Date) throws -> Desk.Decision<Outcome>) throws {
            let performed = try desk.perform(requestID: UUID().uuidString, now: harness.now, clock: { harness.now }) { try decide($0) }
            _ = harness.scheduler.applyChanges(upTo: try #require(performed.result).sequence)
            harness.settle()
        }
        let window = (WallClockTime(hour: 9, minute: 0)!, WallClockTime(hour: 21, minute: 0)!)
        try perform { now in
            try desk.configureWater(
                Desk.WaterEvery(interval: .hours(2), from: window.0, until: window.1, amountML: 250, goalML: nil, id: "w"),
                defaults: Desk.WaterDefaults(amountML: 250, goalML: nil, from: window.0, until: window.1), now: now
            )
        }
        #expect(try harness.pendingIdentifiers() == ["water/w/2027-03-11T09:00"])
        // Tomorrow's first reminder skipped: 11:00 takes its place.
        try perform { now in try desk.cancel(.references([.request("water/w/2027-03-11T09:00")]), now: now) }
        #expect(try harness.pendingIdentifiers() == ["water/w/2027-03-11T11:00"])
        // A glass at 22:00, outside the hours, derives the next reminder again: 09:00.
        harness.advance(to: at("2027-03-10T22:00:00Z"))
        try perform { now in try desk.drink(nil, at: nil, defaultAmount: 250, now: now) }
        #expect(try harness.pendingIdentifiers() == ["water/w/2027-03-11T09:00"])
        harness.advance(to: at("2027-03-11T12:00:00Z"))
        #expect(harness.deliveredIdentifiers == ["water/w/2027-03-11T09:00", "water/w/2027-03-11T11:00"])
        #expect(try harness.pendingIdentifiers() == ["water/w/2027-03-11T13:00"])
    }
}
