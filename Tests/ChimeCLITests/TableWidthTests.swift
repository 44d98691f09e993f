import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite("tables fit the terminal, measured in display columns")
struct TableWidthTests {
    /// Every width from 40 to 200 columns: README promises that every table fits each of them.
    static let everyWidth = Array(40...200)

    @Test("display width: wide CJK and fullwidth count two, combining marks none")
    func displayWidth() {
        #expect(DisplayWidth.of("Fast complete") == 13)
        #expect(DisplayWidth.of("断食结束") == 8)
        #expect(DisplayWidth.of("提醒: tea") == 9)
        #expect(DisplayWidth.of("ＡＢ") == 4, "fullwidth forms")
        #expect(DisplayWidth.of("한국어") == 6, "Hangul syllables")
        #expect(DisplayWidth.of("e\u{301}te\u{301}") == 3, "é written with a combining accent is one column")
        #expect(DisplayWidth.of("\u{301}") == 0, "a lone combining mark")
        #expect(DisplayWidth.of("a\u{200B}b") == 2, "zero width space")
        #expect(DisplayWidth.of("☕") == 2)
        #expect(DisplayWidth.of("✓") == 1)
        #expect(DisplayWidth.of("…") == 1)
        // Printable ASCII is a column a byte; control characters take none, also amid ASCII.
        let printable = String(decoding: (0x20..<0x7F).map { UInt8($0) }, as: UTF8.self)
        #expect(DisplayWidth.of(printable) == 95)
        #expect(DisplayWidth.of(printable) == printable.reduce(0) { $0 + DisplayWidth.of($1) })
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("a\tb\r\n") == 2)
        #expect(DisplayWidth.of("a\u{7F}") == 1, "DEL is a control character too")
        #expect(DisplayWidth.of("tea ☕") == 6)
    }

    @Test("shortening keeps whole characters and ends in an ellipsis")
    func shortening() {
        #expect(DisplayWidth.shortened("Fast complete", to: 13) == "Fast complete")
        #expect(DisplayWidth.shortened("Fast complete", to: 8) == "Fast co…")
        #expect(DisplayWidth.shortened("断食结束", to: 5) == "断食…")
        #expect(DisplayWidth.shortened("断食结束", to: 4) == "断…", "a wide character that does not fit leaves a column free")
        #expect(DisplayWidth.shortened("断食结束", to: 1) == "…")
        #expect(DisplayWidth.shortened("abc", to: 0) == "")
        #expect(DisplayWidth.shortened("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
    }

    @Test("COLUMNS counts only as a positive number")
    func columnsVariable() {
        #expect(TerminalWidth.fromVariable("100") == 100)
        #expect(TerminalWidth.fromVariable("0") == nil)
        #expect(TerminalWidth.fromVariable("wide") == nil)
        #expect(TerminalWidth.fromVariable(nil) == nil)
    }

    /// A harness with a fast (and its nudge), a water schedule and reminders with long ASCII
    /// and Chinese texts.
    func harness() -> RunnerHarness {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "--id", "f-abc", "--remind-before", "1h")
        harness.succeed("water", "every", "1h", "--id", "w-h2o")
        harness.succeed("remind", "in", "25m", "call the dentist about moving next week's appointment to Friday", "--id", "r-den")
        harness.succeed("remind", "in", "40m", "给妈妈打电话问问周末家庭聚会的安排和时间", "--id", "r-mom")
        return harness
    }

    static let longASCII = "Reminder: call the dentist about moving next week's appointment to Friday"
    static let longChinese = "Reminder: 给妈妈打电话问问周末家庭聚会的安排和时间"

    @Test("list fits every width; identifiers stay whole; a title is cut with … or shown by its text alone", arguments: everyWidth)
    func listFits(width: Int) throws {
        let harness = harness()
        harness.terminalWidth = width
        let result = harness.run("list")
        #expect(result.exitCode == .success)
        let lines = result.lines
        for line in lines {
            #expect(DisplayWidth.of(line) <= width, "\(width): \(line)")
        }
        let identifiers = harness.pending().map(\.request.identifier)
        #expect(identifiers.count == 5)
        for identifier in identifiers {
            #expect(lines.contains { $0.hasPrefix(identifier + " ") || $0 == identifier }, "\(width): \(identifier) whole at the start of a line")
        }
        // A reminder is named by its title and text where there is room, else by its text alone
        // (its identifier says it is a reminder): whole, or cut with "…", never wrapped.
        for (text, full) in [("call the", Self.longASCII), ("给妈妈", Self.longChinese)] {
            let shown = try #require(lines.first { $0.contains(text) || $0.contains(String(full.prefix(12))) }, "\(width): \(text)")
            let title = String(shown[(shown.range(of: "Reminder: ") ?? shown.range(of: String(text.prefix(4))))!.lowerBound...])
            let candidates = [full, String(full.dropFirst("Reminder: ".count))].map { DisplayWidth.shortened($0, to: PendingNotification.summaryLength) }
            #expect(candidates.contains { $0 == title || (title.hasSuffix("…") && $0.hasPrefix(String(title.dropLast()))) }, "\(width): \(title)")
        }
        // The columns give way in order: titles shortened, GROUP, then KIND left out, then
        // compact times and texts, and only then two lines per notification.
        if width == 200 {
            #expect(lines.filter { $0.contains("…") }.count == 1, "room for everything but the reminder text over \(PendingNotification.summaryLength) columns")
        }
        if width >= 100 {
            #expect(lines[0].hasPrefix("ID") && lines[0].contains("GROUP") && lines[0].contains("KIND") && lines[0].hasSuffix("TITLE"))
        } else if width >= 62 {
            #expect(lines[0].hasPrefix("ID") && lines[0].hasSuffix("TITLE"), "one table, GROUP and KIND (in the identifier) left out as needed")
            #expect(width >= 91 || !lines[0].contains("GROUP"))
            #expect(lines.count == 6, "one line per notification")
        } else {
            #expect(!lines.contains { $0.hasPrefix("ID ") }, "two lines per notification, no header")
            #expect(lines.count == 10)
            #expect(lines[1].hasPrefix("  "))
        }
    }

    @Test("at 80 columns the long identifiers of schedules keep one line per notification, titles readable")
    func scheduleIdentifiersAt80() throws {
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        harness.succeed("config", "set", "fast.remind_before", "1h")
        harness.succeed("fast", "schedule", "16:8", "daily 20:00")
        harness.succeed("water", "every", "1h", "--id", "w-h2o")
        harness.succeed("remind", "every", "weekdays 07:30", "restart the router", "--id", "router")
        harness.terminalWidth = 80
        let lines = harness.succeed("list").split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("ID") && lines[0].hasSuffix("TITLE"), "the table layout, not two lines per notification: \(lines)")
        #expect(lines.count == harness.pending().count + 1)
        for line in lines { #expect(DisplayWidth.of(line) <= 80, "\(line)") }
        #expect(lines.contains { $0.hasPrefix("fast/fs-") && $0.contains("/before-1h ") })
        #expect(lines.contains { $0.hasPrefix("remind/router/") && $0.hasSuffix("restart the router") }, "the reminder's whole text: \(lines)")
    }

    @Test("fast status, water status and status keep their progress bars within every width", arguments: everyWidth)
    func progressLinesFit(width: Int) {
        for language in ["C", "zh_CN.UTF-8"] {
            let harness = RunnerHarness()
            harness.variables = ["LANG": language]
            harness.succeed("fast", "start", "--id", "f-abc", "--tag", "after the long run")
            harness.succeed("water", "every", "1h", "--id", "w-h2o", "--goal", "2000")
            harness.succeed("water", "drink", "750")
            harness.advance(2 * 3600)
            harness.terminalWidth = width
            for command in [["fast", "status"], ["water", "status"], ["status"]] {
                let output = harness.run(command).output
                let barLines = output.split(separator: "\n").filter { $0.contains("█") || $0.contains("░") }
                #expect(!barLines.isEmpty, "\(command) shows a bar")
                for line in barLines {
                    #expect(DisplayWidth.of(String(line)) <= width, "\(language) \(width) \(command): \(line)")
                }
            }
        }
    }

    @Test("list to a pipe keeps whole lines at any length")
    func listToAPipe() {
        let harness = harness()
        let lines = harness.run("list").lines
        #expect(lines.count == 6)
        #expect(lines.contains { $0.hasSuffix(DisplayWidth.shortened(Self.longASCII, to: PendingNotification.summaryLength)) })
        #expect(lines.contains { $0.hasSuffix(Self.longChinese) })
        #expect(lines.contains { $0.hasPrefix("remind/r-mom ") && $0.contains(" r-mom  reminder ") })
    }

    @Test("Chinese titles line up by display width")
    func chineseAlignment() throws {
        let display = Fixture.display("2026-03-10T08:00:00+01:00")
        let due = Fixture.at("2026-03-10T09:00:00+01:00")
        let rows = [
            PendingNotification(identifier: "fast/f-1/end", group: "f-1", kind: .fastEnd, due: due, tolerance: 5, title: "断食结束", body: "", state: "pending"),
            PendingNotification(identifier: "fast/f-2/end", group: "f-2", kind: .fastEnd, due: due.addingTimeInterval(60), tolerance: 5, title: "Fast complete", body: "", state: "pending"),
        ]
        let lines = PendingNotification.table(rows, display: display, style: .plain, width: 80).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        func column(of title: String, in line: String) -> Int {
            DisplayWidth.of(String(line[..<line.range(of: title)!.lowerBound]))
        }
        #expect(column(of: "TITLE", in: lines[0]) == column(of: "断食结束", in: lines[1]))
        #expect(column(of: "TITLE", in: lines[0]) == column(of: "Fast complete", in: lines[2]))
    }

    @Test("fast history lists fasts by start with their tags, chart and table fitted to the width", arguments: everyWidth)
    func fastHistoryFits(width: Int) {
        let harness = RunnerHarness(now: "2026-03-01T20:00:00+01:00")
        harness.succeed("fast", "start", "--id", "f-one", "--tag", "weekday after the long run, with ginger tea")
        harness.set("2026-03-02T13:00:00+01:00")
        harness.succeed("fast", "start", "--id", "f-two", "--tag", "周末加班后的断食")
        harness.set("2026-03-03T01:00:00+01:00")
        harness.succeed("fast", "stop")
        harness.set("2026-03-04T09:00:00+01:00")
        harness.terminalWidth = width
        let lines = harness.succeed("fast", "history").split(separator: "\n").map(String.init)
        let recentAndChart = lines.dropFirst(2)
        for line in recentAndChart {
            #expect(DisplayWidth.of(line) <= width, "\(width): \(line)")
        }
        let recent = lines.drop { $0 != "Recent fasts:" }.dropFirst()
        let order = recent.compactMap { line in ["f-two", "f-one"].first { line.contains($0) } }
        #expect(order == ["f-two", "f-one"], "latest start first")
        if width >= 120 {
            #expect(recent.contains { $0.hasSuffix("weekday after the long run, with ginger tea") })
            #expect(recent.contains { $0.hasSuffix("周末加班后的断食") })
        }
    }

    @Test("remind history fits every width: an identifier that does not fit goes whole on its own line", arguments: everyWidth)
    func reminderHistoryFits(width: Int) throws {
        let harness = RunnerHarness(now: "2026-03-10T08:00:00+01:00")
        harness.succeed("remind", "every", "daily 09:00", "pills", "--id", "morning-pills")
        harness.succeed("remind", "in", "10m", "给妈妈打电话", "--id", "r-mom")
        harness.set("2026-03-10T09:30:00+01:00")
        harness.terminalWidth = width
        let text = harness.succeed("remind", "history")
        let lines = text.split(separator: "\n").map(String.init)
        for line in lines.dropLast() {
            #expect(DisplayWidth.of(line) <= width, "\(width): \(line)")
        }
        for identifier in ["remind/morning-pills/2026-03-10T09:00", "remind/r-mom"] {
            #expect(lines.contains { $0.hasSuffix(identifier) }, "\(width): \(identifier) whole in\n\(text)")
        }
        // Wide enough, one line per occurrence; else two.
        #expect(lines.count == (width >= 85 ? 3 : 5), "\(width):\n\(text)")
    }

    @Test("fast history in Chinese, with long ids, fits every width", arguments: everyWidth)
    func chineseFastHistoryFits(width: Int) {
        let harness = RunnerHarness(now: "2026-03-01T20:00:00+01:00")
        harness.variables = ["LANG": "zh_CN.UTF-8"]
        harness.succeed("fast", "start", "--id", "fs-3k9.20260301-2000", "--tag", "长跑之后")
        harness.set("2026-03-02T09:00:00+01:00")
        harness.succeed("fast", "stop")
        harness.set("2026-03-02T20:00:00+01:00")
        harness.succeed("fast", "start", "18:6", "--id", "weekday-fast-after-the-long-run")
        harness.set("2026-03-03T15:00:00+01:00")
        harness.succeed("fast", "stop")
        harness.set("2026-03-04T09:00:00+01:00")
        harness.terminalWidth = width
        let lines = harness.succeed("fast", "history").split(separator: "\n").map(String.init)
        for line in lines.dropFirst(2) {
            #expect(DisplayWidth.of(line) <= width, "\(width): \(line)")
        }
        #expect(lines.contains { $0.contains("fs-3k9.20260301-2000") } && lines.contains { $0.contains("weekday-fast-after-the-long-run") }, "ids stay whole")
    }
}
