import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

/// One expectation of the daylight-saving matrix: a rule from a start in a zone, and the first
/// occurrences written with their offsets.
struct DaylightSavingCase: Sendable, CustomTestStringConvertible {
    let zone: String
    let rule: String
    let start: String
    let expected: [String]

    var testDescription: String { "\(zone): \(rule) from \(start)" }
}

@Suite("Recurrence across daylight-saving changes, six zones")
struct RecurrenceDaylightSavingTests {
    static let cases: [DaylightSavingCase] = [
        // Europe/Berlin: 02:00 -> 03:00 on 2026-03-29, 03:00 -> 02:00 on 2026-10-25.
        .init(zone: "Europe/Berlin", rule: "FREQ=DAILY;BYHOUR=2;BYMINUTE=30", start: "2026-03-27T00:00:00+01:00",
              expected: ["2026-03-27T02:30:00+01:00", "2026-03-28T02:30:00+01:00", "2026-03-29T03:00:00+02:00", "2026-03-30T02:30:00+02:00"]),
        .init(zone: "Europe/Berlin", rule: "FREQ=DAILY;BYHOUR=2;BYMINUTE=30", start: "2026-10-24T00:00:00+02:00",
              expected: ["2026-10-24T02:30:00+02:00", "2026-10-25T02:30:00+02:00", "2026-10-26T02:30:00+01:00"]),
        // 02:00 and 03:00 on the gap day both resolve to 03:00: one occurrence.
        .init(zone: "Europe/Berlin", rule: "FREQ=DAILY;BYHOUR=2,3;BYMINUTE=0", start: "2026-03-28T00:00:00+01:00",
              expected: ["2026-03-28T02:00:00+01:00", "2026-03-28T03:00:00+01:00", "2026-03-29T03:00:00+02:00", "2026-03-30T02:00:00+02:00"]),
        .init(zone: "Europe/Berlin", rule: "FREQ=HOURLY", start: "2026-03-29T00:00:00+01:00",
              expected: ["2026-03-29T00:00:00+01:00", "2026-03-29T01:00:00+01:00", "2026-03-29T03:00:00+02:00", "2026-03-29T04:00:00+02:00"]),
        .init(zone: "Europe/Berlin", rule: "FREQ=HOURLY", start: "2026-10-25T01:00:00+02:00",
              expected: ["2026-10-25T01:00:00+02:00", "2026-10-25T02:00:00+02:00", "2026-10-25T02:00:00+01:00", "2026-10-25T03:00:00+01:00"]),
        .init(zone: "Europe/Berlin", rule: "FREQ=WEEKLY;BYDAY=SU;BYHOUR=2;BYMINUTE=30", start: "2026-03-22T00:00:00+01:00",
              expected: ["2026-03-22T02:30:00+01:00", "2026-03-29T03:00:00+02:00", "2026-04-05T02:30:00+02:00"]),
        // The daily fast window keeps its wall-clock times across the change (24 h cycles would not).
        .init(zone: "Europe/Berlin", rule: "FREQ=DAILY;BYHOUR=12,20;BYMINUTE=0", start: "2026-03-28T13:00:00+01:00",
              expected: ["2026-03-28T20:00:00+01:00", "2026-03-29T12:00:00+02:00", "2026-03-29T20:00:00+02:00"]),
        // America/New_York: 02:00 -> 03:00 on 2026-03-08, 02:00 -> 01:00 on 2026-11-01.
        .init(zone: "America/New_York", rule: "FREQ=DAILY;BYHOUR=2;BYMINUTE=30", start: "2026-03-07T00:00:00-05:00",
              expected: ["2026-03-07T02:30:00-05:00", "2026-03-08T03:00:00-04:00", "2026-03-09T02:30:00-04:00"]),
        .init(zone: "America/New_York", rule: "FREQ=DAILY;BYHOUR=1;BYMINUTE=30", start: "2026-10-31T00:00:00-04:00",
              expected: ["2026-10-31T01:30:00-04:00", "2026-11-01T01:30:00-04:00", "2026-11-02T01:30:00-05:00"]),
        .init(zone: "America/New_York", rule: "FREQ=MINUTELY;INTERVAL=30", start: "2026-11-01T00:30:00-04:00",
              expected: ["2026-11-01T00:30:00-04:00", "2026-11-01T01:00:00-04:00", "2026-11-01T01:30:00-04:00", "2026-11-01T01:00:00-05:00", "2026-11-01T01:30:00-05:00"]),
        .init(zone: "America/New_York", rule: "FREQ=MONTHLY;BYDAY=2SU;BYHOUR=2;BYMINUTE=15", start: "2026-02-01T00:00:00-05:00",
              expected: ["2026-02-08T02:15:00-05:00", "2026-03-08T03:00:00-04:00", "2026-04-12T02:15:00-04:00"]),
        // Australia/Lord_Howe: a 30-minute change, 02:00 -> 02:30 on 2026-10-04, 02:00 -> 01:30 on 2026-04-05.
        .init(zone: "Australia/Lord_Howe", rule: "FREQ=DAILY;BYHOUR=2;BYMINUTE=15", start: "2026-10-03T00:00:00+10:30",
              expected: ["2026-10-03T02:15:00+10:30", "2026-10-04T02:30:00+11:00", "2026-10-05T02:15:00+11:00"]),
        .init(zone: "Australia/Lord_Howe", rule: "FREQ=DAILY;BYHOUR=1;BYMINUTE=45", start: "2026-04-04T00:00:00+11:00",
              expected: ["2026-04-04T01:45:00+11:00", "2026-04-05T01:45:00+11:00", "2026-04-06T01:45:00+10:30"]),
        .init(zone: "Australia/Lord_Howe", rule: "FREQ=HOURLY", start: "2026-10-04T00:00:00+10:30",
              expected: ["2026-10-04T00:00:00+10:30", "2026-10-04T01:00:00+10:30", "2026-10-04T02:30:00+11:00", "2026-10-04T03:30:00+11:00"]),
        // Pacific/Chatham: +12:45/+13:45, 02:45 -> 03:45 on 2026-09-27, 03:45 -> 02:45 on 2026-04-05.
        .init(zone: "Pacific/Chatham", rule: "FREQ=DAILY;BYHOUR=3;BYMINUTE=0", start: "2026-09-26T00:00:00+12:45",
              expected: ["2026-09-26T03:00:00+12:45", "2026-09-27T03:45:00+13:45", "2026-09-28T03:00:00+13:45"]),
        .init(zone: "Pacific/Chatham", rule: "FREQ=DAILY;BYHOUR=3;BYMINUTE=0", start: "2026-04-04T00:00:00+13:45",
              expected: ["2026-04-04T03:00:00+13:45", "2026-04-05T03:00:00+13:45", "2026-04-06T03:00:00+12:45"]),
        // America/Santiago: changes at midnight, 00:00 -> 01:00 on 2026-09-06, 24:00 -> 23:00 on 2026-04-04.
        .init(zone: "America/Santiago", rule: "FREQ=DAILY;BYHOUR=0;BYMINUTE=30", start: "2026-09-04T12:00:00-04:00",
              expected: ["2026-09-05T00:30:00-04:00", "2026-09-06T01:00:00-03:00", "2026-09-07T00:30:00-03:00"]),
        .init(zone: "America/Santiago", rule: "FREQ=DAILY;BYHOUR=23;BYMINUTE=30", start: "2026-04-03T12:00:00-03:00",
              expected: ["2026-04-03T23:30:00-03:00", "2026-04-04T23:30:00-03:00", "2026-04-05T23:30:00-04:00"]),
        .init(zone: "America/Santiago", rule: "FREQ=DAILY", start: "2026-09-05T00:00:00-04:00",
              expected: ["2026-09-05T00:00:00-04:00", "2026-09-06T01:00:00-03:00", "2026-09-07T00:00:00-03:00"]),
        // Asia/Kolkata: +05:30 all year, nothing moves.
        .init(zone: "Asia/Kolkata", rule: "FREQ=DAILY;BYHOUR=2;BYMINUTE=30", start: "2026-03-28T00:00:00+05:30",
              expected: ["2026-03-28T02:30:00+05:30", "2026-03-29T02:30:00+05:30", "2026-03-30T02:30:00+05:30"]),
        .init(zone: "Asia/Kolkata", rule: "FREQ=HOURLY;INTERVAL=12", start: "2026-10-25T09:00:00+05:30",
              expected: ["2026-10-25T09:00:00+05:30", "2026-10-25T21:00:00+05:30", "2026-10-26T09:00:00+05:30"]),
    ]

