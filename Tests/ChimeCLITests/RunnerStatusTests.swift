import ChimeCore
import ChimeDaemon
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: status and the daemon nudge")
struct RunnerStatusTests {
    @Test("status text shows the fast, water and the next notification")
    func text() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        harness.succeed("fast", "start", "--id", "f-abc", "--ago", "2h")
        harness.succeed("water", "every", "1h", "--id", "w-abc")
        let text = harness.succeed("status")
        #expect(text.hasPrefix("Fast f-abc (16:8): fasting\n"))
        #expect(text.contains("Water w-abc: every 1 h, 09:00-21:00, 250 ml a glass\n"))
        #expect(text.contains("Next: "))
        #expect(text.contains("11:00 (in 1 h) [water/w-abc/2026-03-10T11:00]\n"))
        #expect(!text.contains("chimed is not running"))
        #expect(text.hasSuffix("\nchimed is running and answers (pid 4242)\n"))
        #expect(harness.daemon.received.last == .status)
    }

    @Test("status tells a chimed that runs but does not answer from one that is not running, as doctor does")
    func daemonHung() throws {
        let harness = RunnerHarness(daemon: .timingOut)
        harness.succeed("remind", "in", "5m", "tea")
        let text = harness.succeed("status")
        #expect(text.hasSuffix("\nchimed is running but does not answer (it did not answer within 1 s): notifications may not be shown"
            + " (check it with \"chime doctor\", restart it with \"systemctl --user restart chimed\")\n"))
        #expect(!text.contains("not running"))
        let json = try #require(jsonObject(harness.succeed("status", "--format", "json")))
        #expect(json["daemon_running"] as? Bool == true)
        #expect(json["daemon_answers"] as? Bool == false)
        let doctor = harness.run("doctor")
        #expect(doctor.output.contains("chimed is running but does not answer: it did not answer within 1 s"))
        #expect(!doctor.output.contains("not running"))
    }

    @Test("status says when chimed is not running")
    func daemonDown() {
        let harness = RunnerHarness(daemon: .notRunning)
        harness.succeed("remind", "in", "5m", "tea")
        #expect(harness.succeed("status").hasSuffix(ChangeMessage.daemonNotRunningStatus + "\n"))
        let json = jsonObject(harness.succeed("status", "--format", "json"))
        #expect(json?["daemon_running"] as? Bool == false)
        #expect(json?["daemon_answers"] as? Bool == false)
    }

    @Test("status --format json and waybar have the documented shapes")
    func shapes() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        harness.succeed("fast", "start", "--id", "f-abc", "--ago", "4h")
        let json = harness.succeed("status", "--format", "json")
        #expect(json.split(separator: "\n").count == 1)
        #expect(orderedKeys(ofObject: json) == ["fast", "water", "next", "daemon_running", "daemon_answers", "do_not_disturb", "away", "held", "waiting_for_room"])
        let object = try #require(jsonObject(json))
        #expect((object["fast"] as? [String: Any])?["phase"] as? String == "fasting")
        #expect(object["water"] is NSNull)
        #expect((object["next"] as? [String: Any])?["id"] as? String == "fast/f-abc/end")
        #expect(object["daemon_running"] as? Bool == true)
        #expect(object["daemon_answers"] as? Bool == true)

        let waybar = harness.succeed("status", "--format", "waybar")
        #expect(orderedKeys(ofObject: waybar) == ["text", "tooltip", "class", "percentage"])
        let bar = try #require(jsonObject(waybar))
        #expect(bar["text"] as? String == "16:8 12 h left")
        #expect(bar["class"] as? String == "fasting")
        #expect(bar["percentage"] as? Int == 25)
        #expect((bar["tooltip"] as? String)?.hasPrefix("Fast f-abc (16:8): fasting") == true)
    }

    @Test("status --format json: water is null until a schedule is on or water is logged today")
    func waterInStatusJSON() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        func water() throws -> Any? {
            try #require(jsonObject(harness.succeed("status", "--format", "json")))["water"]
        }
        #expect(try water() is NSNull)
        // A glass without a schedule: an object whose schedule keys are null.
        harness.succeed("water", "drink", "300")
        let logged = try #require(try water() as? [String: Any])
        #expect(logged["id"] is NSNull)
        #expect(logged["consumed_ml"] as? Int == 300)
        // The next day, with nothing logged yet, null again.
        harness.advance(86_400)
        #expect(try water() is NSNull)
        // A schedule that is on: an object, whatever was drunk.
        harness.succeed("water", "every", "1h", "--id", "w-abc")
        let scheduled = try #require(try water() as? [String: Any])
        #expect(scheduled["id"] as? String == "w-abc")
        #expect(scheduled["consumed_ml"] as? Int == 0)
        harness.succeed("water", "off")
        #expect(try water() is NSNull)
    }

    @Test("status --follow prints on the follow schedule: every 15 min, then every minute near the change")
    func followSchedule() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        harness.succeed("remind", "in", "40m", "tea", "--id", "r-tea")
        var printTimes: [Date] = []
        var seenLength = 0
        // Unowned: the harness holds this closure, and must be released to remove its directory.
        harness.pause = { [unowned harness] seconds in
            // Each pause follows a print or a look at the store: note new output at this instant.
            if harness.output.text.count > seenLength {
                printTimes.append(harness.now)
                seenLength = harness.output.text.count
            }
            #expect(seconds > 0 && seconds <= CommandRunner.followPollInterval)
            harness.advance(seconds)
            return printTimes.count >= 14 ? .stop : .elapsed
        }
        let result = harness.run("status", "--format", "waybar", "--follow")
        #expect(result.exitCode == .success)
        // 10:00, then 10:10 (30 min before the reminder at 10:40), then every minute to 10:40.
        let expected = [0, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22].map { minute in
            Fixture.at("2026-03-10T10:00:00+01:00").addingTimeInterval(TimeInterval(minute * 60))
        }
        #expect(printTimes == expected)
        #expect(result.lines.count == 14)
        #expect(result.lines.allSatisfy { jsonObject($0) != nil })
    }

    /// What another chime process does to the store while `status --follow` sleeps: it starts
    /// the fast f-new now.
    private static func startFastElsewhere(_ harness: RunnerHarness) {
        var plan = ChangePlan()
        plan.sessions = [FastingSession(id: "f-new", plan: .standard, start: harness.now)]
        try! harness.store().apply(plan, now: harness.now)
    }

    @Test("status --follow prints at once when the store changes")
    func followChange() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        var pauses = 0
        // Unowned: the harness holds this closure, and must be released to remove its directory.
        harness.pause = { [unowned harness] seconds in
            pauses += 1
            harness.advance(seconds)
            if pauses == 3 { Self.startFastElsewhere(harness) }
            return pauses == 5 ? .stop : .elapsed
        }
        let result = harness.run("status", "--format", "json", "--follow")
        #expect(result.exitCode == .success)
        #expect(result.lines.count == 2)
        let second = try #require(jsonObject(result.lines[1]))
        #expect((second["fast"] as? [String: Any])?["id"] as? String == "f-new")
        #expect((second["fast"] as? [String: Any])?["started_at"] as? String == "2026-03-10T10:00:03+01:00")
    }

    @Test("status --follow with the store's files watched sleeps until its next print, and prints at once when they are written")
    func followWatchedStore() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        harness.succeed("remind", "in", "40m", "tea", "--id", "r-tea")
        harness.watchesStore = true
        var pauses: [TimeInterval] = []
        // Unowned: the harness holds this closure, and must be released to remove its directory.
        harness.pause = { [unowned harness] seconds in
            pauses.append(seconds)
            guard pauses.count == 1 else { return .stop }
            harness.advance(120)
            Self.startFastElsewhere(harness)
            return .storeWritten
        }
        let result = harness.run("status", "--format", "json", "--follow")
        #expect(result.exitCode == .success)
        // No polling: the first pause lasts until 10:10, the print 30 minutes before the reminder.
        #expect(pauses.first == 600)
        #expect(result.lines.count == 2)
        let second = try #require(jsonObject(result.lines[1]))
        #expect((second["fast"] as? [String: Any])?["started_at"] as? String == "2026-03-10T10:02:00+01:00")
    }

    @Test("status --follow looks again 100 ms and 1 s after a write whose commit it could not see yet")
    func followRechecksAfterWrite() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        harness.succeed("remind", "in", "40m", "tea", "--id", "r-tea")
        harness.watchesStore = true
        var pauses: [TimeInterval] = []
        harness.pause = { [unowned harness] seconds in
            pauses.append(seconds)
            switch pauses.count {
            case 1:
                // The log was written; the commit is not visible yet.
                harness.advance(60)
                return .storeWritten
            case 2:
                harness.advance(seconds)
                return .elapsed
            case 3:
                harness.advance(seconds)
                // Published by now: the 1 s look sees it.
                Self.startFastElsewhere(harness)
                return .elapsed
            default:
                return .stop
            }
        }
        let result = harness.run("status", "--format", "json", "--follow")
        #expect(result.exitCode == .success)
        #expect(pauses.count == 4)
        #expect(abs(pauses[1] - 0.1) < 1e-6 && abs(pauses[2] - 0.9) < 1e-6, "\(pauses)")
        #expect(result.lines.count == 2)
        #expect((jsonObject(result.lines[1])?["fast"] as? [String: Any])?["id"] as? String == "f-new")
    }

    @Test("status --follow ends quietly when the reader goes away")
    func followClosedPipe() {
        let harness = RunnerHarness()
        harness.output.isClosed = true
        harness.pause = { _ in
            Issue.record("paused although nothing could be written")
            return .stop
        }
        let errors = TextBuffer()
        let runner = CommandRunner(environment: harness.environment(errors: errors))
        #expect(runner.run(.status(format: .waybar, follow: true)) == .success)
        #expect(errors.text == "")
    }

    @Test("a change nudges chimed with the store's sequence and says nothing when it answers")
    func nudge() throws {
        let harness = RunnerHarness()
        let result = harness.run("remind", "in", "5m", "tea")
        #expect(result.errors == "")
        #expect(harness.daemon.received == [.changed(sequence: try harness.store().currentSequence())])
    }

    @Test("with chimed not running the change is saved, exit 0, and one line says how to start it")
    func daemonNotRunning() throws {
        let harness = RunnerHarness()
        // The real client, pointed at a runtime directory that does not exist.
        harness.runtimeDirectory = harness.directory + "/run/chime"
        let result = harness.run("remind", "in", "5m", "tea", "--id", "r-tea")
        #expect(result.exitCode == .success)
        #expect(result.output == "Reminder r-tea at 08:05 (in 5 min): tea\n")
        #expect(result.errors == ChangeMessage.daemonNotRunning + "\n")
        #expect(result.errors.contains("systemctl --user start chimed"))
        #expect(result.errors.contains("chimed --foreground"))
        #expect(harness.pending().map(\.request.identifier) == ["remind/r-tea"])
    }

    @Test("with chimed not answering the change is saved and the line says so")
    func daemonTimedOut() {
        let harness = RunnerHarness(daemon: .timingOut)
        let result = harness.run("remind", "in", "5m", "tea")
        #expect(result.exitCode == .success)
        #expect(result.errors.hasPrefix("chimed did not confirm the change (it did not answer within 0.5 seconds): it is saved, and a running chimed also watches the database"))
        #expect(result.errors.contains("fires its notifications on time"), "the truth: chimed takes the change in from the database")
        #expect(result.errors.split(separator: "\n").count == 1)
    }
}

