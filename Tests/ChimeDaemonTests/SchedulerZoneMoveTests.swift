import ChimeCore
import ChimeDaemon
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// What recurs when the zone rules follow moves west, found by ``OccurrencePropertyTests``: the
/// water schedule and a daily reminder go on, each local time of the new day coming once.
@Suite("Scheduler: water and recurring reminders after the zone moves, skips included")
struct SchedulerZoneMoveTests {
    func at(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    /// The system's zone becomes `zone`, announced to the scheduler, which settles.
    func moveZone(of harness: SchedulerHarness, to zone: TimeZone) {
        harness.zones.set(zone)
        harness.scheduler.timeZoneChanged()
        harness.settle()
    }

    @Test("the time_zone setting names Berlin while the system's zone is UTC: a bubble is worded on Berlin's clock, the one rules follow and chime shows")
    func bubbleWordedInTheRuleZone() throws {
        let harness = try SchedulerHarness(now: at("2027-03-27T09:00:00Z"))
        _ = try harness.store.setSetting(ChimeTimeZone.settingKey, to: "Europe/Berlin", now: harness.now)
        try harness.restart()
        try harness.write(Requests.plan(Requests.reminder("r", due: at("2027-03-27T09:05:00Z"))))
        harness.advance(to: at("2027-03-27T09:06:00Z"))
        #expect(harness.deliveredIdentifiers == [RequestIdentifier.reminder(id: "r")])
        #expect(harness.notifier.deliveries.map(\.timeZone.identifier) == ["Europe/Berlin"])
    }

    @Test("water every 2 h from 09:00 to 21:00, shown through the day in Tokyo, then the zone becomes Berlin: 15:00, 17:00 and 19:00 come there, then 09:00 the next day")
    func westAfterTheDay() throws {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let harness = try SchedulerHarness(now: at("2027-03-10T00:30:00Z"), zone: tokyo)
        try harness.start()
        let desk = Desk(store: harness.store, timeZone: tokyo)
        let window = (WallClockTime(hour: 9, minute: 0)!, WallClockTime(hour: 21, minute: 0)!)
        let configured = try desk.perform(requestID: "water", now: harness.now, clock: { harness.now }) { now in
            try desk.configureWater(
                Desk.WaterEvery(interval: .hours(2), from: window.0, until: window.1, amountML: 250, goalML: nil, id: "w"),
                defaults: Desk.WaterDefaults(amountML: 250, goalML: nil, from: window.0, until: window.1), now: now
            )
        }
        _ = harness.scheduler.applyChanges(upTo: try #require(configured.result).sequence)
        // Tokyo's whole water day, 09:00 to 19:00 (00:00Z to 10:00Z).
        harness.advance(to: at("2027-03-10T12:00:00Z"))
        #expect(harness.deliveredIdentifiers.contains("water/w/2027-03-10T19:00"))
        // 13:00 in Berlin: its afternoon reminders come, at the local times Tokyo's came at.
        moveZone(of: harness, to: berlin)
        #expect(try harness.pendingIdentifiers() == ["water/w/2027-03-10T15:00"])
        harness.advance(to: at("2027-03-10T19:00:00Z"))
        let shownInBerlin = harness.notifier.deliveries.filter { $0.request.due > at("2027-03-10T12:00:00Z") }.map { "\($0.request.identifier) \($0.request.due)" }
        #expect(shownInBerlin == [
            "water/w/2027-03-10T15:00 2027-03-10 14:00:00 +0000", "water/w/2027-03-10T17:00 2027-03-10 16:00:00 +0000",
            "water/w/2027-03-10T19:00 2027-03-10 18:00:00 +0000",
        ])
        #expect(try harness.pendingIdentifiers() == ["water/w/2027-03-11T09:00"])
        #expect(try harness.stored("water/w/2027-03-11T09:00")?.request.due == at("2027-03-11T08:00:00Z"))
        // A restart changes nothing.
        try harness.restart()
        #expect(try harness.pendingIdentifiers() == ["water/w/2027-03-11T09:00"])
    }

    @Test("a daily reminder due tomorrow 08:00 in Tokyo, the zone becomes Berlin at 03:00 there: today's 08:00 comes, then tomorrow's, not the day after")
    func westOvernight() throws {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let harness = try harnessWithReminder("daily 08:00", now: "2027-01-08T23:30:00Z", zone: tokyo, id: "pills")
        // 08:30 in Tokyo: the next is tomorrow's.
        #expect(try harness.pendingIdentifiers() == ["remind/pills/2027-01-10T08:00"])
        harness.advance(to: at("2027-01-09T02:00:00Z"))
        moveZone(of: harness, to: berlin)
        // 03:00 in Berlin: today's 08:00 there is still to come.
        #expect(try harness.pendingIdentifiers() == ["remind/pills/2027-01-09T08:00"])
        harness.advance(to: at("2027-01-09T08:00:00Z"))
        #expect(harness.deliveredIdentifiers == ["remind/pills/2027-01-09T08:00"])
        // Tomorrow's 08:00 in Berlin: its identifier was Tokyo's, cancelled when the zone
        // moved, not by the user; it comes.
        #expect(try harness.pendingIdentifiers() == ["remind/pills/2027-01-10T08:00"])
        #expect(try harness.stored("remind/pills/2027-01-10T08:00")?.request.due == at("2027-01-10T07:00:00Z"))
    }