    @Test("the first occurrences are the documented instants", arguments: cases)
    func matrix(_ entry: DaylightSavingCase) throws {
        let rule = try RecurrenceRule(parsing: entry.rule)
        let zone = Fixture.zone(entry.zone)
        let expander = RecurrenceExpander(rule: rule, start: Fixture.at(entry.start), timeZone: zone)
        let actual = expander.occurrences(limit: entry.expected.count).map { Fixture.wall($0, zone) }
        #expect(actual == entry.expected.map { Fixture.wall(Fixture.at($0), zone) })
    }

    @Test("a rule whose only times are never reached on a fixed-offset clock never occurs")
    func fixedOffsetGrid() throws {
        // Every 24 elapsed hours from 09:00 in Kolkata is 09:00 again: 10:00 never comes.
        let rule = try RecurrenceRule(parsing: "FREQ=HOURLY;INTERVAL=24;BYHOUR=10")
        let kolkata = RecurrenceExpander(rule: rule, start: Fixture.at("2026-01-01T09:00:00+05:30"), timeZone: Fixture.kolkata)
        #expect(kolkata.neverOccurs)
        #expect(kolkata.occurrences(limit: 1).isEmpty)
        // In Berlin the clocks move, so the same steps reach 10:00 in summer.
        let berlin = RecurrenceExpander(rule: rule, start: Fixture.at("2026-01-01T09:00:00+01:00"), timeZone: Fixture.berlin)
        #expect(berlin.occurrences(limit: 1).map { Fixture.wall($0, Fixture.berlin) } == ["2026-03-29 10:00 +02:00"])
    }
}
