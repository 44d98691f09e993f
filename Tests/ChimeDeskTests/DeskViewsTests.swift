import ChimeCore
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// The views people look back at and the corrections they make, as the desk decides them.
@Suite("desk: corrections and histories")
struct DeskViewsTests {
    /// A desk over a fresh store, in UTC, at `now`.
    final class Bench {
        let directory: TemporaryDirectory
        let store: Store
        let desk: Desk
        var now: Date

        init(now: Date) throws {
            directory = try TemporaryDirectory()
            store = try Store(path: directory.appending("chime.sqlite"))
            desk = Desk(store: store, timeZone: TimeZone(identifier: "UTC")!, randomSource: SeededGenerator(seed: 7))
            self.now = now
        }

        @discardableResult
        func perform<Outcome>(_ decide: (Date) throws -> Desk.Decision<Outcome>) throws -> Outcome {
            let now = self.now
            return try #require(try desk.perform(requestID: UUID().uuidString, now: now, clock: { now }, decide).outcome)
        }

        func start(_ id: String, at start: Date, plan: String = "16:8") throws {
            try perform {
                try desk.startFast(Desk.FastStart(plan: try FastingPlan(parsing: plan), remindBefore: [], id: id, tag: "", start: start, repeating: false, replace: false), now: $0)
            }
        }

        func pending() throws -> [String] {
            try store.pendingRequests().map(\.request.identifier)
        }

        /// Shows the pending request `identifier` as chimed would, with what follows it.
        func show(_ identifier: String) throws {
            let stored = try #require(try store.request(identifier: identifier))
            let started = try store.beginDelivery(rowIDs: [stored.rowID], now: now)
            #expect(started.count == 1)
            let followUp = try desk.followUp(of: stored.request, now: now)
            try store.completeDelivery(rowID: stored.rowID, serverID: 1, at: now, followUp: followUp)
        }
    }

