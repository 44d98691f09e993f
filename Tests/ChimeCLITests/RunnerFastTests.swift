import ChimeCore
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: fast")
struct RunnerFastTests {
    @Test("fast start defaults to 16:8 now, prints one line, saves the session and nudges the daemon")
    func startDefaults() throws {
        let harness = RunnerHarness()
        let result = harness.run("fast", "start")
        #expect(result.exitCode == .success)
        #expect(result.errors == "")
        let sessions = try harness.store().sessions()
        let session = try #require(sessions.first)
        #expect(sessions.count == 1)
        #expect(session.id.wholeMatch(of: /f-[2-9a-km-z]{3}/) != nil)
        #expect(session.plan == .standard)
        #expect(session.start == harness.now)
        #expect(session.mode == .single)
        #expect(result.output == "Fast \(session.id) started 08:00, ends tomorrow 00:00 (16:8)\n")
        #expect(harness.pending().map(\.request.identifier) == ["fast/\(session.id)/end"])
        #expect(harness.daemon.nudges == [try harness.store().currentSequence()])
    }

    @Test("fast start takes the plan and nudges from the settings when not given")
    func startUsesSettings() throws {
        let harness = RunnerHarness()
        harness.succeed("config", "set", "fast.plan", "18:6")
        harness.succeed("config", "set", "fast.remind_before", "1h,15m")
        let output = harness.succeed("fast", "start", "--id", "f-abc")
        #expect(output == "Fast f-abc started 08:00, ends tomorrow 02:00 (18:6)\n")
        #expect(Set(harness.pending().map(\.request.identifier)) == ["fast/f-abc/end", "fast/f-abc/before-1h", "fast/f-abc/before-15m"])
        // The options win over the settings.
        harness.succeed("fast", "start", "20:4", "--remind-before", "30m", "--replace", "--id", "f-def")
        #expect(Set(harness.pending().map(\.request.identifier)) == ["fast/f-def/end", "fast/f-def/before-30m"])
    }

    @Test("fast start --at, --ago, --repeat and --tag")
    func startOptions() throws {
        let harness = RunnerHarness()
        #expect(harness.succeed("fast", "start", "--at", "20:00", "--id", "f-eve") == "Fast f-eve starts 20:00, ends tomorrow 12:00 (16:8)\n")
        #expect(harness.pending().map(\.request.identifier) == ["fast/f-eve/start", "fast/f-eve/end"])
        harness.succeed("fast", "stop")

        let output = harness.succeed("fast", "start", "18:6", "--ago", "2h", "--repeat", "--tag", "weekday", "--id", "f-rep")
        // 18:6 adds up to a day: it repeats on the local clock, as a fast schedule.
        #expect(output.hasPrefix("Fast f-rep started 06:00, ends tomorrow 00:00 (18:6, tag \"weekday\"); it repeats daily 06:00 on the local clock as fast schedule fs-"))
        let session = try #require(try harness.store().session(id: "f-rep"))
        #expect(session.mode == .single)
        #expect(session.scheduleID != nil)
        #expect(session.tag == "weekday")
        // Its end, and the schedule's next fast, derived from its rule.
        let schedule = try #require(session.scheduleID)
        #expect(harness.pending().map(\.request.identifier) == ["fast/f-rep/end", "fast/\(schedule).20260311-0600/start", "fast/\(schedule).20260311-0600/end"])
    }

