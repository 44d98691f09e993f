import ChimeCore
import ChimeStore
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: correcting fasts, the neutral mode, editing reminders, the history of every reminder")
struct RunnerCorrectionsTests {
    /// Shows `identifier` as chimed would: delivered, with the server id `serverID`.
    func show(_ identifier: String, in harness: RunnerHarness) throws {
        let store = harness.store()
        let stored = try #require(try store.request(identifier: identifier))
        #expect(try store.beginDelivery(rowIDs: [stored.rowID], now: harness.now).count == 1)
        try store.completeDelivery(rowID: stored.rowID, serverID: 3, at: harness.now)
    }

    @Test("fast stop --at stops the fast then and says how long it lasted; a time before it began is one line, nothing changed")
    func stopAt() {
        let harness = RunnerHarness(now: "2026-03-10T11:00:00+01:00")
        harness.succeed("fast", "start", "16:8", "--ago", "15h", "--id", "f-a")
        let before = harness.dump()
        let early = harness.run("fast", "stop", "--at", "19:00")
        #expect(early.exitCode == .dataError)
        #expect(early.errors == "chime: fast f-a began yesterday 20:00, after yesterday 19:00: give a time after it began\n")
        #expect(harness.dump() == before)
        #expect(harness.succeed("fast", "stop", "--at", "10:30") == "Fast f-a stopped at 10:30 after 14 h 30 min, 1 h 30 min short of 16 h (16:8)\n")
        #expect(harness.succeed("fast", "history").contains("  yesterday 20:00  14 h 30 min  16:8  stopped early  f-a"))
    }

    @Test("fast stop --at of a scheduled fast that has not begun says it has not begun, not that it began in the future; nothing changed")
    func stopAtBeforeItBegins() {
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        harness.succeed("fast", "schedule", "16:8", "daily 20:00")
        let group = harness.pending().first { $0.request.kind == .fastStart }!.request.group
        let before = harness.dump()
        let refused = harness.run("fast", "stop", "--id", group, "--at", "09:00")
        #expect(refused.exitCode == .dataError)
        #expect(refused.errors == "chime: fast \(group) has not begun (it starts 20:00), so it cannot be stopped at 09:00: skip it with \"chime fast stop --id \(group)\"\n")
        #expect(harness.dump() == before)
    }

    @Test("fast edit corrects a fast, refuses one that would overlap another with one line, exit 65 and nothing changed")
    func edit() {
        let harness = RunnerHarness(now: "2026-03-10T18:00:00+01:00")
        harness.succeed("fast", "start", "16:8", "--ago", "22h", "--id", "f-b")
        harness.succeed("fast", "start", "10h", "--at", "2026-03-10 13:00", "--id", "f-a")
        let before = harness.dump()
        let nudges = harness.daemon.nudges
        let overlap = harness.run("fast", "edit", "f-a", "--start", "11:00")
        #expect(overlap.exitCode == .dataError)
        #expect(overlap.errors == "chime: fast f-a would overlap fast f-b, which ran from yesterday 20:00 to 12:00, and fasts cannot overlap: choose times outside it\n")
        #expect(overlap.output == "")
        for arguments in [["fast", "edit", "f-a", "--end", "13:01"], ["fast", "edit", "nope", "--end", "06:30"], ["fast", "edit", "f-a", "--end", "2026-03-10 19:00"]] {
            let refused = harness.run(arguments)
            #expect(refused.exitCode == .dataError, "\(arguments)")
            #expect(refused.errors.split(separator: "\n").count == 1)
        }
        #expect(harness.run("fast", "edit", "f-a").exitCode == .usage)
        #expect(harness.dump() == before)
        #expect(harness.daemon.nudges == nudges)
        #expect(harness.succeed("fast", "edit", "f-a", "--start", "12:30", "--end", "17:00") == "Fast f-a now ran from 12:30 to 17:00, 4 h 30 min (10h), stopped early\n")
        #expect(harness.succeed("fast", "edit", "f-b", "--end", "12:15") == "Fast f-b now ran from yesterday 20:00 to 12:15, 16 h 15 min (16:8), completed\n")
        let refused = harness.run("fast", "edit", "f-b", "--end", "13:00")
        #expect(refused.errors == "chime: fast f-b would overlap fast f-a, which ran from 12:30 to 17:00, and fasts cannot overlap: choose times outside it\n")
    }

    @Test("the neutral mode: no streak, and a fast that ended before its goal ended, in stop, status and history alike")
    func neutral() throws {
        let harness = RunnerHarness(now: "2026-03-10T11:00:00+01:00")
        harness.succeed("config", "set", "fast.streaks", "off")
        harness.succeed("fast", "start", "16:8", "--ago", "15h", "--id", "f-a")
        #expect(harness.succeed("fast", "stop") == "Fast f-a ended after 15 h (16:8)\n")
        #expect(harness.succeed("fast", "status").contains("fasted 15 h from yesterday 20:00 to 11:00 (now), ended"))
        let history = harness.succeed("fast", "history")
        #expect(history.hasPrefix("Last 30 days: 1 fast, 0 completed (0%)\naverage 15 h, longest 15 h (f-a)\n"))
        #expect(!history.contains("streak") && !history.contains("stopped early") && !history.contains("short"))
        let json = try #require(jsonObject(harness.succeed("fast", "history", "--json")))
        #expect(json["current_streak_days"] is NSNull)
        harness.succeed("config", "set", "fast.streaks", "on")
        #expect(harness.succeed("fast", "history").contains("current streak 0 days"))
    }

