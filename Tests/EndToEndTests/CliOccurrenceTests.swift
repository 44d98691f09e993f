import Foundation
import Testing

/// The cases of issue 19 that need no `chimed`, each as a user types them: the built `chime`,
/// run under libfaketime at the instants the case names, rules pinned to UTC.
@Suite("chime binary: a recurring thing is its rule plus what happened")
struct CliOccurrenceTests {
    let at = Occurrences.at

    /// A sandbox with fast schedule 16:8 "daily 20:00" set at `setAt`; its id.
    func withSchedule(setAt: Date) async throws -> (CliSandbox, String) {
        let sandbox = await CliSandbox.pinned()
        let set = await sandbox.succeed(at: setAt, "fast", "schedule", "16:8", "daily 20:00")
        return (sandbox, try #require(Occurrences.scheduleID(in: set.output), "\(set.output)"))
    }

    // MARK: Skipping one scheduled fast

    @Test("fast stop of the waiting scheduled fast skips it and names the next; a second stop skips that one, not the same again")
    func stopSkipsOnce() async throws {
        let (sandbox, id) = try await withSchedule(setAt: at("2026-12-01T12:00:00Z"))
        let first = await sandbox.succeed(at: at("2026-12-01T13:00:00Z"), "fast", "stop")
        #expect(first.lines == [
            "Scheduled fast \(id).20261201-2000 (due 20:00) skipped; the schedule goes on",
            "Next scheduled fast: \(id).20261202-2000 at tomorrow 20:00",
        ])
        #expect(await sandbox.pendingIdentifiers(at: at("2026-12-01T13:00:10Z")) == ["fast/\(id).20261202-2000/start", "fast/\(id).20261202-2000/end"])
        // At 21:00 the skipped fast is not fasting: the next one is scheduled.
        let status = cliJSONObject(await sandbox.succeed(at: at("2026-12-01T21:00:00Z"), "fast", "status", "--json").output)
        #expect(status?["id"] as? String == "\(id).20261202-2000")
        #expect(status?["phase"] as? String == "scheduled")
        let second = await sandbox.succeed(at: at("2026-12-01T21:00:10Z"), "fast", "stop")
        #expect(second.lines.first == "Scheduled fast \(id).20261202-2000 (due tomorrow 20:00) skipped; the schedule goes on")
        #expect(second.output != first.output)
        // Days later neither skipped fast is in the history; the one after them ran, completed.
        let history = await sandbox.succeed(at: at("2026-12-04T13:00:00Z"), "fast", "history", "--json").output
        #expect(Occurrences.historyIDs(history) == ["\(id).20261203-2000"])
        #expect(Occurrences.historyFast(history, id: "\(id).20261203-2000")?["completed"] as? Bool == true)
    }

    @Test("fast delete of the waiting scheduled fast skips only it: fast schedule names the next fast")
    func deleteSkips() async throws {
        let (sandbox, id) = try await withSchedule(setAt: at("2026-12-01T12:00:00Z"))
        let deleted = await sandbox.succeed(at: at("2026-12-01T13:00:00Z"), "fast", "delete", "\(id).20261201-2000")
        #expect(deleted.output.contains("the schedule goes on"), "\(deleted.output)")
        let schedule = cliJSONObject(await sandbox.succeed(at: at("2026-12-01T13:00:10Z"), "fast", "schedule", "--json").output)
        #expect(schedule?["id"] as? String == id)
        #expect((schedule?["current"] as? [String: Any])?["id"] as? String == "\(id).20261202-2000")
        #expect(await sandbox.pendingIdentifiers(at: at("2026-12-01T13:00:20Z")) == ["fast/\(id).20261202-2000/start", "fast/\(id).20261202-2000/end"])
    }

    @Test("cancel of the fast's id, of its start notification, and cancel --all each skip one fast; status and stop still name one fast")
    func cancelSkips() async throws {
        let (sandbox, id) = try await withSchedule(setAt: at("2026-12-01T12:00:00Z"))
        let byID = await sandbox.succeed(at: at("2026-12-01T13:00:00Z"), "cancel", "\(id).20261201-2000")
        #expect(byID.output.contains("scheduled fast \(id).20261201-2000 skipped"), "\(byID.output)")
        let byStart = await sandbox.succeed(at: at("2026-12-01T13:00:10Z"), "cancel", "fast/\(id).20261202-2000/start")
        #expect(byStart.output.contains("scheduled fast \(id).20261202-2000 skipped"), "\(byStart.output)")
        let all = await sandbox.succeed(at: at("2026-12-01T13:00:20Z"), "cancel", "--all")
        #expect(all.output.contains("scheduled fast \(id).20261203-2000 skipped"), "\(all.output)")
        // One next fast, pending once; no fast of the three skipped comes back.
        #expect(await sandbox.pendingIdentifiers(at: at("2026-12-01T13:00:30Z")) == ["fast/\(id).20261204-2000/start", "fast/\(id).20261204-2000/end"])
        let status = await sandbox.chime(at: at("2026-12-01T21:00:00Z"), "fast", "status", "--json")
        #expect(status.status == 0, "\(status.errors)")
        #expect(cliJSONObject(status.output)?["id"] as? String == "\(id).20261204-2000")
        #expect(cliJSONObject(status.output)?["phase"] as? String == "scheduled")
        // Once they are past, none of them is in the history, nor recorded completed.
        let history = await sandbox.succeed(at: at("2026-12-05T13:00:00Z"), "fast", "history", "--json").output
        #expect(Occurrences.historyIDs(history) == ["\(id).20261204-2000"])
    }

    @Test("a fast started by hand takes its day's scheduled fast, and the next scheduled fast it names is another one")
    func manualTakesThePlace() async throws {
        let (sandbox, id) = try await withSchedule(setAt: at("2026-12-01T07:00:00Z"))
        let started = await sandbox.succeed(at: at("2026-12-01T08:00:00Z"), "fast", "start", "8h", "--id", "f-hand")
        #expect(started.lines.first?.hasSuffix("; it takes the place of scheduled fast \(id).20261201-2000") == true, "\(started.output)")
        #expect(started.lines.last == "Next scheduled fast: \(id).20261202-2000 at tomorrow 20:00")
        let status = cliJSONObject(await sandbox.succeed(at: at("2026-12-01T09:00:00Z"), "fast", "status", "--json").output)
        #expect(status?["id"] as? String == "f-hand")
        #expect(await sandbox.pendingIdentifiers(at: at("2026-12-01T09:00:10Z")).filter { $0.hasPrefix("fast/\(id)") } == [
            "fast/\(id).20261202-2000/start", "fast/\(id).20261202-2000/end",
        ])
    }

    @Test("tonight's scheduled fast skipped, a fast by hand from 22:00: the next evening fast status and fast stop name the scheduled fast that began")
    func oneFastAfterAnEatingWindow() async throws {
        let (sandbox, id) = try await withSchedule(setAt: at("2026-12-01T12:00:00Z"))
        await sandbox.succeed(at: at("2026-12-01T19:00:00Z"), "fast", "stop")
        await sandbox.succeed(at: at("2026-12-01T22:00:00Z"), "fast", "start", "16:8", "--id", "f-late")
        let status = await sandbox.chime(at: at("2026-12-02T20:30:00Z"), "fast", "status", "--json")
        #expect(status.status == 0, "\(status.errors)")
        #expect(cliJSONObject(status.output)?["id"] as? String == "\(id).20261202-2000")
        #expect(cliJSONObject(status.output)?["phase"] as? String == "fasting")
        let overview = cliJSONObject(await sandbox.succeed(at: at("2026-12-02T20:30:10Z"), "status", "--format", "json").output)
        #expect((overview?["fast"] as? [String: Any])?["id"] as? String == "\(id).20261202-2000")
        let stopped = await sandbox.succeed(at: at("2026-12-02T20:30:20Z"), "fast", "stop")
        #expect(stopped.output.hasPrefix("Fast \(id).20261202-2000 stopped"), "\(stopped.output)")
    }

    // MARK: What the CLI says does not depend on whether chimed ran

    @Test("at 21:00 the day after fast schedule 16:8 \"daily 20:00\", with chimed never run, that day's fast is fasting in every reader")
    func readersWithoutChimed() async throws {
        let (sandbox, id) = try await withSchedule(setAt: at("2026-12-01T12:00:00Z"))
        let today = "\(id).20261202-2000"
        let status = cliJSONObject(await sandbox.succeed(at: at("2026-12-02T21:00:00Z"), "fast", "status", "--json").output)
        #expect(status?["id"] as? String == today)
        #expect(status?["phase"] as? String == "fasting")
        let schedule = cliJSONObject(await sandbox.succeed(at: at("2026-12-02T21:00:01Z"), "fast", "schedule", "--json").output)
        #expect((schedule?["current"] as? [String: Any])?["id"] as? String == today)
        #expect((schedule?["current"] as? [String: Any])?["phase"] as? String == "fasting")
        let overview = cliJSONObject(await sandbox.succeed(at: at("2026-12-02T21:00:02Z"), "status", "--format", "json").output)
        #expect((overview?["fast"] as? [String: Any])?["id"] as? String == today)
        // Yesterday's fast, never touched by any process, is history: completed.
        let history = await sandbox.succeed(at: at("2026-12-02T21:00:03Z"), "fast", "history", "--json").output
        #expect(Occurrences.historyFast(history, id: "\(id).20261201-2000")?["completed"] as? Bool == true)

        // What is pending is what chimed would hold by now: yesterday's end (shown late within
        // its day of grace), today's end and tomorrow's fast, not today's start (its hour of
        // grace is over); and reading wrote nothing.
        let before = await sandbox.dump()
        #expect(await sandbox.pendingIdentifiers(at: at("2026-12-02T21:00:04Z")) == [
            "fast/\(id).20261201-2000/end", "fast/\(today)/end", "fast/\(id).20261203-2000/start", "fast/\(id).20261203-2000/end",
        ])
        let next = cliJSONObject(await sandbox.succeed(at: at("2026-12-02T21:00:05Z"), "status", "--format", "json").output)
        #expect((next?["next"] as? [String: Any])?["id"] as? String == "fast/\(id).20261201-2000/end")
        #expect(await sandbox.succeed(at: at("2026-12-02T21:00:06Z"), "list").output.contains("fast/\(today)/end"))
        #expect(await sandbox.dump() == before)
    }

    @Test("two days after remind every \"daily 09:00\" and water every 1h, with chimed never run: every reader says what chimed would, and reading writes nothing")
    func reminderAndWaterReadersWithoutChimed() async throws {
        let sandbox = await CliSandbox.pinned()
        await sandbox.succeed(at: at("2026-12-02T08:00:00Z"), "remind", "every", "daily 09:00", "pills", "--id", "p1")
        await sandbox.succeed(at: at("2026-12-02T08:00:01Z"), "water", "every", "1h", "--from", "08:00", "--until", "22:00", "--id", "w1")
        let before = await sandbox.dump()
        let now = at("2026-12-04T12:00:00Z")
        // Today's occurrence is shown late when chimed starts; the water reminder missed meanwhile
        // is dropped and the next one comes at 13:00.
        #expect(await sandbox.pendingIdentifiers(at: now) == ["remind/p1/2026-12-04T09:00", "water/w1/2026-12-04T13:00"])
        let reminders = cliJSONArray(await sandbox.succeed(at: now, "remind", "list", "--json").output)
        #expect(reminders?.first?["next"] as? String == "2026-12-04T09:00:00+00:00", "\(String(describing: reminders))")
        let water = cliJSONObject(await sandbox.succeed(at: now, "water", "status", "--json").output)
        #expect(water?["next_reminder"] as? String == "2026-12-04T13:00:00+00:00")
        let history = await sandbox.succeed(at: now, "remind", "history", "p1").output
        #expect(history.hasSuffix("3 occurrences: 2 missed, 1 still to come\n"), "\(history)")
        #expect(await sandbox.dump() == before)
    }

    @Test("chimed down two days: cancel of the occurrence list shows succeeds, the missed ones stay missed, and list then shows the next")
    func cancelWhatListShows() async throws {
        let sandbox = await CliSandbox.pinned()
        await sandbox.succeed(at: at("2026-12-02T08:00:00Z"), "remind", "every", "daily 09:00", "pills", "--id", "p1")
        let shown = await sandbox.pendingIdentifiers(at: at("2026-12-04T12:00:00Z"))
        #expect(shown == ["remind/p1/2026-12-04T09:00"])
        let identifier = try #require(shown.first)
        let cancel = await sandbox.chime(at: at("2026-12-04T12:00:01Z"), "cancel", identifier)
        #expect(cancel.status == 0, "\(cancel)")
        #expect(await sandbox.pendingIdentifiers(at: at("2026-12-04T12:00:02Z")) == ["remind/p1/2026-12-05T09:00"])
        let history = await sandbox.succeed(at: at("2026-12-04T12:00:03Z"), "remind", "history", "p1").output
        #expect(history.contains("2 missed"), "\(history)")
    }

    @Test("fast start 16:8 --ago 17h --repeat, its first fast already over: the schedule's next fast is pending at once")
    func repeatAfterItsEnd() async throws {
        let sandbox = await CliSandbox.pinned()
        let started = await sandbox.succeed(at: at("2026-12-01T12:00:00Z"), "fast", "start", "16:8", "--ago", "17h", "--repeat")
        let id = try #require(Occurrences.scheduleID(in: started.output), "\(started.output)")
        #expect(started.output.contains("it repeats daily 19:00 on the local clock as fast schedule \(id)"), "\(started.output)")
        let first = try #require(started.output.split(separator: " ").dropFirst().first.map(String.init))
        // Its first fast is in its eating window; the schedule's next fast is derived already.
        #expect(await sandbox.pendingIdentifiers(at: at("2026-12-01T12:00:10Z")).filter { $0.hasPrefix("fast/\(id)") } == [
            "fast/\(id).20261201-1900/start", "fast/\(id).20261201-1900/end",
        ])
        let schedule = cliJSONObject(await sandbox.succeed(at: at("2026-12-01T12:00:20Z"), "fast", "schedule", "--json").output)
        #expect((schedule?["current"] as? [String: Any])?["id"] as? String == first)
        #expect((schedule?["current"] as? [String: Any])?["phase"] as? String == "eating")
        let next = cliJSONObject(await sandbox.succeed(at: at("2026-12-01T19:30:00Z"), "fast", "status", "--json").output)
        #expect(next?["id"] as? String == "\(id).20261201-1900")
        #expect(next?["phase"] as? String == "fasting")
    }

    // MARK: Answers that agree

    @Test("fast start --ago 16h10m, extend 1h, stop: completed in stop, fast status and the history alike")
    func extendThenStop() async throws {
        let sandbox = await CliSandbox.pinned()
        await sandbox.succeed(at: at("2026-12-01T12:00:00Z"), "fast", "start", "16:8", "--ago", "16h10m", "--id", "f-x")
        await sandbox.succeed(at: at("2026-12-01T12:00:10Z"), "fast", "extend", "1h")
        let stopped = await sandbox.succeed(at: at("2026-12-01T12:00:20Z"), "fast", "stop")
        #expect(stopped.output == "Fast f-x stopped after 16 h 10 min, completed (16:8, extended)\n")
        let status = await sandbox.succeed(at: at("2026-12-01T12:00:30Z"), "fast", "status")
        #expect(status.output.contains("goal reached"), "\(status.output)")
        #expect(!status.output.contains("stopped early"), "\(status.output)")
        let history = await sandbox.succeed(at: at("2026-12-01T12:00:40Z"), "fast", "history", "--json").output
        #expect(Occurrences.historyFast(history, id: "f-x")?["completed"] as? Bool == true)
        #expect(cliJSONObject(history)?["completed"] as? Int == 1)
    }

    // MARK: History is facts

    @Test("--replace over a fast that has ended refuses, naming it, and changes nothing")
    func replaceRefuses() async throws {
        let sandbox = await CliSandbox.pinned()
        await sandbox.succeed(at: at("2026-12-01T12:00:00Z"), "fast", "start", "16:8", "--ago", "20h", "--id", "f-a")
        await sandbox.succeed(at: at("2026-12-01T12:00:10Z"), "fast", "stop")
        let before = await sandbox.dump()
        let replaced = await sandbox.chime(at: at("2026-12-01T12:00:20Z"), "fast", "start", "16:8", "--ago", "10h", "--replace")
        #expect(replaced.status == 65)
        #expect(replaced.errors.hasPrefix("chime: fast f-a ran from yesterday 16:00 to 08:00 and has ended, and a fast that has ended is never changed"), "\(replaced.errors)")
        #expect(replaced.output.isEmpty)
        #expect(await sandbox.dump() == before)
        let history = await sandbox.succeed(at: at("2026-12-01T12:00:30Z"), "fast", "history", "--json").output
        #expect(Occurrences.historyFast(history, id: "f-a")?["duration_seconds"] as? Int == 16 * 3600)
        #expect(Occurrences.historyFast(history, id: "f-a")?["completed"] as? Bool == true)
    }

    @Test("--replace says why it discards: a fast inside the new one, or one under 2 min old")
    func discardWording() async throws {
        let sandbox = await CliSandbox.pinned()
        await sandbox.succeed(at: at("2026-12-01T12:00:00Z"), "fast", "start", "16:8", "--ago", "5h", "--id", "f-5h")
        let inside = await sandbox.succeed(at: at("2026-12-01T12:00:10Z"), "fast", "start", "16:8", "--ago", "6h", "--replace", "--id", "f-6h")
        #expect(inside.output.hasSuffix("; discarded fast f-5h (it began within the new fast)\n"), "\(inside.output)")
        #expect(!inside.output.contains("under 2 min"))
        await sandbox.succeed(at: at("2026-12-01T12:01:00Z"), "fast", "start", "16:8", "--replace", "--id", "f-now")
        let young = await sandbox.succeed(at: at("2026-12-01T12:02:00Z"), "fast", "start", "16:8", "--replace", "--id", "f-later")
        #expect(young.output.hasSuffix("; discarded fast f-now (it would have lasted under 2 min)\n"), "\(young.output)")
    }

    // MARK: Counting and ids

    @Test("--count 2 means two shown reminders, --count 1 is accepted, and explain lists the same times")
    func countMeansShown() async throws {
        let sandbox = await CliSandbox.pinned()
        let now = at("2026-12-01T12:00:00Z")
        let set = await sandbox.succeed(at: now, "remind", "every", "every 90m", "tea", "--count", "2", "--id", "tea")
        #expect(set.output.contains("next remind/tea/2026-12-01T13:30 at 13:30"), "\(set.output)")
        let listed = cliJSONArray(await sandbox.succeed(at: now.addingTimeInterval(10), "remind", "list", "--json").output)
        #expect(listed?.first?["left"] as? Int == 2)
        let once = await sandbox.chime(at: now.addingTimeInterval(20), "remind", "every", "every 90m", "once", "--count", "1", "--id", "once")
        #expect(once.status == 0, "\(once.errors)")
        let explained = await sandbox.succeed(at: now, "explain", "every 90m", "--count", "2")
        #expect(explained.output.contains("  1  Tue 2026-12-01 13:30 +00:00"), "\(explained.output)")
        #expect(explained.output.contains("  2  Tue 2026-12-01 15:00 +00:00"), "\(explained.output)")
        #expect(!explained.output.contains("  3  "))
    }

    @Test("an id names one kind: one-off over recurring and recurring over one-off are refused, recurring over recurring says replaced")
    func idKinds() async throws {
        let sandbox = await CliSandbox.pinned()
        let now = at("2026-12-01T12:00:00Z")
        await sandbox.succeed(at: now, "remind", "every", "daily 08:00", "pills", "--id", "x")
        let before = await sandbox.dump()
        let oneOff = await sandbox.chime(at: now.addingTimeInterval(10), "remind", "in", "1h", "tea", "--id", "x")
        #expect(oneOff.status == 65)
        #expect(oneOff.errors.contains("recurring reminder x"), "\(oneOff.errors)")
        #expect(await sandbox.dump() == before)
        let again = await sandbox.succeed(at: now.addingTimeInterval(20), "remind", "every", "daily 09:00", "pills later", "--id", "x")
        #expect(again.output.hasPrefix("Reminder x replaced: every daily 09:00, next remind/x/2026-12-02T09:00"), "\(again.output)")
        #expect(await sandbox.pendingIdentifiers(at: now.addingTimeInterval(25)) == ["remind/x/2026-12-02T09:00"])
        await sandbox.succeed(at: now.addingTimeInterval(30), "remind", "in", "2h", "call", "--id", "y")
        let recurring = await sandbox.chime(at: now.addingTimeInterval(40), "remind", "every", "daily 08:00", "call", "--id", "y")
        #expect(recurring.status == 65)
        #expect(recurring.errors.contains("reminder y"), "\(recurring.errors)")
        let fast = await sandbox.chime(at: now.addingTimeInterval(50), "fast", "start", "--id", "x")
        #expect(fast.status == 65, "a fast under the recurring reminder's id: \(fast.output)")
    }

    @Test("doctor says when the shell's TZ differs from the zone rules follow, naming it")
    func doctorNamesTheRuleZone() async throws {
        let sandbox = CliSandbox(timeZone: "America/New_York")
        await sandbox.succeed("config", "set", "time_zone", "Asia/Tokyo")
        let doctor = await sandbox.chime("doctor")
        let line = doctor.lines.first { $0.contains("time zone") } ?? ""
        #expect(line.hasPrefix("warning  time zone"), "\(doctor.output)")
        #expect(line.contains("rules and schedules follow Asia/Tokyo (the time_zone setting), in chimed too"), "\(line)")
        await sandbox.succeed("config", "set", "time_zone", "America/New_York")
        let agreed = await sandbox.chime("doctor").lines.first { $0.contains("time zone") } ?? ""
        #expect(agreed.hasPrefix("ok       time zone"), "\(agreed)")
    }
}
