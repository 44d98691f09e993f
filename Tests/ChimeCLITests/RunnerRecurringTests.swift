import ChimeCore
import ChimeStore
import Foundation
import Testing
@testable import ChimeCLI

/// Recurring reminders as records of their own: counting, ids, and the list of them.
@Suite("runner: recurring reminders")
struct RunnerRecurringTests {
    @Test("--count N means N reminders that are shown: the moment of making one is no occurrence, and explain agrees")
    func countMeansShown() throws {
        let harness = RunnerHarness(now: "2027-03-27T12:00:00+01:00")
        let line = harness.succeed("remind", "every", "every 90m", "tea", "--id", "tea", "--count", "2")
        #expect(line.contains("next remind/tea/2027-03-27T13:30 at 13:30"))
        let listed = try #require(jsonArray(harness.succeed("remind", "list", "--json")))
        #expect(listed.first?["left"] as? Int == 2)
        harness.succeed("remind", "every", "every 90m", "once", "--id", "once", "--count", "1")
        let explained = harness.succeed("explain", "every 90m", "--count", "2")
        #expect(explained.contains("  1  Sat 2027-03-27 13:30 +01:00"))
        #expect(explained.contains("  2  Sat 2027-03-27 15:00 +01:00"))
    }

    @Test("an id names one kind of reminder: one-off over recurring and the reverse are refused, recurring over recurring says replaced")
    func idKinds() throws {
        let harness = RunnerHarness(now: "2027-03-27T12:00:00+01:00")
        harness.succeed("remind", "every", "daily 08:00", "pills", "--id", "x")
        let before = harness.dump()
        let oneOff = harness.run("remind", "in", "1h", "tea", "--id", "x")
        #expect(oneOff.exitCode == .dataError)
        #expect(oneOff.errors.contains("recurring reminder x"))
        #expect(harness.dump() == before)
        #expect(harness.succeed("remind", "every", "daily 09:00", "pills later", "--id", "x").hasPrefix("Reminder x replaced: every daily 09:00"))
        harness.succeed("remind", "in", "2h", "call", "--id", "y")
        let recurring = harness.run("remind", "every", "daily 08:00", "call", "--id", "y")
        #expect(recurring.exitCode == .dataError)
        #expect(recurring.errors.contains("reminder y"))
    }

    @Test("remind list shows each recurring reminder with its rule, next time and how many are left; ended ones with --all")
    func list() throws {
        let harness = RunnerHarness(now: "2027-03-27T12:00:00+01:00")
        harness.succeed("remind", "every", "weekdays 09:30", "stand-up", "--id", "standup")
        harness.succeed("remind", "every", "daily 08:00", "pills", "--id", "pills", "--count", "3")
        let text = harness.succeed("remind", "list")
        #expect(text.contains("pills"))
        #expect(text.contains("weekdays 09:30"))
        #expect(text.contains("Mon 09:30"))
        #expect(text.contains("no end"))
        harness.succeed("cancel", "pills")
        #expect(!harness.succeed("remind", "list").contains("pills"))
        let all = try #require(jsonArray(harness.succeed("remind", "list", "--all", "--json")))
        let pills = try #require(all.first { $0["id"] as? String == "pills" })
        #expect(pills["ended_at"] as? String != nil)
        #expect(pills["rule"] as? String == "daily 08:00")
    }

    @Test("a reminder whose count is used up has ended: remind list leaves it out, --all shows it with none left")
    func countUsedUp() throws {
        let harness = RunnerHarness(now: "2027-03-27T12:00:00+01:00")
        harness.succeed("remind", "every", "every 90m", "tea", "--id", "tea", "--count", "2")
        harness.succeed("remind", "every", "daily 08:00", "pills", "--id", "pills")
        // Two days on, 13:30 and 15:00 are past showing late: no occurrence is left.
        harness.advance(2 * 86_400)
        let text = harness.succeed("remind", "list")
        #expect(!text.contains("tea"))
        #expect(text.contains("pills"))
        let all = try #require(jsonArray(harness.succeed("remind", "list", "--all", "--json")))
        let tea = try #require(all.first { $0["id"] as? String == "tea" })
        #expect(tea["next"] is NSNull)
        #expect(tea["left"] as? Int == 0)
        // A rule without end, ended by cancel: none left either, not "no end".
        harness.succeed("cancel", "pills")
        let ended = try #require(jsonArray(harness.succeed("remind", "list", "--all", "--json")))
        #expect(ended.first { $0["id"] as? String == "pills" }?["left"] as? Int == 0)
    }
}

