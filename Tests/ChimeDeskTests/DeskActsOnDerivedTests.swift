import ChimeCore
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// An intention acts on what readers show while chimed is down: before it decides, the store is
/// brought to what a wake of chimed at that instant would leave, and that is written with it.
@Suite("desk: cancel and snooze act on what readers show, whether or not chimed ran")
struct DeskActsOnDerivedTests {
    typealias CalendarBench = DeskCalendarReadingTests.Bench
    typealias Bench = DeskFastScheduleTests.Bench
    static func at(_ text: String) -> Date { DeskFastScheduleTests.at(text) }

    /// A calendar alarm only a reader's preview shows: the calendar was added while chimed was
    /// down and never derived.
    @Test("cancel of a calendar alarm of a calendar never derived: cancelled, its next alarm pending")
    func cancelNeverDerivedCalendarAlarm() throws {
        let bench = try CalendarBench(added: Self.at("2027-03-15T07:00:00+01:00"))
        try bench.write("standup.ics", DeskCalendarReadingTests.standup)
        let now = Self.at("2027-03-15T08:00:00+01:00")
        let desk = bench.desk
        #expect(try desk.pendingToShow(now: now).map(\.request.identifier) == ["cal/work/standup/20270315T080000Z"])
        #expect(try bench.stored().isEmpty)

        let cancelled = try #require(try desk.perform(requestID: nil, now: now, clock: { now }) {
            try desk.cancel(.references([.request("cal/work/standup/20270315T080000Z")]), now: $0)
        }.outcome)
        #expect(cancelled.cancelled.map(\.identifier) == ["cal/work/standup/20270315T080000Z"])
        #expect(cancelled.following.map(\.identifier) == ["cal/work/standup/20270316T080000Z"])
        #expect(try bench.stored() == ["cal/work/standup/20270316T080000Z"])
        #expect(try bench.store.request(identifier: "cal/work/standup/20270315T080000Z")?.state == .cancelled)
        // The calendar is derived now: a reader reads no file again.
        let reads = bench.reads
        bench.reopen()
        #expect(try bench.desk.pendingToShow(now: now).map(\.request.identifier) == ["cal/work/standup/20270316T080000Z"])
        #expect(bench.reads == reads)
    }

    /// The item's next alarm after one chimed would drop: only the preview holds it.
    @Test("snooze of the calendar alarm that follows one dropped while chimed was down: the dropped one missed, the next one snoozed")
    func snoozeAlarmAfterDrop() throws {
        let bench = try CalendarBench(added: Self.at("2027-03-15T07:00:00+01:00"))
        try bench.write("standup.ics", DeskCalendarReadingTests.standup)
        try bench.chimedStarts(now: Self.at("2027-03-15T07:30:00+01:00"))
        let now = Self.at("2027-03-15T10:00:00+01:00")
        let desk = bench.desk
        #expect(try desk.pendingToShow(now: now).map(\.request.identifier) == ["cal/work/standup/20270316T080000Z"])

        let snoozed = try #require(try desk.perform(requestID: nil, now: now, clock: { now }) {
            try desk.snooze(.request("cal/work/standup/20270316T080000Z"), by: .minutes(10), now: $0)
        }.outcome)
        #expect(snoozed.identifier == "cal/work/standup/20270316T080000Z")
        #expect(snoozed.due == Self.at("2027-03-16T08:55:00+01:00"))
        // As chimed's start leaves it: the over alarm no longer pending, the snoozed one, and
        // the item's next alarm after it.
        #expect(try bench.store.request(identifier: "cal/work/standup/20270315T080000Z")?.state.isLive == false)
        #expect(try bench.store.pendingRequests().map(\.request.identifier) == ["cal/work/standup/20270316T080000Z", "cal/work/standup/20270317T080000Z"])
        #expect(try bench.store.pendingRequests().first?.request.due == Self.at("2027-03-16T08:55:00+01:00"))
    }

    static func remindPills(_ bench: Bench) throws {
        let rule = try RecurrencePhrase.rule(from: "daily 09:00")
        try bench.perform {
            try bench.desk.remindEvery(Desk.RecurringReminderIntent(
                text: "pills", ruleText: "daily 09:00", rule: rule, from: nil, id: "p1", nag: nil, urgency: nil
            ), now: $0)
        }
    }

    @Test("cancel of a recurring reminder's occurrence that came due while chimed was down: the older ones missed, this one skipped, the next pending")
    func cancelOccurrenceAfterDowntime() throws {
        let bench = try Bench(now: Self.at("2026-12-02T08:00:00Z"))
        try Self.remindPills(bench)
        bench.now = Self.at("2026-12-04T12:00:00Z")
        let reminders = { try bench.desk.pendingToShow(now: bench.now).map(\.request.identifier).filter { $0.hasPrefix("remind/") } }
        #expect(try reminders() == ["remind/p1/2026-12-04T09:00"])

        let cancelled = try bench.perform { try bench.desk.cancel(.references([.request("remind/p1/2026-12-04T09:00")]), now: $0) }
        #expect(cancelled.cancelled.map(\.identifier) == ["remind/p1/2026-12-04T09:00"])
        #expect(cancelled.following.map(\.identifier) == ["remind/p1/2026-12-05T09:00"])
        #expect(try reminders() == ["remind/p1/2026-12-05T09:00"])
        let history = try bench.desk.reminderHistory(id: "p1", since: .distantPast, now: bench.now)
        #expect(history.map(\.identifier) == ["remind/p1/2026-12-02T09:00", "remind/p1/2026-12-03T09:00", "remind/p1/2026-12-04T09:00"])
        #expect(history.map(\.outcome).prefix(2) == [.missed, .missed])
        #expect(history.last?.outcome != .pending)
    }

    @Test("snooze of a recurring reminder by its id after downtime: the occurrence readers show is the one snoozed")
    func snoozeOccurrenceAfterDowntime() throws {
        let bench = try Bench(now: Self.at("2026-12-02T08:00:00Z"))
        try Self.remindPills(bench)
        bench.now = Self.at("2026-12-04T12:00:00Z")

        let snoozed = try bench.perform { try bench.desk.snooze(.group("p1"), by: .minutes(10), now: $0) }
        #expect(snoozed.identifier == "remind/p1/2026-12-04T09:00")
        #expect(snoozed.due == Self.at("2026-12-04T12:10:00Z"))
        let reminders = try bench.store.pendingRequests(inGroup: "p1")
        #expect(reminders.map(\.request.identifier) == ["remind/p1/2026-12-04T09:00"])
        #expect(try bench.store.request(identifier: "remind/p1/2026-12-02T09:00")?.state == .missed)
    }

    @Test("a refused intention records nothing of the catch-up; on a store up to date an empty decision writes nothing")
    func refusedAndUpToDateWriteNothing() throws {
        let bench = try Bench(now: Self.at("2026-12-02T08:00:00Z"))
        try Self.remindPills(bench)
        let sequence = try bench.store.currentSequence()

        // Two days on, chimed down: a refusal leaves the store as it was.
        bench.now = Self.at("2026-12-04T12:00:00Z")
        #expect(throws: DeskRefusal.self) {
            try bench.perform { try bench.desk.cancel(.references([.request("remind/p1/2026-12-09T09:00")]), now: $0) }
        }
        #expect(try bench.store.currentSequence() == sequence)
        #expect(try bench.store.request(identifier: "remind/p1/2026-12-02T09:00")?.state == .pending)

        // Up to date (the same day): nothing lags, nothing is written.
        bench.now = Self.at("2026-12-02T08:30:00Z")
        try bench.perform { _ in Desk.Decision(ChangePlan(), ()) }
        #expect(try bench.store.currentSequence() == sequence)
        // Nor does a reader take the write lock: it reads while another connection holds it.
        let other = try Store(path: bench.directory.appending("chime.sqlite"))
        var shown: [StoredRequest] = []
        _ = try other.apply(requestID: nil, now: bench.now, steps: [{
            shown = try bench.desk.pendingToShow(now: bench.now)
            return ChangePlan()
        }])
        #expect(shown.map(\.request.identifier).contains("remind/p1/2026-12-02T09:00"))
    }
}
