import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("LocalTimeResolver: wall-clock readings to instants, daylight saving on purpose")
struct LocalTimeResolverTests {
    static let cases: [(zone: String, date: LocalDate, time: String, expected: String)] = [
        // Ordinary readings.
        ("Europe/Berlin", LocalDate(year: 2026, month: 6, day: 1), "09:00", "2026-06-01T09:00:00+02:00"),
        ("Asia/Kolkata", LocalDate(year: 2026, month: 3, day: 29), "02:30", "2026-03-29T02:30:00+05:30"),
        ("Asia/Kolkata", LocalDate(year: 2026, month: 11, day: 1), "01:30", "2026-11-01T01:30:00+05:30"),
        // Non-existent readings resolve to the instant of the change (the first valid instant).
        ("Europe/Berlin", LocalDate(year: 2026, month: 3, day: 29), "02:30", "2026-03-29T03:00:00+02:00"),
        ("Europe/Berlin", LocalDate(year: 2026, month: 3, day: 29), "02:00", "2026-03-29T03:00:00+02:00"),
        ("America/New_York", LocalDate(year: 2026, month: 3, day: 8), "02:30", "2026-03-08T03:00:00-04:00"),
        ("Australia/Lord_Howe", LocalDate(year: 2026, month: 10, day: 4), "02:15", "2026-10-04T02:30:00+11:00"),
        // Readings just outside the gaps are themselves.
        ("Europe/Berlin", LocalDate(year: 2026, month: 3, day: 29), "01:59", "2026-03-29T01:59:00+01:00"),
        ("Europe/Berlin", LocalDate(year: 2026, month: 3, day: 29), "03:00", "2026-03-29T03:00:00+02:00"),
        ("Australia/Lord_Howe", LocalDate(year: 2026, month: 10, day: 4), "02:30", "2026-10-04T02:30:00+11:00"),
        // Repeated readings resolve to their first occurrence.
        ("Europe/Berlin", LocalDate(year: 2026, month: 10, day: 25), "02:30", "2026-10-25T02:30:00+02:00"),
        ("Europe/Berlin", LocalDate(year: 2026, month: 10, day: 25), "02:00", "2026-10-25T02:00:00+02:00"),
        ("America/New_York", LocalDate(year: 2026, month: 11, day: 1), "01:30", "2026-11-01T01:30:00-04:00"),
        ("Australia/Lord_Howe", LocalDate(year: 2026, month: 4, day: 5), "01:45", "2026-04-05T01:45:00+11:00"),
        ("Europe/Berlin", LocalDate(year: 2026, month: 10, day: 25), "03:00", "2026-10-25T03:00:00+01:00"),
    ]

    @Test("resolves each reading as documented", arguments: cases)
    func resolves(zone: String, date: LocalDate, time: String, expected: String) {
        let instant = LocalTimeResolver.instant(of: Fixture.time(time), on: date, in: Fixture.zone(zone), calendar: Fixture.calendar)
        #expect(instant == Fixture.at(expected))
    }

    @Test("every minute of a year round-trips through the wall clock, gaps excepted", arguments: ["Europe/Berlin", "Australia/Lord_Howe", "America/New_York"])
    func roundTrip(zone: String) {
        let timeZone = Fixture.zone(zone)
        var instant = Fixture.at("2026-01-01T00:00:00Z")
        let end = Fixture.at("2027-01-01T00:00:00Z")
        var mismatches: [String] = []
        while instant < end {
            let wall = LocalTimeResolver.wallClock(of: instant, in: timeZone, calendar: Fixture.calendar)
            let resolved = LocalTimeResolver.instant(of: wall.time, on: wall.date, in: timeZone, calendar: Fixture.calendar)
            // Only the second pass through a repeated reading resolves elsewhere: to its first pass.
            if resolved != instant, resolved != LocalTimeResolver.earlierOccurrence(of: instant, in: timeZone) {
                mismatches.append(Fixture.wall(instant, timeZone))
            }
            instant = instant + 17 * minute
        }
        let mismatchCount = mismatches.count
        #expect(mismatchCount == 0, "\(mismatches.prefix(5))")
    }

    @Test("the second pass through a repeated hour knows its first pass")
    func earlierOccurrence() {
        let berlin = Fixture.berlin
        #expect(LocalTimeResolver.earlierOccurrence(of: Fixture.at("2026-10-25T02:30:00+01:00"), in: berlin) == Fixture.at("2026-10-25T02:30:00+02:00"))
        #expect(LocalTimeResolver.earlierOccurrence(of: Fixture.at("2026-10-25T02:00:00+01:00"), in: berlin) == Fixture.at("2026-10-25T02:00:00+02:00"))
        #expect(LocalTimeResolver.earlierOccurrence(of: Fixture.at("2026-10-25T02:30:00+02:00"), in: berlin) == nil)
        #expect(LocalTimeResolver.earlierOccurrence(of: Fixture.at("2026-10-25T03:00:00+01:00"), in: berlin) == nil)
        #expect(LocalTimeResolver.earlierOccurrence(of: Fixture.at("2026-03-29T03:30:00+02:00"), in: berlin) == nil)
        #expect(LocalTimeResolver.earlierOccurrence(of: Fixture.at("2026-04-05T01:45:00+10:30"), in: Fixture.lordHowe) == Fixture.at("2026-04-05T01:45:00+11:00"))
        #expect(LocalTimeResolver.earlierOccurrence(of: Fixture.at("2026-11-01T01:59:00-05:00"), in: Fixture.newYork) == Fixture.at("2026-11-01T01:59:00-04:00"))
        #expect(LocalTimeResolver.earlierOccurrence(of: Fixture.at("2026-11-01T01:30:00+05:30"), in: Fixture.kolkata) == nil)
    }

    @Test("wall-clock readings are taken to the minute")
    func wallClock() {
        let wall = LocalTimeResolver.wallClock(of: Fixture.at("2026-10-25T02:30:59+01:00"), in: Fixture.berlin, calendar: Fixture.calendar)
        #expect(wall.date.description == "2026-10-25")
        #expect(wall.time.description == "02:30")
    }
}
