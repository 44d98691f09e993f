import ChimeCore
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: a fast and water history that stays true")
struct RunnerHistoryTests {
    /// The fasts history holds at the harness's now, as `id duration` lines.
    func history(_ harness: RunnerHarness) throws -> [String] {
        try Desk(store: harness.store(), timeZone: harness.timeZone).fastRecords(since: .distantPast, now: harness.now).filter(\.isFinished).map { "\($0.id) \(Int($0.duration / 60)) min \($0.completed ? "completed" : "stopped early")" }
    }

    @Test("a fast started earlier than the end of the previous one is refused (65, nothing changed)")
    func overlapRefused() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "16:8", "--ago", "20h", "--id", "f-one")
        let before = harness.dump()
        let result = harness.run("fast", "start", "16:8", "--ago", "18h", "--id", "f-two")
        #expect(result.exitCode == .dataError)
        #expect(result.errors == "chime: fast f-one was still fasting when this one would start, and fasts cannot overlap: start it after fast f-one ended, or add --replace to end fast f-one at the new start\n")
        #expect(harness.dump() == before)
        // Starting after its end is fine: it ended 4 h ago.
        harness.succeed("fast", "start", "16:8", "--ago", "3h", "--id", "f-two")
    }

    @Test("with --replace, a fast still fasting ends at the new start; one whose fast is over is never changed")
    func overlapReplaced() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "16:8", "--ago", "20h", "--id", "f-one")
        // f-one fasted its 16 h and is in its eating window: history, not to be rewritten.
        let before = harness.dump()
        let refused = harness.run("fast", "start", "16:8", "--ago", "18h", "--id", "f-two", "--replace")
        #expect(refused.exitCode == .dataError)
        #expect(refused.errors.hasPrefix("chime: fast f-one ran from "))
        #expect(refused.errors.contains("and has ended, and a fast that has ended is never changed"))
        #expect(harness.dump() == before)
        #expect(try history(harness) == ["f-one 960 min completed"])
        // A fast still fasting ends where the new one starts.
        harness.succeed("fast", "start", "16:8", "--ago", "3h", "--id", "f-two")
        harness.succeed("fast", "start", "16:8", "--ago", "2h", "--id", "f-three", "--replace")
        #expect(try history(harness) == ["f-one 960 min completed", "f-two 60 min stopped early"])
        // A running fast that began after the new start lies inside it: it is removed, and
        // the line says why.
        let inside = RunnerHarness()
        inside.succeed("fast", "start", "16:8", "--ago", "1h", "--id", "f-a")
        #expect(inside.succeed("fast", "start", "16:8", "--ago", "2h", "--id", "f-b", "--replace").contains("; discarded fast f-a (it began within the new fast)"))
        #expect(try inside.store().session(id: "f-a") == nil)
    }

    @Test("a fast replaced or stopped within its first 2 minutes is discarded, not stopped early")
    func shortFastsAreDiscarded() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "18:6", "--id", "f-typo")
        harness.advance(30)
        #expect(harness.succeed("fast", "start", "16:8", "--id", "f-real", "--replace").hasSuffix("; discarded fast f-typo (it would have lasted under 2 min)\n"))
        #expect(try harness.store().session(id: "f-typo") == nil)
        harness.advance(90)
        #expect(harness.succeed("fast", "stop") == "Fast f-real discarded: stopped within its first 2 min, it is not kept in the history\n")
        harness.advance(3600)
        #expect(try history(harness).isEmpty)
        #expect(harness.pending().isEmpty)
        // Two minutes in, a stop is a stop.
        harness.succeed("fast", "start", "--id", "f-kept")
        harness.advance(120)
        harness.succeed("fast", "stop")
        #expect(try history(harness) == ["f-kept 2 min stopped early"])
    }

    @Test("a repeating fast stopped just after a cycle began ends at that cycle's start")
    func rollingCycleDiscarded() throws {
        let harness = RunnerHarness()
        // 16:9 repeats in real time (25 h cycles); a 24 h plan would be a schedule on the local clock.
        harness.succeed("fast", "start", "16:9", "--repeat", "--ago", "25h1m", "--id", "f-roll")
        #expect(harness.succeed("fast", "stop") == "Fast f-roll stopped at 07:59, where its last cycle began (a fast of under 2 min is not kept)\n")
        #expect(try history(harness) == ["f-roll 960 min completed"])
    }

    @Test("fast delete removes a fast from the history, and a running one with its notifications")
    func deleteFast() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "16:8", "--ago", "20h", "--id", "f-old")
        harness.succeed("fast", "start", "--id", "f-now")
        #expect(!harness.pending().isEmpty)
        #expect(harness.succeed("fast", "delete", "f-old") == "Fast f-old deleted (16:8, started yesterday 12:00)\n")
        #expect(harness.succeed("fast", "delete", "f-now") == "Fast f-now deleted (16:8, started 08:00)\n")
        #expect(try harness.store().sessions().isEmpty)
        #expect(harness.pending().isEmpty)
        #expect(harness.succeed("fast", "status").hasPrefix("No fast."))
        let result = harness.run("fast", "delete", "f-old")
        #expect(result.exitCode == .dataError)
        #expect(result.errors.hasPrefix("chime: no fast has the id \"f-old\""))
    }

    @Test("water undo removes the glass logged last, and a goal no longer met brings the reminders back")
    func undoDrink() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        harness.succeed("water", "every", "1h", "--goal", "500")
        harness.succeed("water", "drink", "250")
        harness.advance(60)
        harness.succeed("water", "drink", "250")
        #expect(harness.pending().map(\.request.due) == [Fixture.at("2026-03-11T09:00:00+01:00")], "goal met")
        #expect(harness.succeed("water", "undo") == "Removed glass #2, 250 ml at 10:01: 250 of 500 ml today; next reminder 11:00 (in 59 min)\n")
        #expect(harness.pending().map(\.request.due) == [Fixture.at("2026-03-10T11:00:00+01:00")])
        #expect(harness.succeed("water", "status").contains("today 250 of 500 ml"))
        harness.succeed("water", "undo")
        let result = harness.run("water", "undo")
        #expect(result.exitCode == .dataError)
        #expect(result.errors == "chime: no glass is logged, so there is nothing to undo: log one with \"chime water drink\"\n")
    }

    @Test("water drink --at logs a forgotten glass: it counts today and the next reminder keeps an interval from it")
    func drinkAt() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        harness.succeed("water", "every", "1h", "--goal", "2000")
        #expect(harness.succeed("water", "drink", "300", "--at", "09:40") == "Logged 300 ml for 09:40: 300 of 2000 ml today; next reminder 10:40 (in 40 min)\n")
        #expect(try harness.store().waterIntakes(since: .distantPast).map(\.instant) == [Fixture.at("2026-03-10T09:40:00+01:00")])
        // Yesterday's glass counts for yesterday.
        harness.succeed("water", "drink", "500", "--at", "2026-03-09 20:00")
        #expect(harness.succeed("water", "status").contains("today 300 of 2000 ml"))
        let before = harness.dump()
        let result = harness.run("water", "drink", "--at", "2026-03-10 12:00")
        #expect(result.exitCode == .dataError)
        #expect(result.errors.hasPrefix("chime: 12:00 is still to come"))
        #expect(harness.dump() == before)
    }

    @Test("24:00 after a date is the next day's midnight, accepted on the day itself")
    func midnightAfterADate() throws {
        let harness = RunnerHarness(now: "2027-03-28T12:00:00+02:00")
        harness.succeed("remind", "at", "2027-03-28 24:00", "x", "--id", "r-mid")
        #expect(harness.pending().map(\.request.due) == [Fixture.at("2027-03-29T00:00:00+02:00")])
    }
}
