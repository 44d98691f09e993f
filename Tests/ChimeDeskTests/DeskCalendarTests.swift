import ChimeCalendar
import ChimeCore
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// Calendar alarms as the desk decides them: a calendar item is one more source of rules,
/// exceptions and facts, derived by the same function and acted on through the same desk.
@Suite("desk: calendar alarms derived from the calendar, facts recorded in the store")
struct DeskCalendarTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func at(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    /// A desk over a fresh store with calendar `work` added at `added`, its items on the shelf.
    final class Bench {
        let directory: TemporaryDirectory
        let store: Store
        let desk: Desk
        let shelf = CalendarShelf()
        var now: Date
        var source: CalendarSource

        init(added: Date, muted: Bool = false) throws {
            let directory = try TemporaryDirectory()
            let store = try Store(path: directory.appending("chime.sqlite"))
            let desk = Desk(store: store, timeZone: DeskCalendarTests.berlin, randomSource: SeededGenerator(seed: 7))
            let new = Desk.NewCalendar(path: directory.appending("work"), name: "work", defaultAlerts: [], isMuted: muted)
            let added = try desk.perform(requestID: nil, now: added, clock: { added }) { try desk.addCalendar(new, now: $0) }
            self.directory = directory
            self.store = store
            self.desk = desk
            now = added.decidedAt
            source = try #require(added.outcome)
            desk.calendars = shelf
            shelf.put(PreparedCalendar(source: source, localZone: DeskCalendarTests.berlin))
        }

        /// Puts `text` as the file `name` of the calendar; returns the UIDs it held and holds.
        @discardableResult
        func put(_ name: String, _ text: String) -> Set<String> {
            let file = directory.appending("work/" + name)
            let contents = CalendarReader().read(bytes: Array(text.utf8), file: file)
            var old: [CalendarItem] = []
            shelf.modify("work") { old = $0.replaceFile(file, items: contents.items, problems: contents.problems) }
            return Set(old.map(\.uid) + contents.items.map(\.uid))
        }

        func remove(_ name: String) -> Set<String> {
            var old: [CalendarItem] = []
            shelf.modify("work") { old = $0.removeFile(directory.appending("work/" + name)) }
            return Set(old.map(\.uid))
        }

        /// What chimed does when the calendar changed (`catchUp`: after downtime).
        func derive(uids: Set<String>? = nil, changed: Set<String> = [], catchUp: Bool = false) throws {
            let calendar = try #require(shelf.calendars["work"])
            let now = now
            _ = try store.apply(now: now) { try self.desk.calendarAlarmsDerived(calendar, uids: uids, changed: changed, catchUp: catchUp, now: now) }
        }

        /// Shows the pending request `identifier` as chimed does, as bubble `serverID`.
        func show(_ identifier: String, serverID: UInt32 = 7) throws {
            let stored = try #require(try store.request(identifier: identifier))
            _ = try store.beginDelivery(rowIDs: [stored.rowID], now: now)
            let followUp = try desk.followUp(of: stored.request, now: now)
            try store.completeDelivery(rowID: stored.rowID, serverID: serverID, at: now, followUp: followUp)
        }

        func pending() throws -> [(String, Date)] {
            try store.pendingRequests().map { ($0.request.identifier, $0.request.due) }
        }

        func perform<Outcome>(_ decide: (Date) throws -> Desk.Decision<Outcome>) throws -> Outcome {
            let now = now
            return try #require(try desk.perform(requestID: UUID().uuidString, now: now, clock: { now }, decide).outcome)
        }
    }

    static func event(_ uid: String, start: String, end: String? = nil, rule: String? = nil, alarms: [String], summary: String = "Dentist") -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20270101T000000Z",
                     "SUMMARY:\(summary)", "DTSTART;TZID=Europe/Berlin:\(start)"]
        if let end { lines.append("DTEND;TZID=Europe/Berlin:\(end)") }
        if let rule { lines.append("RRULE:\(rule)") }
        for trigger in alarms { lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:\(trigger)", "END:VALARM"] }
        lines += ["END:VEVENT", "END:VCALENDAR", ""]
        return lines.joined(separator: "\r\n")
    }

    @Test("only each item's next alarm is pending; a shown alarm is a fact and its follow-up the next firing")
    func onlyTheNextIsPending() throws {
        let bench = try Bench(added: Self.at("2027-03-15T00:00:00+01:00"))
        let uids = bench.put("standup.ics", Self.event("standup", start: "20270315T090000", end: "20270315T091500", rule: "FREQ=DAILY", alarms: ["-PT15M"]))
        try bench.derive(uids: uids)
        #expect(try bench.pending().map(\.0) == ["cal/work/standup/20270315T080000Z"])
        #expect(try bench.pending().map(\.1) == [Self.at("2027-03-15T08:45:00+01:00")])
        bench.now = Self.at("2027-03-15T08:45:00+01:00")
        try bench.show("cal/work/standup/20270315T080000Z")
        #expect(try bench.pending().map(\.0) == ["cal/work/standup/20270316T080000Z"])
        let facts = try bench.store.calendarAlarmFacts(calendar: "work", triggeredAfter: .distantPast)
        #expect(facts.map(\.outcome) == [.shown] && facts.first?.key.trigger == Self.at("2027-03-15T08:45:00+01:00"))
        // Deriving again (the file touched, chimed restarted) gives the same, never the shown one.
        try bench.derive(catchUp: true)
        #expect(try bench.pending().map(\.0) == ["cal/work/standup/20270316T080000Z"])
    }

    @Test("a changed item replaces its pending alarm and closes its bubble; a deleted one cancels it")
    func changedAndDeletedItems() throws {
        let bench = try Bench(added: Self.at("2027-03-15T00:00:00+01:00"))
        var uids = bench.put("standup.ics", Self.event("standup", start: "20270315T090000", rule: "FREQ=DAILY", alarms: ["-PT15M"]))
        try bench.derive(uids: uids)
        bench.now = Self.at("2027-03-15T08:45:00+01:00")
        try bench.show("cal/work/standup/20270315T080000Z")
        bench.now = Self.at("2027-03-15T08:50:00+01:00")
        // The series moves to 10:00: its next alarm is replaced, the bubble on screen closed.
        uids = bench.put("standup.ics", Self.event("standup", start: "20270315T100000", rule: "FREQ=DAILY", alarms: ["-PT15M"]))
        try bench.derive(uids: uids, changed: ["standup"])
        #expect(try bench.pending().map(\.0) == ["cal/work/standup/20270315T090000Z"])
        #expect(try bench.store.request(identifier: "cal/work/standup/20270315T080000Z")?.closeRequested == true)
        // Deleted: nothing pending.
        uids = bench.remove("standup.ics")
        try bench.derive(uids: uids, changed: uids)
        #expect(try bench.pending().isEmpty)
    }

    @Test("after downtime the latest missed firing is shown once, late; nothing for an item already over")
    func catchUpAfterDowntime() throws {
        let bench = try Bench(added: Self.at("2027-03-15T08:00:00+01:00"))
        bench.put("dentist.ics", Self.event("dentist", start: "20270315T100000", end: "20270315T110000", alarms: ["-PT30M", "-PT10M"]))
        bench.put("call.ics", Self.event("call", start: "20270315T090000", end: "20270315T093000", alarms: ["-PT15M"], summary: "Call"))
        // chimed derived at 08:00, then was down until 10:05.
        try bench.derive(catchUp: true)
        #expect(try bench.pending().count == 2)
        bench.now = Self.at("2027-03-15T10:05:00+01:00")
        try bench.derive(catchUp: true)
        let pending = try bench.pending()
        #expect(pending.map(\.0) == ["cal/work/dentist/20270315T090000Z/20270315T085000Z"])
        #expect(pending.map(\.1) == [Self.at("2027-03-15T09:50:00+01:00")])
        let request = try #require(try bench.store.request(identifier: pending[0].0)?.request)
        #expect(request.misfirePolicy == .deliverLate(until: Self.at("2027-03-15T11:00:00+01:00")))
    }

    @Test("a calendar just added shows nothing from before it was added")
    func nothingFromBeforeTheAdd() throws {
        let bench = try Bench(added: Self.at("2027-03-15T09:55:00+01:00"))
        let uids = bench.put("dentist.ics", Self.event("dentist", start: "20270315T100000", end: "20270315T110000", alarms: ["-PT30M", "PT0S"]))
        bench.now = Self.at("2027-03-15T09:56:00+01:00")
        try bench.derive(catchUp: true)
        #expect(try bench.pending().map(\.0) == ["cal/work/dentist/20270315T090000Z/20270315T090000Z"])
        _ = uids
    }

    @Test("cancel dismisses the firing (a fact) and the next firing takes its place")
    func cancelDismisses() throws {
        let bench = try Bench(added: Self.at("2027-03-15T08:00:00+01:00"))
        let uids = bench.put("dentist.ics", Self.event("dentist", start: "20270315T100000", end: "20270315T110000", alarms: ["-PT30M", "PT0S"]))
        try bench.derive(uids: uids)
        let first = "cal/work/dentist/20270315T090000Z/20270315T083000Z"
        #expect(try bench.pending().map(\.0) == [first])
        let cancelled = try bench.perform { try bench.desk.cancel(.references([.request(first)]), now: $0) }
        #expect(cancelled.following.map(\.identifier) == ["cal/work/dentist/20270315T090000Z/20270315T090000Z"])
        #expect(try bench.pending().map(\.0) == ["cal/work/dentist/20270315T090000Z/20270315T090000Z"])
        #expect(try bench.store.calendarAlarmFacts(calendar: "work", triggeredAfter: .distantPast).map(\.outcome) == [.dismissed])
        // Derived again, the dismissed firing stays dismissed.
        try bench.derive(uids: uids)
        #expect(try bench.pending().map(\.0) == ["cal/work/dentist/20270315T090000Z/20270315T090000Z"])
    }

    @Test("snooze never goes past the start of an alarm that came before it; the next alarm comes after the snooze")
    func snoozeStopsAtTheStart() throws {
        let bench = try Bench(added: Self.at("2027-03-15T08:00:00+01:00"))
        let uids = bench.put("dentist.ics", Self.event("dentist", start: "20270315T100000", end: "20270315T110000", alarms: ["-PT5M", "PT0S", "PT30M"]))
        try bench.derive(uids: uids)
        bench.now = Self.at("2027-03-15T09:55:00+01:00")
        try bench.show("cal/work/dentist/20270315T090000Z/20270315T085500Z")
        let snoozed = try bench.perform { try bench.desk.snooze(.request("cal/work/dentist/20270315T090000Z/20270315T085500Z"), by: .minutes(10), now: $0) }
        #expect(snoozed.due == Self.at("2027-03-15T10:00:00+01:00"))
        // The at-start alarm is not a second bubble at the same instant: the next is 10:30's.
        #expect(try bench.pending().map(\.0) == [
            "cal/work/dentist/20270315T090000Z/20270315T085500Z", "cal/work/dentist/20270315T090000Z/20270315T093000Z",
        ])
        // Snoozed after the start, it moves by the full span.
        bench.now = Self.at("2027-03-15T10:31:00+01:00")
        try bench.show("cal/work/dentist/20270315T090000Z/20270315T093000Z")
        let later = try bench.perform { try bench.desk.snooze(.request("cal/work/dentist/20270315T090000Z/20270315T093000Z"), by: .minutes(10), now: $0) }
        #expect(later.due == Self.at("2027-03-15T10:41:00+01:00"))
    }

    @Test("the Snooze button snoozes by the snooze setting, still never past the start")
    func snoozeButtonFollowsTheSetting() throws {
        let bench = try Bench(added: Self.at("2027-03-15T08:00:00+01:00"))
        let uids = bench.put("dentist.ics", Self.event("dentist", start: "20270315T100000", end: "20270315T110000", alarms: ["-PT30M", "PT30M"]))
        try bench.derive(uids: uids)
        try bench.perform { now in
            var plan = ChangePlan()
            plan.settings[SnoozeSetting.settingKey] = "25m"
            return Desk.Decision(plan, ())
        }
        #expect(try bench.desk.snoozeSpan() == .minutes(25))
        bench.now = Self.at("2027-03-15T09:30:00+01:00")
        try bench.show("cal/work/dentist/20270315T090000Z/20270315T083000Z")
        _ = try bench.perform { try bench.desk.button(.snoozeAsSet, onBubbleOf: "cal/work/dentist/20270315T090000Z/20270315T083000Z", now: $0) }
        #expect(try bench.store.request(identifier: "cal/work/dentist/20270315T090000Z/20270315T083000Z")?.request.due == Self.at("2027-03-15T09:55:00+01:00"))
        // Again at 09:55: 25 minutes would pass the start, so it comes back at 10:00.
        bench.now = Self.at("2027-03-15T09:55:00+01:00")
        try bench.show("cal/work/dentist/20270315T090000Z/20270315T083000Z", serverID: 8)
        _ = try bench.perform { try bench.desk.button(.snoozeAsSet, onBubbleOf: "cal/work/dentist/20270315T090000Z/20270315T083000Z", now: $0) }
        #expect(try bench.store.request(identifier: "cal/work/dentist/20270315T090000Z/20270315T083000Z")?.request.due == Self.at("2027-03-15T10:00:00+01:00"))
    }

    @Test("Dismiss and Open are buttons of calendar alarms only; Open names the http(s) link")
    func buttons() throws {
        let bench = try Bench(added: Self.at("2027-03-15T08:00:00+01:00"))
        var text = Self.event("meet", start: "20270315T100000", end: "20270315T110000", alarms: ["-PT10M"])
        text = text.replacingOccurrences(of: "SUMMARY:Dentist", with: "SUMMARY:Meeting\r\nURL:https://meet.example.org/x")
        let uids = bench.put("meet.ics", text)
        try bench.derive(uids: uids)
        bench.now = Self.at("2027-03-15T09:50:00+01:00")
        try bench.show("cal/work/meet/20270315T090000Z")
        let open = try bench.perform { try bench.desk.button(.open, onBubbleOf: "cal/work/meet/20270315T090000Z", now: $0) }
        #expect(open.ignored == nil && open.link == "https://meet.example.org/x")
        #expect(try bench.store.request(identifier: "cal/work/meet/20270315T090000Z")?.state == .cancelled)
        #expect(try bench.store.calendarAlarmFacts(calendar: "work", triggeredAfter: .distantPast).map(\.outcome) == [.dismissed])
    }

    @Test("calendar add refuses a name or a path already added (the path first), and a folder holding or inside an added one; remove cancels its alarms and forgets its facts; mute cancels")
    func addRemoveSet() throws {
        let bench = try Bench(added: Self.at("2027-03-15T08:00:00+01:00"))
        let again = Desk.NewCalendar(path: "/elsewhere", name: "work", defaultAlerts: [], isMuted: false)
        #expect(throws: DeskRefusal.calendarNameTaken(name: "work", path: bench.source.path)) { try bench.desk.addCalendar(again, now: bench.now) }
        let samePath = Desk.NewCalendar(path: bench.source.path, name: "other", defaultAlerts: [], isMuted: false)
        #expect(throws: DeskRefusal.calendarPathTaken(path: bench.source.path, name: "work")) { try bench.desk.addCalendar(samePath, now: bench.now) }
        // The same path again under its own name: the path is what was added already, so
        // another name would not help.
        let sameAgain = Desk.NewCalendar(path: bench.source.path, name: "work", defaultAlerts: [], isMuted: false)
        #expect(throws: DeskRefusal.calendarPathTaken(path: bench.source.path, name: "work")) { try bench.desk.addCalendar(sameAgain, now: bench.now) }
        // A folder holding the calendar's, or inside it: its items would alarm twice.
        let parent = String(bench.source.path[..<bench.source.path.lastIndex(of: "/")!])
        let holding = Desk.NewCalendar(path: parent, name: "all", defaultAlerts: [], isMuted: false)
        #expect(throws: DeskRefusal.calendarPathOverlaps(path: parent, name: "work", otherPath: bench.source.path)) { try bench.desk.addCalendar(holding, now: bench.now) }
        let inside = Desk.NewCalendar(path: bench.source.path + "/sub", name: "sub", defaultAlerts: [], isMuted: false)
        #expect(throws: DeskRefusal.calendarPathOverlaps(path: bench.source.path + "/sub", name: "work", otherPath: bench.source.path)) { try bench.desk.addCalendar(inside, now: bench.now) }
        // A sibling whose name starts the same is no overlap.
        let sibling = Desk.NewCalendar(path: bench.source.path + "-old", name: "old", defaultAlerts: [], isMuted: false)
        #expect(throws: Never.self) { _ = try bench.desk.addCalendar(sibling, now: bench.now) }
        let uids = bench.put("dentist.ics", Self.event("dentist", start: "20270315T100000", alarms: ["-PT30M", "PT0S"]))
        try bench.derive(uids: uids)
        _ = try bench.perform { try bench.desk.cancel(.references([.request("cal/work/dentist/20270315T090000Z/20270315T083000Z")]), now: $0) }
        let muted = try bench.perform { try bench.desk.setCalendar(named: "work", .mute, now: $0) }
        #expect(muted.isMuted)
        #expect(try bench.pending().isEmpty)
        _ = try bench.perform { try bench.desk.setCalendar(named: "work", .unmute, now: $0) }
        let removed = try bench.perform { try bench.desk.removeCalendar(named: "work", now: $0) }
        #expect(removed.source.name == "work")
        #expect(try bench.store.calendars().isEmpty)
        #expect(try bench.store.calendarAlarmFacts(calendar: "work", triggeredAfter: .distantPast).isEmpty)
        #expect(throws: DeskRefusal.unknownCalendar(name: "work", known: [])) { try bench.desk.removeCalendar(named: "work", now: bench.now) }
    }

    @Test("default alerts give items without alarms one; a muted calendar gives none")
    func defaultAlertsAndMute() throws {
        let bench = try Bench(added: Self.at("2027-03-15T08:00:00+01:00"))
        bench.source.defaultAlerts = [.minutes(15)]
        let contents = CalendarReader().read(bytes: Array(Self.event("plain", start: "20270315T100000", alarms: []).utf8), file: "/x/plain.ics")
        var calendar = PreparedCalendar(source: bench.source, localZone: Self.berlin)
        calendar.replaceFile("/x/plain.ics", items: contents.items, problems: [])
        bench.shelf.put(calendar)
        try bench.derive()
        #expect(try bench.pending().map(\.1) == [Self.at("2027-03-15T09:45:00+01:00")])
        var muted = bench.source
        muted.isMuted = true
        bench.shelf.put(calendar.reprepared(source: muted, localZone: Self.berlin))
        try bench.derive()
        #expect(try bench.pending().isEmpty)
    }
}
