import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite struct FastCommandTests {
    @Test func bareStartUsesEveryDefault() {
        #expect(parsed("fast", "start") == .fastStart(Command.FastStart()))
    }

    @Test(arguments: ["16:8", "18:6", "omad", "36h", "90m:30m", "20:4"])
    func startTakesAPlan(_ plan: String) {
        #expect(parsed("fast", "start", plan) == .fastStart(Command.FastStart(plan: Fixture.plan(plan))))
    }

    @Test(arguments: [
        (["--id", "f1"], Command.FastStart(id: "f1")),
        (["--id=f1"], Command.FastStart(id: "f1")),
        (["--tag", "long weekday"], Command.FastStart(tag: "long weekday")),
        (["--tag=long weekday"], Command.FastStart(tag: "long weekday")),
        (["--at", "20:00"], Command.FastStart(start: .at(.timeOfDay(Fixture.time("20:00"))))),
        (["--at=20:00"], Command.FastStart(start: .at(.timeOfDay(Fixture.time("20:00"))))),
        (["--ago", "2h"], Command.FastStart(start: .ago(Fixture.span("2h")))),
        (["--ago=1h30m"], Command.FastStart(start: .ago(Fixture.span("1h30m")))),
        (["--repeat"], Command.FastStart(repeating: true)),
        (["--remind-before", "1h,15m"], Command.FastStart(remindBefore: [Fixture.span("1h"), Fixture.span("15m")])),
        (["--remind-before=30m"], Command.FastStart(remindBefore: [Fixture.span("30m")])),
        (["--replace"], Command.FastStart(replace: true)),
    ] as [([String], Command.FastStart)])
    func startOptionsInBothForms(_ options: [String], _ expected: Command.FastStart) {
        #expect(parsed(["fast", "start"] + options) == .fastStart(expected))
    }

    @Test func startCombinesOptionsInAnyOrder() {
        let expected = Command.FastStart(
            plan: Fixture.plan("18:6"), id: "weekday", tag: "office", start: .ago(Fixture.span("45m")),
            repeating: true, remindBefore: [Fixture.span("1h")], replace: true
        )
        #expect(parsed("fast", "start", "--repeat", "18:6", "--tag", "office", "--id=weekday", "--ago", "45m", "--remind-before", "1h", "--replace") == .fastStart(expected))
        #expect(parsed("fast", "start", "--replace", "--remind-before=1h", "--ago=45m", "--id", "weekday", "--tag=office", "18:6", "--repeat") == .fastStart(expected))
    }

    @Test func startAtAcceptsAnUnquotedDateAndTime() {
        let date = LocalDate(year: 2026, month: 4, day: 1)
        #expect(parsed("fast", "start", "--at", "2026-04-01", "09:00", "18:6")
            == .fastStart(Command.FastStart(plan: Fixture.plan("18:6"), start: .at(.localDateTime(date, Fixture.time("09:00"))))))
        #expect(parsed("fast", "start", "--at", "2026-04-01 09:00")
            == .fastStart(Command.FastStart(start: .at(.localDateTime(date, Fixture.time("09:00"))))))
    }

    @Test func startCleansTheTag() {
        #expect(parsed("fast", "start", "--tag", "  two\twords\u{07} ") == .fastStart(Command.FastStart(tag: "two words")))
    }

    @Test func stop() {
        #expect(parsed("fast", "stop") == .fastStop(id: nil))
        #expect(parsed("fast", "stop", "--id", "f-3k9") == .fastStop(id: "f-3k9"))
        #expect(parsed("fast", "stop", "--id=f-3k9") == .fastStop(id: "f-3k9"))
    }

    @Test func extend() {
        #expect(parsed("fast", "extend", "1h") == .fastExtend(by: Fixture.span("1h"), id: nil))
        #expect(parsed("fast", "extend", "--id", "f-3k9", "30m") == .fastExtend(by: Fixture.span("30m"), id: "f-3k9"))
        #expect(parsed("fast", "extend", "30m", "--id=f-3k9") == .fastExtend(by: Fixture.span("30m"), id: "f-3k9"))
    }

    @Test func status() {
        #expect(parsed("fast", "status") == .fastStatus(id: nil, json: false))
        #expect(parsed("fast", "status", "--json") == .fastStatus(id: nil, json: true))
        #expect(parsed("fast", "status", "--json", "--id", "f1") == .fastStatus(id: "f1", json: true))
    }

    @Test func history() {
        #expect(parsed("fast", "history") == .fastHistory(days: Command.defaultHistoryDays, json: false))
        #expect(parsed("fast", "history", "--days", "7") == .fastHistory(days: 7, json: false))
        #expect(parsed("fast", "history", "--days=90", "--json") == .fastHistory(days: 90, json: true))
    }
}

