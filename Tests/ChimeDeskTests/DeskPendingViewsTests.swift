import ChimeCore
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// What `list` and `status` read: the store as chimed would have it by now, written or not.
@Suite("desk: readers see what is pending as chimed would have it, whether or not it ran")
struct DeskPendingViewsTests {
    typealias Bench = DeskFastScheduleTests.Bench
    static func at(_ text: String) -> Date { DeskFastScheduleTests.at(text) }

    @Test("two days after a schedule was set with nothing written since: the current fast's notifications, none chimed would drop, and nothing recorded")
    func derivedWithoutWriting() throws {
        let bench = try Bench(now: Self.at("2026-12-02T10:00:00Z"))
        #expect(try bench.pending() == ["fast/fs-1.20261202-2000/start", "fast/fs-1.20261202-2000/end"])
        let sequence = try bench.store.currentSequence()
        let now = Self.at("2026-12-05T13:00:00Z")

        let shown = try bench.desk.pendingToShow(now: now).map(\.request.identifier)
        // The fast that ended at 12:00 still says so (late, as chimed would); the old ones are dropped.
        #expect(shown == ["fast/fs-1.20261204-2000/end", "fast/fs-1.20261205-2000/start", "fast/fs-1.20261205-2000/end"])
        #expect(try bench.desk.soonestToShow(now: now)?.request.identifier == "fast/fs-1.20261204-2000/end")
        var streamed: [String] = []
        try bench.desk.forEachPendingToShow(now: now) { streamed.append($0.request.identifier); return true }
        #expect(streamed == shown)
        #expect(try bench.desk.pendingToShow(inGroup: "fs-1.20261205-2000", now: now).count == 2)

        // Nothing was written: the store still holds what the last write left.
        #expect(try bench.store.currentSequence() == sequence)
        #expect(try bench.pending() == ["fast/fs-1.20261202-2000/start", "fast/fs-1.20261202-2000/end"])

        // A write at the same instant leaves what the readers said.
        bench.now = now
        try bench.perform { _ in
            var plan = ChangePlan()
            plan.settings["language"] = "en"
            return Desk.Decision(plan, ())
        }
        #expect(try bench.desk.pendingToShow(now: now).map(\.request.identifier) == shown)
    }

    @Test("a daily reminder two days on with nothing written: the past occurrences missed, today's shown late, in every reader; nothing recorded")
    func reminderCaughtUpWithoutWriting() throws {
        let bench = try Bench(now: Self.at("2026-12-02T08:00:00Z"))
        let rule = try RecurrencePhrase.rule(from: "daily 09:00")
        try bench.perform {
            try bench.desk.remindEvery(Desk.RecurringReminderIntent(text: "pills", ruleText: "daily 09:00", rule: rule, from: nil, id: "p1", nag: nil, urgency: nil), now: $0)
        }
        let sequence = try bench.store.currentSequence()
        let now = Self.at("2026-12-04T12:00:00Z")

        let reminders = try bench.desk.pendingToShow(now: now).map(\.request.identifier).filter { $0.hasPrefix("remind/") }
        #expect(reminders == ["remind/p1/2026-12-04T09:00"])
        let history = try bench.desk.readingDerived(now: now) { try bench.desk.reminderHistory(id: "p1", since: .distantPast, now: now) }
        #expect(history.map(\.identifier) == ["remind/p1/2026-12-02T09:00", "remind/p1/2026-12-03T09:00", "remind/p1/2026-12-04T09:00"])
        #expect(history.map(\.outcome) == [.missed, .missed, .pending])
        #expect(try bench.store.currentSequence() == sequence)
        #expect(try bench.store.pendingRequests().map(\.request.identifier).contains("remind/p1/2026-12-02T09:00"))
    }

