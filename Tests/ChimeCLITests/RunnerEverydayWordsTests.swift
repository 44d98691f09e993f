import ChimeCore
import ChimeStore
import Foundation
import Testing
@testable import ChimeCLI

/// The lines a user reads after typing what people type (issue 22), run through the runner
/// with a fixed clock in Europe/Berlin.
@Suite("runner: the words people type")
struct RunnerEverydayWordsTests {
    /// Records `identifier` as shown now, as bubble `serverID`, as chimed would.
    func show(_ identifier: String, as serverID: UInt32, in harness: RunnerHarness) throws {
        let store = harness.store()
        let stored = try #require(try store.request(identifier: identifier))
        #expect(try store.beginDelivery(rowIDs: [stored.rowID], now: harness.now).count == 1)
        try store.completeDelivery(rowID: stored.rowID, serverID: serverID, at: harness.now)
    }

    @Test("times people type land where they mean, and the line says when")
    func times() {
        // Friday 2027-03-26 10:00.
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        #expect(harness.succeed("remind", "at", "9:30pm", "call", "--id", "a") == "Reminder a at 21:30 (in 11 h 30 min): call\n")
        #expect(harness.succeed("remind", "at", "tomorrow", "9am", "call", "--id", "b") == "Reminder b at tomorrow 09:00 (in 23 h): call\n")
        #expect(harness.succeed("remind", "at", "mon", "10:00", "call", "--id", "c") == "Reminder c at Mon 10:00 (in 2 d 23 h): call\n")
        #expect(harness.succeed("remind", "at", "noon", "lunch", "--id", "d") == "Reminder d at 12:00 (in 2 h): lunch\n")
        #expect(harness.succeed("remind", "at", "midnight", "sleep", "--id", "e") == "Reminder e at tomorrow 00:00 (in 14 h): sleep\n")
        // Sunday 02:30 does not exist in Berlin that night: moved to the jump, and said so.
        #expect(harness.succeed("remind", "at", "sun", "02:30", "x", "--id", "f") ==
            "Reminder f at Sun 03:00 (in 1 d 16 h): x; note: 02:30 does not exist on Mar 28 in Europe/Berlin (the clocks skip it), so it was moved to 03:00\n")
        #expect(harness.run("remind", "at", "today", "9am", "late").errors.contains("the reminder time 09:00 has already passed"))
    }

    @Test("remind every: the words after every alone, and the line reads without every twice")
    func everyWords() {
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        #expect(harness.succeed("remind", "every", "hour", "drink", "water", "--id", "h2o").hasPrefix("Reminder h2o every hour, next remind/h2o/2027-03-26T11:00"))
        #expect(harness.succeed("remind", "every", "1m", "x", "--id", "m").hasPrefix("Reminder m every 1m, next remind/m/2027-03-26T10:01"))
        #expect(harness.succeed("remind", "every", "every monday 10:00", "team", "--id", "team").hasPrefix("Reminder team every monday 10:00, next remind/team/2027-03-29T10:00"))
        harness.variables = ["LANG": "zh_CN.UTF-8"]
        #expect(harness.succeed("remind", "every", "每天 08:00", "吃药", "--id", "药").hasPrefix("提醒 药 按“每天 08:00”重复，下一次 remind/药/2027-03-27T08:00 在明天 08:00"), "a name keeps its spaces, a time phrase does not")
    }

    @Test("--until with a date alone lets the rule come until the end of that day")
    func untilEndOfDay() {
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        #expect(harness.succeed("remind", "every", "daily 23:59", "x", "--id", "late", "--until", "2027-03-26").contains("next remind/late/2027-03-26T23:59"))
        let over = harness.run("remind", "every", "daily 08:00", "x", "--id", "early", "--until", "2027-03-26")
        #expect(over.exitCode == .dataError)
        #expect(over.errors.contains("has no occurrence after now"))
    }

    @Test("an unquoted rule changes nothing and shows the command to type")
    func unquoted() {
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        let before = harness.dump()
        let result = harness.run("remind", "every", "weekdays", "09:30", "standup")
        #expect(result.exitCode == .usage)
        #expect(result.errors == "chime: the rule \"weekdays 09:30\" must be quoted to be read as one argument: chime remind every \"weekdays 09:30\" standup\n")
        #expect(harness.dump() == before)
    }

    @Test("snooze ID brings back a one-off reminder already shown, as its identifier does")
    func snoozeShownOneOff() throws {
        let harness = RunnerHarness()
        harness.succeed("remind", "in", "5m", "tea", "--id", "tea")
        harness.advance(6 * 60)
        try show("remind/tea", as: 3, in: harness)
        try harness.store().forgetClosedBubble(identifier: "remind/tea", serverID: 3)
        #expect(harness.succeed("snooze", "tea", "10m") == "Snoozed remind/tea until 08:16 (in 10 min)\n")
        #expect(harness.pending().map(\.request.identifier) == ["remind/tea"])
    }

    @Test("snooze ID of a recurring reminder brings back the occurrence on screen")
    func snoozeShownOccurrence() throws {
        let harness = RunnerHarness(now: "2027-03-26T07:55:00+01:00")
        harness.succeed("remind", "every", "daily 08:00", "pills", "--id", "pills")
        harness.set("2027-03-26T08:00:30+01:00")
        try show("remind/pills/2027-03-26T08:00", as: 5, in: harness)
        #expect(harness.succeed("snooze", "pills", "10m") == "Snoozed remind/pills/2027-03-26T08:00 until 08:10 (in 10 min)\n")
        #expect(try harness.store().closeRequests().map(\.serverID) == [5], "its bubble closes, to come back as a new one")
    }

    @Test("list --group with an id that names nothing says so; one with nothing pending says that")
    func listGroup() {
        let harness = RunnerHarness()
        let unknown = harness.run("list", "--group", "nope")
        #expect(unknown.exitCode == .dataError)
        #expect(unknown.errors == "chime: no fast, water schedule or reminder has the id \"nope\": see the GROUP column of \"chime list\"\n")
        #expect(harness.run("list", "--group", "nope", "--json").exitCode == .dataError)
        harness.succeed("remind", "in", "5m", "tea", "--id", "tea")
        harness.succeed("cancel", "tea")
        #expect(harness.succeed("list", "--group", "tea") == "Nothing pending for tea.\n")
    }

    @Test("water hours that take the whole day read all day")
    func allDay() {
        let harness = RunnerHarness()
        #expect(harness.succeed("water", "every", "1h", "--from", "00:00", "--until", "00:00").hasPrefix("Water w-"))
        #expect(harness.succeed("water", "every", "1h", "--from", "00:00", "--until", "00:00").contains(": every 1 h, all day, 250 ml a glass"))
        #expect(harness.succeed("water", "every", "1h", "--from", "09:00", "--until", "09:00").contains(": every 1 h, all day (the water day starts at 09:00), 250 ml a glass"))
        #expect(harness.succeed("water", "status").contains("all day (the water day starts at 09:00)"))
        harness.variables = ["LANG": "zh_CN.UTF-8"]
        #expect(harness.succeed("water", "status").contains("全天（喝水日从 09:00 算起）"))
    }

    @Test("setting up water when today's goal is met says why the next reminder waits")
    func goalAlreadyMet() {
        let harness = RunnerHarness(now: "2026-03-10T15:00:00+01:00")
        harness.succeed("water", "drink", "2000")
        #expect(harness.succeed("water", "every", "1h", "--goal", "1500", "--id", "w-1") ==
            "Water w-1: every 1 h, 09:00-21:00, 250 ml a glass, goal 1500 ml; today's goal is already met (2000 of 1500 ml), so the next reminder comes the next water day: tomorrow 09:00 (in 18 h)\n")
        #expect(harness.succeed("water", "every", "1h", "--goal", "3000").hasSuffix("; next reminder 16:00 (in 1 h)\n"), "a goal not met: the usual line")
    }

    @Test("KIND is in the table's language; JSON keeps the English words")
    func kindInChinese() throws {
        let harness = RunnerHarness()
        harness.variables = ["LANG": "zh_CN.UTF-8"]
        harness.succeed("fast", "start", "--id", "f-1", "--remind-before", "1h")
        harness.succeed("water", "every", "1h", "--id", "w-1")
        harness.succeed("remind", "in", "5m", "喝茶", "--id", "r-1")
        let table = harness.succeed("list")
        for word in ["禁食结束", "禁食提示", "喝水", "提醒"] {
            #expect(table.contains("  \(word)  "), "\(word) in \(table)")
        }
        #expect(!table.contains("fast-end") && !table.contains("reminder "))
        let kinds = try #require(jsonArray(harness.succeed("list", "--json"))).compactMap { $0["kind"] as? String }
        #expect(Set(kinds) == ["fast-end", "fast-nudge", "water", "reminder"])
    }
}
