import ChimeCore
import ChimeStore
import Foundation
import Testing
@testable import ChimeCLI

/// `text` read as JSON.
private func cliJSON(_ text: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8))
}

/// The first object of a JSON array of flat objects, as text.
private func firstObject(in text: String) -> String {
    guard let open = text.firstIndex(of: "{"), let close = text[open...].firstIndex(of: "}") else { return "" }
    return String(text[open...close])
}

@Suite("runner: water goals, log, history, edits and ounces")
struct RunnerWaterViewsTests {
    /// Tuesday 2026-03-10 in Berlin, with a schedule `w` (goal 2000 ml, 1500 ml at weekends) and
    /// glasses on the days before.
    func harness() -> RunnerHarness {
        let harness = RunnerHarness(now: "2026-03-06T08:00:00+01:00")
        harness.succeed("water", "every", "1h", "--goal", "2000", "--id", "w")
        harness.succeed("water", "goal", "weekends", "1500")
        for (day, amounts) in [("06", [500, 500, 1000]), ("07", [1600]), ("08", [250]), ("09", [])] as [(String, [Int])] {
            harness.set("2026-03-\(day)T09:00:00+01:00")
            for amount in amounts {
                harness.succeed("water", "drink", "\(amount)")
                harness.advance(600)
            }
        }
        harness.set("2026-03-10T10:00:00+01:00")
        harness.succeed("water", "drink", "300")
        return harness
    }

    @Test("water goal sets every day or some weekdays, names them, and shows them one a line; the goal met today moves the next reminder")
    func goals() {
        let harness = RunnerHarness(now: "2026-03-07T10:00:00+01:00")  // a Saturday
        harness.succeed("water", "every", "1h", "--goal", "2000", "--id", "w")
        harness.succeed("water", "drink", "1600")
        #expect(harness.succeed("water", "goal", "sat,sun", "1500")
            == "Water w: goal 2000 ml Mon-Fri, 1500 ml Sat, Sun; today 1600 of 1500 ml, goal reached; next reminder tomorrow 09:00 (in 23 h)\n")
        #expect(harness.succeed("water", "goal", "sun", "none").hasPrefix("Water w: goal 2000 ml Mon-Fri, 1500 ml Sat, none Sun;"))
        #expect(harness.succeed("water", "goal") == """
            Daily water goals of w:
              Mon  2000 ml
              Tue  2000 ml
              Wed  2000 ml
              Thu  2000 ml
              Fri  2000 ml
              Sat  1500 ml  (today)
              Sun  no goal

            """)
        #expect(harness.succeed("water", "status").contains("today 1600 of 1500 ml"))
        // Every day's goal again, as water every --goal would.
        #expect(harness.succeed("water", "goal", "2000").hasPrefix("Water w: goal 2000 ml; today 1600 of 2000 ml; next reminder 11:00"))
        #expect(harness.succeed("water", "every", "1h").contains("goal 2000 ml;"))
        #expect(harness.succeed("water", "goal", "mon-fri", "64oz").contains("1893 ml Mon-Fri, 2000 ml Sat, Sun"))
        #expect(harness.succeed("water", "goal", "周末", "1500").contains("1500 ml Sat, Sun"))
    }

    @Test("water goal refuses without a schedule, without an amount after days, and days that are none")
    func goalRefusals() {
        let harness = RunnerHarness()
        let none = harness.run("water", "goal", "2000")
        #expect(none.exitCode == .dataError)
        #expect(none.errors == "chime: there are no water reminders to set a goal for: set them up with \"chime water every 1h --goal 2000\"\n")
        #expect(harness.succeed("water", "goal") == "No water reminders (today 0 ml). Set them up with \"chime water every 1h\".\n")
        harness.succeed("water", "every", "1h")
        let before = harness.dump()
        let missing = harness.run("water", "goal", "weekends")
        #expect(missing.exitCode == .usage)
        #expect(missing.errors.hasPrefix("chime: missing AMOUNT for \"chime water goal\""))
        let days = harness.run("water", "goal", "someday", "1500")
        #expect(days.exitCode == .dataError)
        #expect(harness.dump() == before)
    }

    @Test("water log lists each glass with its number; undo N and edit N change that one, and a number that names nothing changes nothing")
    func logUndoEdit() throws {
        let harness = harness()
        #expect(harness.succeed("water", "log") == """
            Tue Mar 10: 300 of 2000 ml, 1 glass
              #6  10:00  300 ml
            Change a glass with "chime water edit N --amount AMOUNT --at TIME", remove one with "chime water undo N".

