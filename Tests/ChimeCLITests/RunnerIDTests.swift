import ChimeCore
import ChimeStore
import Foundation
import Testing
@testable import ChimeCLI

/// One id names one thing: `--id` may not take the id of a live fast, water schedule or reminder
/// of another kind, since a change to one would cancel the other's notifications (its group).
@Suite("runner: one id names one thing")
struct RunnerIDTests {
    /// Runs `arguments`, expects the refusal `message` with exit 65, and that nothing changed.
    private func expectRefused(_ harness: RunnerHarness, _ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let before = harness.dump()
        let nudges = harness.daemon.nudges
        let result = harness.run(arguments)
        #expect(result.exitCode == .dataError, sourceLocation: sourceLocation)
        #expect(result.errors == "chime: \(message)\n", sourceLocation: sourceLocation)
        #expect(result.output == "", sourceLocation: sourceLocation)
        #expect(harness.dump() == before, "\(arguments) changed the database", sourceLocation: sourceLocation)
        #expect(harness.daemon.nudges == nudges, sourceLocation: sourceLocation)
    }

    @Test("a reminder may not take the id of a running fast, whose notifications stay")
    func reminderWithAFastsID() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "16:8", "--id", "y1", "--remind-before", "1h")
        let fastRequests = harness.pending().map(\.request.identifier)
        #expect(fastRequests == ["fast/y1/before-1h", "fast/y1/end"])
        expectRefused(harness, ["remind", "in", "30m", "hi", "--id", "y1"],
                      "the id \"y1\" already names fast y1, which is running: choose another --id")
        expectRefused(harness, ["remind", "at", "20:00", "hi", "--id", "y1"],
                      "the id \"y1\" already names fast y1, which is running: choose another --id")
        expectRefused(harness, ["water", "every", "30m", "--id", "y1"],
                      "the id \"y1\" already names fast y1, which is running: choose another --id")
        #expect(harness.pending().map(\.request.identifier) == fastRequests)
    }

    @Test("a scheduled fast, its eating window, a water schedule and a pending reminder are all live")
    func everyLiveKind() throws {
        let harness = RunnerHarness(now: "2026-03-10T08:00:00+01:00")
        harness.succeed("fast", "start", "--at", "20:00", "--id", "f-eve")
        expectRefused(harness, ["water", "every", "1h", "--id", "f-eve"],
                      "the id \"f-eve\" already names fast f-eve, which starts 20:00 (in 12 h): choose another --id")

        harness.succeed("water", "every", "1h", "--id", "w-day")
        expectRefused(harness, ["remind", "in", "5m", "tea", "--id", "w-day"],
                      "the id \"w-day\" already names water schedule w-day, which is on: choose another --id")
        // --replace ends fasts, not other things.
        expectRefused(harness, ["fast", "start", "--replace", "--id", "w-day"],
                      "the id \"w-day\" already names water schedule w-day, which is on: choose another --id")

        harness.succeed("remind", "in", "25m", "tea", "--id", "r-tea")
        expectRefused(harness, ["fast", "start", "--replace", "--id", "r-tea"],
                      "the id \"r-tea\" already names reminder r-tea, due 08:25 (in 25 min): choose another --id")
        expectRefused(harness, ["water", "every", "2h", "--id", "r-tea"],
                      "the id \"r-tea\" already names reminder r-tea, due 08:25 (in 25 min): choose another --id")

        // A single fast in its eating window has not ended yet.
        harness.succeed("fast", "start", "1h:2h", "--replace", "--id", "f-short")
        harness.advance(2 * 3600)
        expectRefused(harness, ["remind", "in", "5m", "x", "--id", "f-short"],
                      "the id \"f-short\" already names fast f-short, which is running: choose another --id")
    }

    @Test("an id whose thing is over (a fast ended, a reminder cancelled, schedule off) may be used again")
    func idsOfThingsThatAreOver() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "1h", "--id", "f-old")
        harness.advance(7200)
        #expect(harness.succeed("remind", "in", "5m", "tea", "--id", "f-old") == "Reminder f-old at 10:05 (in 5 min): tea\n")

        harness.succeed("remind", "in", "5m", "tea", "--id", "r-gone")
        harness.succeed("cancel", "r-gone")
        #expect(harness.succeed("fast", "start", "--id", "r-gone").hasPrefix("Fast r-gone started 10:00"))

        harness.succeed("water", "every", "1h", "--id", "w-off")
        harness.succeed("water", "off")
        #expect(harness.succeed("remind", "in", "5m", "water", "--id", "w-off") == "Reminder w-off at 10:05 (in 5 min): water\n")
    }

    @Test("a reminder with the id of a pending reminder replaces it and says so")
    func reminderReplacesReminder() throws {
        let harness = RunnerHarness()
        #expect(harness.succeed("remind", "in", "30m", "hi", "--id", "r1") == "Reminder r1 at 08:30 (in 30 min): hi\n")
        #expect(harness.succeed("remind", "in", "40m", "ho", "--id", "r1") == "Reminder r1 replaced: due 08:40 (in 40 min): ho\n")
        let pending = harness.pending()
        #expect(pending.map(\.request.identifier) == ["remind/r1"])
        #expect(pending.first?.request.due == harness.now.addingTimeInterval(40 * 60))
        #expect(try harness.store().reminder(id: "r1")?.text == "ho")

        // Once it is no longer pending, the id starts a new reminder.
        harness.succeed("cancel", "r1")
        #expect(harness.succeed("remind", "in", "5m", "again", "--id", "r1") == "Reminder r1 at 08:05 (in 5 min): again\n")
    }

    @Test("a generated id avoids every id in use, even one whose thing is over")
    func generatedIDsAreFree() throws {
        // The seeded random source gives each harness the same first id: see which it is.
        let probe = RunnerHarness()
        let started = probe.succeed("fast", "start")
        let first = try #require(started.split(separator: " ").dropFirst().first.map(String.init))
        #expect(first.hasPrefix("f-"))

        let harness = RunnerHarness()
        harness.succeed("remind", "in", "5m", "x", "--id", first)
        harness.succeed("cancel", first)
        let output = harness.succeed("fast", "start")
        #expect(!output.hasPrefix("Fast \(first) "), "\(output)")
        #expect(try harness.store().session(id: first) == nil)
    }
}
