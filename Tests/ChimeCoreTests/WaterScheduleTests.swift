import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("WaterSchedule: reminders inside the active window")
struct WaterScheduleTests {
    let calendar = Fixture.calendar

    func schedule(_ from: String, _ until: String, every interval: String, goal: Int? = nil, pausedUntil: Date? = nil) -> WaterSchedule {
        WaterSchedule(id: "w-1", interval: Fixture.span(interval), window: Fixture.window(from, until), amountML: 250, goalML: goal, pausedUntil: pausedUntil)
    }

    /// The reminders from `start` up to `end`, one after the other, as wall-clock readings.
    func run(_ schedule: WaterSchedule, from start: Date, to end: Date, in zone: TimeZone, intakes: [WaterIntake] = []) -> [String] {
        var readings: [String] = []
        var now = start
        while let next = schedule.nextReminder(after: now, intakes: intakes, timeZone: zone, calendar: calendar), next < end {
            readings.append(Fixture.wall(next, zone))
            now = next
        }
        return readings
    }

    @Test("reminders fall every interval from the opening, strictly after now, never at the closing instant")
    func grid() {
        let water = schedule("09:00", "21:00", every: "1h")
        let readings = run(water, from: Fixture.at("2026-06-01T08:00:00+02:00"), to: Fixture.at("2026-06-02T10:30:00+02:00"), in: Fixture.berlin)
        #expect(readings == (9...20).map { "2026-06-01 \($0 < 10 ? "0" : "")\($0):00 +02:00" } + ["2026-06-02 09:00 +02:00", "2026-06-02 10:00 +02:00"])
        #expect(water.nextReminder(after: Fixture.at("2026-06-01T09:00:00+02:00"), intakes: [], timeZone: Fixture.berlin, calendar: calendar) == Fixture.at("2026-06-01T10:00:00+02:00"))
        #expect(water.nextReminder(after: Fixture.at("2026-06-01T09:30:00+02:00"), intakes: [], timeZone: Fixture.berlin, calendar: calendar) == Fixture.at("2026-06-01T10:00:00+02:00"))
        #expect(water.nextReminder(after: Fixture.at("2026-06-01T20:59:59+02:00"), intakes: [], timeZone: Fixture.berlin, calendar: calendar) == Fixture.at("2026-06-02T09:00:00+02:00"))
    }

