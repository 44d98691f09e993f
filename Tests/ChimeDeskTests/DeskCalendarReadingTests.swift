import ChimeCalendar
import ChimeCore
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// Calendar alarms in readers while chimed is down: a desk with no shelf (`chime`) reads the
/// calendars' files only when the store lags behind them, and derives them in the rolled-back
/// preview, so `list` and `status` say what chimed would have pending.
@Suite("desk: readers show calendar alarms as chimed would have them, whether or not it ran")
struct DeskCalendarReadingTests {
    static let berlin = DeskCalendarTests.berlin
    static func at(_ text: String) -> Date { DeskCalendarTests.at(text) }

    /// A store with calendar `work` (a folder on disk), and a desk as `chime` makes it: no
    /// shelf, a loader reading the folder (each read counted).
    final class Bench {
        let directory: TemporaryDirectory
        let store: Store
        private(set) var desk: Desk
        var reads = 0

        init(added: Date) throws {
            directory = try TemporaryDirectory()
            try FileManager.default.createDirectory(atPath: directory.appending("work"), withIntermediateDirectories: true)
            store = try Store(path: directory.appending("chime.sqlite"))
            desk = Desk(store: store, timeZone: DeskCalendarReadingTests.berlin)
            let new = Desk.NewCalendar(path: directory.appending("work"), name: "work", defaultAlerts: [], isMuted: false)
            _ = try desk.perform(requestID: nil, now: added, clock: { added }) { try self.desk.addCalendar(new, now: $0) }
            reopen()
        }

