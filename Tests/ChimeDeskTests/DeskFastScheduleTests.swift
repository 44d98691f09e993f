import ChimeCore
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// The cases of "derive what recurs, record only what happened" for fast schedules, each as
/// the desk decides it (the CLI and chimed both go through it).
@Suite("desk: a fast schedule is its rule, what happened recorded")
struct DeskFastScheduleTests {
    /// A desk over a fresh store with schedule `fs-1` (16:8, daily 20:00) set at `now`.
    final class Bench {
        let directory: TemporaryDirectory
        let store: Store
        let desk: Desk
        var now: Date

        init(now: Date, zone: TimeZone = TimeZone(identifier: "UTC")!, rule: String = "daily 20:00") throws {
            directory = try TemporaryDirectory()
            store = try Store(path: directory.appending("chime.sqlite"))
            desk = Desk(store: store, timeZone: zone, randomSource: SeededGenerator(seed: 7))
            self.now = now
            let schedule = try FastSchedule(id: "fs-1", plan: .standard, ruleText: rule, start: now)
            try perform { _ in
                var plan = ChangePlan()
                plan.fastSchedules = [schedule]
                return Desk.Decision(plan, ())
            }
        }

        /// Performs a decision at `now`, as `chime` would.
        @discardableResult
        func perform<Outcome>(_ decide: (Date) throws -> Desk.Decision<Outcome>) throws -> Outcome {
            let now = self.now
            return try #require(try desk.perform(requestID: UUID().uuidString, now: now, clock: { now }, decide).outcome)
        }

        func pending() throws -> [String] {
            try store.pendingRequests().map(\.request.identifier)
        }

        func current() throws -> FastingSession? {
            try desk.currentFast(now: now)
        }
    }