@Suite struct WaterCommandTests {
    @Test func everyWithDefaults() {
        #expect(parsed("water", "every", "1h") == .waterEvery(Command.WaterEvery(interval: Fixture.span("1h"))))
    }

    @Test func everyWithEveryOptionInBothForms() {
        var expected = Command.WaterEvery(
            interval: Fixture.span("45m"), from: Fixture.time("08:00"), until: Fixture.time("20:30"),
            amount: amount("300"), goal: amount("2000"), id: "w1"
        )
        #expect(parsed("water", "every", "45m", "--from", "08:00", "--until", "20:30", "--amount", "300", "--goal", "2000", "--id", "w1") == .waterEvery(expected))
        expected.amount = amount("300ml")
        expected.goal = amount("64oz")
        #expect(parsed("water", "every", "--from=08:00", "--until=20:30", "--amount=300ml", "--goal=64oz", "--id=w1", "45m") == .waterEvery(expected))
    }

    @Test func drink() {
        #expect(parsed("water", "drink") == .waterDrink(amount: nil))
        #expect(parsed("water", "drink", "500") == .waterDrink(amount: amount("500")))
        #expect(parsed("water", "drink", "330ml") == .waterDrink(amount: amount("330ml")))
        #expect(parsed("water", "drink", "8.5oz") == .waterDrink(amount: amount("8.5oz")))
        #expect(parsed("water", "drink", "300", "--at", "07:15") == .waterDrink(amount: amount("300"), at: .timeOfDay(WallClockTime(hour: 7, minute: 15)!)))
        #expect(parsed("water", "undo") == .waterUndo())
        #expect(parsed("water", "undo", "#12") == .waterUndo(number: 12))
        #expect(parsed("fast", "delete", "f-3k9") == .fastDelete(id: "f-3k9"))
    }

    @Test func pauseResumeOffStatus() {
        #expect(parsed("water", "pause", "2h") == .waterPause(for: Fixture.span("2h")))
        #expect(parsed("water", "resume") == .waterResume)
        #expect(parsed("water", "off") == .waterOff)
        #expect(parsed("water", "status") == .waterStatus(json: false))
        #expect(parsed("water", "status", "--json") == .waterStatus(json: true))
    }
}

@Suite struct ReminderCommandTests {
    @Test func remindInJoinsTheRestOfTheLine() {
        #expect(parsed("remind", "in", "25m", "tea is ready") == .remindIn(Fixture.span("25m"), text: "tea is ready", id: nil))
        #expect(parsed("remind", "in", "25m", "tea", "is", "ready") == .remindIn(Fixture.span("25m"), text: "tea is ready", id: nil))
        #expect(parsed("remind", "in", "25m", "tea", "--id", "r1", "ready") == .remindIn(Fixture.span("25m"), text: "tea ready", id: "r1"))
        #expect(parsed("remind", "in", "--id=r1", "25m", "tea") == .remindIn(Fixture.span("25m"), text: "tea", id: "r1"))
    }

    @Test func remindAtEveryTimeForm() {
        #expect(parsed("remind", "at", "15:00", "call", "the", "dentist")
            == .remindAt(.timeOfDay(Fixture.time("15:00")), text: "call the dentist", id: nil))
        #expect(parsed("remind", "at", "2026-04-01", "09:00", "renew passport")
            == .remindAt(.localDateTime(LocalDate(year: 2026, month: 4, day: 1), Fixture.time("09:00")), text: "renew passport", id: nil))
        #expect(parsed("remind", "at", "2026-04-01 09:00", "renew")
            == .remindAt(.localDateTime(LocalDate(year: 2026, month: 4, day: 1), Fixture.time("09:00")), text: "renew", id: nil))
        #expect(parsed("remind", "at", "2026-04-01T09:00:00+02:00", "renew", "--id", "r9")
            == .remindAt(.instant(Fixture.at("2026-04-01T07:00:00Z"), utcOffsetSeconds: 7200), text: "renew", id: "r9"))
    }

    @Test func aTimeOfDayAsTextAfterTheTimeStaysText() {
        #expect(parsed("remind", "at", "15:00", "10:30", "meeting")
            == .remindAt(.timeOfDay(Fixture.time("15:00")), text: "10:30 meeting", id: nil))
    }
}

