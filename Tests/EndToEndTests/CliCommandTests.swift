import ChimeCore
import Foundation
import Testing

/// The built `chime` binary, run as a user would, in a sandbox of temporary XDG directories.
/// Serialized: one process at a time from here keeps the load on a small machine low for
/// the suites with hard time limits that run alongside.
@Suite("chime binary: commands", .serialized)
struct CliCommandTests {
    @Test("help, version and completions")
    func helpAndVersion() async {
        let sandbox = CliSandbox()
        #expect(await sandbox.succeed("--version").output == "chime \(ChimeVersion.current)\n")
        let help = await sandbox.succeed("--help").output
        #expect(help.hasPrefix("chime \(ChimeVersion.current): fasting and water reminders"))
        #expect(await sandbox.succeed().output == help)
        #expect(await sandbox.succeed("fast", "start", "--help").output.hasPrefix("Usage: chime fast start [PLAN]"))
        for shell in ["bash", "zsh", "fish"] {
            #expect(await sandbox.succeed("completions", shell).output.contains("chime"))
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath))
    }

    @Test("a typo is a usage error with a suggestion")
    func typo() async {
        let sandbox = CliSandbox()
        let outcome = await sandbox.chime("fats", "start")
        #expect(outcome.status == 64)
        #expect(outcome.errors == "chime: unknown command \"fats\": did you mean \"fast\"?\n")
        #expect(outcome.output == "")
    }

    @Test("fast: start, status, extend, stop, history, with their exit codes and JSON")
    func fast() async throws {
        // At 20:00 local, so the 18:6 fast ends tomorrow whenever the suite runs.
        let sandbox = CliSandbox()
        sandbox.fakeNow = "2027-03-24T20:00:00+01:00"
        // Begun 3 min ago: a fast stopped within its first 2 min would be discarded.
        let started = await sandbox.succeed("fast", "start", "18:6", "--id", "f-e2e", "--tag", "binary", "--remind-before", "1h", "--ago", "3m")
        // "tomorrow" unless the test runs in the small hours (an 18 h fast from 00:10 ends the same day).
        #expect(started.output.wholeMatch(of: /Fast f-e2e started \d\d:\d\d, ends tomorrow \d\d:\d\d \(18:6, tag "binary"\)\n/) != nil)
        // No chimed in the sandbox: the change is saved and one line says how to start it.
        #expect(started.errors.hasPrefix("chimed is not running: saved, and notifications will fire once it runs"))
        #expect(started.errors.contains("systemctl --user start chimed"))
        #expect(started.errors.split(separator: "\n").count == 1)

        let status = await sandbox.succeed("fast", "status").output
        #expect(status.hasPrefix("Fast f-e2e (18:6): fasting\n"))
        #expect(!status.contains("\u{1B}["))
        let json = await sandbox.succeed("fast", "status", "--json").output
        #expect(cliKeysInOrder(json, ["id", "phase", "plan", "started_at", "ends_at", "remaining_seconds", "progress"]))
        let object = try #require(cliJSONObject(json))
        #expect(object["phase"] as? String == "fasting")
        #expect((object["started_at"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d/) != nil)

        // Each process's fake clock starts where it is told: later steps are told later times.
        sandbox.fakeNow = "2027-03-24T20:01:00+01:00"
        #expect(await sandbox.succeed("fast", "extend", "30m").output.hasPrefix("Fast f-e2e extended by 30 min, now ends tomorrow"))
        sandbox.fakeNow = "2027-03-24T20:02:00+01:00"
        #expect(await sandbox.succeed("fast", "stop").output.hasPrefix("Fast f-e2e stopped after "))
        sandbox.fakeNow = "2027-03-24T20:03:00+01:00"
        let again = await sandbox.chime("fast", "stop")
        #expect(again.status == 65)
        #expect(again.errors == "chime: no fast is running: start one with \"chime fast start\"\n")

        let history = try #require(cliJSONObject(await sandbox.succeed("fast", "history", "--json").output))
        #expect(history["total"] as? Int == 1)
        #expect(history["completed"] as? Int == 0)
        #expect(await sandbox.succeed("fast", "history").output.hasPrefix("Last 30 days: 1 fast, 0 completed (0%), current streak 0 days\n"))
    }

    @Test("water: every, drink, pause, resume, status, off")
    func water() async throws {
        let sandbox = CliSandbox()
        #expect(await sandbox.succeed("water", "every", "1h", "--from", "00:00", "--until", "00:00", "--goal", "2000", "--id", "w-e2e").output
            .hasPrefix("Water w-e2e: every 1 h, all day, 250 ml a glass, goal 2000 ml; next reminder "))
        #expect(await sandbox.succeed("water", "drink", "300").output.hasPrefix("Logged 300 ml: 300 of 2000 ml today; next reminder "))
        #expect(await sandbox.succeed("water", "pause", "2h").output.hasPrefix("Water reminders paused until "))
        #expect(await sandbox.succeed("water", "resume").output.hasPrefix("Water reminders resumed; next reminder "))
        let json = await sandbox.succeed("water", "status", "--json").output
        #expect(cliKeysInOrder(json, ["id", "interval_seconds", "from", "until", "amount_ml", "goal_ml", "consumed_ml", "paused_until", "next_reminder"]))
        let object = try #require(cliJSONObject(json))
        #expect(object["consumed_ml"] as? Int == 300)
        #expect(object["goal_ml"] as? Int == 2000)
        #expect(await sandbox.succeed("water", "off").output == "Water reminders w-e2e turned off\n")
        #expect(await sandbox.succeed("water", "status").output.hasPrefix("No water reminders (today 300 ml)."))
    }

    @Test("a command retried with the same CHIME_REQUEST_ID applies once and says so the second time")
    func retriedRequestID() async throws {
        let sandbox = CliSandbox()
        await sandbox.succeed("water", "every", "1h", "--goal", "2000", "--id", "w-retry")
        let retry = ["CHIME_REQUEST_ID": "script-drink-1"]
        let first = await sandbox.chime("water", "drink", "300", extra: retry)
        #expect(first.status == 0)
        #expect(first.output.hasPrefix("Logged 300 ml"))
        let again = await sandbox.chime("water", "drink", "300", extra: retry)
        #expect(again.status == 0)
        #expect(again.output.hasPrefix("Already done: request \"script-drink-1\" was applied before"))
        let status = try #require(cliJSONObject(await sandbox.succeed("water", "status", "--json").output))
        #expect(status["consumed_ml"] as? Int == 300, "the glass is logged once")
        // Without the variable every run is its own request.
        await sandbox.succeed("water", "drink", "300")
        let after = try #require(cliJSONObject(await sandbox.succeed("water", "status", "--json").output))
        #expect(after["consumed_ml"] as? Int == 600)
    }

    @Test("remind, list, snooze, cancel, with list --json's documented shape")
    func pending() async throws {
        let sandbox = CliSandbox()
        #expect(await sandbox.succeed("remind", "in", "25m", "call", "mom", "--id", "r-mom").output
            .wholeMatch(of: /Reminder r-mom at \S+( \S+)? \(in 25 min\): call mom\n/) != nil)
        await sandbox.succeed("remind", "at", "2030-01-02", "09:30", "passport", "--id", "r-pas")
        let table = await sandbox.succeed("list").lines
        #expect(table.count == 3)
        #expect(table[1].hasPrefix("remind/r-mom"))
        #expect(table[2].hasPrefix("remind/r-pas"))

        let json = await sandbox.succeed("list", "--json").output
        #expect(cliKeysInOrder(json, ["id", "group", "kind", "due", "tolerance_seconds", "title", "body", "state"]))
        let array = try #require(cliJSONArray(json))
        #expect(array.map { $0["id"] as? String } == ["remind/r-mom", "remind/r-pas"])
        #expect(array[1]["due"] as? String == "2030-01-02T09:30:00+01:00")
        #expect(array[1]["state"] as? String == "pending")

        #expect(await sandbox.succeed("snooze", "remind/r-mom", "1h").output.hasPrefix("Snoozed remind/r-mom until "))
        #expect(await sandbox.succeed("cancel", "r-pas").output == "Cancelled 1 pending notification (r-pas)\n")
        #expect(await sandbox.succeed("cancel", "--all").output == "Cancelled 1 pending notification (all)\n")
        #expect(await sandbox.succeed("list", "--json").output == "[]\n")
    }

    @Test("fast status and status show the fast that just ended, not one cancelled before it started")
    func currentFast() async throws {
        let sandbox = CliSandbox()
        await sandbox.succeed("fast", "start", "16:8", "--at", "23:59", "--id", "f-sched")
        // Replaces the scheduled fast (which never starts) and is over already.
        await sandbox.succeed("fast", "start", "10s:5s", "--replace", "--ago", "1m", "--id", "f-now")
        let status = await sandbox.succeed("fast", "status").output
        #expect(status.hasPrefix("Fast f-now (10s:5s): ended\n  fasted 10 s from "), "\(status)")
        #expect(!status.contains("cancelled"))
        #expect(cliJSONObject(await sandbox.succeed("fast", "status", "--json").output)?["id"] as? String == "f-now")
        #expect(await sandbox.succeed("status").output.hasPrefix("Fast f-now (10s:5s): ended\n"))
        let waybar = try #require(cliJSONObject(await sandbox.succeed("status", "--format", "waybar").output))
        #expect((waybar["tooltip"] as? String)?.hasPrefix("Fast f-now (10s:5s): ended") == true)
    }

    @Test("an id names one thing: a reminder cannot take a fast's id; a reminder's own id replaces it")
    func oneIDOneThing() async throws {
        let sandbox = CliSandbox()
        await sandbox.succeed("fast", "start", "16:8", "--id", "y1", "--remind-before", "1h")
        let refused = await sandbox.chime("remind", "in", "30m", "hi", "--id", "y1")
        #expect(refused.status == 65)
        #expect(refused.errors == "chime: the id \"y1\" already names fast y1, which is running: choose another --id\n")
        let listed = try #require(cliJSONArray(await sandbox.succeed("list", "--json").output))
        #expect(listed.map { $0["id"] as? String } == ["fast/y1/before-1h", "fast/y1/end"])

        #expect(await sandbox.succeed("remind", "in", "30m", "hi", "--id", "r1").output.hasPrefix("Reminder r1 at "))
        let replaced = await sandbox.succeed("remind", "in", "40m", "ho", "--id", "r1").output
        #expect(replaced.wholeMatch(of: /Reminder r1 replaced: due \S+( \S+)? \(in 40 min\): ho\n/) != nil, "\(replaced)")
        let reminders = try #require(cliJSONArray(await sandbox.succeed("list", "--json", "--group", "r1").output))
        #expect(reminders.map { $0["body"] as? String } == ["ho"])
    }

    @Test("a reminder at a time skipped by daylight saving is moved, and the line says so")
    func reminderInADaylightSavingGap() async throws {
        let sandbox = CliSandbox(timeZone: "America/New_York")
        // New York springs forward from 02:00 to 03:00 on 2030-03-10.
        let output = await sandbox.succeed("remind", "at", "2030-03-10 02:30", "renew passport", "--id", "r-dst").output
        #expect(output.hasPrefix("Reminder r-dst at 2030-03-10 03:00 (in "))
        #expect(output.hasSuffix("): renew passport; note: 02:30 does not exist on 2030-03-10 in America/New_York (the clocks skip it), so it was moved to 03:00\n"))
        let listed = try #require(cliJSONArray(await sandbox.succeed("list", "--json").output))
        #expect(listed.first?["due"] as? String == "2030-03-10T03:00:00-04:00")
    }

    @Test("status in its three formats, export, and config")
    func statusExportConfig() async throws {
        let sandbox = CliSandbox()
        await sandbox.succeed("fast", "start", "--id", "f-e2e", "--ago", "3m")
        let text = await sandbox.succeed("status").output
        #expect(text.hasPrefix("Fast f-e2e (16:8): fasting\n"))
        #expect(text.hasSuffix("chimed is not running: no notification is shown until it runs (start it with \"systemctl --user start chimed\" or \"chimed --foreground\")\n"))
        let json = await sandbox.succeed("status", "--format", "json").output
        #expect(cliKeysInOrder(json, ["fast", "water", "next", "daemon_running", "daemon_answers"]))
        #expect(cliJSONObject(json)?["daemon_running"] as? Bool == false)
        #expect(cliJSONObject(json)?["daemon_answers"] as? Bool == false)
        let waybar = await sandbox.succeed("status", "--format", "waybar").output
        #expect(waybar.split(separator: "\n").count == 1)
        #expect(cliKeysInOrder(waybar, ["text", "tooltip", "class", "percentage"]))
        #expect(cliJSONObject(waybar)?["class"] as? String == "fasting")

        let csv = await sandbox.succeed("export", "--format", "csv").output
        #expect(csv.hasPrefix("id,plan,tag,cycle,started_at,ended_at,goal_ends_at,duration_seconds,completed\nf-e2e,16:8,,0,"))
        #expect(cliJSONArray(await sandbox.succeed("export", "--format", "json", "--what", "pending").output)?.count == 1)
        // Every JSON key is present, null when empty: a fast without a tag has "tag": null.
        let exported = try #require(cliJSONArray(await sandbox.succeed("export", "--format", "json").output))
        #expect(exported.first?["tag"] is NSNull)

        #expect(await sandbox.succeed("config", "set", "water.amount", "300ml").output == "water.amount set to 300ml\n")
        #expect(await sandbox.succeed("config", "get", "water.amount").output == "300ml\n")
        #expect(await sandbox.succeed("config", "list").output.contains("fast.plan                16:8 (default)\n"))

        await sandbox.succeed("fast", "stop")
        let history = try #require(cliJSONObject(await sandbox.succeed("fast", "history", "--json").output))
        let fasts = try #require(history["fasts"] as? [[String: Any]])
        #expect(fasts.map { $0["id"] as? String } == ["f-e2e"])
        #expect(fasts.first?["tag"] is NSNull)
    }

    @Test("doctor exits 69 when chimed is not running and names what to do")
    func doctor() async {
        let sandbox = CliSandbox()
        let outcome = await sandbox.chime("doctor", extra: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent", "DISPLAY": ""])
        #expect(outcome.status == 69)
        #expect(outcome.output.contains("ok       store"))
        #expect(outcome.output.contains(sandbox.databasePath))
        #expect(outcome.output.contains("problem  daemon"))
        #expect(outcome.output.contains("Europe/Berlin"))
    }

    @Test("status --follow prints at once, again on a change, and ends cleanly on SIGINT")
    func followInterrupted() async throws {
        let sandbox = CliSandbox()
        await sandbox.succeed("fast", "start", "--id", "f-e2e", "--ago", "3m")
        let pipe = Pipe()
        let follower = try sandbox.start(
            CliBinaries.path("chime"), ["status", "--format", "waybar", "--follow"],
            standardOutput: .descriptor(pipe.fileHandleForWriting.fileDescriptor)
        )
        try pipe.fileHandleForWriting.close()
        defer { follower.kill() }
        let reader = CliLineReader(pipe.fileHandleForReading)
        let first = try #require(await reader.nextLine(within: 10))
        #expect(cliJSONObject(first)?["class"] as? String == "fasting")
        // Another process changes the store: the follower prints within a poll interval or two.
        await sandbox.succeed("fast", "stop")
        let second = try #require(await reader.nextLine(within: 10))
        #expect(cliJSONObject(second)?["class"] as? String == "ended")
        follower.send(SIGINT)
        let status = await follower.waitForExit(timeout: .seconds(10))
        #expect(status != nil)
        #expect(status == 0)
    }

    @Test("status --follow ends with 0 when the reader closes the pipe")
    func followClosedPipe() async throws {
        let sandbox = CliSandbox()
        await sandbox.succeed("remind", "in", "1h", "tea")
        let pipe = Pipe()
        let follower = try sandbox.start(
            CliBinaries.path("chime"), ["status", "--format", "json", "--follow"],
            standardOutput: .descriptor(pipe.fileHandleForWriting.fileDescriptor)
        )
        try pipe.fileHandleForWriting.close()
        defer { follower.kill() }
        let reader = CliLineReader(pipe.fileHandleForReading)
        #expect(await reader.nextLine(within: 10) != nil)
        try pipe.fileHandleForReading.close()
        // The next print (after this change) meets a closed pipe.
        await sandbox.succeed("remind", "in", "2h", "more tea")
        let status = await follower.waitForExit(timeout: .seconds(10))
        #expect(status != nil)
        #expect(status == 0)
    }
}

/// Reads lines from a pipe with a deadline, for following a process that keeps running.
final class CliLineReader {
    private let handle: FileHandle
    private var buffer = Data()

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// The next line, or `nil` when none arrives within `seconds`; waits with `Task.sleep`.
    func nextLine(within seconds: TimeInterval) async -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                return String(decoding: line, as: UTF8.self)
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else {
                try? await Task.sleep(for: .milliseconds(10))
                continue
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }
}