    @Test("a window across midnight reminds through the night and resumes the next evening")
    func acrossMidnight() {
        let water = schedule("22:00", "02:00", every: "1h")
        let readings = run(water, from: Fixture.at("2026-06-01T21:00:00+02:00"), to: Fixture.at("2026-06-02T23:30:00+02:00"), in: Fixture.berlin)
        #expect(readings == [
            "2026-06-01 22:00 +02:00", "2026-06-01 23:00 +02:00", "2026-06-02 00:00 +02:00", "2026-06-02 01:00 +02:00",
            "2026-06-02 22:00 +02:00", "2026-06-02 23:00 +02:00",
        ])
    }

    @Test("no reminder while paused; the grid resumes at or after the pause's end")
    func pause() {
        let zone = Fixture.berlin
        let now = Fixture.at("2026-06-01T10:00:00+02:00")
        func next(pausedUntil: String) -> Date? {
            schedule("09:00", "21:00", every: "1h", pausedUntil: Fixture.at(pausedUntil))
                .nextReminder(after: now, intakes: [], timeZone: zone, calendar: calendar)
        }
        #expect(next(pausedUntil: "2026-06-01T13:30:00+02:00") == Fixture.at("2026-06-01T14:00:00+02:00"))
        #expect(next(pausedUntil: "2026-06-01T14:00:00+02:00") == Fixture.at("2026-06-01T14:00:00+02:00"))
        #expect(next(pausedUntil: "2026-06-01T22:00:00+02:00") == Fixture.at("2026-06-02T09:00:00+02:00"))
        #expect(next(pausedUntil: "2026-06-10T12:00:00+02:00") == Fixture.at("2026-06-10T12:00:00+02:00"))
        #expect(next(pausedUntil: "2026-06-01T09:30:00+02:00") == Fixture.at("2026-06-01T11:00:00+02:00"), "a pause already over changes nothing")
    }

    @Test("once the day's goal is met, nothing more until the next water day")
    func goalMet() {
        let zone = Fixture.berlin
        let glasses = ["09:05", "10:05", "11:05", "12:05"].map { WaterIntake(instant: Fixture.at("2026-06-01T\($0):00+02:00"), amountML: 250) }
        let water = schedule("09:00", "21:00", every: "1h", goal: 1000)
        #expect(water.nextReminder(after: Fixture.at("2026-06-01T12:05:00+02:00"), intakes: glasses, timeZone: zone, calendar: calendar) == Fixture.at("2026-06-02T09:00:00+02:00"))
        // Three glasses are not the goal: the last drink sets the pace.
        #expect(water.nextReminder(after: Fixture.at("2026-06-01T11:05:00+02:00"), intakes: Array(glasses.prefix(3)), timeZone: zone, calendar: calendar) == Fixture.at("2026-06-01T12:05:00+02:00"))
        func consumed(_ at: String) -> Int {
            WaterDay.consumed(glasses, at: Fixture.at(at), window: water.window, timeZone: zone, calendar: calendar)
        }
        #expect(consumed("2026-06-01T20:00:00+02:00") == 1000)
        #expect(consumed("2026-06-01T10:30:00+02:00") == 500, "only what was drunk up to now")
        // The water day starts at midnight, not at the window's opening.
        #expect(consumed("2026-06-02T00:00:00+02:00") == 0)
        #expect(consumed("2026-06-01T23:59:00+02:00") == 1000)
    }

    @Test("a goal met before the window opens leaves no reminder that water day")
    func goalMetBeforeOpening() {
        let zone = Fixture.berlin
        let water = schedule("07:00", "21:00", every: "1h", goal: 2000)
        let early = [WaterIntake(instant: Fixture.at("2026-06-01T06:56:00+02:00"), amountML: 2000)]
        #expect(water.nextReminder(after: Fixture.at("2026-06-01T06:56:00+02:00"), intakes: early, timeZone: zone, calendar: calendar) == Fixture.at("2026-06-02T07:00:00+02:00"))
        let request = RequestPlanner().request(for: water, after: Fixture.at("2026-06-01T06:00:00+02:00"), intakes: [WaterIntake(instant: Fixture.at("2026-06-01T05:00:00+02:00"), amountML: 500)], timeZone: zone, calendar: calendar)
        #expect(request?.content.arguments[ContentArgument.consumed] == "500", "the bubble counts the glass drunk before the opening")
    }

    @Test("a water day starts at midnight, or where active hours past midnight close")
    func waterDayBoundaries() {
        let zone = Fixture.berlin
        let day = WaterDay.containing(Fixture.at("2026-03-29T12:00:00+02:00"), window: Fixture.window("09:00", "21:00"), timeZone: zone, calendar: calendar)
        #expect(day.start == Fixture.at("2026-03-29T00:00:00+01:00"))
        #expect(day.end == Fixture.at("2026-03-30T00:00:00+02:00"), "23 hours on the spring change day")
        let night = Fixture.window("22:00", "02:00")
        #expect(WaterDay.containing(Fixture.at("2026-06-02T01:59:00+02:00"), window: night, timeZone: zone, calendar: calendar).start == Fixture.at("2026-06-01T02:00:00+02:00"))
        #expect(WaterDay.containing(Fixture.at("2026-06-02T02:00:00+02:00"), window: night, timeZone: zone, calendar: calendar).start == Fixture.at("2026-06-02T02:00:00+02:00"))
        #expect(WaterDay.containing(Fixture.at("2026-06-02T01:00:00+02:00"), window: nil, timeZone: zone, calendar: calendar).start == Fixture.at("2026-06-02T00:00:00+02:00"))
        let wholeDay = Fixture.window("06:00", "06:00")
        #expect(WaterDay.containing(Fixture.at("2026-06-02T05:00:00+02:00"), window: wholeDay, timeZone: zone, calendar: calendar).start == Fixture.at("2026-06-01T06:00:00+02:00"))
    }

    @Test("a window across midnight keeps one water day for the whole night")
    func newDayAcrossMidnight() {
        let zone = Fixture.berlin
        let water = schedule("22:00", "02:00", every: "1h", goal: 500)
        let glasses = [
            WaterIntake(instant: Fixture.at("2026-06-01T22:10:00+02:00"), amountML: 250),
            WaterIntake(instant: Fixture.at("2026-06-02T00:30:00+02:00"), amountML: 250),
        ]
        // Goal met after midnight: the rest of the night is quiet, the next evening starts fresh.
        #expect(water.nextReminder(after: Fixture.at("2026-06-02T00:30:00+02:00"), intakes: glasses, timeZone: zone, calendar: calendar) == Fixture.at("2026-06-02T22:00:00+02:00"))
        #expect(WaterDay.consumed(glasses, at: Fixture.at("2026-06-02T01:59:00+02:00"), window: water.window, timeZone: zone, calendar: calendar) == 500)
        #expect(WaterDay.consumed(glasses, at: Fixture.at("2026-06-02T21:59:00+02:00"), window: water.window, timeZone: zone, calendar: calendar) == 0)
    }

    @Test("a drink pushes the next reminder to drink + interval while that is inside the window")
    func drinkPushes() {
        let zone = Fixture.berlin
        let water = schedule("09:00", "21:00", every: "1h")
        let drink = [WaterIntake(instant: Fixture.at("2026-06-01T10:20:00+02:00"), amountML: 250)]
        let readings = run(water, from: Fixture.at("2026-06-01T10:20:00+02:00"), to: Fixture.at("2026-06-01T13:00:00+02:00"), in: zone, intakes: drink)
        #expect(readings == ["2026-06-01 11:20 +02:00", "2026-06-01 12:20 +02:00"])

        let late = [WaterIntake(instant: Fixture.at("2026-06-01T20:30:00+02:00"), amountML: 250)]
        #expect(water.nextReminder(after: Fixture.at("2026-06-01T20:30:00+02:00"), intakes: late, timeZone: zone, calendar: calendar) == Fixture.at("2026-06-02T09:00:00+02:00"))

        // A drink before the window opens belongs to the previous water day and moves nothing.
        let early = [WaterIntake(instant: Fixture.at("2026-06-01T07:00:00+02:00"), amountML: 250)]
        #expect(run(water, from: Fixture.at("2026-06-01T07:00:00+02:00"), to: Fixture.at("2026-06-01T10:30:00+02:00"), in: zone, intakes: early)
            == ["2026-06-01 09:00 +02:00", "2026-06-01 10:00 +02:00"])
    }

    @Test("an opening inside the spring-forward gap starts at the change")
    func springGap() {
        let water = schedule("02:30", "06:00", every: "30m")
        let readings = run(water, from: Fixture.at("2026-03-29T00:00:00+01:00"), to: Fixture.at("2026-03-30T03:10:00+02:00"), in: Fixture.berlin)
        #expect(readings == [
            "2026-03-29 03:00 +02:00", "2026-03-29 03:30 +02:00", "2026-03-29 04:00 +02:00",
            "2026-03-29 04:30 +02:00", "2026-03-29 05:00 +02:00", "2026-03-29 05:30 +02:00",
            "2026-03-30 02:30 +02:00", "2026-03-30 03:00 +02:00",
        ])
        let newYork = schedule("01:00", "04:00", every: "45m")
        #expect(run(newYork, from: Fixture.at("2026-03-08T00:00:00-05:00"), to: Fixture.at("2026-03-08T12:00:00-04:00"), in: Fixture.newYork)
            == ["2026-03-08 01:00 -05:00", "2026-03-08 01:45 -05:00", "2026-03-08 03:30 -04:00"])
    }

    static let repeatedHourCases: [(zone: String, window: String, interval: String, from: String, to: String, expected: [String])] = [
        ("Europe/Berlin", "00:00-06:00", "30m", "2026-10-24T23:00:00+02:00", "2026-10-25T04:10:00+01:00", [
            "00:00 +02:00", "00:30 +02:00", "01:00 +02:00", "01:30 +02:00", "02:00 +02:00", "02:30 +02:00",
            "03:00 +01:00", "03:30 +01:00", "04:00 +01:00",
        ]),
        ("Europe/Berlin", "01:00-06:00", "45m", "2026-10-25T00:00:00+02:00", "2026-10-25T05:00:00+01:00", [
            // 02:15 +01:00 is skipped: the clock showed 02:15 once already, in the first pass.
            "01:00 +02:00", "01:45 +02:00", "02:30 +02:00", "03:00 +01:00", "03:45 +01:00", "04:30 +01:00",
        ]),
        ("America/New_York", "00:00-04:00", "20m", "2026-11-01T00:00:00-04:00", "2026-11-01T02:30:00-05:00", [
            "00:00 -04:00", "00:20 -04:00", "00:40 -04:00", "01:00 -04:00", "01:20 -04:00", "01:40 -04:00",
            "02:00 -05:00", "02:20 -05:00",
        ]),
        ("Australia/Lord_Howe", "01:00-03:00", "10m", "2026-04-05T00:00:00+11:00", "2026-04-05T02:30:00+10:30", [
            "01:00 +11:00", "01:10 +11:00", "01:20 +11:00", "01:30 +11:00", "01:40 +11:00", "01:50 +11:00",
            "02:00 +10:30", "02:10 +10:30", "02:20 +10:30",
        ]),
    ]

    @Test("a repeated local hour produces one reminder per wall-clock reading", arguments: repeatedHourCases)
    func repeatedHour(zone: String, window: String, interval: String, from: String, to: String, expected: [String]) {
        let bounds = window.split(separator: "-").map(String.init)
        let water = schedule(bounds[0], bounds[1], every: interval)
        let readings = run(water, from: Fixture.at(from) - 1, to: Fixture.at(to), in: Fixture.zone(zone))
        #expect(readings.map { String($0.dropFirst(11)) } == expected)
    }

    /// Zones whose clocks change at midnight: on the spring day 00:00 never shows (the day
    /// starts at 01:00), in autumn the hour before midnight shows twice.
    static let midnightChangeCases: [(zone: String, window: String, from: String, to: String, expected: [String])] = [
        // Santiago springs from 24:00 to 01:00: a window opening at midnight opens at 01:00,
        // one closing at midnight closes at the change.
        ("America/Santiago", "00:00-03:00", "2026-09-05T12:00:00-04:00", "2026-09-06T12:00:00-03:00", [
            "2026-09-06 01:00 -03:00", "2026-09-06 01:30 -03:00", "2026-09-06 02:00 -03:00", "2026-09-06 02:30 -03:00",
        ]),
        ("America/Santiago", "22:00-00:00", "2026-09-05T12:00:00-04:00", "2026-09-06T12:00:00-03:00", [
            "2026-09-05 22:00 -04:00", "2026-09-05 22:30 -04:00", "2026-09-05 23:00 -04:00", "2026-09-05 23:30 -04:00",
        ]),
        // Santiago falls back from 24:00 to 23:00: the second 23:00 and 23:30 are not repeated.
        ("America/Santiago", "23:00-01:00", "2026-04-04T12:00:00-03:00", "2026-04-05T12:00:00-04:00", [
            "2026-04-04 23:00 -03:00", "2026-04-04 23:30 -03:00", "2026-04-05 00:00 -04:00", "2026-04-05 00:30 -04:00",
        ]),
        ("America/Havana", "00:00-02:00", "2026-03-07T12:00:00-05:00", "2026-03-08T12:00:00-04:00", [
            "2026-03-08 01:00 -04:00", "2026-03-08 01:30 -04:00",
        ]),
        // Havana falls back from 01:00 to 00:00: the hour after midnight shows twice.
        ("America/Havana", "23:30-01:30", "2026-10-31T12:00:00-04:00", "2026-11-01T12:00:00-05:00", [
            "2026-10-31 23:30 -04:00", "2026-11-01 00:00 -04:00", "2026-11-01 00:30 -04:00", "2026-11-01 01:00 -05:00",
        ]),
        ("Asia/Beirut", "00:00-02:00", "2026-03-28T12:00:00+02:00", "2026-03-29T12:00:00+03:00", [
            "2026-03-29 01:00 +03:00", "2026-03-29 01:30 +03:00",
        ]),
        ("Asia/Beirut", "23:00-01:00", "2026-10-24T12:00:00+03:00", "2026-10-25T12:00:00+02:00", [
            "2026-10-24 23:00 +03:00", "2026-10-24 23:30 +03:00", "2026-10-25 00:00 +02:00", "2026-10-25 00:30 +02:00",
        ]),
    ]

    @Test("window edges at midnight on days whose clocks change at midnight", arguments: midnightChangeCases)
    func midnightChange(zone: String, window: String, from: String, to: String, expected: [String]) {
        let bounds = window.split(separator: "-").map(String.init)
        let water = schedule(bounds[0], bounds[1], every: "30m")
        #expect(run(water, from: Fixture.at(from), to: Fixture.at(to), in: Fixture.zone(zone)) == expected)
    }

    @Test("a drink during the second pass of a repeated hour never repeats a reading of that water day")
    func drinkInRepeatedHour() {
        let zone = Fixture.berlin
        let water = schedule("00:00", "06:00", every: "30m")
        let planner = RequestPlanner()
        // The drink comes right at the change, 02:00 the second time.
        let drink = WaterIntake(instant: Fixture.at("2026-10-25T02:00:00+01:00"), amountML: 250)
        let end = Fixture.at("2026-10-25T06:00:00+01:00")
        var identifiers: [String] = []
        var now = Fixture.at("2026-10-24T23:59:00+02:00")
        var drank = false
        while let request = planner.request(for: water, after: now, intakes: drank ? [drink] : [], timeZone: zone, calendar: calendar),
              request.due < end {
            if !drank, drink.instant <= request.due {
                // The drink comes before this reminder: it is logged, and the reminder derived again.
                drank = true
                now = drink.instant
                continue
            }
            identifiers.append(request.identifier)
            now = request.due
        }
        #expect(drank)
        #expect(Set(identifiers).count == identifiers.count, "\(identifiers)")
        #expect(identifiers.filter { $0.hasSuffix("T02:30") }.count == 1)
        #expect(identifiers.contains("water/w-1/2026-10-25T03:00"))
    }

    @Test("a time-zone change recomputes the window without repeating a reminder already due")
    func timeZoneChange() {
        let water = schedule("09:00", "21:00", every: "1h")
        // 10:00 in Berlin is 09:00 in London: a grid point in both zones.
        let shown = Fixture.at("2026-06-01T10:00:00+02:00")
        #expect(water.nextReminder(after: shown - 1, intakes: [], timeZone: Fixture.berlin, calendar: calendar) == shown)
        let inLondon = water.nextReminder(after: shown, intakes: [], timeZone: Fixture.london, calendar: calendar)
        #expect(inLondon == Fixture.at("2026-06-01T10:00:00+01:00"))
        let inNewYork = water.nextReminder(after: shown, intakes: [], timeZone: Fixture.newYork, calendar: calendar)
        #expect(inNewYork == Fixture.at("2026-06-01T09:00:00-04:00"))
        let inKolkata = water.nextReminder(after: shown, intakes: [], timeZone: Fixture.kolkata, calendar: calendar)
        #expect(inKolkata == Fixture.at("2026-06-01T14:00:00+05:30"))
        // A reminder due but not yet shown when the zone changes is replaced, not joined by another.
        let late = shown + 2 * minute
        for zone in [Fixture.london, Fixture.newYork, Fixture.kolkata, Fixture.lordHowe] {
            let next = water.nextReminder(after: late, intakes: [], timeZone: zone, calendar: calendar)
            #expect(next.map { $0 > late } == true)
        }
    }

    @Test("Kolkata's half-hour offset changes nothing about the wall-clock grid")
    func kolkata() {
        let water = schedule("09:00", "12:00", every: "45m")
        #expect(run(water, from: Fixture.at("2026-03-29T00:00:00+05:30"), to: Fixture.at("2026-03-29T23:00:00+05:30"), in: Fixture.kolkata).map { String($0.dropFirst(11)) }
            == ["09:00 +05:30", "09:45 +05:30", "10:30 +05:30", "11:15 +05:30"])
    }

    /// Every reminder of random schedules over days with changes matches an independent
    /// enumeration of the grid, with each wall-clock reading of a water day at most once.
    @Test("random schedules across daylight saving days match the grid, once per reading")
    func randomSchedules() {
        var random = SeededGenerator(seed: 25)
        let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"].map(Fixture.zone)
        let days = ["2026-03-27T12:00:00Z", "2026-10-23T12:00:00Z", "2026-03-06T12:00:00Z", "2026-10-30T12:00:00Z", "2026-04-03T12:00:00Z", "2026-10-02T12:00:00Z"].map(Fixture.at)
        var failures: [String] = []
        for _ in 0..<150 {
            let zone = zones.randomElement(using: &random)!
            let start = days.randomElement(using: &random)! + Double(Int.random(in: 0..<86_400, using: &random))
            let from = WallClockTime(hour: Int.random(in: 0..<24, using: &random), minute: [0, 15, 30, 45].randomElement(using: &random)!)!
            let until = WallClockTime(hour: Int.random(in: 0..<24, using: &random), minute: [0, 15, 30, 45].randomElement(using: &random)!)!
            let interval = TimeSpan(seconds: [600, 900, 1200, 1800, 2700, 3600, 5400].randomElement(using: &random)!)!
            let water = WaterSchedule(id: "w", interval: interval, window: DailyWindow(from: from, until: until))
            let end = start + 4 * 86_400

            var actual: [Date] = []
            var now = start
            while let next = water.nextReminder(after: now, intakes: [], timeZone: zone, calendar: calendar), next < end {
                actual.append(next)
                now = next
            }

            var expected: [Date] = []
            var date = LocalDate(of: start, in: zone, calendar: calendar).adding(days: -1, calendar: calendar)
            for _ in 0..<7 {
                let day = water.window.occurrence(on: date, in: zone, calendar: calendar)
                var point = day.opens
                while point < day.closes {
                    if point > start, point < end, !Self.clockShowed(point, since: day.opens, in: zone) { expected.append(point) }
                    point = point + interval.timeInterval
                }
                date = date.adding(days: 1, calendar: calendar)
            }
            if actual != expected {
                failures.append("\(zone.identifier) \(water.window) every \(interval) from \(Fixture.wall(start, zone)): got \(actual.map { Fixture.wall($0, zone) }), expected \(expected.map { Fixture.wall($0, zone) })")
            }
        }
        let failureCount = failures.count
        #expect(failureCount == 0, "\(failures.prefix(2).joined(separator: "\n"))")
    }

    /// Whether the wall clock of `zone` showed the reading of `instant` (to the minute) at some
    /// earlier instant since `opening`: a brute-force scan, minute by minute, near offset changes.
    static func clockShowed(_ instant: Date, since opening: Date, in zone: TimeZone) -> Bool {
        guard zone.secondsFromGMT(for: instant - 3 * hour) != zone.secondsFromGMT(for: instant) else { return false }
        let calendar = Fixture.calendar(in: zone)
        func reading(_ date: Date) -> DateComponents { calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date) }
        let target = reading(instant)
        var probe = max(opening, instant - 3 * hour)
        while probe < instant {
            if reading(probe) == target { return true }
            probe = probe + minute
        }
        return false
    }
}