            """)
        let two = harness.succeed("water", "log", "--days", "2")
        #expect(two.hasPrefix("Mon Mar 9: nothing logged\nTue Mar 10: 300 of 2000 ml, 1 glass\n"))
        let json = try #require(cliJSON(harness.succeed("water", "log", "--days", "5", "--json")) as? [[String: Any]])
        #expect(json.compactMap { $0["number"] as? Int } == [1, 2, 3, 4, 5, 6])
        #expect(orderedKeys(ofObject: firstObject(in: harness.succeed("water", "log", "--json")))
            == ["number", "instant", "amount_ml", "unit", "schedule", "water_day"])

        #expect(harness.succeed("water", "edit", "#6", "--amount", "500", "--at", "09:45")
            == "Glass #6 is now 500 ml at 09:45 (it was 300 ml at 10:00): 500 of 2000 ml today; next reminder 10:45 (in 45 min)\n")
        #expect(harness.succeed("water", "undo", "4") == "Removed glass #4, 1600 ml at Mar 7 09:00: 500 of 2000 ml today; next reminder 10:45 (in 45 min)\n")
        let before = harness.dump()
        for arguments in [["water", "undo", "4"], ["water", "edit", "99", "--amount", "100"]] {
            let result = harness.run(arguments)
            #expect(result.exitCode == .dataError)
            #expect(result.errors.hasPrefix("chime: no glass is numbered "))
            #expect(result.errors.hasSuffix(": see the numbers with \"chime water log\"\n"))
            #expect(result.output == "")
        }
        let future = harness.run("water", "edit", "6", "--at", "2026-03-10 23:00")
        #expect(future.exitCode == .dataError)
        let nothing = harness.run("water", "edit", "6")
        #expect(nothing.exitCode == .usage)
        #expect(nothing.errors == "chime: \"chime water edit\" needs --amount or --at: usage: chime water edit N [--amount AMOUNT] [--at TIME]\n")
        #expect(harness.dump() == before)
    }

    @Test("water history: a row per water day against its weekday's goal, the average before today, how often the goal was met")
    func history() throws {
        let harness = harness()
        #expect(harness.succeed("water", "history", "--days", "5") == """
            Water, last 5 days: 963 ml a day on average before today; goal met on 2 of 5 days

              Fri Mar  6  ████████████████████  2000 / 2000 ml  100%  ✓
              Sat Mar  7  ████████████████████  1600 / 1500 ml  106%  ✓
              Sun Mar  8  ███▎░░░░░░░░░░░░░░░░   250 / 1500 ml   16%
              Mon Mar  9  ░░░░░░░░░░░░░░░░░░░░     0 / 2000 ml    0%
              Tue Mar 10  ███░░░░░░░░░░░░░░░░░   300 / 2000 ml   15%

