import ChimeCore
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// One fast at a time when a scheduled fast begins in the eating window of a fast by hand.
@Suite("desk: a scheduled fast ends the eating window of a fast by hand")
struct DeskEatingWindowTests {
    static func at(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test("tonight's scheduled fast skipped, a fast by hand from 22:00: at 20:30 the next day fast status, status and stop name the scheduled fast")
    func scheduledFastEndsTheEatingWindow() throws {
        let utc = TimeZone(identifier: "UTC")!
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.appending("chime.sqlite"))
        let desk = Desk(store: store, timeZone: utc)
        func perform<Outcome>(at instant: String, _ decide: (Date) throws -> Desk.Decision<Outcome>) throws -> Outcome? {
            let now = Self.at(instant)
            return try desk.perform(requestID: UUID().uuidString, now: now, clock: { now }, decide).outcome
        }
        let schedule = try FastSchedule(id: "fs-1", plan: .standard, ruleText: "daily 20:00", start: Self.at("2026-12-01T12:00:00Z"))
        _ = try perform(at: "2026-12-01T12:00:00Z") { _ in
            var plan = ChangePlan()
            plan.fastSchedules = [schedule]
            return Desk.Decision(plan, ())
        }
        _ = try perform(at: "2026-12-01T19:00:00Z") { try desk.stopFast(id: nil, now: $0) }
        _ = try perform(at: "2026-12-01T22:00:00Z") {
            try desk.startFast(Desk.FastStart(plan: .standard, remindBefore: [], id: "f-hand", tag: "", start: $0, repeating: false, replace: false), now: $0)
        }
        // f-hand fasted until 14:00 and eats until 22:00; the scheduled fast began at 20:00.
        let now = Self.at("2026-12-02T20:30:00Z")
        let current = try desk.currentFast(now: now)
        #expect(current?.id == "fs-1.20261202-2000")
        #expect(current?.status(at: now).phase == .fasting)
        #expect(try desk.fastTimeline(now: now).current(at: now)?.id == "fs-1.20261202-2000")
        let stopped = try perform(at: "2026-12-02T20:30:00Z") { try desk.stopFast(id: nil, now: $0) }
        guard case .stopped(let session, _, _)? = stopped else { Issue.record("not stopped: \(String(describing: stopped))"); return }
        #expect(session.id == "fs-1.20261202-2000")
        // f-hand stays in the history as the fast it was.
        let records = try desk.fastRecords(since: .distantPast, now: now)
        #expect(records.first { $0.id == "f-hand" }?.completed == true)
    }
}
