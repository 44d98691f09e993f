import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("What became of each reminder occurrence, from the facts recorded")
struct ReminderHistoryEntryTests {
    let since = Fixture.at("2027-03-20T00:00:00+01:00")
    let now = Fixture.at("2027-03-27T12:00:00+01:00")

    func at(_ time: String) -> Date { Fixture.at("2027-03-27T\(time):00+01:00") }

    func shown(_ identifier: String, due: String, at time: String, occurrence: String? = nil, wasShown: Bool = true) -> ReminderHistoryEntry.Showing {
        ReminderHistoryEntry.Showing(
            identifier: identifier, group: String(identifier.split(separator: "/")[1]), occurrenceDue: occurrence.map(at),
            due: at(due), at: at(time), wasShown: wasShown
        )
    }

    func snooze(_ identifier: String, occurrence: String, at time: String, from: String, until: String) -> RequestSnooze {
        RequestSnooze(
            identifier: identifier, group: String(identifier.split(separator: "/")[1]), kind: .reminder, occurrenceDue: at(occurrence),
            at: at(time), from: at(from), until: at(until)
        )
    }

    @Test("shown, shown again after a snooze, missed, skipped, not shown yet and snoozed for later, each once, oldest first")
    func outcomes() {
        let entries = ReminderHistoryEntry.entries(
            showings: [
                shown("remind/pills/2027-03-27T08:00", due: "08:00", at: "08:00"),
                shown("remind/pills/2027-03-27T08:00", due: "08:10", at: "08:10", occurrence: "08:00"),
                shown("remind/tea", due: "09:00", at: "09:30", wasShown: false),
            ],
            records: [],
            snoozes: [
                snooze("remind/pills/2027-03-27T08:00", occurrence: "08:00", at: "08:01", from: "08:00", until: "08:10"),
                snooze("remind/call", occurrence: "11:00", at: "11:05", from: "11:00", until: "12:30"),
            ],
            unshown: [
                .init(identifier: "remind/skip", group: "skip", occurrenceDue: at("10:00"), due: at("10:00"), isCancelled: true),
                .init(identifier: "remind/pills/2027-03-27T11:30", group: "pills", occurrenceDue: at("11:30"), due: at("11:30"), isCancelled: false),
                .init(identifier: "remind/call", group: "call", occurrenceDue: at("11:00"), due: at("12:30"), isCancelled: false),
                .init(identifier: "remind/later", group: "later", occurrenceDue: at("13:00"), due: at("13:00"), isCancelled: false),
            ],
            since: since, now: now
        )
        #expect(entries.map(\.identifier) == ["remind/pills/2027-03-27T08:00", "remind/tea", "remind/skip", "remind/call", "remind/pills/2027-03-27T11:30"])
        #expect(entries.map(\.outcome) == [.shown, .missed, .skipped, .snoozed, .pending])
        #expect(entries[0].shownAt == [at("08:00"), at("08:10")])
        #expect(entries[0].snoozes.count == 1)
        #expect(entries[3].comesAt == at("12:30"))
        #expect(entries.allSatisfy { $0.due >= since && $0.due <= now }, "an occurrence still to come is no history")
    }

    @Test("a nagging occurrence's record decides: done on time, late, missed or open, with its showings")
    func nagging() {
        let entries = ReminderHistoryEntry.entries(
            showings: [
                shown("remind/s/2027-03-27T08:00", due: "08:00", at: "08:00", occurrence: "08:00"),
                shown("remind/s/2027-03-27T08:00", due: "08:10", at: "08:10", occurrence: "08:00"),
            ],
            records: [ReminderOccurrence(reminderID: "s", identifier: "remind/s/2027-03-27T08:00", due: at("08:00"), outcome: .doneLate, acknowledgedAt: at("08:15"))],
            snoozes: [], unshown: [], since: since, now: now
        )
        #expect(entries.count == 1)
        #expect(entries.first?.outcome == .doneLate)
        #expect(entries.first?.acknowledgedAt == at("08:15"))
        #expect(entries.first?.shownAt.count == 2)
    }

    @Test("a one-off reminder set again with its id is another occurrence; a snooze's showing stays with its own")
    func oneOffSetAgain() {
        let entries = ReminderHistoryEntry.entries(
            showings: [
                shown("remind/tea", due: "08:00", at: "08:00"),
                shown("remind/tea", due: "08:10", at: "08:10", occurrence: "08:00"),
                shown("remind/tea", due: "10:00", at: "10:00"),
            ],
            records: [],
            snoozes: [snooze("remind/tea", occurrence: "08:00", at: "08:02", from: "08:00", until: "08:10")],
            unshown: [], since: since, now: now
        )
        #expect(entries.map(\.due) == [at("08:00"), at("10:00")])
        #expect(entries.map(\.shownAt.count) == [2, 1])
        #expect(entries.map(\.snoozes.count) == [1, 0])
    }

    @Test("snoozed to a time past and not shown (chimed was not running) is not shown yet; cancelled after a snooze is skipped")
    func snoozedThenNothing() {
        let entries = ReminderHistoryEntry.entries(
            showings: [],
            records: [],
            snoozes: [
                snooze("remind/a", occurrence: "08:00", at: "07:00", from: "08:00", until: "09:00"),
                snooze("remind/b", occurrence: "08:30", at: "07:00", from: "08:30", until: "09:30"),
            ],
            unshown: [
                .init(identifier: "remind/a", group: "a", occurrenceDue: at("08:00"), due: at("09:00"), isCancelled: false),
                .init(identifier: "remind/b", group: "b", occurrenceDue: at("08:30"), due: at("09:30"), isCancelled: true),
            ],
            since: since, now: now
        )
        #expect(entries.map(\.outcome) == [.pending, .skipped])
        #expect(entries.first?.comesAt == at("09:00"))
    }

    @Test("a recurring reminder's identifier is one occurrence, one-off ones need their first due time")
    func identifiers() {
        #expect(RequestIdentifier.isRecurringReminderOccurrence("remind/pills/2027-03-27T08:00"))
        #expect(!RequestIdentifier.isRecurringReminderOccurrence("remind/tea"))
        #expect(!RequestIdentifier.isRecurringReminderOccurrence("water/w/2027-03-27T08:00"))
    }
}
