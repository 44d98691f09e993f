import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("DailyWindow: active hours as instants, water days from one opening to the next")
struct DailyWindowTests {
    let calendar = Fixture.calendar

    @Test("a daytime window opens and closes on its date; the water day runs to the next opening")
    func daytime() {
        let window = Fixture.window("09:00", "21:00")
        #expect(!window.crossesMidnight)
        #expect(window.description == "09:00-21:00")
        let day = window.occurrence(on: LocalDate(year: 2026, month: 6, day: 1), in: Fixture.berlin, calendar: calendar)
        #expect(day.opens == Fixture.at("2026-06-01T09:00:00+02:00"))
        #expect(day.closes == Fixture.at("2026-06-01T21:00:00+02:00"))
        #expect(day.nextOpens == Fixture.at("2026-06-02T09:00:00+02:00"))
        // Half-open: the opening instant is inside, the closing one is not.
        #expect(day.contains(day.opens))
        #expect(!day.contains(day.closes))
        #expect(day.contains(day.closes - 0.001))
        #expect(!day.contains(day.opens - 0.001))
    }

    @Test("a window across midnight closes on the next date, and its night belongs to the day it opened")
    func acrossMidnight() {
        let window = Fixture.window("22:00", "02:00")
        #expect(window.crossesMidnight)
        let night = window.occurrence(containing: Fixture.at("2026-06-02T01:00:00+02:00"), in: Fixture.berlin, calendar: calendar)
        #expect(night.date.description == "2026-06-01")
        #expect(night.opens == Fixture.at("2026-06-01T22:00:00+02:00"))
        #expect(night.closes == Fixture.at("2026-06-02T02:00:00+02:00"))
        #expect(night.contains(Fixture.at("2026-06-02T01:00:00+02:00")))
        // After closing, the water day continues until the next opening.
        let afternoon = window.occurrence(containing: Fixture.at("2026-06-02T15:00:00+02:00"), in: Fixture.berlin, calendar: calendar)
        #expect(afternoon == night)
        #expect(!afternoon.contains(Fixture.at("2026-06-02T15:00:00+02:00")))
        // A new water day starts exactly at the opening.
        let next = window.occurrence(containing: Fixture.at("2026-06-02T22:00:00+02:00"), in: Fixture.berlin, calendar: calendar)
        #expect(next.date.description == "2026-06-02")
    }

    @Test("equal bounds mean the whole day")
    func wholeDay() {
        let window = Fixture.window("07:00", "07:00")
        let day = window.occurrence(on: LocalDate(year: 2026, month: 6, day: 1), in: Fixture.kolkata, calendar: calendar)
        #expect(day.closes == day.nextOpens)
        #expect(day.nextOpens.timeIntervalSince(day.opens) == 24 * hour)
    }

    @Test("until 24:00 closes at the midnight that ends the day")
    func untilMidnight() throws {
        let window = DailyWindow(from: Fixture.time("09:00"), until: try WallClockTime(parsing: "24:00"))
        let day = window.occurrence(on: LocalDate(year: 2026, month: 6, day: 1), in: Fixture.berlin, calendar: calendar)
        #expect(day.closes == Fixture.at("2026-06-02T00:00:00+02:00"))
    }

    @Test("a window edge in a spring-forward gap moves to the instant of the change")
    func edgeInGap() {
        let berlinSpring = LocalDate(year: 2026, month: 3, day: 29)
        let opensInGap = Fixture.window("02:30", "21:00").occurrence(on: berlinSpring, in: Fixture.berlin, calendar: calendar)
        #expect(opensInGap.opens == Fixture.at("2026-03-29T03:00:00+02:00"))
        let closesInGap = Fixture.window("01:00", "02:30").occurrence(on: berlinSpring, in: Fixture.berlin, calendar: calendar)
        #expect(closesInGap.closes == Fixture.at("2026-03-29T03:00:00+02:00"))
        #expect(closesInGap.closes.timeIntervalSince(closesInGap.opens) == hour)
        // Both edges inside the gap: an empty window that day, never a negative one.
        let inside = Fixture.window("02:15", "02:45").occurrence(on: berlinSpring, in: Fixture.berlin, calendar: calendar)
        #expect(inside.opens == inside.closes)
        // The water day holding the change is 23 hours long.
        let day = Fixture.window("09:00", "21:00").occurrence(on: LocalDate(year: 2026, month: 3, day: 28), in: Fixture.berlin, calendar: calendar)
        #expect(day.nextOpens.timeIntervalSince(day.opens) == 23 * hour)
        let lordHowe = Fixture.window("02:00", "06:00").occurrence(on: LocalDate(year: 2026, month: 10, day: 4), in: Fixture.lordHowe, calendar: calendar)
        #expect(lordHowe.opens == Fixture.at("2026-10-04T02:30:00+11:00"))
    }

    @Test("a window edge in a repeated hour takes its first occurrence")
    func edgeInRepeatedHour() {
        let autumn = LocalDate(year: 2026, month: 10, day: 25)
        let day = Fixture.window("02:30", "02:45").occurrence(on: autumn, in: Fixture.berlin, calendar: calendar)
        #expect(day.opens == Fixture.at("2026-10-25T02:30:00+02:00"))
        #expect(day.closes == Fixture.at("2026-10-25T02:45:00+02:00"))
        let long = Fixture.window("09:00", "21:00").occurrence(on: LocalDate(year: 2026, month: 10, day: 24), in: Fixture.berlin, calendar: calendar)
        #expect(long.nextOpens.timeIntervalSince(long.opens) == 25 * hour)
        let newYork = Fixture.window("01:30", "08:00").occurrence(on: LocalDate(year: 2026, month: 11, day: 1), in: Fixture.newYork, calendar: calendar)
        #expect(newYork.opens == Fixture.at("2026-11-01T01:30:00-04:00"))
        #expect(newYork.closes.timeIntervalSince(newYork.opens) == 7.5 * hour)
    }
}
