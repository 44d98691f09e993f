import ChimeCore
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: fast schedule")
struct RunnerFastScheduleTests {
    @Test("the fast across the spring-forward night: fast schedule says the clocks change tonight before 02:00, and that they changed once they did")
    func clockChangeTense() throws {
        let harness = RunnerHarness(now: "2027-03-27T12:00:00+01:00")
        harness.succeed("fast", "schedule", "16:8", "daily 20:00")
        harness.set("2027-03-28T01:30:00+01:00")
        #expect(harness.succeed("fast", "schedule").contains("eating until 20:00; 15 h fast: the clocks change tonight\n"))
        harness.set("2027-03-28T05:00:00+02:00")
        #expect(harness.succeed("fast", "schedule").contains("eating until 20:00; 15 h fast: the clocks changed during it\n"))
        harness.set("2027-03-28T13:00:00+02:00")
        let eating = harness.succeed("fast", "schedule")
        #expect(eating.contains("Eating window: fs-"))
        #expect(eating.contains("eating until 20:00; 15 h fast: the clocks changed during it\n"))
    }

    @Test("a schedule set on Thursday whose first fast, on Saturday, spans the change: the clocks change during it, not tonight")
    func clockChangeDaysAhead() {
        let harness = RunnerHarness(now: "2027-03-25T10:00:00+01:00")
        let lines = harness.succeed("fast", "schedule", "16:8", "weekends 20:00").split(separator: "\n").map(String.init)
        #expect(lines[1].hasSuffix("; 15 h fast: the clocks change during it"))
    }

    @Test("fast schedule PLAN RULE sets it and makes the next fast; fast schedule shows it; off turns it off")
    func setShowOff() throws {
        // Saturday 2027-03-27 12:00 in Berlin, the day before the clocks go forward.
        let harness = RunnerHarness(now: "2027-03-27T12:00:00+01:00")
        let output = harness.succeed("fast", "schedule", "16:8", "daily 20:00")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("Fast schedule fs-"))
        #expect(lines[0].contains("16:8 at daily 20:00, both ends on the local clock"))
        #expect(lines[1].contains("starts 20:00, ends tomorrow 12:00"))
        #expect(lines[1].hasSuffix("; 15 h fast: the clocks change tonight"))
        #expect(harness.pending().map(\.request.kind).sorted { $0.rawValue < $1.rawValue } == [.fastEnd, .fastStart])
        #expect(harness.succeed("fast", "schedule").contains("; 15 h fast: the clocks change tonight\n"))

        let shown = harness.succeed("fast", "schedule")
        #expect(shown.contains("(FREQ=DAILY;BYSECOND=0;BYMINUTE=0;BYHOUR=20)"))
        #expect(shown.contains("Next fast: fs-"))
        let json = try #require(jsonObject(harness.succeed("fast", "schedule", "--json")))
        #expect(json["plan"] as? String == "16:8")
        #expect(json["time_zone"] as? String == "Europe/Berlin")
        let current = try #require(json["current"] as? [String: Any])
        #expect(current["phase"] as? String == "scheduled")
        #expect(current["fast_ends_at"] as? String == "2027-03-28T12:00:00+02:00")

        // fast status and status show the scheduled fast as the current one.
        let status = try #require(jsonObject(harness.succeed("fast", "status", "--json")))
        #expect(status["phase"] as? String == "scheduled")
        #expect((status["id"] as? String)?.hasSuffix(".20270327-2000") == true)

