import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeStore

/// What the views read and the corrections write: numbered glasses, goals by weekday, snoozes
/// and each showing's occurrence.
@Suite("Store: glasses by number, goals by weekday, snoozes, showings")
struct ViewsStoreTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "chime-store-tests")
    }
    let now = Fixture.now

    func logged(_ amounts: [Int]) -> ChangePlan {
        var plan = ChangePlan()
        plan.intakes = amounts.enumerated().map { index, ml in
            ChangePlan.LoggedIntake(scheduleID: nil, intake: WaterIntake(instant: now.addingTimeInterval(Double(index) - 600), amountML: ml))
        }
        return plan
    }

    @Test("a version 8 database keeps its glasses' numbers, and a number undone is never given to another glass")
    func numbersKept() throws {
        let path = directory.appending("old.db")
        let t = now.timeIntervalSinceReferenceDate
        try Fixture.oldDatabase(at: path, version: 8, script: """
            INSERT INTO water_schedules VALUES ('w-1', 2700, '09:00', '21:30', 300, 2000, NULL);
            INSERT INTO water_intake (id, schedule_id, instant, amount_ml) VALUES (5, 'w-1', \(t - 60), 250), (7, NULL, \(t - 30), 100);
            INSERT INTO delivery_history (request_row_id, identifier, group_id, kind, outcome, at, due, server_id, detail)
                VALUES (1, 'remind/r-1', 'r-1', 'reminder', 'delivered', \(t - 10), \(t - 20), 3, NULL);
            """)
        let store = try Store(path: path)
        #expect(try store.numberedIntakes(since: .distantPast, until: .distantFuture).map(\.record) == [5, 7])
        #expect(try store.waterSchedules().first?.weekdayGoals == WeekdayGoals(), "every day takes the schedule's goal")
        let old = try #require(try store.reminderShowings(since: .distantPast).first)
        #expect(old.occurrenceDue == nil, "not known for rows from before")
        try store.apply(logged([300]), now: now)
        #expect(try store.numberedIntakes(since: .distantPast, until: .distantFuture).map(\.record).sorted() == [5, 7, 8])
        var undo = ChangePlan()
        undo.deletedIntakes = [8]
        try store.apply(undo, now: now)
        try store.apply(logged([400]), now: now)
        #expect(try store.numberedIntakes(since: .distantPast, until: .distantFuture).map(\.record).sorted() == [5, 7, 9])
        #expect(try store.numberedIntake(record: 8) == nil)
    }

    @Test("a glass changed in place keeps its number; changing one that is gone changes nothing of the plan")
    func editInPlace() throws {
        let store = try openStore(in: directory)
        try store.apply(logged([250, 300]), now: now)
        var edit = ChangePlan()
        edit.editedIntakes = [ChangePlan.EditedIntake(record: 1, intake: WaterIntake(instant: now.addingTimeInterval(-3600), amountML: 500))]
        try store.apply(edit, now: now)
        let glasses = try store.numberedIntakes(since: .distantPast, until: .distantFuture)
        #expect(glasses.map(\.record) == [1, 2])
        #expect(glasses.map(\.logged.intake.amountML) == [500, 300])
        #expect(glasses.first?.logged.intake.instant == now.addingTimeInterval(-3600))
        var gone = ChangePlan()
        gone.editedIntakes = [ChangePlan.EditedIntake(record: 99, intake: WaterIntake(instant: now, amountML: 1))]
        gone.intakes = logged([1]).intakes
        #expect(throws: StoreError.self) { try store.apply(gone, now: now) }
        #expect(try store.numberedIntakes(since: .distantPast, until: .distantFuture).count == 2)
    }

    @Test("goals by weekday are stored with their schedule")
    func weekdayGoals() throws {
        let store = try openStore(in: directory)
        var schedule = Fixture.schedule("w-1")
        schedule.weekdayGoals.set(.millilitres(1500), on: .weekend, otherwise: schedule.goalML)
        schedule.weekdayGoals.set(.none, on: WeekdaySet(days: [.wednesday]), otherwise: schedule.goalML)
        var plan = ChangePlan()
        plan.schedules = [schedule]
        try store.apply(plan, now: now)
        #expect(try store.waterSchedule(id: "w-1") == schedule)
        #expect(try store.texts("SELECT weekday_goals FROM water_schedules") == ["wed=none,sat=1500,sun=1500"])
    }

    @Test("a snooze is recorded; a showing records its occurrence's first due time; cancelled and waiting requests are read back")
    func reminderFacts() throws {
        let store = try openStore(in: directory)
        let occurrence = now.addingTimeInterval(-600)
        var request = Fixture.request("remind/tea", group: "tea", due: now.addingTimeInterval(-60))
        request.content.arguments[ContentArgument.occurrence] = occurrence.formatted(.iso8601)
        var plan = Fixture.plan(requests: [request, Fixture.request("remind/skip", group: "skip", due: now.addingTimeInterval(-30)),
                                           Fixture.request("remind/later", group: "later", due: now.addingTimeInterval(60))])
        plan.snoozes = [RequestSnooze(identifier: "remind/tea", group: "tea", kind: .reminder, occurrenceDue: occurrence, at: now.addingTimeInterval(-500), from: occurrence, until: request.due)]
        try store.apply(plan, now: now)
        try store.apply(Fixture.plan(cancelling: ["remind/skip"]), now: now)
        let row = try #require(try store.request(identifier: "remind/tea")?.rowID)
        #expect(try store.beginDelivery(rowIDs: [row], now: now).count == 1)
        #expect(try store.completeDelivery(rowID: row, serverID: 4, at: now))

        let showing = try #require(try store.reminderShowings(since: .distantPast, reminderID: "tea").first)
        #expect(showing.occurrenceDue == occurrence)
        #expect(showing.due == request.due)
        #expect(showing.wasShown)
        #expect(try store.reminderSnoozes(since: .distantPast).map(\.until) == [request.due])
        #expect(try store.reminderSnoozes(since: .distantPast, reminderID: "other").isEmpty)
        let unshown = try store.unshownReminders(since: .distantPast)
        #expect(unshown.map(\.identifier) == ["remind/skip", "remind/later"])
        #expect(unshown.map(\.isCancelled) == [true, false])
    }
}
