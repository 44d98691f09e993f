import ChimeCore
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: explain shows a rule's next occurrences")
struct RunnerExplainTests {
    @Test("text: the rule, its RRULE, the start and each occurrence with its offset, across the spring change")
    func text() {
        // Friday 2027-03-26 10:00 in Berlin; the clocks go forward on Sunday 2027-03-28.
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        let result = harness.run("explain", "weekdays 09:30", "--count", "3")
        #expect(result.exitCode == .success)
        #expect(result.lines == [
            "Rule: weekdays 09:30",
            "RRULE: FREQ=WEEKLY;BYSECOND=0;BYMINUTE=30;BYHOUR=9;BYDAY=MO,TU,WE,TH,FR",
            "From: Fri 2027-03-26 10:00 +01:00 (Europe/Berlin)",
            "  1  Mon 2027-03-29 09:30 +02:00  (in 2 d 22 h)",
            "  2  Tue 2027-03-30 09:30 +02:00  (in 3 d 22 h)",
            "  3  Wed 2027-03-31 09:30 +02:00  (in 4 d 22 h)",
        ])
        #expect(result.errors.isEmpty)
    }

    @Test("--json: one object, rule as given, canonical RRULE, zone, ISO 8601 occurrences from --from")
    func json() throws {
        let harness = RunnerHarness(now: "2027-01-01T12:00:00+01:00")
        let result = harness.run("explain", "FREQ=DAILY;BYHOUR=2;BYMINUTE=30;BYSECOND=0;COUNT=2", "--from", "2027-03-27 00:00", "--json")
        #expect(result.exitCode == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["rule"] as? String == "FREQ=DAILY;BYHOUR=2;BYMINUTE=30;BYSECOND=0;COUNT=2")
        #expect(object["rrule"] as? String == "FREQ=DAILY;COUNT=2;BYSECOND=0;BYMINUTE=30;BYHOUR=2")
        #expect(object["time_zone"] as? String == "Europe/Berlin")
        // 02:30 does not exist on 2027-03-28: the clocks jump to 03:00.
        #expect(object["occurrences"] as? [String] == ["2027-03-27T02:30:00+01:00", "2027-03-28T03:00:00+02:00"])
        let keys = ["\"rule\"", "\"rrule\"", "\"time_zone\"", "\"occurrences\""].map { result.output.range(of: $0)!.lowerBound }
        #expect(keys == keys.sorted())
    }

    @Test("a rule that never occurs: an empty array, or a sentence")
    func never() throws {
        let harness = RunnerHarness()
        let json = harness.run("explain", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "--json")
        #expect(json.exitCode == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect((object["occurrences"] as? [Any])?.isEmpty == true)
        let text = harness.run("explain", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30")
        #expect(text.lines.last == "It never occurs: no date or time satisfies it.")
    }

    @Test("fewer than --count when the rule ends; the rule may be the rest of the line")
    func ends() {
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        let result = harness.run("explain", "--count", "5", "FREQ=WEEKLY;COUNT=2;BYDAY=MO;BYHOUR=9;BYMINUTE=0;BYSECOND=0")
        #expect(result.lines.count == 3 + 2 + 1)
        #expect(result.lines.last == "No more: the rule ends after these.")
        let unquoted = harness.run("explain", "monthly", "first", "fri", "09:00", "--count", "1")
        #expect(unquoted.exitCode == .success)
        #expect(unquoted.lines.last == "  1  Fri 2027-04-02 09:00 +02:00  (in 6 d 22 h)")
    }

    @Test("a bad rule exits 65 with one line that names the wrong word", arguments: [
        (["explain", "weekdayz 09:30"], "chime: invalid rule \"weekdayz 09:30\": \"weekdayz\" is not a way to start a rule"),
        (["explain", "monthly 1 9x"], "chime: invalid rule \"monthly 1 9x\": \"9x\" is not a time of day"),
        (["explain", "FREQ=DAILY;BYHOUR=24"], "chime: invalid rule \"FREQ=DAILY;BYHOUR=24\": BYHOUR=24: 24 is out of range"),
    ])
    func badRule(arguments: [String], start: String) {
        let result = RunnerHarness().run(arguments)
        #expect(result.exitCode == .dataError)
        #expect(result.errors.hasPrefix(start))
        #expect(result.errors.filter { $0 == "\n" }.count == 1)
        #expect(result.output.isEmpty)
    }
}