@Suite struct PendingCommandTests {
    @Test func list() {
        #expect(parsed("list") == .list(group: nil, json: false))
        #expect(parsed("list", "--json") == .list(group: nil, json: true))
        #expect(parsed("list", "--group", "f-3k9", "--json") == .list(group: "f-3k9", json: true))
        #expect(parsed("list", "--group=f-3k9") == .list(group: "f-3k9", json: false))
    }

    @Test func cancelReferencesRequestsAndGroupsInOrderWithoutDuplicates() {
        #expect(parsed("cancel", "fast/f-3k9/end", "r-4tx", "fast/f-3k9/end", "water/w-7kq/2026-03-29T09:00")
            == .cancel(.references([.request("fast/f-3k9/end"), .group("r-4tx"), .request("water/w-7kq/2026-03-29T09:00")])))
    }

    @Test func cancelGroupAndAll() {
        #expect(parsed("cancel", "--group", "w-7kq") == .cancel(.group("w-7kq")))
        #expect(parsed("cancel", "--group=w-7kq") == .cancel(.group("w-7kq")))
        #expect(parsed("cancel", "--all") == .cancel(.all))
    }

    @Test func snooze() {
        #expect(parsed("snooze", "remind/r-4tx", "10m") == .snooze(.request("remind/r-4tx"), by: Fixture.span("10m")))
        #expect(parsed("snooze", "w-7kq", "15m") == .snooze(.group("w-7kq"), by: Fixture.span("15m")))
    }
}

@Suite struct OtherCommandTests {
    @Test func status() {
        #expect(parsed("status") == .status(format: .text, follow: false))
        #expect(parsed("status", "--format", "json") == .status(format: .json, follow: false))
        #expect(parsed("status", "--format=waybar", "--follow") == .status(format: .waybar, follow: true))
        #expect(parsed("status", "--follow", "--format", "text") == .status(format: .text, follow: true))
    }

    @Test("the status bar's command, answered without the command table, is the command the table makes")
    func waybarShortcut() {
        // One argument more takes the table's path: the same command either way.
        #expect(parsed("status", "--format", "waybar") == .status(format: .waybar, follow: false))
        #expect(parsed("status", "--format=waybar") == .status(format: .waybar, follow: false))
        #expect(parsed("status", "--format", "waybar", "--") == .status(format: .waybar, follow: false))
        #expect(parsed("status", "--format=waybar", "--") == .status(format: .waybar, follow: false))
    }

    @Test("the waybar tooltip's lines lose only the line breaks at their ends")
    func tooltipLineBreaks() {
        #expect(StatusReport.withoutOuterLineBreaks("\n\r\nFast 16:8\nfasting\u{2028}\n") == "Fast 16:8\nfasting")
        #expect(StatusReport.withoutOuterLineBreaks(" water \n") == " water ")
        #expect(StatusReport.withoutOuterLineBreaks("\n\n") == "")
    }

    @Test func export() {
        #expect(parsed("export", "--format", "csv") == .export(format: .csv, what: .fasts))
        #expect(parsed("export", "--format=json", "--what=water") == .export(format: .json, what: .water))
        #expect(parsed("export", "--what", "pending", "--format", "csv") == .export(format: .csv, what: .pending))
    }

    @Test func doctorAndCompletions() {
        #expect(parsed("doctor") == .doctor)
        for shell in Command.Shell.allCases {
            #expect(parsed("completions", shell.rawValue) == .completions(shell))
        }
    }

