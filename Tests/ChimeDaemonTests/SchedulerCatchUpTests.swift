import ChimeCore
import ChimeDaemon
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// Occurrences derived from the rule, whether chimed ran or not: catch-up after downtime and a
/// move of the time zone in either direction.
@Suite("Scheduler: what recurs after downtime and zone changes")
struct SchedulerCatchUpTests {
    func at(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    func remind(_ harness: SchedulerHarness, _ id: String, _ rule: String, zone: TimeZone) throws {
        let parsed = try RecurrencePhrase.rule(from: rule)
        // The start `remind every` takes: one step on for a rule stepping from it alone.
        let reminder = RecurringReminder(id: id, text: id, rule: parsed, start: RecurringReminder.implicitStart(of: parsed, madeAt: harness.now))
        try harness.store.apply(
            try FastingPlanner().remind(reminder, now: harness.now, timeZone: zone, calendar: LocalTimeResolver.gregorian(in: zone)),
            now: harness.now
        )
    }

    @Test("asleep 07:00-13:00 with reminders at 08:00, 12:00 and 18:00: 08:00 is recorded missed, 12:00 comes late, 18:00 is next")
    func sleepThroughTwo() throws {
        let utc = TimeZone(identifier: "UTC")!
        let harness = try SchedulerHarness(now: at("2027-01-04T06:00:00Z"), zone: utc)
        try remind(harness, "pills", "daily 08:00,12:00,18:00", zone: utc)
        try harness.start()
        harness.advance(to: at("2027-01-04T07:00:00Z"))
        // The laptop sleeps: the clock jumps, no timer fired meanwhile.
        harness.jump(to: at("2027-01-04T13:00:00Z"))
        // Each occurrence derived during the catch-up is due at once: the timer fires again now.
        harness.advance(to: harness.now)
        #expect(try harness.stored("remind/pills/2027-01-04T08:00")?.state == .missed)
        #expect(harness.deliveredIdentifiers == ["remind/pills/2027-01-04T12:00"])
        #expect(try harness.pendingIdentifiers() == ["remind/pills/2027-01-04T18:00"])
        #expect(try harness.isInSync())
    }

    @Test("chimed down while a minutely reminder came due three times: each occurrence is shown late or recorded missed, none falls between")
    func downThreeTimes() throws {
        let utc = TimeZone(identifier: "UTC")!
        let harness = try SchedulerHarness(now: at("2027-01-04T06:00:30Z"), zone: utc)
        try remind(harness, "m", "FREQ=MINUTELY", zone: utc)
        try harness.start()
        harness.advance(to: at("2027-01-04T06:01:30Z"))
        #expect(harness.deliveredIdentifiers == ["remind/m/2027-01-04T06:01:30"])
        harness.jump(to: at("2027-01-04T06:04:40Z"))
        harness.advance(to: harness.now)
        let handled = ["06:02:30", "06:03:30", "06:04:30"].map { try? harness.stored("remind/m/2027-01-04T\($0)")?.state }
        #expect(handled == [.missed, .missed, .delivered])
        #expect(try harness.pendingIdentifiers() == ["remind/m/2027-01-04T06:05:30"])
    }

    @Test("a daily reminder goes on when the zone moves west: the local time already shown today is not shown again, the next day's is pending")
    func zoneMovesWest() throws {
        let utc = TimeZone(identifier: "UTC")!
        let newYork = TimeZone(identifier: "America/New_York")!
        let harness = try SchedulerHarness(now: at("2026-12-01T20:00:00Z"), zone: utc)
        try remind(harness, "d1", "daily 22:21", zone: utc)
        try harness.start()
        harness.advance(to: at("2026-12-01T22:21:00Z"))
        #expect(harness.deliveredIdentifiers == ["remind/d1/2026-12-01T22:21"])
        harness.zones.set(newYork)
        harness.scheduler.timeZoneChanged()
        harness.settle()
        // 22:21 on Dec 1 in New York comes again after it was shown in UTC: the next is Dec 2.
        #expect(try harness.pendingIdentifiers() == ["remind/d1/2026-12-02T22:21"])
        #expect(try harness.stored("remind/d1/2026-12-02T22:21")?.request.due == at("2026-12-02T22:21:00-05:00"))
        // And after a restart it is still there.
        try harness.restart()
        harness.settle()
        #expect(try harness.pendingIdentifiers() == ["remind/d1/2026-12-02T22:21"])
    }

    @Test("when the zone moves east, the pending occurrence moves to the rule's time in the new zone")
    func zoneMovesEast() throws {
        let utc = TimeZone(identifier: "UTC")!
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let harness = try SchedulerHarness(now: at("2026-12-01T10:00:00Z"), zone: utc)
        try remind(harness, "d1", "daily 22:21", zone: utc)
        try harness.start()
        #expect(try harness.pendingIdentifiers() == ["remind/d1/2026-12-01T22:21"])
        harness.zones.set(tokyo)
        harness.scheduler.timeZoneChanged()
        harness.settle()
        // 10:00 UTC is 19:00 in Tokyo: 22:21 there today.
        #expect(try harness.pendingIdentifiers() == ["remind/d1/2026-12-01T22:21"])
        #expect(try harness.stored("remind/d1/2026-12-01T22:21")?.request.due == at("2026-12-01T22:21:00+09:00"))
    }
}
