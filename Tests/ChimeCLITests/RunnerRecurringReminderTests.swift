import ChimeCore
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: remind every")
struct RunnerRecurringReminderTests {
    @Test("the next occurrence is pending under remind/ID/DATETHH:MM and the line names it")
    func creates() throws {
        // Friday 2027-03-26 10:00 in Berlin.
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        let line = harness.succeed("remind", "every", "weekdays 09:30", "stand-up", "--id", "standup")
        #expect(line == "Reminder standup every weekdays 09:30, next remind/standup/2027-03-29T09:30 at Mon 09:30 (in 2 d 22 h): stand-up\n")
        let list = harness.run("list", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["remind/standup/2027-03-29T09:30"])
        #expect(items.first?["kind"] as? String == "reminder")
        #expect(items.first?["due"] as? String == "2027-03-29T09:30:00+02:00")
    }

    @Test("cancel IDENTIFIER skips one occurrence; cancel ID ends the reminder")
    func cancelSkipsOrEnds() throws {
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        harness.succeed("remind", "every", "daily 08:00", "take the pills", "--id", "pills")
        let skip = harness.run("cancel", "remind/pills/2027-03-27T08:00")
        #expect(skip.exitCode == .success)
        #expect(skip.output.contains("reminder pills goes on, next at"))
        #expect(harness.run("list", "--json").output.contains("remind/pills/2027-03-28T08:00"))
        let end = harness.run("cancel", "pills")
        #expect(end.exitCode == .success)
        #expect(harness.run("list", "--json").output.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }

    @Test("--count, --until and --from shape the rule; a rule that is over or wrong changes nothing", arguments: [
        (["remind", "every", "daily 08:00", "x", "--until", "2027-03-26 09:00"], ExitCode.dataError, "has no occurrence after now"),
        (["remind", "every", "FREQ=DAILY;COUNT=2", "x", "--count", "3"], ExitCode.dataError, "already ends"),
        (["remind", "every", "dayly 08:00", "x"], ExitCode.dataError, "\"dayly\" is not a way to start a rule"),
        (["remind", "every", "daily 08:00", "x", "--until", "2027-04-01 09:00", "--count", "2"], ExitCode.usage, "--until and --count cannot be combined"),
    ])
    func refused(arguments: [String], code: ExitCode, fragment: String) {
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        harness.succeed("remind", "in", "25m", "tea", "--id", "r-tea")
        let before = harness.dump()
        let result = harness.run(arguments)
        #expect(result.exitCode == code)
        #expect(result.errors.contains(fragment))
        #expect(harness.dump() == before)
    }

    @Test("--from starts the rule later, and --count counts from there")
    func fromAndCount() throws {
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        let line = harness.succeed("remind", "every", "monthly first fri 09:00", "rent", "--id", "rent", "--from", "2027-05-01 00:00", "--count", "2")
        #expect(line.contains("next remind/rent/2027-05-07T09:00"))
    }
}
