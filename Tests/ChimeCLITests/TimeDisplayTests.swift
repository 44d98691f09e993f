import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite struct TimeDisplayTests {
    /// Wednesday 2026-06-10, 18:30 in Berlin.
    let display = Fixture.display("2026-06-10T18:30:00+02:00")

    @Test(arguments: [
        ("2026-06-10T20:00:00+02:00", "20:00"),
        ("2026-06-10T00:00:00+02:00", "00:00"),
        ("2026-06-11T12:00:00+02:00", "tomorrow 12:00"),
        ("2026-06-09T08:00:00+02:00", "yesterday 08:00"),
        ("2026-06-12T12:00:00+02:00", "Fri 12:00"),
        ("2026-06-16T07:05:00+02:00", "Tue 07:05"),
        ("2026-06-17T12:00:00+02:00", "Jun 17 12:00"),
        ("2026-06-05T12:00:00+02:00", "Jun 5 12:00"),
        ("2027-01-02T12:00:00+01:00", "2027-01-02 12:00"),
        ("2026-06-10T22:30:00Z", "tomorrow 00:30"),
    ])
    func clock(_ instant: String, _ expected: String) {
        #expect(display.clock(Fixture.at(instant)) == expected)
    }

    @Test func sameInstantReadsInTheGivenZone() {
        let instant = Fixture.at("2026-06-11T02:00:00Z")
        #expect(display.clock(instant) == "tomorrow 04:00")
        #expect(TimeDisplay(now: display.now, timeZone: Fixture.newYork).clock(instant) == "22:00")
        #expect(TimeDisplay(now: display.now, timeZone: Fixture.kolkata).clock(instant) == "tomorrow 07:30")
    }

    @Test func tomorrowAcrossTheSpringForwardNight() {
        let saturday = Fixture.display("2026-03-28T13:00:00+01:00")
        #expect(saturday.clock(Fixture.at("2026-03-29T12:00:00+02:00")) == "tomorrow 12:00")
        #expect(saturday.clock(Fixture.at("2026-03-29T01:00:00Z")) == "tomorrow 03:00")
        #expect(saturday.clock(Fixture.at("2026-03-29T00:59:00Z")) == "tomorrow 01:59")
        #expect(saturday.relative(Fixture.at("2026-03-29T12:00:00+02:00")) == "in 22 h")
    }

    @Test func theRepeatedAutumnHourShowsItsWallClock() {
        let night = Fixture.display("2026-10-25T00:10:00+02:00")
        #expect(night.clock(Fixture.at("2026-10-25T02:30:00+02:00")) == "02:30")
        #expect(night.clock(Fixture.at("2026-10-25T02:30:00+01:00")) == "02:30")
        #expect(night.relative(Fixture.at("2026-10-25T02:30:00+01:00")) == "in 3 h 20 min")
    }

    @Test(arguments: [
        (3 * 3600 + 12 * 60, "in 3 h 12 min"),
        (-5 * 60, "5 min ago"),
        (0, "now"),
        (0.4, "now"),
        (45, "in 45 s"),
        (-1, "1 s ago"),
        (2 * 86_400 + 3 * 3600 + 59, "in 2 d 3 h"),
    ] as [(Double, String)])
    func relative(_ seconds: Double, _ expected: String) {
        #expect(display.relative(display.now.addingTimeInterval(seconds)) == expected)
    }

    @Test func clockAndRelative() {
        #expect(display.clockAndRelative(Fixture.at("2026-06-11T12:00:00+02:00")) == "tomorrow 12:00 (in 17 h 30 min)")
    }

    @Test(arguments: [
        (0, "0 s"), (59, "59 s"), (59.6, "1 min"), (60, "1 min"), (90, "1 min 30 s"), (3600, "1 h"),
        (5400, "1 h 30 min"), (57_600, "16 h"), (3 * 3600 + 12 * 60 + 59, "3 h 12 min"),
        (86_400 + 3 * 3600 + 5 * 60, "1 d 3 h"), (86_400 + 5 * 60, "1 d"), (-90, "1 min 30 s"), (36 * 3600, "1 d 12 h"),
    ] as [(Double, String)])
    func duration(_ seconds: Double, _ expected: String) {
        #expect(TimeDisplay.duration(seconds) == expected)
    }

    @Test func dayLabelsAndDayCounts() {
        #expect(display.dayLabel(LocalDate(year: 2026, month: 6, day: 10)) == "Wed Jun 10")
        #expect(display.dayLabel(LocalDate(year: 2026, month: 6, day: 5)) == "Fri Jun  5")
        #expect(display.days(from: LocalDate(year: 2026, month: 3, day: 28), to: LocalDate(year: 2026, month: 3, day: 30)) == 2)
        #expect(display.days(from: LocalDate(year: 2026, month: 12, day: 31), to: LocalDate(year: 2026, month: 1, day: 1)) == -364)
    }

    @Test func startOfDayOnAChangeDay() {
        let berlin = Fixture.display("2026-03-29T12:00:00+02:00")
        let start = berlin.startOfDay(berlin.today)
        let next = berlin.startOfDay(berlin.today.adding(days: 1, calendar: Fixture.calendar))
        #expect(start == Fixture.at("2026-03-29T00:00:00+01:00"))
        #expect(next.timeIntervalSince(start) == 23 * 3600)
    }
}

