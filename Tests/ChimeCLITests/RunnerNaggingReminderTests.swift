import ChimeCore
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: remind every --nag, done, remind history")
struct RunnerNaggingReminderTests {
    /// What chimed does when it shows `identifier` at the harness's now: delivered, with the
    /// follow-up the nag rule plans, in one transaction.
    func show(_ identifier: String, in harness: RunnerHarness) throws {
        let store = harness.store()
        let stored = try #require(try store.request(identifier: identifier))
        _ = try store.beginDelivery(rowIDs: [stored.rowID], now: harness.now)
        let showing = try #require(ReminderNag.Showing(request: stored.request))
        let calendar = Fixture.calendar(in: harness.timeZone)
        let next = RecurringReminder(request: stored.request).flatMap {
            RequestPlanner().request(for: $0, after: showing.occurrenceDue, timeZone: harness.timeZone, calendar: calendar)
        }
        let followUp = ReminderNag.planAfterShowing(stored.request, showing, now: harness.now, next: next)
        #expect(try store.completeDelivery(rowID: stored.rowID, serverID: 3, at: harness.now, followUp: followUp))
    }

    @Test("done acknowledges the open occurrence on time, the next one comes, and history shows it in text and JSON")
    func doneAndHistory() throws {
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        let line = harness.succeed("remind", "every", "daily 08:00", "take the pills", "--id", "pills", "--nag", "10m")
        #expect(line.hasPrefix("Reminder pills every daily 08:00, next remind/pills/2027-03-27T08:00"))

        let early = harness.run("done", "pills")
        #expect(early.exitCode == .dataError)
        #expect(early.errors.contains("has not been shown yet"))

        harness.set("2027-03-27T08:00:00+01:00")
        try show("remind/pills/2027-03-27T08:00", in: harness)
        #expect(harness.pending().map(\.request.identifier) == ["remind/pills/2027-03-27T08:00"], "its nag is pending")
        harness.set("2027-03-27T08:05:00+01:00")
        let done = harness.succeed("done", "pills")
        #expect(done == "remind/pills/2027-03-27T08:00 done on time, next remind/pills/2027-03-28T08:00 at tomorrow 08:00 (in 22 h 55 min)\n", "the clocks go forward that night")
        #expect(harness.pending().map(\.request.identifier) == ["remind/pills/2027-03-28T08:00"])

        let before = harness.dump()
        let again = harness.run("done", "remind/pills/2027-03-27T08:00")
        #expect(again.exitCode == .dataError)
        #expect(again.errors.contains("is already done"))
        #expect(harness.dump() == before)

        let json = harness.run("remind", "history", "pills", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["id"] as? String == "remind/pills/2027-03-27T08:00")
        #expect(items.first?["reminder"] as? String == "pills")
        #expect(items.first?["due"] as? String == "2027-03-27T08:00:00+01:00")
        #expect(items.first?["outcome"] as? String == "done-on-time")
        #expect(items.first?["acknowledged_at"] as? String == "2027-03-27T08:05:00+01:00")

        let text = harness.succeed("remind", "history")
        #expect(text.contains("2027-03-27 08:00  pills  done on time at 08:05  remind/pills/2027-03-27T08:00"))
        #expect(text.contains("1 occurrence: 1 done"))
    }

    @Test("a nag pending after the next occurrence was shown: the unacknowledged one is missed in the history")
    func missedInHistory() throws {
        let harness = RunnerHarness(now: "2027-01-04T08:00:00+01:00")
        harness.succeed("remind", "every", "daily 09:00", "stretch", "--id", "s", "--nag", "1h", "--count", "2")
        harness.set("2027-01-04T09:00:00+01:00")
        try show("remind/s/2027-01-04T09:00", in: harness)
        // The nags end an hour before the next occurrence; the daemon then pends the next one.
        harness.succeed("cancel", "remind/s/2027-01-04T09:00")
        harness.set("2027-01-05T09:00:00+01:00")
        try show("remind/s/2027-01-05T09:00", in: harness)
        let json = harness.run("remind", "history", "--json", "--days", "3")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(items.map { $0["outcome"] as? String } == ["missed", "open"])
        #expect(items.first?["acknowledged_at"] is NSNull)
    }

    @Test("cancel ID ends a nagging reminder: the occurrence waiting for Done is missed; skipping one occurrence leaves it open")
    func cancelEnds() throws {
        let harness = RunnerHarness(now: "2027-01-04T08:00:00+01:00")
        harness.succeed("remind", "every", "daily 09:00", "stretch", "--id", "s", "--nag", "10m")
        harness.set("2027-01-04T09:00:00+01:00")
        try show("remind/s/2027-01-04T09:00", in: harness)
        harness.succeed("cancel", "remind/s/2027-01-04T09:00")
        #expect(try harness.store().reminderOccurrence(identifier: "remind/s/2027-01-04T09:00")?.outcome == .open)
        harness.succeed("cancel", "s")
        #expect(try harness.store().reminderOccurrence(identifier: "remind/s/2027-01-04T09:00")?.outcome == .missed)
        #expect(harness.pending().isEmpty)
    }

    @Test("remind in --nag: a one-off reminder nags too, and done by its id stops it")
    func oneOff() throws {
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        harness.succeed("remind", "in", "25m", "tea", "--id", "tea", "--nag", "5m")
        harness.set("2027-03-26T10:25:00+01:00")
        try show("remind/tea", in: harness)
        let nag = try #require(harness.pending().first)
        #expect(nag.request.identifier == "remind/tea")
        #expect(nag.request.due == Fixture.at("2027-03-26T10:30:00+01:00"))
        harness.set("2027-03-26T10:31:00+01:00")
        #expect(harness.succeed("done", "tea") == "remind/tea done late\n")
        #expect(harness.pending().isEmpty)
        #expect(harness.run("remind", "history", "--json").output.contains("\"outcome\": \"done-late\""))
    }

    @Test("bad input changes nothing", arguments: [
        (["remind", "every", "daily 08:00", "x", "--nag", "30s"], "use 1m or more"),
        (["remind", "every", "daily 08:00", "x", "--nag", "soon"], "invalid duration"),
        (["done", "r-none"], "no nagging reminder occurrence is \"r-none\""),
        (["remind", "history", "--days", "0"], "invalid number of days"),
    ])
    func refused(arguments: [String], fragment: String) {
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        harness.succeed("remind", "in", "25m", "tea", "--id", "r-tea")
        let before = harness.dump()
        let result = harness.run(arguments)
        #expect(result.exitCode != .success)
        #expect(result.errors.contains(fragment))
        #expect(result.errors.split(separator: "\n").count == 1)
        #expect(harness.dump() == before)
    }
}
