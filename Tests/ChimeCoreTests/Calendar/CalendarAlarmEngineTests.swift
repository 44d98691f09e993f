import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

/// Items built as values (no file): the alarm rules of RFC 5545 section 3.8.6 and RFC 9074.
@Suite("CalendarAlarmEngine: which alarms fire, when, and which comes next")
struct CalendarAlarmEngineTests {
    static let berlin = ZoneRules.system(Fixture.berlin)

    static func zoned(_ text: String, _ zone: ZoneRules = berlin) -> CalendarTime {
        .zoned(CalendarTimeRuleTests.reading(text), zone)
    }

    static func alarm(minutesBefore minutes: Int, edge: CalendarAlarm.Edge = .start, action: CalendarAlarm.Action = .display, repeatCount: Int = 0, every: Int = 0, acknowledged: Date? = nil) -> CalendarAlarm {
        CalendarAlarm(action: action, trigger: .relative(CalendarDuration(seconds: -60 * minutes), to: edge), repeatCount: repeatCount,
                      repeatInterval: CalendarDuration(seconds: 60 * every), acknowledged: acknowledged)
    }

    static func event(_ uid: String, start: CalendarTime, rule: String? = nil, alarms: [CalendarAlarm], configure: (inout CalendarComponent) -> Void = { _ in }) -> CalendarComponent {
        var component = CalendarComponent(kind: .event, uid: uid, summary: uid, start: start, rule: rule.map { try! RecurrenceRule(parsing: $0) }, alarms: alarms)
        configure(&component)
        return component
    }

    static func rows(_ items: [CalendarItem], from: String, until: String, zone: TimeZone = Fixture.berlin, calendar: CalendarContents? = nil) -> [String] {
        let contents = calendar.map { CalendarContents(name: $0.name, items: items, defaultAlerts: $0.defaultAlerts, isMuted: $0.isMuted) }
            ?? CalendarContents(name: "test", items: items)
        return CalendarAlarmEngine(localZone: zone).firings(in: [contents], from: Fixture.at(from), until: Fixture.at(until)).firings.map {
            "\($0.instance.uid) \(Fixture.wall($0.triggerAt, zone))\($0.repetition > 0 ? " r\($0.repetition)" : "")\($0.isShown ? "" : " skipped")"
        }
    }