    static func at(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test("fast edit refuses an overlap and a fast under 2 minutes, writing nothing; a correction that fits is recorded")
    func editFast() throws {
        let bench = try Bench(now: Self.at("2026-12-02T15:00:00Z"))
        try bench.start("f-a", at: Self.at("2026-12-01T08:00:00Z"), plan: "10h")
        try bench.start("f-b", at: Self.at("2026-12-01T20:00:00Z"))
        let before = try bench.store.sessions()
        #expect {
            try bench.perform { try bench.desk.editFast(id: "f-b", start: Self.at("2026-12-01T17:00:00Z"), end: nil, now: $0) }
        } throws: { error in
            guard case DeskRefusal.fastsWouldOverlap(let id, let other, let start, let end)? = error as? DeskRefusal else { return false }
            return id == "f-b" && other == "f-a" && start == Self.at("2026-12-01T08:00:00Z") && end == Self.at("2026-12-01T18:00:00Z")
        }
        #expect(throws: DeskRefusal.fastTooShortToKeep(id: "f-b")) {
            try bench.perform { try bench.desk.editFast(id: "f-b", start: nil, end: Self.at("2026-12-01T20:01:00Z"), now: $0) }
        }
        #expect(throws: DeskRefusal.fastTimeToCome(Self.at("2026-12-02T16:00:00Z"))) {
            try bench.perform { try bench.desk.editFast(id: "f-b", start: nil, end: Self.at("2026-12-02T16:00:00Z"), now: $0) }
        }
        #expect(try bench.store.sessions() == before)

        let edited = try bench.perform { try bench.desk.editFast(id: "f-b", start: Self.at("2026-12-01T19:00:00Z"), end: Self.at("2026-12-02T12:30:00Z"), now: $0) }
        #expect(edited.after.start == Self.at("2026-12-01T19:00:00Z"))
        let record = try #require(try bench.desk.fastRecords(since: .distantPast, now: bench.now).first { $0.id == "f-b" })
        #expect(record.end == Self.at("2026-12-02T12:30:00Z"))
        #expect(record.completed)
        // A fast still fasting whose start is corrected: its end notification moves with it.
        try bench.start("f-c", at: Self.at("2026-12-02T14:00:00Z"))
        #expect(try bench.store.pendingRequests(inGroup: "f-c").map(\.request.due) == [Self.at("2026-12-03T06:00:00Z")])
        try bench.perform { try bench.desk.editFast(id: "f-c", start: Self.at("2026-12-02T13:00:00Z"), end: nil, now: $0) }
        #expect(try bench.store.pendingRequests(inGroup: "f-c").map(\.request.due) == [Self.at("2026-12-03T05:00:00Z")])
    }

    @Test("a scheduled fast corrected is recorded under its instance's key, once; the schedule's derivation moves its end")
    func editScheduledFast() throws {
        let bench = try Bench(now: Self.at("2026-12-01T12:00:00Z"))
        try bench.perform { _ in
            var plan = ChangePlan()
            plan.fastSchedules = [try FastSchedule(id: "fs-1", plan: .standard, ruleText: "daily 20:00", start: bench.now)]
            return Desk.Decision(plan, ())
        }
        bench.now = Self.at("2026-12-01T21:00:00Z")
        try bench.perform { try bench.desk.editFast(id: "fs-1.20261201-2000", start: Self.at("2026-12-01T20:30:00Z"), end: nil, now: $0) }
        let recorded = try bench.store.sessions().filter { $0.scheduleID == "fs-1" }
        #expect(recorded.map(\.id) == ["fs-1.20261201-2000"])
        #expect(recorded.first?.instanceKey == "20261201-2000")
        #expect(recorded.first?.start == Self.at("2026-12-01T20:30:00Z"))
        #expect(try bench.store.request(identifier: "fast/fs-1.20261201-2000/end")?.request.due == Self.at("2026-12-02T12:30:00Z"))
        // The rule gives that day no second fast.
        let timeline = try bench.desk.fastTimeline(now: bench.now)
        let schedule = try #require(timeline.schedule(id: "fs-1"))
        #expect(timeline.instances(of: schedule, startingFrom: Self.at("2026-12-01T00:00:00Z"), before: Self.at("2026-12-02T00:00:00Z")).map(\.start)
            == [Self.at("2026-12-01T20:30:00Z")])
    }

    @Test("fast stop --at: before the fast began or still to come is refused; a time in it stops it there")
    func stopAt() throws {
        let bench = try Bench(now: Self.at("2026-12-02T11:00:00Z"))
        try bench.start("f-a", at: Self.at("2026-12-01T20:00:00Z"))
        #expect(throws: DeskRefusal.self) { try bench.perform { try bench.desk.stopFast(id: nil, at: Self.at("2026-12-01T19:00:00Z"), now: $0) } }
        #expect(throws: DeskRefusal.self) { try bench.perform { try bench.desk.stopFast(id: nil, at: Self.at("2026-12-02T12:00:00Z"), now: $0) } }
        let stopped = try bench.perform { try bench.desk.stopFast(id: nil, at: Self.at("2026-12-02T10:30:00Z"), now: $0) }
        guard case .stoppedAt(_, let instant, let completed) = stopped else { Issue.record("\(stopped)"); return }
        #expect(instant == Self.at("2026-12-02T10:30:00Z"))
        #expect(!completed)
        #expect(try bench.store.session(id: "f-a")?.stoppedAt == instant)
        #expect(try bench.pending().isEmpty)
    }

    @Test("a goal by weekday met today moves the next reminder to the next water day; undo N brings it back")
    func goalsAndGlasses() throws {
        let bench = try Bench(now: Self.at("2026-12-05T10:00:00Z"))  // a Saturday
        try bench.perform {
            try bench.desk.configureWater(Desk.WaterEvery(interval: .hours(1), from: nil, until: nil, amountML: 500, goalML: 2000, id: "w"),
                                          defaults: Desk.WaterDefaults(amountML: 250, goalML: nil, from: WallClockTime(hour: 9, minute: 0)!, until: WallClockTime(hour: 21, minute: 0)!), now: $0)
        }
        try bench.perform { try bench.desk.drink(1000, at: nil, defaultAmount: 250, now: $0) }
        try bench.perform { try bench.desk.drink(600, at: nil, defaultAmount: 250, now: $0) }
        let state = try bench.perform { try bench.desk.setWaterGoal(.millilitres(1500), on: .weekend, now: $0) }
        #expect(state.goalML == 1500)
        #expect(state.nextReminder == Self.at("2026-12-06T09:00:00Z"))
        let glasses = try bench.desk.waterLog(days: 1, now: bench.now).flatMap(\.glasses)
        #expect(glasses.map(\.record) == [1, 2])
        let undone = try bench.perform { try bench.desk.undoDrink(record: 1, now: $0) }
        #expect(undone.undone.amountML == 1000)
        #expect(undone.state.consumedML == 600)
        #expect(try bench.pending() == ["water/w/2026-12-05T11:00"])
        #expect(throws: DeskRefusal.noGlassNumbered(1)) { try bench.perform { try bench.desk.undoDrink(record: 1, now: $0) } }
        let edited = try bench.perform { try bench.desk.editGlass(2, amountML: 1500, at: nil, now: $0) }
        #expect(edited.state.consumedML == 1500)
        #expect(edited.state.nextReminder == Self.at("2026-12-06T09:00:00Z"))
        let history = try bench.desk.waterHistory(days: 2, now: bench.now)
        #expect(history.days.map(\.consumedML) == [0, 1500])
        #expect(history.days.map(\.goalML) == [2000, 1500])
    }

    @Test("editing a one-off reminder's time keeps its nag and urgency; a text alone keeps its snooze; a rule keeps the id and history")
    func editReminders() throws {
        let bench = try Bench(now: Self.at("2026-12-01T08:00:00Z"))
        try bench.perform { try bench.desk.remind("tea", at: Self.at("2026-12-01T09:00:00Z"), id: "tea", nag: .minutes(5), urgency: "critical", now: $0) }
        try bench.perform { try bench.desk.editReminder("tea", Desk.ReminderChange(text: nil, due: Self.at("2026-12-01T10:00:00Z"), rule: nil), now: $0) }
        let tea = try #require(try bench.store.request(identifier: "remind/tea"))
        #expect(tea.request.due == Self.at("2026-12-01T10:00:00Z"))
        #expect(ReminderNag.Showing(request: tea.request)?.nag.interval == 300)
        #expect(tea.request.content.arguments[ContentArgument.urgency] == "critical")

        try bench.perform { try bench.desk.snooze(.group("tea"), by: .minutes(30), now: $0) }
        try bench.perform { try bench.desk.editReminder("tea", Desk.ReminderChange(text: "green tea", due: nil, rule: nil), now: $0) }
        let reworded = try #require(try bench.store.request(identifier: "remind/tea"))
        #expect(reworded.request.due == Self.at("2026-12-01T10:30:00Z"), "the snooze stays")
        #expect(reworded.request.content.arguments[ContentArgument.text] == "green tea")
        #expect(try bench.store.reminder(id: "tea")?.text == "green tea")

        let rule = try RecurrencePhrase.rule(from: "daily 08:30")
        try bench.perform {
            try bench.desk.remindEvery(Desk.RecurringReminderIntent(text: "pills", ruleText: "daily 08:30", rule: rule, from: nil, id: "pills", nag: nil, urgency: nil), now: $0)
        }
        bench.now = Self.at("2026-12-01T08:30:00Z")
        try bench.show("remind/pills/2026-12-01T08:30")
        let newRule = try RecurrencePhrase.rule(from: "daily 12:00")
        let edited = try bench.perform { try bench.desk.editReminder("pills", Desk.ReminderChange(text: nil, due: nil, rule: (text: "daily 12:00", rule: newRule)), now: $0) }
        guard case .recurring(let reminder, let next) = edited else { Issue.record("\(edited)"); return }
        #expect(reminder.id == "pills" && reminder.text == "pills")
        #expect(next?.identifier == "remind/pills/2026-12-01T12:00")
        let history = try bench.desk.reminderHistory(id: "pills", since: Self.at("2026-12-01T00:00:00Z"), now: bench.now)
        #expect(history.map(\.identifier) == ["remind/pills/2026-12-01T08:30"])
        #expect(history.map(\.outcome) == [.shown])

        #expect(throws: DeskRefusal.timeForRecurringReminder(id: "pills")) {
            try bench.perform { try bench.desk.editReminder("pills", Desk.ReminderChange(text: nil, due: Self.at("2026-12-01T13:00:00Z"), rule: nil), now: $0) }
        }
        #expect(throws: DeskRefusal.ruleForOneOffReminder(id: "tea")) {
            try bench.perform { try bench.desk.editReminder("tea", Desk.ReminderChange(text: nil, due: nil, rule: (text: "daily 12:00", rule: newRule)), now: $0) }
        }
        #expect(throws: DeskRefusal.noReminderWithID(id: "nope")) {
            try bench.perform { try bench.desk.editReminder("nope", Desk.ReminderChange(text: "x", due: nil, rule: nil), now: $0) }
        }
    }

    @Test("the history of a reminder without --nag: shown, snoozed, shown again; a skipped occurrence; one not shown while chimed was away")
    func historyOfEveryReminder() throws {
        let bench = try Bench(now: Self.at("2026-12-01T07:00:00Z"))
        let rule = try RecurrencePhrase.rule(from: "daily 08:00")
        try bench.perform {
            try bench.desk.remindEvery(Desk.RecurringReminderIntent(text: "pills", ruleText: "daily 08:00", rule: rule, from: nil, id: "pills", nag: nil, urgency: nil), now: $0)
        }
        bench.now = Self.at("2026-12-01T08:00:00Z")
        try bench.show("remind/pills/2026-12-01T08:00")
        bench.now = Self.at("2026-12-01T08:01:00Z")
        try bench.perform { try bench.desk.snooze(.request("remind/pills/2026-12-01T08:00"), by: .minutes(10), now: $0) }
        bench.now = Self.at("2026-12-01T08:11:00Z")
        try bench.show("remind/pills/2026-12-01T08:00")
        // The next day's is skipped; the one after comes while chimed is not running.
        #expect(try bench.pending() == ["remind/pills/2026-12-02T08:00"])
        try bench.perform { try bench.desk.cancel(.references([.request("remind/pills/2026-12-02T08:00")]), now: $0) }
        bench.now = Self.at("2026-12-03T09:00:00Z")
        let history = try bench.desk.reminderHistory(id: nil, since: Self.at("2026-12-01T00:00:00Z"), now: bench.now)
        #expect(history.map(\.identifier) == ["remind/pills/2026-12-01T08:00", "remind/pills/2026-12-02T08:00", "remind/pills/2026-12-03T08:00"])
        #expect(history.map(\.outcome) == [.shown, .skipped, .pending])
        #expect(history[0].shownAt == [Self.at("2026-12-01T08:00:00Z"), Self.at("2026-12-01T08:11:00Z")])
        #expect(history[0].snoozes.map(\.until) == [Self.at("2026-12-01T08:11:00Z")])
    }
}
