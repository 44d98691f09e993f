import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("Water days of the past, for water history")
struct WaterDayTotalTests {
    let calendar = Fixture.calendar

    @Test("the last N water days, the current one last, each with its glasses and its weekday's goal")
    func days() {
        var goals = WeekdayGoals()
        goals.set(.millilitres(1500), on: .weekend, otherwise: 2000)
        let water = WaterSchedule(id: "w", interval: Fixture.span("1h"), window: Fixture.window("09:00", "21:00"), goalML: 2000, weekdayGoals: goals)
        let now = Fixture.at("2026-06-08T10:00:00+02:00")  // a Monday
        let intakes = [
            WaterIntake(instant: Fixture.at("2026-06-05T23:59:00+02:00"), amountML: 100),  // before the period
            WaterIntake(instant: Fixture.at("2026-06-06T08:00:00+02:00"), amountML: 1000),
            WaterIntake(instant: Fixture.at("2026-06-06T20:00:00+02:00"), amountML: 600),
            WaterIntake(instant: Fixture.at("2026-06-08T09:30:00+02:00"), amountML: 250),
            WaterIntake(instant: Fixture.at("2026-06-08T10:30:00+02:00"), amountML: 250),  // still to come: not counted
        ]
        let days = WaterDayTotal.days(count: 3, endingAt: now, intakes: intakes, schedule: water, timeZone: Fixture.berlin, calendar: calendar)
        #expect(days.map(\.date.description) == ["2026-06-06", "2026-06-07", "2026-06-08"])
        #expect(days.map(\.consumedML) == [1600, 0, 250])
        #expect(days.map(\.glasses) == [2, 0, 1])
        #expect(days.map(\.goalML) == [1500, 1500, 2000])
        #expect(days.map(\.metGoal) == [true, false, false])
        #expect(WaterDayTotal.since(count: 3, endingAt: now, schedule: water, timeZone: Fixture.berlin, calendar: calendar) == Fixture.at("2026-06-06T00:00:00+02:00"))
    }

    @Test("active hours past midnight: a day runs from their close to the next, and a glass at 01:00 counts for the evening before")
    func night() {
        let water = WaterSchedule(id: "w", interval: Fixture.span("1h"), window: Fixture.window("22:00", "02:00"), goalML: 500)
        let now = Fixture.at("2026-06-08T12:00:00+02:00")
        let intakes = [WaterIntake(instant: Fixture.at("2026-06-08T01:00:00+02:00"), amountML: 300)]
        let days = WaterDayTotal.days(count: 2, endingAt: now, intakes: intakes, schedule: water, timeZone: Fixture.berlin, calendar: calendar)
        #expect(days.map(\.date.description) == ["2026-06-07", "2026-06-08"])
        #expect(days.map(\.consumedML) == [300, 0])
        #expect(days.first?.day.start == Fixture.at("2026-06-07T02:00:00+02:00"))
        #expect(days.first?.day.end == Fixture.at("2026-06-08T02:00:00+02:00"))
    }

    @Test("across the spring-forward night a day is 23 hours, and no glass is counted twice or lost")
    func daylightSaving() {
        let now = Fixture.at("2026-03-30T12:00:00+02:00")
        let intakes = stride(from: 0, to: 72, by: 1).map { hour in
            WaterIntake(instant: Fixture.at("2026-03-28T00:30:00+01:00").addingTimeInterval(Double(hour) * 3600), amountML: 10)
        }
        let days = WaterDayTotal.days(count: 3, endingAt: now, intakes: intakes, schedule: nil, timeZone: Fixture.berlin, calendar: calendar)
        #expect(days.map(\.date.description) == ["2026-03-28", "2026-03-29", "2026-03-30"])
        #expect(days.map(\.glasses) == [24, 23, 12])
        #expect(days.map(\.goalML) == [nil, nil, nil])
    }
}
