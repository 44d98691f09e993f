import ChimeCore
import Foundation
import Testing
@testable import ChimeCLI

@Suite("tables fit the terminal, measured in display columns")
struct TableWidthTests {
    static let widths = [40, 60, 80, 81, 100, 119, 120, 200]

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

    @Test("list fits every width; identifiers stay whole; titles are shortened with …", arguments: widths)
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
        // The long titles are whole where there is room, else cut with "…" (never wrapped).
        let asciiShown = try #require(lines.first { $0.contains("Reminder: call") })
        let chineseShown = try #require(lines.first { $0.contains("Reminder: 给") })
        for (shown, full) in [(asciiShown, Self.longASCII), (chineseShown, Self.longChinese)] {
            let title = String(shown[shown.range(of: "Reminder: ")!.lowerBound...])
            let capped = DisplayWidth.shortened(full, to: PendingNotification.summaryLength)
            if title == capped {
                #expect(width >= 120, "\(width): \(title) shown whole")
            } else {
                #expect(title.hasSuffix("…"), "\(width): \(title)")
                #expect(capped.hasPrefix(String(title.dropLast())), "\(width): a prefix of the title")
            }
        }
        switch width {
        case 200:
            #expect(lines[0].hasPrefix("ID") && lines[0].contains("GROUP") && lines[0].contains("KIND"))
            #expect(lines.filter { $0.contains("…") }.count == 1, "room for everything but the reminder text over \(PendingNotification.summaryLength) columns")
        case 100...:
            #expect(lines[0].contains("GROUP") && lines[0].contains("KIND") && lines[0].hasSuffix("TITLE"))
        case 80...:
            #expect(lines[0].hasPrefix("ID") && !lines[0].contains("GROUP") && !lines[0].contains("KIND"), "GROUP and KIND (in the identifier) go first")
        default:
            #expect(!lines.contains { $0.hasPrefix("ID ") }, "two lines per notification, no header")
            #expect(lines.count == 10)
            #expect(lines[1].hasPrefix("  "))
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
        let due = Fixture.instant("2026-03-10T09:00:00+01:00")
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

    @Test("fast history lists fasts by start with their tags, fitted to the width", arguments: widths)
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
        for line in lines where line.contains("f-one") || line.contains("f-two") || line.hasPrefix("    ") {
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
}
