import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("Goals by weekday and the days people name")
struct WeekdayGoalsTests {
    let calendar = Fixture.calendar

    @Test("days as people write them", arguments: [
        ("weekdays", [0, 1, 2, 3, 4]), ("Weekends", [5, 6]), ("daily", [0, 1, 2, 3, 4, 5, 6]), ("sat", [5]), ("sunday", [6]),
        ("mon,thu", [0, 3]), ("mon-fri", [0, 1, 2, 3, 4]), ("fri-mon", [0, 4, 5, 6]), ("sat-sun,wed", [2, 5, 6]),
        ("周末", [5, 6]), ("工作日", [0, 1, 2, 3, 4]), ("周一至周五", [0, 1, 2, 3, 4]), ("周六、周日", [5, 6]), ("星期三", [2]),
    ])
    func days(_ text: String, _ expected: [Int]) throws {
        #expect(try WeekdaySet(parsing: text).days.map(\.rawValue) == expected)
        #expect(WeekdaySet.looksLikeDays(text))
    }

    @Test("what names no days is refused with the forms that do", arguments: ["someday", "mon-", "1500", "mon,,thu", "none"])
    func notDays(_ text: String) {
        #expect(!WeekdaySet.looksLikeDays(text))
        #expect {
            _ = try WeekdaySet(parsing: text)
        } throws: { error in
            (error as? DomainError)?.message.hasPrefix("invalid days \"\(text)\": use weekdays, weekends, daily") == true
        }
    }

    @Test("runs of consecutive days, Monday first")
    func runs() throws {
        let runs = try WeekdaySet(parsing: "mon-wed,fri,sun").runs.map { "\($0.first.rawValue)-\($0.last.rawValue)" }
        #expect(runs == ["0-2", "4-4", "6-6"])
    }

    @Test("a weekday's own goal wins, none means no goal, the others take the schedule's; the stored text reads back")
    func goals() throws {
        var goals = WeekdayGoals()
        goals.set(.millilitres(1500), on: .weekend, otherwise: 2000)
        goals.set(.none, on: try WeekdaySet(parsing: "sun"), otherwise: 2000)
        goals.set(.millilitres(2000), on: try WeekdaySet(parsing: "mon"), otherwise: 2000)
        #expect(goals.goal(on: .saturday, otherwise: 2000) == 1500)
        #expect(goals.goal(on: .sunday, otherwise: 2000) == nil)
        #expect(goals.goal(on: .monday, otherwise: 2000) == 2000)
        #expect(goals.storedText == "sat=1500,sun=none")
        #expect(WeekdayGoals(storedText: goals.storedText) == goals)
        #expect(WeekdayGoals(storedText: "") == WeekdayGoals())
        #expect(WeekdayGoals(storedText: "sat=lots") == nil)
        #expect(WeekdayGoals(storedText: "someday=100") == nil)
    }

    @Test("the goal check uses the water day's weekday: a Saturday goal met stops Saturday's reminders, Friday's higher one does not")
    func goalCheck() throws {
        var goals = WeekdayGoals()
        goals.set(.millilitres(1500), on: .weekend, otherwise: 2000)
        let water = WaterSchedule(id: "w", interval: Fixture.span("1h"), window: Fixture.window("09:00", "21:00"), goalML: 2000, weekdayGoals: goals)
        // Friday 2026-06-05 and Saturday 2026-06-06, 1600 ml drunk by 12:00 each day.
        let friday = Fixture.at("2026-06-05T12:00:00+02:00")
        let saturday = Fixture.at("2026-06-06T12:00:00+02:00")
        let drunk = [friday, saturday].flatMap { noon in [WaterIntake(instant: noon.addingTimeInterval(-3600), amountML: 1600)] }
        #expect(water.nextReminder(after: friday, intakes: drunk, timeZone: Fixture.berlin, calendar: calendar) == Fixture.at("2026-06-05T13:00:00+02:00"))
        #expect(water.nextReminder(after: saturday, intakes: drunk, timeZone: Fixture.berlin, calendar: calendar) == Fixture.at("2026-06-07T09:00:00+02:00"))
        #expect(water.goal(ofWaterDayHolding: saturday, timeZone: Fixture.berlin, calendar: calendar) == 1500)
        #expect(water.goal(ofWaterDayHolding: friday, timeZone: Fixture.berlin, calendar: calendar) == 2000)
        // The reminder says the day's goal.
        let request = try #require(RequestPlanner().request(for: water, after: Fixture.at("2026-06-06T09:30:00+02:00"), intakes: [], timeZone: Fixture.berlin, calendar: calendar))
        #expect(request.content.arguments[ContentArgument.goal] == "1500")
    }

    @Test("active hours past midnight: the water day of Saturday night into Sunday keeps Saturday's goal")
    func nightWindow() {
        var goals = WeekdayGoals()
        goals.set(.millilitres(500), on: .weekend, otherwise: 1000)
        let water = WaterSchedule(id: "w", interval: Fixture.span("1h"), window: Fixture.window("22:00", "02:00"), goalML: 1000, weekdayGoals: goals)
        #expect(water.goal(ofWaterDayHolding: Fixture.at("2026-06-07T01:00:00+02:00"), timeZone: Fixture.berlin, calendar: calendar) == 500, "Sunday 01:00 belongs to Saturday's night")
        #expect(water.goal(ofWaterDayHolding: Fixture.at("2026-06-08T01:00:00+02:00"), timeZone: Fixture.berlin, calendar: calendar) == 500, "Monday 01:00 belongs to Sunday's night")
        #expect(water.goal(ofWaterDayHolding: Fixture.at("2026-06-08T03:00:00+02:00"), timeZone: Fixture.berlin, calendar: calendar) == 1000)
    }
}
