import ChimeCore
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// Plans of fast days (5:2, 4:3, adf) and several fast schedules at once.
@Suite("desk: fast days and schedules side by side")
struct DeskFastDayTests {
    static func at(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    final class Bench {
        let directory: TemporaryDirectory
        let store: Store
        let desk: Desk
        var now: Date

        init(now: Date, zone: TimeZone = DeskFastDayTests.berlin) throws {
            directory = try TemporaryDirectory()
            store = try Store(path: directory.appending("chime.sqlite"))
            desk = Desk(store: store, timeZone: zone, randomSource: SeededGenerator(seed: 11))
            self.now = now
        }

        @discardableResult
        func perform<Outcome>(_ decide: (Date) throws -> Desk.Decision<Outcome>) throws -> Outcome {
            let now = self.now
            return try #require(try desk.perform(requestID: UUID().uuidString, now: now, clock: { now }, decide).outcome)
        }

        func schedule(_ plan: String, _ rule: String?, evening: WallClockTime? = nil) throws -> Desk.FastScheduleSet {
            try perform { try desk.setFastSchedule(plan: try FastingPlan(parsing: plan), ruleText: rule, evening: evening, remindBefore: [], now: $0) }
        }
    }

    @Test("5:2 on mon,thu: fast days from midnight to midnight on the local clock, 23 h across the spring change")
    func fiveTwo() throws {
        // Friday 2027-03-26; Monday 2027-03-29 follows the spring change of Sunday the 28th.
        let bench = try Bench(now: Self.at("2027-03-26T12:00:00+01:00"))
        let set = try bench.schedule("5:2", "mon,thu")
        #expect(set.schedule.ruleText == "mon,thu")
        let first = try #require(set.first)
        #expect(first.start == Self.at("2027-03-29T00:00:00+02:00"))
        #expect(first.cycle(0).fastEnd == Self.at("2027-03-30T00:00:00+02:00"))
        let timeline = try bench.desk.fastTimeline(now: bench.now)
        let days = timeline.instances(of: set.schedule, startingFrom: bench.now, before: Self.at("2027-04-06T00:00:00+02:00")).map(\.id)
        #expect(days == ["\(set.schedule.id).20270329-0000", "\(set.schedule.id).20270401-0000", "\(set.schedule.id).20270405-0000"])
        // The bubble of its start carries the fast day's note.
        let start = try #require(try bench.store.pendingRequests().first { $0.request.kind == .fastStart })
        #expect(start.request.content.arguments[ContentArgument.fastDay] == "5:2")
    }

    @Test("a fast day from the evening before: 20:00 on the day before to midnight after it")
    func fromEvening() throws {
        let bench = try Bench(now: Self.at("2027-03-26T12:00:00+01:00"))
        let set = try bench.schedule("4:3", "mon,wed,fri", evening: WallClockTime(hour: 20, minute: 0))
        #expect(set.schedule.ruleText == "mon,wed,fri (from 20:00 the evening before)")
        let first = try #require(set.first)
        // Friday's began on Thursday evening, before the schedule: the first is Monday's, from
        // Sunday 20:00 (after the spring change) to Tuesday 00:00.
        #expect(first.start == Self.at("2027-03-28T20:00:00+02:00"))
        #expect(first.cycle(0).fastEnd == Self.at("2027-03-30T00:00:00+02:00"))
        // Read back from the store, the days are said the same way.
        #expect(try bench.store.fastSchedule()?.ruleText == "mon,wed,fri (from 20:00 the evening before)")
    }

    @Test("adf: a fast day every other day, the first tomorrow")
    func alternate() throws {
        let bench = try Bench(now: Self.at("2027-03-26T12:00:00+01:00"))
        let set = try bench.schedule("adf", nil)
        let timeline = try bench.desk.fastTimeline(now: bench.now)
        let starts = timeline.instances(of: set.schedule, startingFrom: bench.now, before: Self.at("2027-04-01T00:00:00+02:00")).map(\.start)
        #expect(starts == [Self.at("2027-03-27T00:00:00+01:00"), Self.at("2027-03-29T00:00:00+02:00"), Self.at("2027-03-31T00:00:00+02:00")])
    }

    @Test("5:2 names two days; 5:2 is never a 5-hour fast; a fast started by hand cannot be 5:2")
    func refusals() throws {
        let bench = try Bench(now: Self.at("2027-03-26T12:00:00+01:00"))
        #expect(throws: DomainError.self) { try bench.schedule("5:2", "mon") }
        #expect(throws: DomainError.self) { try bench.schedule("5:2", "daily 20:00") }
        #expect(throws: DomainError.self) { try FastingPlan(parsing: "6:2") }
        #expect(try FastingPlan(parsing: "6h:2h").fasting == .hours(6))
        #expect(throws: DomainError.self) {
            try bench.perform {
                try bench.desk.startFast(Desk.FastStart(plan: try FastingPlan(parsing: "5:2"), remindBefore: [], id: nil, tag: "", start: $0, repeating: false, replace: false), now: $0)
            }
        }
    }

    @Test("18:6 on weekdays and 14:10 at weekends stay on together; a daily 16:8 replaces both")
    func sideBySide() throws {
        let bench = try Bench(now: Self.at("2027-03-26T12:00:00+01:00"))
        let weekdays = try bench.schedule("18:6", "weekdays 20:00")
        let weekends = try bench.schedule("14:10", "weekends 20:00")
        #expect(weekends.replaced.isEmpty)
        #expect(weekends.alongsideIDs == [weekdays.schedule.id])
        let on = try bench.desk.fastSchedulesNow(now: bench.now)
        #expect(on.map(\.schedule.id).sorted() == [weekdays.schedule.id, weekends.schedule.id].sorted())
        // Friday's fast is the weekday one; Saturday's the weekend one.
        bench.now = Self.at("2027-03-27T21:00:00+01:00")
        #expect(try bench.desk.currentFast(now: bench.now)?.scheduleID == weekends.schedule.id)
        let daily = try bench.schedule("16:8", "daily 20:00")
        #expect(Set(daily.replaced.map(\.id)) == [weekdays.schedule.id, weekends.schedule.id])
        #expect(try bench.desk.fastSchedulesNow(now: bench.now).map(\.schedule.id) == [daily.schedule.id])
    }
}

extension Desk.FastScheduleSet {
    /// Those that stay on, with the ids tests compare.
    fileprivate var alongsideIDs: [String] { alongside.map(\.id) }
}