    static func at(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test("fast stop of the waiting scheduled fast skips it; the schedule goes on, a second stop skips the next one and says which")
    func stopSkips() throws {
        let bench = try Bench(now: Self.at("2026-12-01T12:00:00Z"))
        #expect(try bench.pending() == ["fast/fs-1.20261201-2000/start", "fast/fs-1.20261201-2000/end"])
        bench.now = Self.at("2026-12-01T13:00:00Z")
        let first = try bench.perform { try bench.desk.stopFast(id: nil, now: $0) }
        guard case .skipped(let skipped, let next) = first else { Issue.record("not a skip: \(first)"); return }
        #expect(skipped.id == "fs-1.20261201-2000")
        #expect(next?.id == "fs-1.20261202-2000")
        #expect(try bench.pending() == ["fast/fs-1.20261202-2000/start", "fast/fs-1.20261202-2000/end"])
        #expect(try bench.current()?.id == "fs-1.20261202-2000")
        // Skipped, it is not in the history once its day has passed, and nothing of it is pending.
        bench.now = Self.at("2026-12-03T13:00:00Z")
        let records = try bench.desk.fastRecords(since: .distantPast, now: bench.now)
        #expect(!records.contains { $0.id == "fs-1.20261201-2000" })
        #expect(records.contains { $0.id == "fs-1.20261202-2000" && $0.completed })
    }

    @Test("fast delete and cancel of the waiting fast skip it, and cancel --all does too; the schedule stays, and one fast is current")
    func deleteAndCancelSkip() throws {
        let bench = try Bench(now: Self.at("2026-12-01T12:00:00Z"))
        let deleted = try bench.perform { try bench.desk.deleteFast(id: "fs-1.20261201-2000", now: $0) }
        // Not started yet: skipped as fast stop skips it, with the schedule's next fast.
        guard case .skippedBeforeStart(_, let next) = deleted else { Issue.record("not skipped: \(deleted)"); return }
        #expect(next?.id == "fs-1.20261202-2000")
        #expect(try bench.desk.fastScheduleNow(now: bench.now).current?.id == "fs-1.20261202-2000")
        let cancelled = try bench.perform { try bench.desk.cancel(.references([.group("fs-1.20261202-2000")]), now: $0) }
        #expect(cancelled.skippedFasts.map(\.id) == ["fs-1.20261202-2000"])
        #expect(cancelled.nextScheduledFast?.id == "fs-1.20261203-2000")
        let all = try bench.perform { try bench.desk.cancel(.all, now: $0) }
        #expect(all.skippedFasts.map(\.id) == ["fs-1.20261203-2000"])
        #expect(try bench.store.fastSchedule()?.id == "fs-1")
        // However many were skipped, one fast is the current one, and stop names it.
        #expect(try bench.current()?.id == "fs-1.20261204-2000")
        #expect(try bench.pending() == ["fast/fs-1.20261204-2000/start", "fast/fs-1.20261204-2000/end"])
    }

    @Test("a skipped scheduled fast cannot be extended or stopped again: the refusal names it, and nothing is recorded")
    func extendSkippedRefused() throws {
        let bench = try Bench(now: Self.at("2026-12-01T12:00:00Z"))
        try bench.perform { try bench.desk.stopFast(id: "fs-1.20261202-2000", now: $0) }
        let sequence = try bench.store.currentSequence()
        #expect(throws: DeskRefusal.fastSkipped(id: "fs-1.20261202-2000", start: Self.at("2026-12-02T20:00:00Z"))) {
            try bench.perform { try bench.desk.extendFast(by: .hours(1), id: "fs-1.20261202-2000", now: $0) }
        }
        #expect(try bench.store.currentSequence() == sequence)
        #expect(try bench.store.session(id: "fs-1.20261202-2000")?.fastExtension == nil)
        // Nor stopped again: the skip is not written twice.
        #expect(throws: DeskRefusal.fastSkipped(id: "fs-1.20261202-2000", start: Self.at("2026-12-02T20:00:00Z"))) {
            try bench.perform { try bench.desk.stopFast(id: "fs-1.20261202-2000", now: $0) }
        }
        #expect(try bench.store.currentSequence() == sequence)
    }

    @Test("cancelling the start notification skips the fast; cancelling the end keeps it running")
    func cancelStartOrEnd() throws {
        let bench = try Bench(now: Self.at("2026-12-01T12:00:00Z"))
        let start = try bench.perform { try bench.desk.cancel(.references([.request("fast/fs-1.20261201-2000/start")]), now: $0) }
        #expect(start.skippedFasts.map(\.id) == ["fs-1.20261201-2000"])
        #expect(try bench.pending() == ["fast/fs-1.20261202-2000/start", "fast/fs-1.20261202-2000/end"])
        try bench.perform { try bench.desk.cancel(.references([.request("fast/fs-1.20261202-2000/end")]), now: $0) }
        bench.now = Self.at("2026-12-02T21:00:00Z")
        #expect(try bench.current()?.id == "fs-1.20261202-2000")
        #expect(try bench.current()?.status(at: bench.now).phase == .fasting)
    }

    @Test("a fast by hand takes its day's scheduled fast, and the next one named is another")
    func manualTakesPlace() throws {
        let bench = try Bench(now: Self.at("2026-12-01T07:00:00Z"))
        bench.now = Self.at("2026-12-01T08:00:00Z")
        let started = try bench.perform {
            try bench.desk.startFast(Desk.FastStart(plan: try FastingPlan(parsing: "8h"), remindBefore: [], id: "f-1", tag: "", start: $0, repeating: false, replace: false), now: $0)
        }
        #expect(started.tookPlaceOf.map(\.id) == ["fs-1.20261201-2000"])
        #expect(started.nextScheduled?.id == "fs-1.20261202-2000")
        #expect(try bench.pending().filter { $0.hasPrefix("fast/fs-1") } == ["fast/fs-1.20261202-2000/start", "fast/fs-1.20261202-2000/end"])
    }

    @Test("what fast status and fast schedule say does not depend on chimed: the next day's fast is fasting at 21:00")
    func readersNeedNoDaemon() throws {
        let bench = try Bench(now: Self.at("2026-12-01T12:00:00Z"))
        bench.now = Self.at("2026-12-02T21:00:00Z")
        #expect(try bench.current()?.id == "fs-1.20261202-2000")
        #expect(try bench.current()?.status(at: bench.now).phase == .fasting)
        #expect(try bench.desk.fastScheduleNow(now: bench.now).current?.id == "fs-1.20261202-2000")
        // Yesterday's, never touched by any process, is in the history, completed.
        let records = try bench.desk.fastRecords(since: .distantPast, now: bench.now)
        #expect(records.filter(\.isFinished).map(\.id) == ["fs-1.20261201-2000"])
    }

    @Test("a repeating daily fast begun long ago has its schedule's next fast derived at once")
    func repeatAfterItsEnd() throws {
        let bench = try Bench(now: Self.at("2026-12-01T12:00:00Z"))
        try bench.perform { _ in
            var plan = ChangePlan()
            plan.deletedFastSchedules = []
            var off = try #require(try bench.store.fastSchedule())
            off.endedAt = bench.now
            plan.fastSchedules = [off]
            return Desk.Decision(plan, ())
        }
        let started = try bench.perform {
            try bench.desk.startFast(Desk.FastStart(plan: .standard, remindBefore: [], id: "f-r", tag: "", start: $0.addingTimeInterval(-17 * 3600), repeating: true, replace: false), now: $0)
        }
        let schedule = try #require(started.schedule)
        // 17 h ago was 19:00 yesterday: its fast ended at 11:00; the next starts at 19:00 today.
        #expect(try bench.pending().contains("fast/\(schedule.id).20261201-1900/start"))
    }

    @Test("a fast extended and stopped within the extra time is completed in stop, status and history alike")
    func extendedStopCompleted() throws {
        let bench = try Bench(now: Self.at("2026-12-01T07:00:00Z"))
        let start = bench.now.addingTimeInterval(-(16 * 3600 + 600))
        try bench.perform {
            try bench.desk.startFast(Desk.FastStart(plan: .standard, remindBefore: [], id: "f-x", tag: "", start: start, repeating: false, replace: false), now: $0)
        }
        try bench.perform { try bench.desk.extendFast(by: .hours(1), id: "f-x", now: $0) }
        let stopped = try bench.perform { try bench.desk.stopFast(id: "f-x", now: $0) }
        guard case .stopped(_, let completed, _) = stopped else { Issue.record("not stopped: \(stopped)"); return }
        #expect(completed)
        let session = try #require(try bench.store.session(id: "f-x"))
        let cycle = session.cycle(0)
        #expect(cycle.isCompleted(endingAt: try #require(session.stoppedAt)))
        #expect(try bench.desk.fastRecords(since: .distantPast, now: bench.now).first { $0.id == "f-x" }?.completed == true)
    }

    @Test("--replace never changes a fast whose fast is over: it refuses, naming it")
    func replaceKeepsHistory() throws {
        let bench = try Bench(now: Self.at("2026-12-01T10:00:00Z"))
        try bench.perform {
            try bench.desk.startFast(Desk.FastStart(plan: .standard, remindBefore: [], id: "f-a", tag: "", start: $0.addingTimeInterval(-20 * 3600), repeating: false, replace: false), now: $0)
        }
        try bench.perform { try bench.desk.stopFast(id: "f-a", now: $0) }
        #expect(throws: DeskRefusal.self) {
            try bench.perform {
                try bench.desk.startFast(Desk.FastStart(plan: .standard, remindBefore: [], id: "f-b", tag: "", start: $0.addingTimeInterval(-10 * 3600), repeating: false, replace: true), now: $0)
            }
        }
        #expect(try bench.store.session(id: "f-a")?.completedFast(at: bench.now) == true)
    }
}
