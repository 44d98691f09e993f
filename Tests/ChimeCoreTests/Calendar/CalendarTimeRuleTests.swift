import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

/// RFC 5545 section 3.3.5's reading of calendar times, beside Chime's own rule for typed times.
@Suite("Calendar times: skipped and repeated readings as RFC 5545 reads them")
struct CalendarTimeRuleTests {
    static let cases: [(zone: String, reading: String, calendar: String, typed: String)] = [
        // A skipped reading keeps the offset from before the gap; Chime's typed times move to the jump.
        ("Europe/Berlin", "2027-03-28T02:30:00", "2027-03-28T03:30:00+02:00", "2027-03-28T03:00:00+02:00"),
        ("Europe/Berlin", "2027-03-28T02:00:00", "2027-03-28T03:00:00+02:00", "2027-03-28T03:00:00+02:00"),
        ("America/New_York", "2027-03-14T02:30:00", "2027-03-14T03:30:00-04:00", "2027-03-14T03:00:00-04:00"),
        // Lord Howe moves its clocks by 30 minutes: 02:15 is 02:45 +11:00.
        ("Australia/Lord_Howe", "2027-10-03T02:15:00", "2027-10-03T02:45:00+11:00", "2027-10-03T02:30:00+11:00"),
        // A repeated reading is its first occurrence, under both rules.
        ("Europe/Berlin", "2027-10-31T02:30:00", "2027-10-31T02:30:00+02:00", "2027-10-31T02:30:00+02:00"),
        ("Australia/Lord_Howe", "2027-04-04T01:45:00", "2027-04-04T01:45:00+11:00", "2027-04-04T01:45:00+11:00"),
        // Ordinary readings are themselves.
        ("Asia/Kolkata", "2027-03-28T02:30:00", "2027-03-28T02:30:00+05:30", "2027-03-28T02:30:00+05:30"),
    ]

    static func reading(_ text: String) -> LocalDateTime {
        let parts = text.split { "-T:".contains($0) }.map { Int($0)! }
        return LocalDateTime(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5])
    }

    @Test("calendar and typed readings", arguments: cases)
    func resolves(zone: String, reading: String, calendar: String, typed: String) {
        let timeZone = Fixture.zone(zone)
        let local = Self.reading(reading)
        #expect(LocalTimeResolver.calendarInstant(of: local, in: .system(timeZone)) == Fixture.at(calendar))
        #expect(CalendarTime.zoned(local, .system(timeZone)).instant(localZone: Fixture.utc) == Fixture.at(calendar))
        #expect(CalendarTime.floating(local).instant(localZone: timeZone) == Fixture.at(calendar))
        // Chime's rule for what users type is unchanged.
        #expect(LocalTimeResolver.instant(ofSecond: local.secondOfDay, on: local.date, in: timeZone) == Fixture.at(typed))
    }

    @Test func aDailyRuleStartingInTheGapKeepsItsTimeOnTheOtherDays() {
        let rule = try! RecurrenceRule(parsing: "FREQ=DAILY;COUNT=3")
        let expander = RecurrenceExpander(rule: rule, start: Self.reading("2027-03-28T02:30:00"), zone: .system(Fixture.berlin), skippedTimes: .offsetBeforeGap)
        #expect(expander.occurrences(limit: 5) == [
            Fixture.at("2027-03-28T03:30:00+02:00"), Fixture.at("2027-03-29T02:30:00+02:00"), Fixture.at("2027-03-30T02:30:00+02:00"),
        ])
        // The same rule as a user's: the gap day moves to the jump.
        let typed = RecurrenceExpander(rule: rule, start: Fixture.at("2027-03-27T02:30:00+01:00"), timeZone: Fixture.berlin)
        #expect(typed.occurrences(limit: 2) == [Fixture.at("2027-03-27T02:30:00+01:00"), Fixture.at("2027-03-28T03:00:00+02:00")])
    }

    @Test func readingsAcrossTheGapStayInOrderAndDistinct() {
        // 02:00 and 02:30 fall in the gap: 03:00 and 03:30 +02:00, the same instants as the
        // day's 03:00 and 03:30, each given once and in order.
        let rule = try! RecurrenceRule(parsing: "FREQ=DAILY;BYHOUR=2,3;BYMINUTE=0,30;COUNT=6")
        let expander = RecurrenceExpander(rule: rule, start: Self.reading("2027-03-28T02:00:00"), zone: .system(Fixture.berlin), skippedTimes: .offsetBeforeGap)
        #expect(expander.occurrences(limit: 6) == [
            Fixture.at("2027-03-28T03:00:00+02:00"), Fixture.at("2027-03-28T03:30:00+02:00"),
            Fixture.at("2027-03-29T02:00:00+02:00"), Fixture.at("2027-03-29T02:30:00+02:00"),
            Fixture.at("2027-03-29T03:00:00+02:00"), Fixture.at("2027-03-29T03:30:00+02:00"),
        ])
    }

    @Test func nominalDaysStayOnTheWallClockAndTheRestIsExact() {
        let zone = ZoneRules.system(Fixture.berlin)
        let start = Fixture.at("2027-03-28T09:00:00+02:00")
        #expect(CalendarDuration(days: -1).added(to: start, in: zone) == Fixture.at("2027-03-27T09:00:00+01:00"))
        #expect(CalendarDuration(seconds: -86_400).added(to: start, in: zone) == Fixture.at("2027-03-27T08:00:00+01:00"))
        #expect(CalendarDuration(days: -1, seconds: -1800).added(to: start, in: zone) == Fixture.at("2027-03-27T08:30:00+01:00"))
        #expect(CalendarDuration(days: -7, seconds: 0).description == "-P1W")
        #expect(CalendarDuration(days: 1, seconds: 5400).description == "P1DT1H30M")
        #expect(CalendarDuration.zero.description == "PT0S")
    }
}

