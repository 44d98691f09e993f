import ChimeCore
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: water")
struct RunnerWaterTests {
    @Test("water every creates one schedule and its next reminder; again it updates the same schedule")
    func every() throws {
        let harness = RunnerHarness()
        let output = harness.succeed("water", "every", "1h", "--goal", "2000")
        let schedule = try #require(try harness.store().waterSchedules().first)
        #expect(schedule.id.wholeMatch(of: /w-[2-9a-km-z]{3}/) != nil)
        #expect(output == "Water \(schedule.id): every 1 h, 09:00-21:00, 250 ml a glass, goal 2000 ml; next reminder 09:00 (in 1 h)\n")
        #expect(harness.pending().map(\.request.identifier) == ["water/\(schedule.id)/2026-03-10T09:00"])

        let updated = harness.succeed("water", "every", "45m", "--from", "08:30", "--amount", "300")
        #expect(updated == "Water \(schedule.id): every 45 min, 08:30-21:00, 300 ml a glass, goal 2000 ml; next reminder 08:30 (in 30 min)\n")
        let schedules = try harness.store().waterSchedules()
        #expect(schedules.map(\.id) == [schedule.id])
        #expect(schedules.first?.goalML == 2000)
        #expect(harness.pending().map(\.request.identifier) == ["water/\(schedule.id)/2026-03-10T08:30"])
    }

    @Test("a new schedule takes water.amount and water.goal; one with another id is refused while it is on")
    func settingsAndOneScheduleAtATime() throws {
        let harness = RunnerHarness()
        harness.succeed("config", "set", "water.amount", "330")
        harness.succeed("config", "set", "water.goal", "1500")
        #expect(harness.succeed("water", "every", "2h", "--id", "w-one").hasPrefix("Water w-one: every 2 h, 09:00-21:00, 330 ml a glass, goal 1500 ml;"))
        let before = harness.dump()
        let nudges = harness.daemon.nudges
        let result = harness.run("water", "every", "30m", "--id", "w-two")
        #expect(result.exitCode == .dataError)
        #expect(result.errors == "chime: water schedule w-one is already on (there is one at a time): change it with \"chime water every 30m\" without --id, or turn it off first with \"chime water off\"\n")
        #expect(result.output == "")
        #expect(harness.dump() == before)
        #expect(harness.daemon.nudges == nudges)

        // Its own id, or none, changes it.
        #expect(harness.succeed("water", "every", "3h", "--id", "w-one").hasPrefix("Water w-one: every 3 h,"))
        #expect(harness.succeed("water", "every", "30m").hasPrefix("Water w-one: every 30 min,"))
        #expect(try harness.store().waterSchedules().map(\.id) == ["w-one"])
        #expect(Set(harness.pending().map(\.request.group)) == ["w-one"])

        // Once it is off, another id starts a new one.
        harness.succeed("water", "off")
        #expect(harness.succeed("water", "every", "1h", "--id", "w-two").hasPrefix("Water w-two: every 1 h,"))
        #expect(try harness.store().waterSchedules().map(\.id) == ["w-two"])
    }

    @Test("water drink logs the glass and pushes the next reminder an interval after it")
    func drink() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:20:00+01:00")
        harness.succeed("water", "every", "1h", "--goal", "500", "--id", "w-abc")
        #expect(harness.succeed("water", "drink") == "Logged 250 ml: 250 of 500 ml today; next reminder 11:20 (in 1 h)\n")
        #expect(harness.pending().map(\.request.due) == [Fixture.at("2026-03-10T11:20:00+01:00")])
        harness.advance(600)
        #expect(harness.succeed("water", "drink", "300") == "Logged 300 ml: 550 of 500 ml today, goal reached; next reminder tomorrow 09:00 (in 22 h 30 min)\n")
        let intakes = try harness.store().intakes(since: .distantPast)
        #expect(intakes.map(\.intake.amountML) == [250, 300])
        #expect(intakes.map(\.scheduleID) == ["w-abc", "w-abc"])
    }

    @Test("water drink without a schedule logs the glass against the day")
    func drinkWithoutSchedule() throws {
        let harness = RunnerHarness()
        #expect(harness.succeed("water", "drink", "500") == "Logged 500 ml: 500 ml today\n")
        #expect(harness.succeed("water", "drink") == "Logged 250 ml: 750 ml today\n")
        #expect(harness.pending().isEmpty)
        #expect(harness.succeed("water", "status").hasPrefix("No water reminders (today 750 ml)."))
    }

    @Test("water pause and resume move the next reminder; off removes the schedule")
    func pauseResumeOff() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        harness.succeed("water", "every", "1h", "--id", "w-abc")
        #expect(harness.succeed("water", "pause", "2h30m") == "Water reminders paused until 12:30 (in 2 h 30 min)\n")
        #expect(try harness.store().waterSchedule(id: "w-abc")?.pausedUntil == Fixture.at("2026-03-10T12:30:00+01:00"))
        #expect(harness.pending().map(\.request.due) == [Fixture.at("2026-03-10T13:00:00+01:00")])
        #expect(harness.succeed("water", "status").contains("paused until 12:30 (in 2 h 30 min)"))

        #expect(harness.succeed("water", "resume") == "Water reminders resumed; next reminder 11:00 (in 1 h)\n")
        #expect(try harness.store().waterSchedule(id: "w-abc")?.pausedUntil == nil)

        #expect(harness.succeed("water", "off") == "Water reminders w-abc turned off\n")
        #expect(try harness.store().waterSchedules().isEmpty)
        #expect(harness.pending().isEmpty)
        #expect(harness.succeed("water", "off") == "Water reminders are already off\n")
        for arguments in [["water", "pause", "1h"], ["water", "resume"]] {
            let result = harness.run(arguments)
            #expect(result.exitCode == .dataError)
            #expect(result.errors.hasPrefix("chime: there are no water reminders to "))
        }
    }

    @Test("water resume without a pause in effect says so and writes nothing")
    func resumeWithoutPause() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        harness.succeed("water", "every", "1h", "--id", "w-abc")
        let nudges = harness.daemon.nudges
        let before = harness.dump()
        let sequence = try harness.store().currentSequence()
        let result = harness.run("water", "resume")
        #expect(result.exitCode == .success)
        #expect(result.output == "Water reminders are not paused; nothing changed\n")
        #expect(result.errors == "")
        #expect(harness.dump() == before)
        #expect(try harness.store().currentSequence() == sequence)
        #expect(harness.daemon.nudges == nudges)

        // A pause that has run out is no pause either.
        harness.succeed("water", "pause", "30m")
        harness.advance(3600)
        let expired = harness.dump()
        #expect(harness.succeed("water", "resume") == "Water reminders are not paused; nothing changed\n")
        #expect(harness.dump() == expired)
    }

    @Test("water status --json has the documented shape")
    func statusJSON() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:20:00+01:00")
        let empty = try #require(jsonObject(harness.succeed("water", "status", "--json")))
        #expect(empty["id"] is NSNull)
        #expect(empty["consumed_ml"] as? Int == 0)

        harness.succeed("water", "every", "1h", "--goal", "2000", "--id", "w-abc")
        harness.succeed("water", "drink")
        let json = harness.succeed("water", "status", "--json")
        #expect(orderedKeys(ofObject: json) == ["id", "interval_seconds", "from", "until", "amount_ml", "goal_ml", "consumed_ml", "paused_until", "next_reminder", "unit"])
        let object = try #require(jsonObject(json))
        #expect(object["id"] as? String == "w-abc")
        #expect(object["interval_seconds"] as? Int == 3600)
        #expect(object["from"] as? String == "09:00")
        #expect(object["until"] as? String == "21:00")
        #expect(object["amount_ml"] as? Int == 250)
        #expect(object["goal_ml"] as? Int == 2000)
        #expect(object["consumed_ml"] as? Int == 250)
        #expect(object["paused_until"] is NSNull)
        #expect(object["next_reminder"] as? String == "2026-03-10T11:20:00+01:00")

        let text = harness.succeed("water", "status")
        #expect(text == "Water w-abc: every 1 h, 09:00-21:00, 250 ml a glass\n  today 250 of 2000 ml  ██▌░░░░░░░░░░░░░░░░░  12%\n  next reminder 11:20 (in 1 h)\n")
    }
}