    @Test("a daily reminder snoozed in Tokyo, the zone becomes New York, then it is shown: the reminder goes on, not with its own identifier again")
    func snoozedThenWest() throws {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let newYork = TimeZone(identifier: "America/New_York")!
        let harness = try harnessWithReminder("daily 08:00", now: "2027-04-16T09:00:00Z", zone: tokyo, id: "pills")
        #expect(try harness.pendingIdentifiers() == ["remind/pills/2027-04-17T08:00"])
        let desk = Desk(store: harness.store, timeZone: tokyo)
        let snoozed = try desk.perform(requestID: "snooze", now: harness.now, clock: { harness.now }) { now in try desk.snooze(.group("pills"), by: .minutes(10), now: now) }
        _ = harness.scheduler.applyChanges(upTo: try #require(snoozed.result).sequence)
        moveZone(of: harness, to: newYork)
        // A snoozed occurrence keeps its time.
        #expect(try harness.stored("remind/pills/2027-04-17T08:00")?.request.due == at("2027-04-16T23:10:00Z"))
        harness.advance(to: at("2027-04-16T23:15:00Z"))
        #expect(harness.deliveredIdentifiers == ["remind/pills/2027-04-17T08:00"])
        // 08:00 on Apr 17 in New York has the identifier just shown: the next is Apr 18's.
        #expect(try harness.pendingIdentifiers() == ["remind/pills/2027-04-18T08:00"])
        #expect(try harness.stored("remind/pills/2027-04-18T08:00")?.request.due == at("2027-04-18T12:00:00Z"))
    }

    @Test("a daily 08:00 reminder in New York snoozed 45 min before it is due, the zone becomes Tokyo, then a suspend past Tokyo's next 08:00: the snoozed one is missed, Tokyo's 08:00 is shown late")
    func snoozedThenEastThenSuspend() throws {
        let newYork = TimeZone(identifier: "America/New_York")!
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let harness = try harnessWithReminder("daily 08:00", now: "2026-11-03T10:00:00Z", zone: newYork, id: "pills")
        #expect(try harness.pendingIdentifiers() == ["remind/pills/2026-11-03T08:00"])
        try perform(harness, zone: newYork) { desk, now in try desk.snooze(.group("pills"), by: .minutes(45), now: now) }
        moveZone(of: harness, to: tokyo)
        // It keeps its time, but the next occurrence is Tokyo's 08:00 (23:00Z), not New York's
        // (13:00Z tomorrow): shown late until then, moved by the snooze's 45 min.
        let snoozed = try #require(try harness.stored("remind/pills/2026-11-03T08:00"))
        #expect(snoozed.request.due == at("2026-11-03T13:45:00Z"))
        #expect(snoozed.request.misfirePolicy == .deliverLate(until: at("2026-11-03T23:45:00Z")))
        // 15:00 in Tokyo the next day.
        harness.jump(to: at("2026-11-04T06:00:00Z"))
        harness.advance(to: harness.now)
        #expect(try harness.stored("remind/pills/2026-11-03T08:00")?.state == .missed)
        #expect(harness.deliveredIdentifiers == ["remind/pills/2026-11-04T08:00"])
        #expect(try harness.pendingIdentifiers() == ["remind/pills/2026-11-05T08:00"])
        #expect(try harness.stored("remind/pills/2026-11-05T08:00")?.request.due == at("2026-11-04T23:00:00Z"))
    }

    /// A harness at `now` in `zone`, started, with a recurring reminder `id` ("pills") on `rule` made then.
    func harnessWithReminder(_ rule: String, now: String, zone: TimeZone, id: String = "d1") throws -> SchedulerHarness {
        let harness = try SchedulerHarness(now: at(now), zone: zone)
        let reminder = RecurringReminder(id: id, text: "pills", rule: try RecurrencePhrase.rule(from: rule), start: harness.now)
        try harness.store.apply(try FastingPlanner().remind(reminder, now: harness.now, timeZone: zone, calendar: LocalTimeResolver.gregorian(in: zone)), now: harness.now)
        try harness.start()
        return harness
    }

    /// Runs `decide` on a desk in `zone` at the harness's now and hands the change to chimed.
    func perform<T>(_ harness: SchedulerHarness, zone: TimeZone, _ decide: (Desk, Date) throws -> Desk.Decision<T>) throws {
        let desk = Desk(store: harness.store, timeZone: zone)
        let done = try desk.perform(requestID: nil, now: harness.now, clock: { harness.now }) { now in try decide(desk, now) }
        _ = harness.scheduler.applyChanges(upTo: try #require(done.result).sequence)
    }

    @Test("a daily 22:21 reminder at UTC whose next occurrence the user skipped, then the zone becomes New York: the skipped day stays skipped, the next comes at 22:21 there")
    func skipThenWest() throws {
        let utc = TimeZone(identifier: "UTC")!
        let newYork = TimeZone(identifier: "America/New_York")!
        let harness = try harnessWithReminder("daily 22:21", now: "2026-12-02T10:00:00Z", zone: utc)
        #expect(try harness.pendingIdentifiers() == ["remind/d1/2026-12-02T22:21"])
        try perform(harness, zone: utc) { desk, now in try desk.cancel(.references([.request("remind/d1/2026-12-02T22:21")]), now: now) }
        #expect(try harness.pendingIdentifiers() == ["remind/d1/2026-12-03T22:21"])
        moveZone(of: harness, to: newYork)
        // 22:21 on Dec 2 in New York is the occurrence skipped: it does not come back.
        #expect(try harness.pendingIdentifiers() == ["remind/d1/2026-12-03T22:21"])
        #expect(try harness.stored("remind/d1/2026-12-03T22:21")?.request.due == at("2026-12-04T03:21:00Z"))
        harness.advance(to: at("2026-12-04T04:00:00Z"))
        #expect(harness.deliveredIdentifiers == ["remind/d1/2026-12-03T22:21"])
        // A restart does not bring it back either.
        try harness.restart()
        #expect(try harness.pendingIdentifiers() == ["remind/d1/2026-12-04T22:21"])
    }

    @Test("a daily 22:21 reminder in New York, shown, then at 23:00 UTC the zone becomes UTC: today's 22:21 there came 39 min ago unseen and is shown late, then tomorrow's comes")
    func eastPastTodaysTime() throws {
        let utc = TimeZone(identifier: "UTC")!
        let newYork = TimeZone(identifier: "America/New_York")!
        let harness = try harnessWithReminder("daily 22:21", now: "2026-12-02T12:00:00Z", zone: newYork)
        harness.advance(to: at("2026-12-03T23:00:00Z"))
        #expect(harness.deliveredIdentifiers == ["remind/d1/2026-12-02T22:21"])
        #expect(try harness.pendingIdentifiers() == ["remind/d1/2026-12-03T22:21"])
        moveZone(of: harness, to: utc)
        harness.advance(to: harness.now)
        #expect(harness.deliveredIdentifiers == ["remind/d1/2026-12-02T22:21", "remind/d1/2026-12-03T22:21"])
        #expect(harness.notifier.deliveries.last?.request.due == at("2026-12-03T22:21:00Z"))
        #expect(try harness.pendingIdentifiers() == ["remind/d1/2026-12-04T22:21"])
        #expect(try harness.stored("remind/d1/2026-12-04T22:21")?.request.due == at("2026-12-04T22:21:00Z"))
    }

    @Test("skip today's occurrence, end the reminder, make it again under its id: the new reminder has every day, today's and tomorrow's included")
    func skipEndRemake() throws {
        let utc = TimeZone(identifier: "UTC")!
        let harness = try harnessWithReminder("daily 22:21", now: "2026-12-02T10:00:00Z", zone: utc)
        try perform(harness, zone: utc) { desk, now in try desk.cancel(.references([.request("remind/d1/2026-12-02T22:21")]), now: now) }
        try perform(harness, zone: utc) { desk, now in try desk.cancel(.references([.group("d1")]), now: now) }
        #expect(try harness.pendingIdentifiers().isEmpty)
        try perform(harness, zone: utc) { desk, now in
            try desk.remindEvery(Desk.RecurringReminderIntent(
                text: "pills", ruleText: "daily 22:21", rule: try RecurrencePhrase.rule(from: "daily 22:21"), from: nil, id: "d1", nag: nil, urgency: nil
            ), now: now)
        }
        #expect(try harness.pendingIdentifiers() == ["remind/d1/2026-12-02T22:21"])
        harness.advance(to: at("2026-12-03T23:00:00Z"))
        #expect(harness.deliveredIdentifiers == ["remind/d1/2026-12-02T22:21", "remind/d1/2026-12-03T22:21"])
        #expect(try harness.pendingIdentifiers() == ["remind/d1/2026-12-04T22:21"])
    }

    @Test("skip tomorrow's occurrence of a daily reminder, then the zone goes to Tokyo and back: the skipped day never comes, every other day does")
    func skipThenZoneFlips() throws {
        let utc = TimeZone(identifier: "UTC")!
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let harness = try harnessWithReminder("daily 08:00", now: "2026-12-02T09:00:00Z", zone: utc)
        #expect(try harness.pendingIdentifiers() == ["remind/d1/2026-12-03T08:00"])
        try perform(harness, zone: utc) { desk, now in try desk.cancel(.references([.request("remind/d1/2026-12-03T08:00")]), now: now) }
        for zone in [tokyo, utc, tokyo, utc] {
            moveZone(of: harness, to: zone)
        }
        #expect(try harness.pendingIdentifiers() == ["remind/d1/2026-12-04T08:00"])
        harness.advance(to: at("2026-12-05T09:00:00Z"))
        #expect(harness.deliveredIdentifiers == ["remind/d1/2026-12-04T08:00", "remind/d1/2026-12-05T08:00"])
    }
}