    @Test func config() {
        #expect(parsed("config", "get", "fast.plan") == .configGet(.fastPlan))
        #expect(parsed("config", "list") == .configList)
        #expect(parsed("config", "set", "fast.plan", "18:6") == .configSet(.fastPlan, .plan(Fixture.plan("18:6"))))
        #expect(parsed("config", "set", "fast.remind_before", "1h,15m") == .configSet(.fastRemindBefore, .durations([Fixture.span("1h"), Fixture.span("15m")])))
        #expect(parsed("config", "set", "water.amount", "300") == .configSet(.waterAmount, .amount(amount("300"))))
        #expect(parsed("config", "set", "water.goal", "none") == .configSet(.waterGoal, .optionalAmount(nil)))
        #expect(parsed("config", "set", "water.unit", "oz") == .configSet(.waterUnit, .waterUnit(.ounces)))
        #expect(parsed("config", "set", "fast.streaks", "off") == .configSet(.fastStreaks, .switch(false)))
        #expect(parsed("config", "set", "notify.urgency.water", "critical") == .configSet(.urgencyWater, .urgency(.critical)))
    }

    @Test func versionAndHelp() {
        #expect(parsed("--version") == .version("chime \(CommandTable.version)"))
        #expect(parsed([]) == .help(command: []))
        #expect(parsed("--help") == .help(command: []))
        #expect(parsed("-h") == .help(command: []))
        #expect(parsed("help") == .help(command: []))
    }

    @Test(arguments: CommandTable.root.allCommands.filter { !$0.path.isEmpty }.map(\.path))
    func everyCommandHasHelpInEveryForm(_ path: [String]) throws {
        let spec = try #require(CommandTable.command(at: path))
        let expected = Command.help(command: spec.path)
        #expect(parsed(path + ["--help"]) == expected)
        #expect(parsed(path + ["-h"]) == expected)
        #expect(parsed(["help"] + path) == expected)
    }

    @Test func helpWinsOverOtherMistakesOnTheLine() {
        let expected = Command.help(command: ["fast", "start"])
        #expect(parsed("fast", "start", "--bogus", "25:00", "--help") == expected)
        #expect(parsed("fast", "start", "--at", "-h") == expected)
    }
}

@Suite struct TerminatorTests {
    @Test func valuesAfterTheTerminatorAreNeverOptions() {
        #expect(parsed("remind", "in", "5m", "--", "--not-an-option") == .remindIn(Fixture.span("5m"), text: "--not-an-option", id: nil))
        #expect(parsed("remind", "in", "5m", "--id", "r1", "--", "-h", "--help") == .remindIn(Fixture.span("5m"), text: "-h --help", id: "r1"))
        #expect(parsed("remind", "in", "--", "5m", "text") == .remindIn(Fixture.span("5m"), text: "text", id: nil))
    }

    @Test func aNegativeDurationAfterTheTerminatorIsStillBadData() throws {
        let error = try #require(failure("fast", "extend", "--", "-5m"))
        #expect(error.kind == .invalidValue(.invalidDuration))
        #expect(error.exitCode == .dataError)
        #expect(error.argumentPosition == 4)
    }

    @Test func commandWordsMustComeBeforeTheTerminator() throws {
        let error = try #require(failure("--", "fast", "start"))
        #expect(error.exitCode == .usage)
    }

    @Test func optionValueMayStartWithDashesWhenAttached() {
        #expect(parsed("fast", "start", "--tag=--odd--") == .fastStart(Command.FastStart(tag: "--odd--")))
        #expect(parsed("fast", "start", "--tag", "-odd") == .fastStart(Command.FastStart(tag: "-odd")))
    }
}

@Suite struct ArgumentTokenizerTests {
    @Test func classifiesEachFormAndKeepsPositions() {
        let tokens = ArgumentTokenizer.tokenize(["fast", "--id=a=b", "--json", "-h", "-5m", "-", "--", "--x", "-h"])
        #expect(tokens.map(\.kind) == [
            .value("fast"),
            .longOption(name: "id", attachedValue: "a=b"),
            .longOption(name: "json", attachedValue: nil),
            .shortOption("h"),
            .value("-5m"),
            .value("-"),
            .terminator,
            .value("--x"),
            .value("-h"),
        ])
        #expect(tokens.map(\.position) == Array(1...9))
        #expect(tokens[1].text == "--id=a=b")
    }

    @Test func emptyAttachedValueIsKept() {
        #expect(ArgumentTokenizer.tokenize(["--tag="]).map(\.kind) == [.longOption(name: "tag", attachedValue: "")])
    }
}