    @Test("remind edit changes text, time or rule by id; the wrong option for the kind, an unknown id and no option are refused")
    func remindEdit() {
        let harness = RunnerHarness(now: "2026-03-10T08:00:00+01:00")
        harness.succeed("remind", "in", "25m", "tea", "--id", "tea")
        harness.succeed("remind", "every", "daily 09:00", "pills", "--id", "pills")
        #expect(harness.succeed("remind", "edit", "tea", "--at", "09:30", "--text", "green tea") == "Reminder tea changed: at 09:30 (in 1 h 30 min): green tea\n")
        #expect(harness.succeed("remind", "edit", "pills", "--rule", "weekdays 10:00")
            == "Reminder pills changed: every weekdays 10:00, next remind/pills/2026-03-10T10:00 at 10:00 (in 2 h): pills\n")
        #expect(harness.pending().map(\.request.identifier) == ["remind/tea", "remind/pills/2026-03-10T10:00"])
        let before = harness.dump()
        let cases: [([String], ExitCode, String)] = [
            (["remind", "edit", "tea", "--rule", "daily 09:00"], .dataError, "chime: reminder tea is a one-off reminder: change its time with --at; a rule makes a new reminder with \"chime remind every RULE TEXT\"\n"),
            (["remind", "edit", "pills", "--at", "10:00"], .dataError, "chime: reminder pills recurs: change when it comes with --rule RULE, not --at\n"),
            (["remind", "edit", "nope", "--text", "x"], .dataError, "chime: no reminder has the id \"nope\": see \"chime list\" and \"chime remind list --all\"\n"),
            (["remind", "edit", "tea", "--at", "2026-03-10 07:00"], .dataError, "chime: the reminder time 07:00 has already passed: choose a time in the future\n"),
            (["remind", "edit", "tea"], .usage, "chime: \"chime remind edit\" needs --text, --at or --rule: usage: chime remind edit ID [--text TEXT] [--at TIME] [--rule RULE]\n"),
        ]
        for (arguments, code, line) in cases {
            let result = harness.run(arguments)
            #expect(result.exitCode == code, "\(arguments)")
            if !line.isEmpty { #expect(result.errors == line) }
        }
        #expect(harness.dump() == before)
        harness.succeed("cancel", "pills")
        let ended = harness.run("remind", "edit", "pills", "--text", "x")
        #expect(ended.errors == "chime: recurring reminder pills has ended: set it again with \"chime remind every RULE TEXT --id pills\"\n")
    }

    @Test("remind history has every reminder: a one-off shown after a snooze, a skipped occurrence, one not shown yet; text, counts and JSON")
    func history() throws {
        let harness = RunnerHarness(now: "2026-03-10T08:00:00+01:00")
        harness.succeed("remind", "in", "10m", "tea", "--id", "tea")
        harness.succeed("remind", "every", "daily 09:00", "pills", "--id", "pills")
        harness.set("2026-03-10T08:10:00+01:00")
        try show("remind/tea", in: harness)
        harness.succeed("snooze", "tea", "10m")
        harness.set("2026-03-10T08:20:00+01:00")
        try show("remind/tea", in: harness)
        harness.succeed("cancel", "remind/pills/2026-03-10T09:00")
        harness.set("2026-03-11T10:00:00+01:00")
        #expect(harness.succeed("remind", "history") == """
            2026-03-10 08:10  tea    shown at yesterday 08:20, snoozed once  remind/tea
            2026-03-10 09:00  pills  skipped                                 remind/pills/2026-03-10T09:00
            2026-03-11 09:00  pills  not shown yet                           remind/pills/2026-03-11T09:00
            3 occurrences: 1 shown, 1 skipped, 1 still to come

            """)
        let json = harness.succeed("remind", "history", "tea", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["outcome"] as? String == "shown")
        #expect((items.first?["shown_at"] as? [String]) == ["2026-03-10T08:10:00+01:00", "2026-03-10T08:20:00+01:00"])
        let snoozes = try #require(items.first?["snoozes"] as? [[String: String]])
        #expect(snoozes == [["at": "2026-03-10T08:10:00+01:00", "from": "2026-03-10T08:10:00+01:00", "until": "2026-03-10T08:20:00+01:00"]])
        let open = try #require(json.firstIndex(of: "{"))
        let object = json[open...(try #require(json[open...].firstIndex(of: "[")))].description
        #expect(orderedKeys(ofObject: object + "]}") == ["id", "reminder", "due", "outcome", "acknowledged_at", "shown_at"])
        harness.succeed("config", "set", "language", "zh")
        #expect(harness.succeed("remind", "history", "tea").hasPrefix("2026-03-10 08:10  tea  已于昨天 08:20 显示，推迟过 1 次  remind/tea\n共 1 次：显示 1 次"))
        #expect(harness.succeed("remind", "history", "--days", "1", "nope") == "最近 1 天没有到期的提醒。\n")
    }
}