    @Test("a daily 08:00 reminder made in UTC, the zone set to Berlin while chimed is down, read three days on: Berlin's 08:00 of the first day came due unseen and is missed there, never skipped")
    func zoneMovedEastThenDowntime() throws {
        let bench = try Bench(now: Self.at("2027-05-10T06:00:00Z"))
        let rule = try RecurrencePhrase.rule(from: "daily 08:00")
        try bench.perform {
            try bench.desk.remindEvery(Desk.RecurringReminderIntent(text: "pills", ruleText: "daily 08:00", rule: rule, from: nil, id: "p1", nag: nil, urgency: nil), now: $0)
        }
        #expect(try bench.pending().filter { $0.hasPrefix("remind/") } == ["remind/p1/2027-05-10T08:00"])
        // `chime config set time_zone Europe/Berlin` at 08:01 there; no one derives until May 13.
        bench.desk.follow(TimeZone(identifier: "Europe/Berlin")!)
        let now = Self.at("2027-05-13T12:00:00Z")
        let history = try bench.desk.readingDerived(now: now) { try bench.desk.reminderHistory(id: "p1", since: .distantPast, now: now) }
        #expect(history.map(\.identifier) == [
            "remind/p1/2027-05-10T08:00", "remind/p1/2027-05-11T08:00", "remind/p1/2027-05-12T08:00", "remind/p1/2027-05-13T08:00",
        ])
        #expect(history.map(\.outcome) == [.missed, .missed, .missed, .pending])
        #expect(history.first?.due == Self.at("2027-05-10T06:00:00Z"))
        // A write then (chimed's start, any command) records what the readers said.
        bench.now = now
        try bench.perform { _ in
            var plan = ChangePlan()
            plan.settings["language"] = "en"
            return Desk.Decision(plan, ())
        }
        #expect(try bench.store.request(identifier: "remind/p1/2027-05-10T08:00")?.state == .missed)
        let written = try bench.desk.reminderHistory(id: "p1", since: .distantPast, now: now)
        #expect(written.map(\.outcome) == [.missed, .missed, .missed, .pending])
    }

    @Test("an hourly reminder three days on with nothing written: the one due at 10:00 is the one pending, shown late; every hour before it is missed, in every reader")
    func hourlyCaughtUpToNow() throws {
        let bench = try Bench(now: Self.at("2027-03-01T10:00:00Z"))
        let rule = try RecurrencePhrase.rule(from: "every 1h")
        try bench.perform {
            try bench.desk.remindEvery(Desk.RecurringReminderIntent(text: "stretch", ruleText: "every 1h", rule: rule, from: nil, id: "s", nag: nil, urgency: nil), now: $0)
        }
        let now = Self.at("2027-03-04T10:30:00Z")
        let reminders = try bench.desk.pendingToShow(now: now).map(\.request.identifier).filter { $0.hasPrefix("remind/") }
        #expect(reminders == ["remind/s/2027-03-04T10:00"])
        let history = try bench.desk.readingDerived(now: now) { try bench.desk.reminderHistory(id: "s", since: Self.at("2027-03-04T00:00:00Z"), now: now) }
        #expect(history.count == 11)
        #expect(history.dropLast().allSatisfy { $0.outcome == .missed })
        #expect(history.last?.identifier == "remind/s/2027-03-04T10:00")
        #expect(history.last?.outcome == .pending)
        // A write then records the same.
        bench.now = now
        try bench.perform { _ in
            var plan = ChangePlan()
            plan.settings["language"] = "en"
            return Desk.Decision(plan, ())
        }
        #expect(try bench.pending().filter { $0.hasPrefix("remind/") } == ["remind/s/2027-03-04T10:00"])
        #expect(try bench.store.request(identifier: "remind/s/2027-03-04T09:00")?.state == .missed)
    }

    @Test("a store written up to now is read as it stands: the soonest is the next one")
    func upToDate() throws {
        let bench = try Bench(now: Self.at("2026-12-02T10:00:00Z"))
        let now = Self.at("2026-12-02T11:00:00Z")
        #expect(try bench.desk.soonestToShow(now: now)?.request.identifier == "fast/fs-1.20261202-2000/start")
        #expect(try bench.desk.pendingToShow(now: now).map(\.request.identifier) == (try bench.pending()))
    }
}
