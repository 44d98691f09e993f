import ChimeTestSupport
import Foundation
import Testing

/// The built `chime` with the views people look for and the corrections they make (issue 22),
/// each run under libfaketime at a known instant in Europe/Berlin.
@Suite("chime: histories, corrections and ounces")
struct CliViewsTests {
    /// A sandbox whose rules follow Berlin, at `now`.
    func sandbox(at now: String) async -> CliSandbox {
        let sandbox = CliSandbox()
        sandbox.fakeNow = now
        _ = await sandbox.succeed("config", "set", "time_zone", "Europe/Berlin")
        return sandbox
    }

    @Test("water goals by weekday, glasses by number, undo and edit of any glass, history against the goal")
    func water() async throws {
        let sandbox = await sandbox(at: "2027-03-26T09:00:00+01:00")  // a Friday
        await sandbox.succeed("water", "every", "1h", "--goal", "2000", "--id", "w")
        #expect(await sandbox.succeed("water", "goal", "weekends", "1500").output.hasPrefix("Water w: goal 2000 ml Mon-Fri, 1500 ml Sat, Sun; today 0 of 2000 ml;"))
        await sandbox.succeed("water", "drink", "500", "--at", "08:00")
        await sandbox.succeed("water", "drink", "8oz", "--at", "08:30")
        sandbox.fakeNow = "2027-03-27T10:00:00+01:00"
        // The clocks go forward tonight: tomorrow 09:00 is 22 hours away.
        #expect(await sandbox.succeed("water", "drink", "1500").output == "Logged 1500 ml: 1500 of 1500 ml today, goal reached; next reminder tomorrow 09:00 (in 22 h)\n")
        // Each chime starts its clock at fakeNow: later commands run a little later, so they see the glass.
        sandbox.fakeNow = "2027-03-27T10:05:00+01:00"
        let log = await sandbox.succeed("water", "log", "--days", "2").output
        #expect(log.hasPrefix("Fri Mar 26: 737 of 2000 ml, 2 glasses\n  #1  08:00   500 ml\n  #2  08:30   237 ml\nSat Mar 27: 1500 of 1500 ml, 1 glass\n  #3  10:00  1500 ml\n"), "\(log)")

        let before = await sandbox.dump()
        let gone = await sandbox.chime("water", "undo", "9")
        #expect(gone.status == 65)
        #expect(gone.errors == "chime: no glass is numbered 9: see the numbers with \"chime water log\"\n")
        #expect(await sandbox.dump() == before)
        #expect(await sandbox.succeed("water", "edit", "3", "--amount", "1000").output
            == "Glass #3 is now 1000 ml at 10:00 (it was 1500 ml at 10:00): 1000 of 1500 ml today; next reminder 11:00 (in 55 min)\n")
        #expect(await sandbox.succeed("water", "undo", "1").output.hasPrefix("Removed glass #1, 500 ml at yesterday 08:00: 1000 of 1500 ml today;"))
        await sandbox.succeed("water", "drink", "100", "--at", "10:04")
        let numbers = cliJSONArray(await sandbox.succeed("water", "log", "--days", "2", "--json").output)?.compactMap { $0["number"] as? Int }
        #expect(numbers == [2, 3, 4], "the number undone is never given again")

        let history = await sandbox.succeed("water", "history", "--days", "3").output
        #expect(history == """
            Water, last 3 days: 119 ml a day on average before today; goal met on 0 of 3 days

              Thu Mar 25  ░░░░░░░░░░░░░░░░░░░░     0 / 2000 ml   0%
              Fri Mar 26  ██▎░░░░░░░░░░░░░░░░░   237 / 2000 ml  11%
              Sat Mar 27  ██████████████▋░░░░░  1100 / 1500 ml  73%