    @Test func everyInstanceHasItsAlarmsButExdatesOverridesReplaceTheirsAndThisAndFutureMovesTheRest() {
        let master = Self.event("weekly", start: Self.zoned("2027-05-03T10:00:00"), rule: "FREQ=WEEKLY;COUNT=5", alarms: [Self.alarm(minutesBefore: 30)]) {
            $0.exceptionDates = [Self.zoned("2027-05-10T10:00:00")]
        }
        var moved = Self.event("weekly", start: Self.zoned("2027-05-18T15:00:00"), alarms: [Self.alarm(minutesBefore: 60)])
        moved.recurrenceID = Self.zoned("2027-05-17T10:00:00")
        var future = Self.event("weekly", start: Self.zoned("2027-05-24T11:00:00"), alarms: [Self.alarm(minutesBefore: 5)])
        future.recurrenceID = Self.zoned("2027-05-24T10:00:00")
        future.overridesFutureInstances = true
        let item = CalendarItem(uid: "weekly", master: master, overrides: [moved, future])
        #expect(Self.rows([item], from: "2027-05-01T00:00:00Z", until: "2027-07-01T00:00:00Z") == [
            "weekly 2027-05-03 09:30 +02:00", "weekly 2027-05-18 14:00 +02:00", "weekly 2027-05-24 10:55 +02:00", "weekly 2027-05-31 10:55 +02:00",
        ])
    }

    @Test func repeatsAreRowsOfTheirOwnAndEmailIsListedAsSkipped() {
        let item = CalendarItem(uid: "r", master: Self.event("r", start: Self.zoned("2027-06-01T09:00:00"), alarms: [
            Self.alarm(minutesBefore: 30, repeatCount: 2, every: 10), Self.alarm(minutesBefore: 60, action: .email),
        ]))
        #expect(Self.rows([item], from: "2027-06-01T00:00:00Z", until: "2027-06-02T00:00:00Z") == [
            "r 2027-06-01 08:00 +02:00 skipped", "r 2027-06-01 08:30 +02:00", "r 2027-06-01 08:40 +02:00 r1", "r 2027-06-01 08:50 +02:00 r2",
        ])
    }

    @Test func anAbsoluteTriggerFiresOnceOnARecurringItem() {
        let absolute = CalendarAlarm(action: .display, trigger: .absolute(.utc(Fixture.at("2027-06-02T06:00:00Z"))))
        let item = CalendarItem(uid: "a", master: Self.event("a", start: Self.zoned("2027-06-01T09:00:00"), rule: "FREQ=DAILY", alarms: [absolute]))
        let engine = CalendarAlarmEngine(localZone: Fixture.berlin)
        let found = engine.firings(in: [CalendarContents(name: "c", items: [item])], from: Fixture.at("2027-05-01T00:00:00Z"), until: Fixture.at("2027-08-01T00:00:00Z")).firings
        #expect(found.map(\.triggerAt) == [Fixture.at("2027-06-02T06:00:00Z")])
        // It belongs to the first instance starting at or after it.
        #expect(found.first?.instance.start == Fixture.at("2027-06-02T09:00:00+02:00"))
    }

    @Test func cancelledAcknowledgedAndDismissedAlarmsGiveNone() {
        let daily = "FREQ=DAILY;COUNT=4"
        let acknowledged = CalendarItem(uid: "ack", master: Self.event("ack", start: Self.zoned("2027-06-01T09:00:00"), rule: daily, alarms: [
            Self.alarm(minutesBefore: 10, repeatCount: 1, every: 5, acknowledged: Fixture.at("2027-06-02T08:50:00+02:00")),
        ]))
        let lastAck = CalendarItem(uid: "moz", master: Self.event("moz", start: Self.zoned("2027-06-01T10:00:00"), rule: daily, alarms: [Self.alarm(minutesBefore: 10)]) {
            $0.lastAcknowledged = Fixture.at("2027-06-03T09:50:00+02:00")
        })
        let cancelled = CalendarItem(uid: "cancelled", master: Self.event("cancelled", start: Self.zoned("2027-06-01T11:00:00"), rule: daily, alarms: [Self.alarm(minutesBefore: 10)]) {
            $0.status = .cancelled
        })
        var cancelledInstance = Self.event("one-cancelled", start: Self.zoned("2027-06-02T12:00:00"), alarms: [Self.alarm(minutesBefore: 10)])
        cancelledInstance.recurrenceID = Self.zoned("2027-06-02T12:00:00")
        cancelledInstance.status = .cancelled
        let oneCancelled = CalendarItem(uid: "one-cancelled", master: Self.event("one-cancelled", start: Self.zoned("2027-06-01T12:00:00"), rule: "FREQ=DAILY;COUNT=3", alarms: [Self.alarm(minutesBefore: 10)]), overrides: [cancelledInstance])
        #expect(Self.rows([acknowledged, lastAck, cancelled, oneCancelled], from: "2027-06-01T00:00:00Z", until: "2027-06-10T00:00:00Z") == [
            "one-cancelled 2027-06-01 11:50 +02:00",
            "ack 2027-06-03 08:50 +02:00", "ack 2027-06-03 08:55 +02:00 r1",
            "one-cancelled 2027-06-03 11:50 +02:00",
            "ack 2027-06-04 08:50 +02:00", "ack 2027-06-04 08:55 +02:00 r1",
            "moz 2027-06-04 09:50 +02:00",
        ])
    }

    @Test func mutedCalendarsExportedItemsAndDefaultAlerts() {
        let withAlarm = CalendarItem(uid: "own", master: Self.event("own", start: Self.zoned("2027-06-01T09:00:00"), alarms: [Self.alarm(minutesBefore: 5)]))
        let without = CalendarItem(uid: "bare", master: Self.event("bare", start: Self.zoned("2027-06-01T10:00:00"), alarms: []))
        let exported = CalendarItem(uid: "r-1@chime", master: Self.event("r-1@chime", start: Self.zoned("2027-06-01T11:00:00"), alarms: [Self.alarm(minutesBefore: 5)]))
        let items = [withAlarm, without, exported]
        #expect(Self.rows(items, from: "2027-06-01T00:00:00Z", until: "2027-06-02T00:00:00Z") == ["own 2027-06-01 08:55 +02:00"])
        let defaults = CalendarContents(name: "subscribed", items: [], defaultAlerts: [CalendarDuration(seconds: 900)])
        #expect(Self.rows(items, from: "2027-06-01T00:00:00Z", until: "2027-06-02T00:00:00Z", calendar: defaults) == [
            "own 2027-06-01 08:55 +02:00", "bare 2027-06-01 09:45 +02:00",
        ])
        let muted = CalendarContents(name: "birthdays", items: [], isMuted: true)
        #expect(Self.rows(items, from: "2027-06-01T00:00:00Z", until: "2027-06-02T00:00:00Z", calendar: muted) == [])
    }

    @Test func floatingAndAllDayItemsFollowTheLocalZone() {
        let floating = CalendarItem(uid: "floating", master: Self.event("floating", start: .floating(CalendarTimeRuleTests.reading("2027-06-01T09:00:00")), alarms: [Self.alarm(minutesBefore: 10)]))
        let allDay = CalendarItem(uid: "allday", master: Self.event("allday", start: .date(LocalDate(year: 2027, month: 3, day: 15)), alarms: [Self.alarm(minutesBefore: 15 * 60)]))
        #expect(Self.rows([floating], from: "2027-05-01T00:00:00Z", until: "2027-07-01T00:00:00Z", zone: Fixture.kolkata) == ["floating 2027-06-01 08:50 +05:30"])
        // Midnight of 15 March in New York (daylight time since 14 March), less 15 hours.
        #expect(Self.rows([allDay], from: "2027-03-01T00:00:00Z", until: "2027-04-01T00:00:00Z", zone: Fixture.newYork) == ["allday 2027-03-14 09:00 -04:00"])
        #expect(Self.rows([allDay], from: "2027-03-01T00:00:00Z", until: "2027-04-01T00:00:00Z") == ["allday 2027-03-14 09:00 +01:00"])
    }

    @Test func aToDoCountsRelatedEndFromItsDue() {
        var todo = CalendarComponent(kind: .todo, uid: "todo", summary: "Report", start: .utc(Fixture.at("2027-06-01T09:00:00Z")), due: .utc(Fixture.at("2027-06-01T17:00:00Z")))
        todo.alarms = [Self.alarm(minutesBefore: 60, edge: .end), Self.alarm(minutesBefore: 0)]
        todo.rule = try! RecurrenceRule(parsing: "FREQ=DAILY;COUNT=2")
        #expect(Self.rows([CalendarItem(uid: "todo", master: todo)], from: "2027-06-01T00:00:00Z", until: "2027-06-03T00:00:00Z", zone: Fixture.utc) == [
            "todo 2027-06-01 09:00 +00:00", "todo 2027-06-01 16:00 +00:00", "todo 2027-06-02 09:00 +00:00", "todo 2027-06-02 16:00 +00:00",
        ])
    }

    @Test func anItemRecurringTooOftenIsBoundedWithAReason() {
        let item = CalendarItem(uid: "minutely", master: Self.event("minutely", start: Self.zoned("2027-01-01T00:00:00"), rule: "FREQ=MINUTELY", alarms: [Self.alarm(minutesBefore: 0)]), file: "/cal/minutely.ics")
        let result = CalendarAlarmEngine(localZone: Fixture.berlin).firings(in: [CalendarContents(name: "c", items: [item])], from: Fixture.at("2027-01-01T00:00:00Z"), until: Fixture.at("2027-02-01T00:00:00Z"))
        #expect(result.firings.count <= CalendarItemAlarms.instanceLimit && result.firings.count > 9_000)
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.description.contains("/cal/minutely.ics") == true)
        #expect(result.problems.first?.kind == .bounded)
    }

    @Test("the next firing after any instant is the first the window listing gives after it", arguments: 0..<4)
    func nextFiringAgreesWithTheListing(seed: UInt64) {
        var random = SeededGenerator(seed: 0xCA1 + seed)
        let rules = ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=HOURLY;INTERVAL=5", nil]
        var items: [CalendarItem] = []
        for index in 0..<12 {
            let day = Int.random(in: 1...28, using: &random), hour = Int.random(in: 0...23, using: &random)
            let alarms = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                Self.alarm(minutesBefore: Int.random(in: -120...3000, using: &random), edge: Bool.random(using: &random) ? .start : .end,
                           repeatCount: Int.random(in: 0...2, using: &random), every: 7)
            }
            let master = Self.event("i\(index)", start: Self.zoned("2027-03-\(day < 10 ? "0" : "")\(day)T\(hour < 10 ? "0" : "")\(hour):30:00"),
                                    rule: rules.randomElement(using: &random)!, alarms: alarms) { $0.end = nil; $0.duration = CalendarDuration(seconds: 5400) }
            items.append(CalendarItem(uid: "i\(index)", master: master))
        }
        let engine = CalendarAlarmEngine(localZone: Fixture.berlin)
        let prepared = engine.prepare([CalendarContents(name: "c", items: items)])
        let listing = engine.firings(of: prepared, from: Fixture.at("2027-01-01T00:00:00Z"), until: Fixture.at("2028-01-01T00:00:00Z")).firings
        for _ in 0..<40 {
            let instant = Fixture.at("2027-03-01T00:00:00Z").addingTimeInterval(TimeInterval(Int.random(in: 0...(200 * 86_400), using: &random)))
            for item in prepared {
                let expected = listing.first { $0.instance.uid == item.item.uid && $0.triggerAt > instant }
                #expect(item.nextFiring(after: instant) == expected, "\(item.item.uid) after \(instant)")
            }
        }
    }
}
