import ChimeCore
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// The history of a window (`fast history --days N`, the readers' recent past) holds what
/// happened to the schedule's fasts just before it too (found by the occurrence property test).
@Suite("desk: a schedule's fasts at the edge of a history window")
struct DeskHistoryWindowTests {
    static func at(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    /// A desk over a fresh store with schedule `fs-1` (16:8, daily 20:00) set at `now`.
    func bench(now: Date, zone: TimeZone) throws -> (TemporaryDirectory, Desk) {
        let directory = try TemporaryDirectory()
        let desk = Desk(store: try Store(path: directory.appending("chime.sqlite")), timeZone: zone)
        let schedule = try FastSchedule(id: "fs-1", plan: .standard, ruleText: "daily 20:00", start: now)
        _ = try desk.perform(requestID: "set", now: now, clock: { now }) { _ in
            var plan = ChangePlan()
            plan.fastSchedules = [schedule]
            return Desk.Decision(plan, ())
        }
        return (directory, desk)
    }

    @Test("a fast skipped the evening before the window is not in it as a fast that ran")
    func skippedBeforeTheWindow() throws {
        let utc = TimeZone(identifier: "UTC")!
        let (directory, desk) = try bench(now: Self.at("2026-12-01T12:00:00Z"), zone: utc)
        _ = directory
        let skipAt = Self.at("2026-12-01T13:00:00Z")
        _ = try desk.perform(requestID: "skip", now: skipAt, clock: { skipAt }) { now in try desk.stopFast(id: nil, now: now) }
        // The window starts at 02:00 on Dec 2: the skipped fast would have fasted until 12:00.
        let records = try desk.fastRecords(since: Self.at("2026-12-02T02:00:00Z"), now: Self.at("2026-12-03T13:00:00Z"))
        #expect(records.map(\.id) == ["fs-1.20261202-2000"])
        #expect(try desk.fastRecords(since: .distantPast, now: Self.at("2026-12-03T13:00:00Z")).map(\.id) == ["fs-1.20261202-2000"])
    }

    @Test("a fast stopped early in Berlin, then the zone moved to Tokyo: the window shows it as it ran, not its day's fast in Tokyo")
    func stoppedBeforeTheWindowThenZoneMoved() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let (directory, desk) = try bench(now: Self.at("2026-10-17T10:00:00Z"), zone: berlin)
        _ = directory
        // Oct 17's fast began at 20:00 in Berlin (18:00Z) and was stopped at 22:42Z.
        let stopAt = Self.at("2026-10-17T22:42:00Z")
        _ = try desk.perform(requestID: "stop", now: stopAt, clock: { stopAt }) { now in try desk.stopFast(id: nil, now: now) }
        desk.follow(TimeZone(identifier: "Asia/Tokyo")!)
        // The window from 22:50Z on Oct 17: that fast had ended before it.
        let since = Self.at("2026-10-17T22:50:00Z")
        let records = try desk.fastRecords(since: since, now: Self.at("2026-10-18T10:00:00Z"))
        #expect(!records.contains { $0.id == "fs-1.20261017-2000" }, "\(records.map { "\($0.id) \($0.start)-\($0.end)" })")
        let whole = try desk.fastRecords(since: .distantPast, now: Self.at("2026-10-18T10:00:00Z"))
        #expect(whole.first { $0.id == "fs-1.20261017-2000" }?.end == Self.at("2026-10-17T22:42:00Z"))
    }

    @Test("a start taken over in Tokyo stays no fast once the zone is Berlin, before and after anyone derives there")
    func takenOverInTokyoThenBerlin() throws {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let (directory, desk) = try bench(now: Self.at("2026-10-19T00:00:00Z"), zone: tokyo)
        _ = directory
        // A fast by hand from 02:00Z to 18:00Z on Oct 22 takes over Tokyo's 20:00 (11:00Z).
        let startAt = Self.at("2026-10-22T02:00:00Z")
        _ = try desk.perform(requestID: "by-hand", now: startAt, clock: { startAt }) { _ in
            var plan = ChangePlan()
            plan.sessions = [FastingSession(id: "h1", plan: .standard, start: startAt)]
            return Desk.Decision(plan, ())
        }
        let derivedAt = Self.at("2026-10-23T00:00:00Z")
        _ = try desk.store.apply(now: derivedAt) { try desk.derivedAgain(now: derivedAt) }
        // Berlin's 20:00 that day (18:00Z) comes as that fast ends: on Berlin's clock a fast.
        desk.follow(TimeZone(identifier: "Europe/Berlin")!)
        let now = Self.at("2026-10-27T21:00:00Z")
        let since = Self.at("2026-10-21T00:00:00Z")
        let read = try desk.fastRecords(since: since, now: now).map(\.id)
        #expect(!read.contains("fs-1.20261022-2000"), "\(read)")
        #expect(read.contains("fs-1.20261023-2000"))
        _ = try desk.store.apply(now: now) { try desk.derivedAgain(now: now) }
        #expect(try desk.fastRecords(since: since, now: now).map(\.id) == read)
        #expect(try desk.store.setting(Desk.zoneHistorySetting) == "\(now.timeIntervalSince1970) Asia/Tokyo")
    }

    @Test("tonight's fast, extended before it began, is tonight's 20:00 on the new clock with its extension once the zone moves west")
    func extendedBeforeItBeganMovesWithTheZone() throws {
        let (directory, desk) = try bench(now: Self.at("2026-10-22T10:00:00Z"), zone: TimeZone(identifier: "Europe/Berlin")!)
        _ = directory
        let extendAt = Self.at("2026-10-22T12:00:00Z")
        _ = try desk.perform(requestID: "extend", now: extendAt, clock: { extendAt }) { now in
            try desk.extendFast(by: TimeSpan(parsing: "1h"), id: "fs-1.20261022-2000", now: now)
        }
        desk.follow(TimeZone(identifier: "America/New_York")!)
        let now = Self.at("2026-10-22T13:00:00Z")
        _ = try desk.store.apply(now: now) { try desk.derivedAgain(now: now) }
        let fast = try #require(try desk.fastTimeline(now: now).session(id: "fs-1.20261022-2000"))
        // 20:00 in New York is 00:00Z; 16 h and the hour added end it at 17:00Z.
        #expect(fast.start == Self.at("2026-10-23T00:00:00Z"))
        #expect(fast.cycle(0).fastEnd == Self.at("2026-10-23T17:00:00Z"))
        let pending = try desk.pendingToShow(inGroup: "fs-1.20261022-2000", now: now).map { "\($0.request.kind) \($0.request.due)" }
        #expect(pending.contains("fastStart 2026-10-23 00:00:00 +0000"), "\(pending)")
        #expect(try desk.fastTimeline(now: now).nextInstance(of: #require(desk.store.fastSchedules().first), after: now)?.id == "fs-1.20261022-2000")
    }
}