    @Test("a second fast start is refused and changes nothing; --replace ends the running fast")
    func startConflict() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "--id", "f-one")
        let before = harness.dump()
        harness.advance(600)
        let refused = harness.run("fast", "start", "--id", "f-two")
        #expect(refused.exitCode == .dataError)
        #expect(refused.errors == "chime: fast f-one is already running: stop it with 'chime fast stop' or start with --replace\n")
        #expect(refused.output == "")
        #expect(harness.dump() == before)

        let replaced = harness.succeed("fast", "start", "--id", "f-two", "--replace")
        #expect(replaced == "Fast f-two started 08:10, ends tomorrow 00:10 (16:8); ended fast f-one\n")
        #expect(try harness.store().session(id: "f-one")?.stoppedAt == harness.now)
        #expect(harness.pending().map(\.request.group) == ["f-two"])
    }

    @Test("reusing the id of a fast that is over is refused without --replace")
    func startReusedID() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "1h", "--id", "f-old")
        harness.advance(7200)
        let refused = harness.run("fast", "start", "--id", "f-old")
        #expect(refused.exitCode == .dataError)
        #expect(refused.errors.hasPrefix("chime: there already was a fast with id \"f-old\""))
        harness.succeed("fast", "start", "--id", "f-old", "--replace")
        #expect(try harness.store().session(id: "f-old")?.start == harness.now)
    }

    @Test("fast stop stops the running fast, cancels its notifications, and fails when none runs")
    func stop() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "--id", "f-abc")
        harness.advance(2 * 3600)
        #expect(harness.succeed("fast", "stop") == "Fast f-abc stopped after 2 h, 14 h short of 16 h (16:8)\n")
        #expect(harness.pending().isEmpty)
        #expect(try harness.store().session(id: "f-abc")?.stoppedAt == harness.now)

        let again = harness.run("fast", "stop")
        #expect(again.exitCode == .dataError)
        #expect(again.errors == "chime: no fast is running: start one with \"chime fast start\"\n")
        let unknown = harness.run("fast", "stop", "--id", "f-zzz")
        #expect(unknown.exitCode == .dataError)
        #expect(unknown.errors.hasPrefix("chime: no fast has the id \"f-zzz\""))
        let ended = harness.run("fast", "stop", "--id", "f-abc")
        #expect(ended.exitCode == .dataError)
        #expect(ended.errors == "chime: fast f-abc has already ended\n")
    }

    @Test("without --id, several running fasts are refused by stop, extend and status")
    func severalRunning() throws {
        let harness = RunnerHarness()
        // The command line never leaves two fasts running; an older chime or a script might.
        var plan = ChangePlan()
        plan.sessions = [
            FastingSession(id: "f-aaa", plan: .standard, start: harness.now),
            FastingSession(id: "f-bbb", plan: .standard, start: harness.now),
        ]
        try harness.store().apply(plan, now: harness.now)
        for arguments in [["fast", "stop"], ["fast", "extend", "1h"], ["fast", "status"]] {
            let result = harness.run(arguments)
            #expect(result.exitCode == .dataError)
            #expect(result.errors == "chime: 2 fasts are running (f-aaa, f-bbb): choose one with --id\n")
        }
        harness.succeed("fast", "stop", "--id", "f-bbb")
        #expect(try harness.store().sessions(notEndedAt: harness.now).map(\.id) == ["f-aaa"])
    }

    @Test("fast extend moves the end and its notification")
    func extend() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "--id", "f-abc")
        harness.advance(3600)
        #expect(harness.succeed("fast", "extend", "1h30m") == "Fast f-abc extended by 1 h 30 min, now ends tomorrow 01:30 (in 16 h 30 min)\n")
        let end = try #require(harness.pending().first { $0.request.identifier == "fast/f-abc/end" })
        #expect(end.request.due == Fixture.at("2026-03-11T01:30:00+01:00"))
        harness.succeed("fast", "stop")
        #expect(harness.run("fast", "extend", "1h").exitCode == .dataError)
    }

    @Test("a fast extended just after it completed goes on, and stopped in the extra time stays completed")
    func extendCompleted() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "16:8", "--ago", "16h", "--id", "f-abc")
        harness.advance(6)
        // In the eating phase, as the bubble's Extend is: the fast that just ended goes on.
        #expect(harness.succeed("fast", "extend", "1h") == "Fast f-abc extended by 1 h, now ends 09:00 (in 59 min 54 s)\n")
        harness.advance(3600 - 12)
        #expect(harness.succeed("fast", "stop") == "Fast f-abc stopped after 16 h 59 min, completed (16:8, extended)\n")
        let history = try #require(jsonObject(harness.succeed("fast", "history", "--json")))
        #expect(history["completion_rate"] as? Double == 1)
    }

    @Test("fast status shows the phase with a bar, and --json has the documented shape")
    func status() throws {
        let harness = RunnerHarness()
        #expect(harness.succeed("fast", "status").hasPrefix("No fast."))
        let none = try #require(jsonObject(harness.succeed("fast", "status", "--json")))
        #expect(none["phase"] as? String == "none")
        #expect(none["id"] is NSNull)

        harness.succeed("fast", "start", "--id", "f-abc")
        harness.advance(4 * 3600)
        let text = harness.succeed("fast", "status")
        #expect(text.hasPrefix("Fast f-abc (16:8): fasting\n  started 08:00 (4 h ago), ends tomorrow 00:00 (in 12 h)\n"))
        #expect(text.contains("25%  4 h done, 12 h to go"))
        #expect(!containsANSI(text))

        let json = harness.succeed("fast", "status", "--json")
        #expect(orderedKeys(ofObject: json) == ["id", "phase", "plan", "started_at", "ends_at", "remaining_seconds", "progress"])
        let object = try #require(jsonObject(json))
        #expect(object["id"] as? String == "f-abc")
        #expect(object["phase"] as? String == "fasting")
        #expect(object["plan"] as? String == "16:8")
        #expect(object["started_at"] as? String == "2026-03-10T08:00:00+01:00")
        #expect(object["ends_at"] as? String == "2026-03-11T00:00:00+01:00")
        #expect(object["remaining_seconds"] as? Int == 12 * 3600)
        #expect(object["progress"] as? Double == 0.25)

        // Once over, the latest fast is shown as ended.
        harness.advance(20 * 3600 + 1)
        let ended = try #require(jsonObject(harness.succeed("fast", "status", "--json")))
        #expect(ended["phase"] as? String == "ended")
    }

    @Test("fast status uses colour only when the style allows it")
    func statusColour() {
        let harness = RunnerHarness()
        harness.style = TerminalStyle(usesColor: true)
        harness.succeed("fast", "start")
        #expect(containsANSI(harness.succeed("fast", "status")))
    }

    @Test("fast history counts completed fasts, the streak and the chart, in text and JSON")
    func history() throws {
        let harness = RunnerHarness(now: "2026-03-08T20:00:00+01:00")
        harness.succeed("fast", "start", "--id", "f-one")
        harness.set("2026-03-09T20:00:00+01:00")
        harness.succeed("fast", "start", "--id", "f-two")
        harness.set("2026-03-10T08:00:00+01:00")
        harness.succeed("fast", "stop")
        harness.set("2026-03-10T09:00:00+01:00")
        harness.succeed("fast", "start", "--id", "f-now")
        harness.set("2026-03-10T11:00:00+01:00")

        let json = harness.succeed("fast", "history", "--days", "7", "--json")
        let object = try #require(jsonObject(json))
        #expect(object["days"] as? Int == 7)
        #expect(object["total"] as? Int == 2)
        #expect(object["completed"] as? Int == 1)
        #expect(object["completion_rate"] as? Double == 0.5)
        #expect(object["current_streak_days"] as? Int == 1)
        let fasts = try #require(object["fasts"] as? [[String: Any]])
        #expect(fasts.map { $0["id"] as? String } == ["f-one", "f-two"])
        #expect(fasts.map { $0["completed"] as? Bool } == [true, false])
        let days = try #require(object["daily_hours"] as? [[String: Any]])
        #expect(days.count == 14)
        // Today: f-two from midnight to 08:00, then the running f-now from 09:00 to 11:00.
        #expect(days.last?["hours"] as? Double == 10)

        let text = harness.succeed("fast", "history", "--days", "7")
        #expect(text.hasPrefix("Last 7 days: 2 fasts, 1 completed (50%), current streak 1 day\n"))
        #expect(text.contains("Fasting hours, last 14 days:"))
        #expect(text.contains("stopped early"))
    }

    @Test("fast status, status and waybar show the fast that just ended, not one cancelled before it started")
    func currentFastIsOneThatRan() throws {
        let harness = RunnerHarness(now: "2026-03-10T08:00:00+01:00")
        harness.succeed("fast", "start", "16:8", "--at", "23:59", "--id", "f-sched")
        harness.succeed("fast", "start", "10s:5s", "--replace", "--id", "f-now")
        #expect(try harness.store().session(id: "f-sched")?.wasCancelledBeforeStart == true)
        harness.advance(16)

        let text = harness.succeed("fast", "status")
        #expect(text == "Fast f-now (10s:5s): ended\n  fasted 10 s from 08:00 to 08:00 (6 s ago), goal reached\n")
        let json = try #require(jsonObject(harness.succeed("fast", "status", "--json")))
        #expect(json["id"] as? String == "f-now")
        #expect(json["phase"] as? String == "ended")
        #expect(harness.succeed("status").hasPrefix("Fast f-now (10s:5s): ended\n"))
        let waybar = try #require(jsonObject(harness.succeed("status", "--format", "waybar")))
        #expect((waybar["tooltip"] as? String)?.hasPrefix("Fast f-now (10s:5s): ended") == true)
        #expect(waybar["class"] as? String == "ended")

        // A fast cancelled before it started is still shown when asked for by id.
        #expect(harness.succeed("fast", "status", "--id", "f-sched").contains("cancelled before it started"))
    }
}
