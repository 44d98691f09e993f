import ChimeCore
import Foundation
import Testing

@Suite("a schedule's past starts stay on the clock of the zone followed when they came")
struct FastTimelineZoneTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    func at(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    func schedule(start: Date) throws -> FastSchedule {
        try FastSchedule(id: "fs-1", plan: try FastingPlan(parsing: "16:8"), ruleText: "daily 20:00", start: start)
    }

    @Test("the history's text reads back; a damaged line is passed over; a change goes after those before it")
    func historyText() throws {
        let history = ZoneHistory()
            .appending(Self.tokyo, until: at("2026-10-20T12:00:00Z"))
            .appending(Self.berlin, until: Date(timeIntervalSince1970: 1_792_700_000.25))
        #expect(ZoneHistory(text: history.text) == history)
        #expect(ZoneHistory(text: "x Asia/Tokyo\n" + history.text + "\n12 Not/AZone\n1792700001") == history)
        // Noticed again earlier (a clock set back): what came after it is no longer known.
        let back = history.appending(Self.newYork, until: at("2026-10-21T00:00:00Z"))
        #expect(back.spans.map(\.zone) == [Self.tokyo, Self.newYork])
        #expect(ZoneHistory(text: nil).spans.isEmpty)
    }

    @Test("a start taken over in Tokyo is no fast once the user is in Berlin, though Berlin's clock would put it after the fast that took it")
    func takenOverStaysSo() throws {
        let schedule = try schedule(start: at("2026-10-19T00:00:00Z"))
        // Tokyo's 20:00 on the 22nd is 11:00Z; a fast by hand fasts from 02:00Z to 18:00Z.
        let byHand = FastingSession(id: "h1", plan: .standard, start: at("2026-10-22T02:00:00Z"))
        let now = at("2026-10-27T21:00:00Z")
        let history = ZoneHistory().appending(Self.tokyo, until: at("2026-10-27T20:00:00Z"))
        let followed = FastTimeline(recorded: [byHand], schedules: [schedule], timeZone: Self.berlin, zones: history)
        let ids = followed.sessions(fastingSince: at("2026-10-21T00:00:00Z"), now: now).map(\.id)
        #expect(!ids.contains("fs-1.20261022-2000"))
        #expect(ids.contains("fs-1.20261023-2000"))
        // Without the change recorded, Berlin's 20:00 (18:00Z) comes after that fast: a fast.
        let forgotten = FastTimeline(recorded: [byHand], schedules: [schedule], timeZone: Self.berlin)
        #expect(forgotten.sessions(fastingSince: at("2026-10-21T00:00:00Z"), now: now).map(\.id).contains("fs-1.20261022-2000"))
    }

    @Test("flying east, the new clock's 20:00 an hour before the change is a fast running since then")
    func east() throws {
        let schedule = try schedule(start: at("2026-10-19T00:00:00Z"))
        // Berlin's 20:00 on the 21st is 18:00Z; the change comes at 12:00Z on the 22nd, an hour
        // after Tokyo's 20:00.
        let change = at("2026-10-22T12:00:00Z")
        let timeline = FastTimeline(recorded: [], schedules: [schedule], timeZone: Self.tokyo, zones: ZoneHistory().appending(Self.berlin, until: change))
        let running = try #require(timeline.runningInstance(of: schedule, at: change))
        #expect(running.id == "fs-1.20261022-2000")
        #expect(running.start == at("2026-10-22T11:00:00Z"))
        var starts: [Date] = []
        timeline.forEachInstance(of: schedule, from: at("2026-10-20T00:00:00Z")) { session, _ in
            starts.append(session.start)
            return starts.count < 4
        }
        #expect(starts == ["2026-10-20T18:00:00Z", "2026-10-21T18:00:00Z", "2026-10-22T11:00:00Z", "2026-10-23T11:00:00Z"].map(at))
    }

    @Test("flying west, a day that began its fast on the old clock gets no second one on the new")
    func west() throws {
        let schedule = try schedule(start: at("2026-10-19T00:00:00Z"))
        // Tokyo's 20:00 on the 22nd is 11:00Z; New York's 20:00 that day would be 00:00Z the 23rd.
        let change = at("2026-10-22T12:00:00Z")
        let timeline = FastTimeline(recorded: [], schedules: [schedule], timeZone: Self.newYork, zones: ZoneHistory().appending(Self.tokyo, until: change))
        var ids: [String] = []
        timeline.forEachInstance(of: schedule, from: at("2026-10-21T00:00:00Z")) { session, _ in
            ids.append(session.id)
            return ids.count < 3
        }
        #expect(ids == ["fs-1.20261021-2000", "fs-1.20261022-2000", "fs-1.20261023-2000"])
        #expect(timeline.nextInstance(of: schedule, after: change)?.start == at("2026-10-24T00:00:00Z"))
        // Read from after the change, the day is still the old clock's.
        #expect(timeline.nextInstance(of: schedule, after: at("2026-10-22T23:00:00Z"))?.id == "fs-1.20261023-2000")
    }
}