@Suite("ZoneTransitionTable: a VTIMEZONE's observances as a zone")
struct ZoneTransitionTableTests {
    /// Outlook's definition of `W. Europe Standard Time`.
    static let westEurope = ZoneTransitionTable(name: "W. Europe Standard Time", observances: [
        ZoneObservance(start: CalendarTimeRuleTests.reading("1601-01-01T03:00:00"), offsetFrom: 7200, offsetTo: 3600,
                       rule: try! RecurrenceRule(parsing: "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10")),
        ZoneObservance(start: CalendarTimeRuleTests.reading("1601-01-01T02:00:00"), offsetFrom: 3600, offsetTo: 7200,
                       rule: try! RecurrenceRule(parsing: "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3")),
    ])!

    @Test func agreesWithTheSystemsBerlinEveryHourFrom2000To2040() {
        var instant = Int(Fixture.at("2000-01-01T00:00:00Z").timeIntervalSince1970)
        let end = Int(Fixture.at("2040-01-01T00:00:00Z").timeIntervalSince1970)
        var differences: [Int] = []
        while instant < end {
            if Self.westEurope.offset(at: instant) != Fixture.berlin.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))) {
                differences.append(instant)
            }
            instant += 3600
        }
        #expect(differences == [])
    }

    @Test func readsCalendarTimesLikeTheNamedZone() {
        let table = ZoneRules.table(Self.westEurope)
        for text in ["2027-03-28T02:30:00", "2027-10-31T02:30:00", "2027-07-01T09:00:00", "2027-01-15T23:59:59"] {
            let reading = CalendarTimeRuleTests.reading(text)
            #expect(LocalTimeResolver.calendarInstant(of: reading, in: table) == LocalTimeResolver.calendarInstant(of: reading, in: .system(Fixture.berlin)), "\(text)")
        }
    }

    @Test func aZoneWithoutChangesAndOneThatStoppedChanging() {
        let fixed = ZoneTransitionTable(name: "Fixed", observances: [ZoneObservance(start: CalendarTimeRuleTests.reading("1970-01-01T00:00:00"), offsetFrom: 19800, offsetTo: 19800)])!
        #expect(fixed.offset(at: 0) == 19800 && fixed.transitions.isEmpty)
        // Daylight saving until 2010 only: +01:00 ever after.
        let stopped = ZoneTransitionTable(name: "Stopped", observances: [
            ZoneObservance(start: CalendarTimeRuleTests.reading("1990-10-28T03:00:00"), offsetFrom: 7200, offsetTo: 3600, rule: try! RecurrenceRule(parsing: "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10;UNTIL=20101031T010000Z")),
            ZoneObservance(start: CalendarTimeRuleTests.reading("1991-03-31T02:00:00"), offsetFrom: 3600, offsetTo: 7200, rule: try! RecurrenceRule(parsing: "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3;UNTIL=20100328T010000Z")),
        ])!
        #expect(stopped.offset(at: Int(Fixture.at("2030-07-01T00:00:00Z").timeIntervalSince1970)) == 3600)
        #expect(stopped.offset(at: Int(Fixture.at("2005-07-01T00:00:00Z").timeIntervalSince1970)) == 7200)
        #expect(ZoneTransitionTable(name: "Empty", observances: []) == nil)
    }
}