            """)
        let json = try #require(cliJSONObject(await sandbox.succeed("water", "history", "--days", "3", "--json").output))
        #expect(json["goal_days"] as? Int == 3)
        #expect((json["water_days"] as? [[String: Any]])?.map { $0["goal_ml"] as? Int } == [2000, 2000, 1500])
    }

    @Test("water history fits a 40-column terminal and a 200-column one", arguments: [40, 61, 200])
    func historyOnATerminal(columns: Int) async throws {
        let sandbox = await sandbox(at: "2027-03-26T09:00:00+01:00")
        await sandbox.succeed("water", "every", "1h", "--goal", "2000", "--id", "w")
        await sandbox.succeed("water", "drink", "750", "--at", "08:30")
        // A terminal of that many columns: `script` gives chime a pseudo-terminal.
        let start = Int(ISO8601DateFormatter().date(from: "2027-03-26T09:00:00+01:00")!.timeIntervalSince1970)
        let command = "stty cols \(columns) rows 50; exec /usr/bin/faketime -f @\(start) '\(CliBinaries.path("chime"))' water history"
        let outcome = await sandbox.run("/usr/bin/script", ["-qec", command, "/dev/null"], extra: ["FAKETIME_FMT": "%s"])
        #expect(outcome.status == 0)
        let rows = outcome.output.replacingOccurrences(of: "\r", with: "").split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(rows.count == 14, "\(outcome.output)")
        for row in rows {
            #expect(row.unicodeScalars.filter { $0.properties.generalCategory != .control }.count <= columns, "\(row)")
        }
    }

    @Test("in ounces: what people read and type is ounces; JSON keeps millilitres and says so")
    func ounces() async throws {
        let sandbox = await sandbox(at: "2027-03-26T10:00:00+01:00")
        await sandbox.succeed("config", "set", "water.unit", "oz")
        #expect(await sandbox.succeed("water", "every", "1h", "--amount", "8", "--goal", "64", "--id", "w").output
            == "Water w: every 1 h, 09:00-21:00, 8 oz a glass, goal 64 oz; next reminder 11:00 (in 1 h)\n")
        #expect(await sandbox.succeed("water", "drink").output == "Logged 8 oz: 8 of 64 oz today; next reminder 11:00 (in 1 h)\n")
        sandbox.fakeNow = "2027-03-26T10:01:00+01:00"
        let status = try #require(cliJSONObject(await sandbox.succeed("water", "status", "--json").output))
        #expect(status["amount_ml"] as? Int == 237)
        #expect(status["goal_ml"] as? Int == 1893)
        #expect(status["consumed_ml"] as? Int == 237)
        #expect(status["unit"] as? String == "oz")
        let bubble = cliJSONArray(await sandbox.succeed("list", "--json").output)?.first
        #expect(bubble?["body"] as? String == "Drink 8 oz.\n8 of 64 oz today.")
        let export = await sandbox.succeed("export", "--format", "csv", "--what", "water").output
        #expect(export.hasSuffix(",237,w,2027-03-26,oz\n"))
    }

    @Test("fast stop --at and fast edit correct fasts; an overlap is refused with one line, exit 65, nothing changed; the neutral mode says ended")
    func fasts() async {
        let sandbox = await sandbox(at: "2027-03-26T11:00:00+01:00")
        await sandbox.succeed("fast", "start", "16:8", "--ago", "15h", "--id", "a")
        #expect(await sandbox.succeed("fast", "stop", "--at", "10:30").output == "Fast a stopped at 10:30 after 14 h 30 min, 1 h 30 min short of 16 h (16:8)\n")
        await sandbox.succeed("fast", "start", "16:8", "--ago", "10m", "--id", "b")
        let before = await sandbox.dump()
        let overlap = await sandbox.chime("fast", "edit", "b", "--start", "10:00")
        #expect(overlap.status == 65)
        #expect(overlap.errors == "chime: fast b would overlap fast a, which ran from yesterday 20:00 to 10:30, and fasts cannot overlap: choose times outside it\n")
        #expect(overlap.output == "")
        #expect(await sandbox.dump() == before)
        #expect(await sandbox.succeed("fast", "edit", "a", "--end", "10:40").output == "Fast a now ran from yesterday 20:00 to 10:40, 14 h 40 min (16:8), stopped early\n")
        await sandbox.succeed("config", "set", "fast.streaks", "off")
        let history = await sandbox.succeed("fast", "history").output
        #expect(history.hasPrefix("Last 30 days: 1 fast, 0 completed (0%)\naverage 14 h 40 min, longest 14 h 40 min (a)\n"))
        #expect(history.contains("  yesterday 20:00  14 h 40 min  16:8  ended  a"))
        #expect(!history.contains("streak") && !history.contains("stopped early"))
        let json = cliJSONObject(await sandbox.succeed("fast", "history", "--json").output)
        #expect(json?["current_streak_days"] is NSNull)
        #expect((json?["weeks"] as? [[String: Any]])?.last?["fasts"] as? Int == 1)
    }

    @Test("remind edit keeps the id and history; remind history lists every reminder, snoozes included")
    func reminders() async throws {
        let sandbox = await sandbox(at: "2027-03-26T08:00:00+01:00")
        await sandbox.succeed("remind", "in", "10m", "tea", "--id", "tea")
        await sandbox.succeed("remind", "every", "daily 09:00", "pills", "--id", "pills")
        #expect(await sandbox.succeed("snooze", "tea", "15m").output == "Snoozed remind/tea until 08:25 (in 25 min)\n")
        #expect(await sandbox.succeed("remind", "edit", "tea", "--text", "green tea").output == "Reminder tea changed: at 08:25 (in 25 min): green tea\n")
        #expect(await sandbox.succeed("remind", "edit", "pills", "--rule", "daily 09:30").output
            == "Reminder pills changed: every daily 09:30, next remind/pills/2027-03-26T09:30 at 09:30 (in 1 h 30 min): pills\n")
        let refused = await sandbox.chime("remind", "edit", "pills", "--at", "10:00")
        #expect(refused.status == 65)
        #expect(refused.errors == "chime: reminder pills recurs: change when it comes with --rule RULE, not --at\n")
        sandbox.fakeNow = "2027-03-26T08:20:00+01:00"
        let history = await sandbox.succeed("remind", "history").output
        #expect(history.hasPrefix("2027-03-26 08:10  tea  snoozed until 08:25, snoozed once  remind/tea\n1 occurrence: 1 still to come"), "\(history)")
        let json = cliJSONArray(await sandbox.succeed("remind", "history", "--json").output)
        #expect(json?.first?["outcome"] as? String == "snoozed")
        #expect(json?.first?["comes_at"] as? String == "2027-03-26T08:25:00+01:00")
        #expect((json?.first?["snoozes"] as? [[String: Any]])?.count == 1)
        let chinese = await sandbox.succeed("remind", "history", extra: ["LANG": "zh_CN.UTF-8"]).output
        #expect(chinese.hasPrefix("2027-03-26 08:10  tea  推迟到 08:25，推迟过 1 次  remind/tea\n共 1 次："))
    }
}