        let off = harness.succeed("fast", "schedule", "off")
        #expect(off.hasPrefix("Fast schedule fs-"))
        #expect(off.contains("turned off"))
        #expect(harness.pending().isEmpty)
        #expect(harness.succeed("fast", "schedule").hasPrefix("No fast schedule is set"))
    }

    @Test("one schedule at a time: a new one replaces the old and its fast not started yet")
    func replaces() {
        let harness = RunnerHarness(now: "2027-03-27T12:00:00+01:00")
        harness.succeed("fast", "schedule", "16:8", "daily 20:00")
        let line = harness.succeed("fast", "schedule", "18:6", "weekdays 19:00")
        #expect(line.contains("(replaced fs-"))
        // Monday 19:00 is the next weekday start.
        #expect(line.contains("starts Mon 19:00"))
        #expect(Set(harness.pending().map(\.request.group)).count == 1)
    }

    @Test("bad input changes nothing", arguments: [
        (["fast", "schedule", "36h", "daily 20:00"], ExitCode.dataError, "fasts cannot overlap"),
        (["fast", "schedule", "16:8"], ExitCode.usage, "needs a rule"),
        (["fast", "schedule", "16:8", "dayly 20:00"], ExitCode.dataError, "\"dayly\""),
        (["fast", "schedule", "off", "daily 20:00"], ExitCode.usage, "takes no rule"),
        (["fast", "schedule", "16:8", "every 90m 09:00-17:00 weekdays"], ExitCode.dataError, "every 90m 09:00-17:00 weekdays\" would still run when the next one starts"),
    ])
    func refused(arguments: [String], code: ExitCode, fragment: String) {
        let harness = RunnerHarness(now: "2027-03-27T12:00:00+01:00")
        harness.succeed("fast", "schedule", "16:8", "daily 20:00")
        let before = harness.dump()
        let result = harness.run(arguments)
        #expect(result.exitCode == code)
        #expect(result.errors.contains(fragment))
        #expect(harness.dump() == before)
    }

    @Test("a fast started by hand on a scheduled day takes that day's place, not the schedule's")
    func manualReplacesDay() throws {
        let harness = RunnerHarness(now: "2027-03-29T15:00:00+02:00")
        harness.succeed("fast", "schedule", "16:8", "daily 20:00")
        let output = harness.succeed("fast", "start", "16:8", "--id", "mine")
        #expect(output.contains("takes the place of scheduled fast fs-"))
        #expect(output.contains("Next scheduled fast: fs-"))
        #expect(output.contains("at tomorrow 20:00"))
        let groups = Set(harness.pending().map(\.request.group))
        #expect(groups.contains("mine"))
        #expect(groups.contains { $0.hasSuffix(".20270330-2000") })
        #expect(!groups.contains { $0.hasSuffix(".20270329-2000") })
        #expect(harness.succeed("fast", "schedule").contains("16:8 at daily 20:00"))
        // The fast by hand is the current one; the schedule's next does not make two.
        let status = try #require(jsonObject(harness.succeed("fast", "status", "--json")))
        #expect(status["id"] as? String == "mine")
        #expect(harness.succeed("fast", "stop").hasPrefix("Fast mine "))
    }

    @Test("status and the waybar format show the scheduled fast: next, running, then in its eating window, with no chimed deriving anything")
    func statusAndWaybar() throws {
        let harness = RunnerHarness(now: "2027-03-27T12:00:00+01:00")
        harness.succeed("fast", "schedule", "16:8", "daily 20:00")
        #expect(harness.succeed("status").contains("20:00"))
        let waiting = try #require(jsonObject(harness.succeed("status", "--format", "waybar")))
        #expect(waiting["class"] as? String == "scheduled")
        harness.set("2027-03-27T21:00:00+01:00")
        let fasting = try #require(jsonObject(harness.succeed("status", "--format", "waybar")))
        #expect(fasting["class"] as? String == "fasting")
        // No chimed ran: the next fast is the rule's all the same.
        harness.set("2027-03-28T13:00:00+02:00")
        let schedule = try #require(try harness.store().fastSchedule())
        #expect(harness.succeed("fast", "schedule").contains("\(schedule.id).20270327-2000"))
        let eating = try #require(jsonObject(harness.succeed("fast", "status", "--json")))
        #expect(eating["phase"] as? String == "eating")
        #expect((eating["id"] as? String)?.hasSuffix(".20270327-2000") == true)
        let bar = try #require(jsonObject(harness.succeed("status", "--format", "waybar")))
        #expect(bar["class"] as? String == "eating")
    }

    @Test("fast start --repeat with a 24 h plan makes a daily schedule at its start time; other plans repeat in real time")
    func repeatMakesSchedule() throws {
        let harness = RunnerHarness(now: "2027-03-27T20:00:00+01:00")
        let line = harness.succeed("fast", "start", "16:8", "--repeat", "--id", "daily")
        #expect(line.contains("it repeats daily 20:00 on the local clock as fast schedule fs-"))
        #expect(line.contains("ends tomorrow 12:00"))
        let status = try #require(jsonObject(harness.succeed("fast", "status", "--json")))
        #expect(status["id"] as? String == "daily")
        #expect(status["phase"] as? String == "fasting")
        #expect(harness.succeed("fast", "schedule").contains("Fasting: daily from 20:00 to tomorrow 12:00"))

        let other = RunnerHarness(now: "2027-03-27T20:00:00+01:00")
        let rolling = other.succeed("fast", "start", "20:5", "--repeat")
        #expect(rolling.contains("repeating"))
        #expect(other.succeed("fast", "schedule").hasPrefix("No fast schedule is set"))
    }

    @Test("cancelling a scheduled fast's end does not stop it or the schedule: the fast runs without it, the next one comes")
    func cancelEnd() {
        let harness = RunnerHarness(now: "2027-03-27T12:00:00+01:00")
        harness.succeed("fast", "schedule", "16:8", "daily 20:00")
        let end = harness.pending().first { $0.request.kind == .fastEnd }!.request.identifier
        #expect(harness.succeed("cancel", end).contains("keeps running without its end notification"))
        #expect(!harness.pending().contains { $0.request.identifier == end })
        #expect(harness.pending().contains { $0.request.group.hasSuffix(".20270327-2000") && $0.request.kind == .fastStart })
        // Once it started (any write derives again), the next one is there; its end never comes back.
        harness.set("2027-03-27T21:00:00+01:00")
        harness.succeed("water", "drink")
        #expect(harness.pending().contains { $0.request.group.hasSuffix(".20270328-2000") && $0.request.kind == .fastStart })
        #expect(!harness.pending().contains { $0.request.identifier == end })
    }

    @Test("cancel of a scheduled fast's id before it starts skips it, and the line says so only: it does not say the fast keeps running")
    func cancelGroupSkips() {
        let harness = RunnerHarness(now: "2027-03-27T12:00:00+01:00")
        harness.succeed("fast", "schedule", "16:8", "daily 20:00")
        let group = harness.pending().first { $0.request.kind == .fastStart }!.request.group
        let line = harness.succeed("cancel", group)
        #expect(line.contains("scheduled fast \(group) skipped; the schedule goes on"))
        #expect(!line.contains("keeps running"))
        #expect(!harness.pending().contains { $0.request.group == group })
    }

    @Test("fast delete of a scheduled fast not started yet skips it as fast stop does, and says so: never \"removed from the history\" of a fast never in it")
    func deleteBeforeStartSkips() {
        let harness = RunnerHarness(now: "2027-03-27T12:00:00+01:00")
        harness.succeed("fast", "schedule", "16:8", "daily 20:00")
        let group = harness.pending().first { $0.request.kind == .fastStart }!.request.group
        let lines = harness.succeed("fast", "delete", group).split(separator: "\n").map(String.init)
        #expect(lines.first == "Scheduled fast \(group) (due 20:00) skipped; the schedule goes on")
        #expect(lines.dropFirst().first?.hasPrefix("Next scheduled fast: ") == true)
        #expect(lines.dropFirst().first?.hasSuffix(".20270328-2000 at tomorrow 20:00") == true)
        #expect(!harness.pending().contains { $0.request.group == group })
    }

    @Test("fast start --repeat with a 24 h plan replaces a schedule only with --replace; a fast repeating in real time blocks a schedule")
    func repeatAndScheduleConflicts() throws {
        let harness = RunnerHarness(now: "2027-03-27T12:00:00+01:00")
        harness.succeed("fast", "schedule", "16:8", "daily 20:00")
        let before = harness.dump()
        let refused = harness.run("fast", "start", "18:6", "--repeat")
        #expect(refused.exitCode == .dataError)
        #expect(refused.errors.contains("there is one at a time"))
        #expect(harness.dump() == before)
        let replaced = harness.succeed("fast", "start", "18:6", "--repeat", "--replace", "--id", "new")
        #expect(replaced.contains("it repeats daily 12:00 on the local clock"))
        #expect(harness.succeed("fast", "schedule").contains("18:6 at daily 12:00"))
        // The new schedule's first fast, and its next one, derived from its rule.
        let newSchedule = try #require(try harness.store().fastSchedule())
        #expect(Set(harness.pending().map(\.request.group)) == ["new", "\(newSchedule.id).20270328-1200"])

        let rolling = RunnerHarness(now: "2027-03-27T12:00:00+01:00")
        rolling.succeed("fast", "start", "20:5", "--repeat")
        let blocked = rolling.run("fast", "schedule", "16:8", "daily 20:00")
        #expect(blocked.exitCode == .dataError)
        #expect(blocked.errors.contains("repeats in real time"))
    }

    @Test("stopping a scheduled fast skips it: the schedule's next one is made")
    func stopSkips() {
        let harness = RunnerHarness(now: "2027-03-27T21:00:00+01:00")
        harness.succeed("fast", "start", "16:8", "--repeat", "--id", "daily", "--ago", "1h")
        let output = harness.succeed("fast", "stop")
        #expect(output.contains("Next scheduled fast: fs-"))
        #expect(output.contains(".20270328-2000 at tomorrow 20:00"))
    }
}