            """)
        let json = try #require(cliJSON(harness.succeed("water", "history", "--days", "2", "--json")) as? [String: Any])
        #expect(json["unit"] as? String == "ml")
        #expect(json["average_ml"] as? Int == 0)
        let days = try #require(json["water_days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2026-03-09", "2026-03-10"])
        #expect(days.map { $0["consumed_ml"] as? Int } == [0, 300])
        #expect(days.first?["starts_at"] as? String == "2026-03-09T00:00:00+01:00")
        let empty = RunnerHarness()
        #expect(empty.succeed("water", "history") == "No water logged in the last 14 days: log a glass with \"chime water drink\".\n")
    }

    @Test("water history fits every width from 40 to 200, in English and Chinese, in millilitres and ounces", arguments: TableWidthTests.everyWidth)
    func historyFits(width: Int) throws {
        let harness = harness()
        harness.terminalWidth = width
        for (language, unit) in [("en", "ml"), ("zh", "oz")] {
            harness.succeed("config", "set", "language", language)
            harness.succeed("config", "set", "water.unit", unit)
            let lines = harness.succeed("water", "history", "--days", "14").split(separator: "\n").dropFirst(1)
            #expect(lines.count == 14)
            for line in lines {
                #expect(DisplayWidth.of(String(line)) <= width, "\(width): \(line)")
            }
            #expect(lines.allSatisfy { $0.contains("█") || $0.contains("░") }, "the bar never goes")
        }
    }

    @Test("in ounces everything people read is ounces and what they type alone is ounces; stored and JSON amounts stay millilitres")
    func ounces() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        harness.succeed("config", "set", "water.unit", "oz")
        #expect(harness.succeed("water", "every", "1h", "--amount", "8", "--goal", "64", "--id", "w")
            == "Water w: every 1 h, 09:00-21:00, 8 oz a glass, goal 64 oz; next reminder 11:00 (in 1 h)\n")
        #expect(try harness.store().waterSchedule(id: "w").map { [$0.amountML, $0.goalML] } == [237, 1893])
        #expect(harness.succeed("water", "drink") == "Logged 8 oz: 8 of 64 oz today; next reminder 11:00 (in 1 h)\n")
        #expect(harness.succeed("water", "drink", "250ml") == "Logged 8.5 oz: 16.5 of 64 oz today; next reminder 11:00 (in 1 h)\n")
        #expect(try harness.store().intakes(since: .distantPast).map(\.intake.amountML) == [237, 250])
        let status = try #require(cliJSON(harness.succeed("water", "status", "--json")) as? [String: Any])
        #expect(status["amount_ml"] as? Int == 237)
        #expect(status["consumed_ml"] as? Int == 487)
        #expect(status["unit"] as? String == "oz")
        let pending = try #require(cliJSON(harness.succeed("list", "--json")) as? [[String: Any]])
        #expect(pending.first?["body"] as? String == "Drink 8 oz.\n16.5 of 64 oz today.")
        #expect(harness.succeed("status").contains("today 16.5 of 64 oz"))
        #expect(harness.succeed("config", "set", "water.amount", "10") == "water.amount set to 10oz\n")
        #expect(try harness.store().setting("water.amount") == "10oz")
        harness.succeed("config", "set", "water.unit", "ml")
        #expect(harness.succeed("config", "get", "water.amount") == "10oz\n", "a stored amount keeps its unit")
        #expect(harness.succeed("water", "drink", "8") == "Logged 8 ml: 495 of 1893 ml today; next reminder 11:00 (in 1 h)\n")
        let tooMuch = harness.run("config", "set", "water.unit", "oz")
        #expect(tooMuch.exitCode == .success)
        let refused = harness.run("water", "drink", "700")
        #expect(refused.exitCode == .dataError)
        #expect(refused.errors == "chime: invalid amount \"700\": use an amount from 0.1 to 676.3 oz\n")
    }

    @Test("Chinese: goals by weekday, the log and an edit read as Chinese")
    func chinese() {
        let harness = harness()
        harness.succeed("config", "set", "language", "zh")
        #expect(harness.succeed("water", "goal", "周六", "none").hasPrefix("喝水提醒 w：目标周一至周五 2000 毫升、周六不设目标、周日 1500 毫升；"))
        #expect(harness.succeed("water", "log").hasPrefix("周二 3月10日：1 杯，共 300/2000 毫升\n  #6  10:00  300 毫升\n"))
        #expect(harness.succeed("water", "undo", "6").hasPrefix("已删除第 6 杯（10:00，300 毫升）：今天已喝 0/2000 毫升"))
    }
}