@Suite("status --follow in text")
struct FollowTextTests {
    @Test("text blocks are separated by a blank line, each headed by its time")
    func separatedBlocks() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        harness.succeed("remind", "in", "40m", "tea", "--id", "r-tea")
        var pauses = 0
        harness.pause = { [unowned harness] seconds in
            pauses += 1
            harness.advance(seconds)
            return pauses >= 11 * 60 ? .stop : .elapsed
        }
        let result = harness.run("status", "--follow")
        #expect(result.exitCode == .success)
        let blocks = result.output.components(separatedBy: "\n\n")
        #expect(blocks.count == 2, "10:00, then 10:10 (30 min before the reminder)")
        #expect(blocks[0].hasPrefix("-- 10:00:00 --\n"))
        #expect(blocks[1].hasPrefix("-- 10:10:00 --\n"))
        #expect(blocks[0].contains("Next: Reminder: tea 10:40 (in 40 min)"))
        #expect(blocks[1].contains("Next: Reminder: tea 10:40 (in 30 min)"))
        #expect(!result.output.hasPrefix("\n"))
    }

    @Test("the heading reads the local wall clock to the second")
    func heading() {
        #expect(CommandRunner.followHeading(Fixture.at("2026-03-29T03:05:09+02:00"), in: Fixture.berlin) == "-- 03:05:09 --\n")
        #expect(CommandRunner.followHeading(Fixture.at("2026-03-29T01:05:09Z"), in: TimeZone(identifier: "UTC")!) == "-- 01:05:09 --\n")
    }
}