@Suite struct TerminalStyleTests {
    @Test(arguments: [
        ([:], true, true),
        ([:], false, false),
        (["NO_COLOR": "1"], true, false),
        (["NO_COLOR": ""], true, true),
        (["TERM": "dumb"], true, false),
        (["TERM": "xterm-256color"], true, true),
    ] as [([String: String], Bool, Bool)])
    func colourOnlyOnATerminalWithoutNoColor(_ environment: [String: String], _ isTerminal: Bool, _ expected: Bool) {
        #expect(TerminalStyle(environment: environment, isTerminal: isTerminal).usesColor == expected)
    }

    @Test func paint() {
        #expect(TerminalStyle(usesColor: true).paint("ok", .green) == "\u{1B}[32mok\u{1B}[0m")
        #expect(TerminalStyle.plain.paint("ok", .green) == "ok")
        #expect(TerminalStyle(usesColor: true).paint("", .green) == "")
    }
}

@Suite struct ProgressBarTests {
    @Test(arguments: [
        (0.0, "", "░░░░░░░░░░"),
        (0.5, "█████", "░░░░░"),
        (1.0, "██████████", ""),
        (0.55, "█████▌", "░░░░"),
        (0.01, "", "░░░░░░░░░░"),
        (0.0125, "▏", "░░░░░░░░░"),
        (1.7, "██████████", ""),
        (-3, "", "░░░░░░░░░░"),
        (Double.nan, "", "░░░░░░░░░░"),
    ])
    func cells(_ fraction: Double, _ filled: String, _ empty: String) {
        let bar = ProgressBar.cells(fraction: fraction, width: 10)
        #expect(bar.filled == filled)
        #expect(bar.empty == empty)
    }

    @Test func renderPlainAndColoured() {
        #expect(ProgressBar.render(fraction: 0.5, width: 10, style: .plain) == "█████░░░░░  50%")
        #expect(ProgressBar.render(fraction: 1, width: 4, style: .plain) == "████ 100%")
        let coloured = ProgressBar.render(fraction: 0.5, width: 10, color: .yellow, style: TerminalStyle(usesColor: true))
        #expect(coloured == "\u{1B}[33m█████\u{1B}[0m\u{1B}[2m░░░░░\u{1B}[0m  50%")
    }
}

@Suite struct FollowScheduleTests {
    let now = Fixture.at("2026-06-10T18:30:00Z")

    private func next(_ secondsToChange: Double?) -> Double {
        FollowSchedule.nextPrint(after: now, nextChange: secondsToChange.map { now.addingTimeInterval($0) }).timeIntervalSince(now)
    }

    @Test func everyQuarterHourWithoutAChangeAhead() {
        #expect(next(nil) == 900)
        #expect(next(-60) == 900)
    }

    @Test(arguments: [
        (600.0, 60.0),    // ten minutes before: next whole minute before the change
        (590, 50),        // aligned to change - k minutes
        (60, 60),
        (30, 30),         // never past the change
        (1800, 60),       // at the edge of the fine window
        (0.5, 0.5),
    ])
    func everyMinuteInTheLastHalfHour(_ untilChange: Double, _ expected: Double) {
        #expect(next(untilChange) == expected)
    }

    @Test(arguments: [
        (7200.0, 900.0),  // two hours out: a quarter hour
        (1860, 60),       // 31 min out: the print that opens the fine window
        (2700, 900),      // 45 min out: exactly at the window's opening
        (2710, 10),       // aligned to change - 30 min - k quarter hours
        (86_400, 900),
    ])
    func everyQuarterHourFartherOut(_ untilChange: Double, _ expected: Double) {
        #expect(next(untilChange) == expected)
    }

    @Test func walkingTheScheduleHitsTheChangeAndNeverSkipsTheWindow() {
        let change = now.addingTimeInterval(3 * 3600 + 7)
        var instant = now
        var prints: [Date] = []
        while instant < change {
            instant = FollowSchedule.nextPrint(after: instant, nextChange: change)
            prints.append(instant)
        }
        #expect(prints.last == change)
        let gaps = zip(prints.dropFirst(), prints).map { $0.timeIntervalSince($1) }
        let fine = prints.filter { change.timeIntervalSince($0) < 1800 }
        #expect(fine.count == 30)
        #expect(gaps.allSatisfy { $0 <= 900 && $0 > 0 })
        // Quarter hours from 3 h to 30 min before the change (11), then each of the last 30 minutes.
        #expect(prints.count == 11 + 30)
    }
}
