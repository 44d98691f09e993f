import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("WallClockTime and LocalDate: times of day and dates without a zone")
struct WallClockTimeTests {
    static let validTimes: [(String, Int, Int)] = [
        ("09:00", 9, 0),
        ("9:00", 9, 0),
        ("21:30", 21, 30),
        ("00:00", 0, 0),
        ("23:59", 23, 59),
        ("24:00", 0, 0),
        (" 07:05 ", 7, 5),
    ]

    @Test("reads HH:MM on the 24-hour clock", arguments: validTimes)
    func parses(text: String, hour: Int, minute: Int) throws {
        let time = try WallClockTime(parsing: text)
        #expect(time.hour == hour)
        #expect(time.minute == minute)
        #expect(time.minutesSinceMidnight == hour * 60 + minute)
    }

    @Test("rejects anything else, quoting the input", arguments: [
        "", "9", "0900", "25:00", "24:01", "09:60", "09:0", "009:00", "ab:cd", "-1:00", "+9:00", "09:00:00", "9.30", "٠٩:٠٠",
    ])
    func rejects(text: String) {
        let error = #expect(throws: DomainError.self) { try WallClockTime(parsing: text) }
        #expect(error?.kind == .invalidTime)
        #expect(error?.message.contains("\"\(text)\"") == true)
        #expect(error?.message.contains("HH:MM") == true)
    }

    @Test("the initializer from parts checks the range")
    func parts() {
        #expect(WallClockTime(hour: 24, minute: 0) == nil)
        #expect(WallClockTime(hour: -1, minute: 0) == nil)
        #expect(WallClockTime(hour: 12, minute: 60) == nil)
        #expect(WallClockTime(hour: 7, minute: 5)?.description == "07:05")
        #expect(Fixture.time("08:59") < Fixture.time("09:00"))
    }

    @Test("encodes as HH:MM")
    func codable() throws {
        let data = try JSONEncoder().encode([Fixture.time("7:05")])
        #expect(String(decoding: data, as: UTF8.self) == "[\"07:05\"]")
        #expect(try JSONDecoder().decode([WallClockTime].self, from: data) == [Fixture.time("07:05")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([WallClockTime].self, from: Data("[\"25:00\"]".utf8)) }
    }

    @Test("local dates step across months, years and leap days")
    func dateArithmetic() {
        let calendar = Fixture.calendar
        #expect(LocalDate(year: 2026, month: 3, day: 31).adding(days: 1, calendar: calendar).description == "2026-04-01")
        #expect(LocalDate(year: 2026, month: 12, day: 31).adding(days: 1, calendar: calendar).description == "2027-01-01")
        #expect(LocalDate(year: 2028, month: 2, day: 28).adding(days: 1, calendar: calendar).description == "2028-02-29")
        #expect(LocalDate(year: 2026, month: 3, day: 1).adding(days: -1, calendar: calendar).description == "2026-02-28")
        #expect(LocalDate(year: 2026, month: 1, day: 1).adding(days: 365, calendar: calendar).description == "2027-01-01")
        #expect(LocalDate(year: 2026, month: 3, day: 29) < LocalDate(year: 2026, month: 3, day: 30))
    }

    @Test("the local date of an instant depends on the zone")
    func localDate() {
        let instant = Fixture.at("2026-03-28T23:30:00Z")
        #expect(LocalDate(of: instant, in: Fixture.berlin, calendar: Fixture.calendar).description == "2026-03-29")
        #expect(LocalDate(of: instant, in: Fixture.newYork, calendar: Fixture.calendar).description == "2026-03-28")
        #expect(LocalDate(of: instant, in: Fixture.kolkata, calendar: Fixture.calendar).description == "2026-03-29")
    }

    @Test("a non-Gregorian calendar from the caller still yields Gregorian dates")
    func otherCalendar() {
        let buddhist = Calendar(identifier: .buddhist)
        let instant = Fixture.at("2026-03-29T12:00:00+02:00")
        #expect(LocalDate(of: instant, in: Fixture.berlin, calendar: buddhist).description == "2026-03-29")
        let wall = LocalTimeResolver.wallClock(of: instant, in: Fixture.berlin, calendar: buddhist)
        #expect(wall.date.description == "2026-03-29")
        #expect(LocalTimeResolver.instant(of: wall.time, on: wall.date, in: Fixture.berlin, calendar: buddhist) == instant)
    }
}