        /// A fresh desk, as the next `chime` invocation makes.
        func reopen() {
            desk = Desk(store: store, timeZone: DeskCalendarReadingTests.berlin)
            desk.calendarLoader = { [unowned self] source in
                reads += 1
                let index = CalendarSourceIndex(path: source.path)
                index.refresh()
                return index.prepared(source: source, localZone: DeskCalendarReadingTests.berlin)
            }
        }

        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory.appending("work/" + name)))
        }

        /// What chimed does at its start at `now`: reads the calendar and catches up.
        func chimedStarts(now: Date) throws {
            let shelf = CalendarShelf()
            let chimed = Desk(store: store, timeZone: DeskCalendarReadingTests.berlin)
            chimed.calendars = shelf
            let source = try #require(try store.calendar(named: "work"))
            let index = CalendarSourceIndex(path: source.path)
            index.refresh()
            let calendar = index.prepared(source: source, localZone: DeskCalendarReadingTests.berlin)
            shelf.put(calendar)
            _ = try store.apply(now: now) { try chimed.calendarAlarmsDerived(calendar, uids: nil, catchUp: true, now: now) }
        }

        func stored() throws -> [String] {
            try store.pendingRequests().map(\.request.identifier)
        }
    }

    static let standup = DeskCalendarTests.event(
        "standup", start: "20270315T090000", end: "20270315T091500", rule: "FREQ=DAILY", alarms: ["-PT15M"], summary: "Standup"
    )

    @Test("a calendar added while chimed is down: list shows its alarms, read from the files; nothing recorded")
    func addedWhileDown() throws {
        let bench = try Bench(added: Self.at("2027-03-15T07:00:00+01:00"))
        try bench.write("standup.ics", Self.standup)
        let sequence = try bench.store.currentSequence()
        let now = Self.at("2027-03-15T08:00:00+01:00")

        let shown = try bench.desk.pendingToShow(now: now).map(\.request.identifier)
        #expect(shown == ["cal/work/standup/20270315T080000Z"])
        #expect(try bench.desk.soonestToShow(now: now)?.request.due == Self.at("2027-03-15T08:45:00+01:00"))
        #expect(bench.reads == 1)
        #expect(try bench.store.currentSequence() == sequence)
        #expect(try bench.stored().isEmpty)

        // chimed then starts and derives the same.
        try bench.chimedStarts(now: now)
        #expect(try bench.stored() == shown)
        // Up to date now: a reader reads no file at all.
        bench.reopen()
        #expect(try bench.desk.pendingToShow(now: now).map(\.request.identifier) == shown)
        #expect(try bench.desk.soonestToShow(now: now.addingTimeInterval(600))?.request.identifier == shown.first)
        #expect(bench.reads == 1)
    }

    @Test("an alarm that came due while chimed was down: readers show the item's next one, as chimed would; nothing recorded")
    func dueWhileDown() throws {
        let bench = try Bench(added: Self.at("2027-03-15T07:00:00+01:00"))
        try bench.write("standup.ics", Self.standup)
        try bench.chimedStarts(now: Self.at("2027-03-15T07:30:00+01:00"))
        #expect(try bench.stored() == ["cal/work/standup/20270315T080000Z"])
        let sequence = try bench.store.currentSequence()

        // Before it is due nothing lags: no file is read.
        #expect(try bench.desk.pendingToShow(now: Self.at("2027-03-15T08:40:00+01:00")).map(\.request.identifier) == ["cal/work/standup/20270315T080000Z"])
        #expect(bench.reads == 0)

        // 10:00: today's standup is over; chimed would drop its alarm and pend tomorrow's.
        let now = Self.at("2027-03-15T10:00:00+01:00")
        let shown = try bench.desk.pendingToShow(now: now)
        #expect(shown.map(\.request.identifier) == ["cal/work/standup/20270316T080000Z"])
        #expect(shown.map(\.request.due) == [Self.at("2027-03-16T08:45:00+01:00")])
        #expect(bench.reads == 1)
        #expect(try bench.store.currentSequence() == sequence)
        #expect(try bench.stored() == ["cal/work/standup/20270315T080000Z"])

        // What chimed does when it starts then agrees.
        try bench.chimedStarts(now: now)
        #expect(try bench.stored() == ["cal/work/standup/20270316T080000Z"])
    }

    @Test("calendar set while chimed is down: the new default alerts are pending at once, as chimed would derive them")
    func setWhileDown() throws {
        let bench = try Bench(added: Self.at("2027-03-15T07:00:00+01:00"))
        try bench.write("standup.ics", Self.standup.replacingOccurrences(
            of: "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\n", with: ""
        ))
        try bench.chimedStarts(now: Self.at("2027-03-15T07:30:00+01:00"))
        #expect(try bench.stored().isEmpty)
        let now = Self.at("2027-03-15T07:40:00+01:00")
        let desk = bench.desk
        _ = try desk.perform(requestID: nil, now: now, clock: { now }) { try desk.setCalendar(named: "work", .defaultAlerts([.minutes(5)]), now: $0) }
        #expect(try bench.stored() == ["cal/work/standup/20270315T080000Z"])
        #expect(try bench.store.pendingRequests().first?.request.due == Self.at("2027-03-15T08:55:00+01:00"))
        // Muted: nothing pending, nothing read.
        let reads = bench.reads
        _ = try desk.perform(requestID: nil, now: now, clock: { now }) { try desk.setCalendar(named: "work", .mute, now: $0) }
        #expect(try bench.stored().isEmpty)
        #expect(bench.reads == reads)
    }

    @Test("cancel of a calendar alarm while chimed is down pends the item's next alarm, read from the files")
    func cancelWhileDown() throws {
        let bench = try Bench(added: Self.at("2027-03-15T07:00:00+01:00"))
        try bench.write("standup.ics", Self.standup)
        try bench.chimedStarts(now: Self.at("2027-03-15T07:30:00+01:00"))
        let now = Self.at("2027-03-15T07:40:00+01:00")
        let desk = bench.desk
        let cancelled = try #require(try desk.perform(requestID: nil, now: now, clock: { now }) {
            try desk.cancel(.references([.request("cal/work/standup/20270315T080000Z")]), now: $0)
        }.outcome)
        #expect(cancelled.following.map(\.identifier) == ["cal/work/standup/20270316T080000Z"])
        #expect(try bench.stored() == ["cal/work/standup/20270316T080000Z"])
        #expect(bench.reads == 1)
    }
}