@Suite("runner: one water day")
struct RunnerWaterDayTests {
    @Test("every glass of the water day counts: under an earlier schedule, without one, before --from")
    func everyGlassCounts() throws {
        let harness = RunnerHarness(now: "2026-03-10T06:50:00+01:00")
        harness.succeed("water", "drink", "500")
        harness.succeed("water", "every", "1h", "--from", "07:00", "--goal", "2000")
        #expect(harness.succeed("water", "status").contains("today 500 of 2000 ml"))
        harness.set("2026-03-10T06:56:00+01:00")
        #expect(harness.succeed("water", "drink", "1500").hasPrefix("Logged 1500 ml: 2000 of 2000 ml today, goal reached"))
        // The goal is met before the window opens: nothing more today, the next reminder is tomorrow's.
        #expect(harness.pending().map(\.request.due) == [Fixture.at("2026-03-11T07:00:00+01:00")])
        harness.succeed("water", "off")
        #expect(harness.succeed("water", "status").hasPrefix("No water reminders (today 2000 ml)."))
        harness.succeed("water", "every", "1h", "--from", "08:00", "--goal", "2000")
        #expect(harness.succeed("water", "status").contains("today 2000 of 2000 ml"), "a new schedule sees the same day")
        harness.succeed("water", "every", "1h", "--from", "07:30")
        #expect(harness.succeed("water", "status").contains("today 2000 of 2000 ml"), "moving --from changes nothing")
        #expect(harness.pending().map(\.request.due) == [Fixture.at("2026-03-11T07:30:00+01:00")])
        harness.set("2026-03-11T00:00:00+01:00")
        #expect(harness.succeed("water", "status").contains("today 0 of 2000 ml"), "a new water day at midnight")
    }

    @Test("the bubble of the next reminder counts the glasses drunk so far that water day")
    func bubbleCounts() throws {
        let harness = RunnerHarness(now: "2026-03-10T06:00:00+01:00")
        harness.succeed("water", "drink", "300")
        harness.succeed("water", "every", "1h", "--from", "07:00", "--goal", "2000")
        let next = try #require(harness.pending().first)
        #expect(next.request.content.arguments[ContentArgument.consumed] == "300")
    }

    @Test("snoozing a water reminder moves the schedule's next reminder: none comes at the old time")
    func snoozeMovesTheNext() throws {
        let harness = RunnerHarness(now: "2026-03-10T09:00:00+01:00")
        harness.succeed("water", "every", "10m", "--from", "09:00", "--id", "w-abc")
        let first = try #require(harness.pending().first)
        #expect(first.request.due == Fixture.at("2026-03-10T09:10:00+01:00"))
        harness.set("2026-03-10T09:05:00+01:00")
        harness.succeed("snooze", "w-abc", "30m")
        // The 09:10 reminder comes at 09:40; the next keeps an interval from it.
        #expect(harness.pending().map(\.request.identifier) == ["water/w-abc/2026-03-10T09:10", "water/w-abc/2026-03-10T09:50"])
        #expect(harness.pending().map(\.request.due) == [Fixture.at("2026-03-10T09:40:00+01:00"), Fixture.at("2026-03-10T09:50:00+01:00")])
    }
}
