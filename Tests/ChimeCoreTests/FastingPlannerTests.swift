import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("FastingPlanner: user actions as change plans")
struct FastingPlannerTests {
    let planner = FastingPlanner()
    let now = Fixture.at("2026-06-01T20:00:00+02:00")
    let calendar = Fixture.calendar

    func fast(_ id: String, plan: String = "16:8", start: Date? = nil, mode: FastingSession.Mode = .single) -> FastingSession {
        FastingSession(id: id, plan: Fixture.plan(plan), start: start ?? now, mode: mode, remindBefore: [.hours(1)])
    }

    @Test("starting with nothing running records the session and its requests")
    func startFresh() throws {
        let session = fast("f-new")
        let plan = try planner.start(session, existing: [], replace: false, now: now)
        #expect(plan.sessions == [session])
        #expect(plan.requests.map(\.identifier) == ["fast/f-new/end", "fast/f-new/before-1h"])
        #expect(plan.cancelledGroups.isEmpty)
        #expect(plan.closedGroups.isEmpty)
        #expect(!plan.isEmpty)
    }

    @Test("a nudge as long as the fast or longer is refused; one shorter is planned", arguments: ["16:8", "16h", "30m:10m"])
    func nudgeThatCouldNeverCome(planText: String) throws {
        let plan = Fixture.plan(planText)
        let fastSeconds = plan.fasting.seconds
        for lead in [fastSeconds, fastSeconds + 3600] {
            let span = try #require(TimeSpan(seconds: lead))
            let session = FastingSession(id: "f-n", plan: plan, start: now, remindBefore: [span])
            let error = #expect(throws: DomainError.self) {
                try planner.start(session, existing: [], replace: false, now: now)
            }
            #expect(error?.kind == .invalidDuration)
            #expect(error?.message.contains("could never be shown") == true)
            #expect(error?.message.contains("remind less than \(plan.fasting) before the end") == true)
        }
        let shorter = try #require(TimeSpan(seconds: fastSeconds - 60))
        let session = FastingSession(id: "f-n", plan: plan, start: now, remindBefore: [shorter])
        let change = try planner.start(session, existing: [], replace: false, now: now)
        #expect(change.requests.filter { $0.kind == .fastNudge }.map(\.due) == [now + 60], "the nudge comes a minute after the start")
        #expect(plan.allowsNudge(before: shorter))
        #expect(!plan.allowsNudge(before: plan.fasting))
    }

    @Test("starting while a fast is active is a conflict, unless replacing", arguments: [FastingSession.Mode.single, .rolling])
    func startConflicts(mode: FastingSession.Mode) throws {
        let running = fast("f-old", start: now - 2 * hour, mode: mode)
        let error = #expect(throws: DomainError.self) {
            try planner.start(fast("f-new"), existing: [running], replace: false, now: now)
        }
        #expect(error?.kind == .conflict)
        #expect(error?.message.contains("f-old") == true)
        #expect(error?.message.contains("--replace") == true)

        // A fast scheduled for later is active too.
        let scheduled = fast("f-later", start: now + 5 * hour, mode: mode)
        let waiting = #expect(throws: DomainError.self) { try planner.start(fast("f-new"), existing: [scheduled], replace: false, now: now) }
        #expect(waiting?.message.hasPrefix("fast f-later is scheduled to start") == true)
    }

    @Test("replacing ends the old session and cancels its requests, in the same plan as the new requests")
    func replace() throws {
        let running = fast("f-old", start: now - 2 * hour, mode: .rolling)
        let session = fast("f-new")
        let plan = try planner.start(session, existing: [running], replace: true, now: now)
        var stopped = running
        stopped.stoppedAt = now
        #expect(plan.sessions == [stopped, session])
        #expect(plan.cancelledGroups == ["f-old"])
        #expect(plan.closedGroups == ["f-old"])
        #expect(plan.requests.map(\.identifier) == ["fast/f-new/end", "fast/f-new/before-1h"])
        #expect(plan.requests.allSatisfy { $0.group == "f-new" })
    }

    @Test("a single fast in its eating window ends without asking; a rolling one conflicts")
    func eatingWindow() throws {
        let eating = fast("f-old", start: now - 17 * hour)
        let plan = try planner.start(fast("f-new"), existing: [eating], replace: false, now: now)
        #expect(plan.cancelledGroups == ["f-old"])
        #expect(plan.sessions.first?.stoppedAt == now)

        let rollingEating = fast("f-roll", start: now - 17 * hour, mode: .rolling)
        #expect(throws: DomainError.self) { try planner.start(fast("f-new"), existing: [rollingEating], replace: false, now: now) }
    }

    @Test("ended and stopped sessions do not conflict and are left alone")
    func endedSessions() throws {
        var stopped = fast("f-stopped", start: now - 5 * hour)
        stopped.stoppedAt = now - hour
        let ended = fast("f-ended", start: now - 30 * hour)
        let plan = try planner.start(fast("f-new"), existing: [stopped, ended], replace: false, now: now)
        #expect(plan.sessions.map(\.id) == ["f-new"])
        #expect(plan.cancelledGroups.isEmpty)
    }

    @Test("reusing the id of a running fast is a conflict")
    func sameIdentifier() {
        let running = fast("f-1", start: now - hour)
        let error = #expect(throws: DomainError.self) { try planner.start(fast("f-1"), existing: [running], replace: false, now: now) }
        #expect(error?.kind == .conflict)
    }

    @Test("a repeating fast needs an eating window")
    func rollingWithoutEating() {
        let error = #expect(throws: DomainError.self) {
            try planner.start(fast("f-1", plan: "36h", mode: .rolling), existing: [], replace: false, now: now)
        }
        #expect(error?.kind == .invalidPlan)
    }

    @Test("stopping yields the cancellations and the notifications to close")
    func stop() throws {
        let running = fast("f-1", start: now - hour, mode: .rolling)
        let plan = try planner.stop(running, now: now)
        #expect(plan.sessions.map(\.stoppedAt) == [now])
        #expect(plan.cancelledGroups == ["f-1"])
        #expect(plan.closedGroups == ["f-1"])
        #expect(plan.requests.isEmpty)

        var stopped = running
        stopped.stoppedAt = now - 1
        let error = #expect(throws: DomainError.self) { try planner.stop(stopped, now: now) }
        #expect(error?.kind == .notFound)
    }

    @Test("extending a fast moves its end and re-derives its requests")
    func extend() throws {
        let running = fast("f-1", start: now - hour)
        let plan = try planner.extend(running, by: .hours(2), now: now)
        let updated = try #require(plan.sessions.first)
        #expect(updated.fastExtension == .init(cycle: 0, seconds: 7200))
        #expect(plan.cancelledGroups == ["f-1"])
        #expect(plan.requests.first { $0.kind == .fastEnd }?.due == now + 17 * hour)
        // Extending again adds up.
        let again = try planner.extend(updated, by: .minutes(30), now: now + hour)
        #expect(again.sessions.first?.fastExtension == .init(cycle: 0, seconds: 9000))
    }

    @Test("extending a rolling fast shrinks the eating window and refuses to remove it")
    func extendRolling() throws {
        let rolling = fast("f-r", start: now - hour, mode: .rolling)
        let plan = try planner.extend(rolling, by: .hours(7), now: now)
        let updated = try #require(plan.sessions.first)
        #expect(updated.cycle(0).fastEnd == now + 22 * hour)
        #expect(updated.cycle(0).eatingEnd == now + 23 * hour)

        let error = #expect(throws: DomainError.self) { try planner.extend(updated, by: .hours(1), now: now) }
        #expect(error?.kind == .conflict)
        #expect(error?.message.contains("less than 1h") == true)
        #expect(throws: DomainError.self) { try planner.extend(rolling, by: .hours(8), now: now) }

        // Eating for an hour already: extending by an hour would end the last fast now, so the
        // extension goes to the next cycle's fast.
        let eating = fast("f-r", start: now - 17 * hour, mode: .rolling)
        let next = try planner.extend(eating, by: .hours(1), now: now)
        #expect(next.sessions.first?.fastExtension == .init(cycle: 1, seconds: 3600))
        // Eating for half an hour: the fast that just ended goes on (what the bubble's Extend means).
        let justDone = fast("f-r", start: now - 16.5 * hour, mode: .rolling)
        let goesOn = try planner.extend(justDone, by: .hours(1), now: now)
        #expect(goesOn.sessions.first?.fastExtension == .init(cycle: 0, seconds: 3600))
        #expect(goesOn.sessions.first?.status(at: now).phase == .fasting)
    }

    @Test("a single fast just completed goes on when extended; one eating for longer, or over, cannot be")
    func extendOver() throws {
        let justDone = fast("f-1", start: now - 16.5 * hour)
        let plan = try planner.extend(justDone, by: .hours(1), now: now)
        let extended = try #require(plan.sessions.first)
        #expect(extended.status(at: now).phase == .fasting)
        #expect(plan.requests.first { $0.kind == .fastEnd }?.due == now + 0.5 * hour)
        // Stopped during the extra hour it still counts as completed.
        let stopped = try #require(try planner.stop(extended, now: now + 0.4 * hour).sessions.first)
        let record = try #require(FastRecord.records(from: [stopped], now: now + hour, since: .distantPast).first)
        #expect(record.isFinished && record.completed)
        #expect(record.goalEnd == now + 0.5 * hour)

        let eating = fast("f-1", start: now - 17 * hour)
        let error = #expect(throws: DomainError.self) { try planner.extend(eating, by: .hours(1), now: now) }
        #expect(error?.kind == .notFound)
        let over = fast("f-1", start: now - 25 * hour)
        #expect(throws: DomainError.self) { try planner.extend(over, by: .hours(3), now: now) }
    }

    @Test("a bubble's cycle: End fast and Extend act only on the cycle it belongs to")
    func bubbleCycle() throws {
        // Cycle 1 of a repeating 16:8 fast runs (started 25 h ago: cycle 1 began an hour ago).
        let rolling = fast("f-r", start: now - 25 * hour, mode: .rolling)
        let stop = #expect(throws: DomainError.self) { try planner.stop(rolling, now: now, cycle: 0) }
        #expect(stop?.kind == .conflict)
        #expect(throws: DomainError.self) { try planner.extend(rolling, by: .hours(1), now: now, cycle: 0) }
        #expect(try planner.stop(rolling, now: now, cycle: 1).sessions.first?.stoppedAt == now)
        // In cycle 0's eating window, half an hour after its fast: the bubble's Extend continues it.
        let eating = fast("f-r", start: now - 16.5 * hour, mode: .rolling)
        #expect(try planner.extend(eating, by: .hours(1), now: now, cycle: 0).sessions.first?.fastExtension == .init(cycle: 0, seconds: 3600))
        // Two hours into it, the bubble is stale: an hour more would end in the past.
        let late = fast("f-r", start: now - 18 * hour, mode: .rolling)
        #expect(throws: DomainError.self) { try planner.extend(late, by: .hours(1), now: now, cycle: 0) }
    }

    @Test("fasts never overlap: refused, or with replace the earlier one ends at the new start")
    func noOverlap() throws {
        let earlier = fast("f-1", start: now - 20 * hour)
        let later = fast("f-2", start: now - 18 * hour)
        let error = #expect(throws: DomainError.self) { try planner.start(later, existing: [earlier], replace: false, now: now) }
        #expect(error?.kind == .conflict)
        let plan = try planner.start(later, existing: [earlier], replace: true, now: now)
        #expect(plan.sessions.first { $0.id == "f-1" }?.stoppedAt == later.start)
        #expect(plan.deletedSessions.isEmpty)
        // A fast that began after the new one's start is inside it: deleted.
        let inside = try planner.start(fast("f-3", start: now - 21 * hour), existing: [earlier], replace: true, now: now)
        #expect(inside.deletedSessions == ["f-1"])
        #expect(inside.cancelledGroups.contains("f-1"))
        // Starting after the earlier fast's end (eating window) overlaps nothing.
        #expect(try planner.start(fast("f-4", start: now - 3 * hour), existing: [earlier], replace: false, now: now).deletedSessions.isEmpty)
    }

    @Test("a fast stopped within its first 2 minutes is discarded")
    func discardShortFasts() throws {
        let running = fast("f-1", start: now - 119)
        #expect(try planner.stop(running, now: now).deletedSessions == ["f-1"])
        let kept = try planner.stop(fast("f-1", start: now - 120), now: now)
        #expect(kept.deletedSessions.isEmpty)
        #expect(kept.sessions.first?.stoppedAt == now)
        // A fast scheduled for later and cancelled stays recorded as cancelled before its start.
        #expect(try planner.stop(fast("f-1", start: now + hour), now: now).sessions.first?.stoppedAt == now)
    }

    @Test("configuring water replaces its pending reminder; a drink logs and pushes it")
    func water() {
        let schedule = WaterSchedule(id: "w-1", interval: .hours(1), window: Fixture.window("09:00", "21:00"))
        let morning = Fixture.at("2026-06-01T10:20:00+02:00")
        let configured = planner.configure(schedule, intakes: [], now: morning, timeZone: Fixture.berlin, calendar: calendar)
        #expect(configured.schedules == [schedule])
        #expect(configured.cancelledGroups == ["w-1"])
        #expect(configured.requests.map(\.due) == [Fixture.at("2026-06-01T11:00:00+02:00")])

        let drink = planner.drink(250, schedule: schedule, intakes: [], now: morning, timeZone: Fixture.berlin, calendar: calendar)
        #expect(drink.intakes == [ChangePlan.LoggedIntake(scheduleID: "w-1", intake: WaterIntake(instant: morning, amountML: 250))])
        #expect(drink.requests.map(\.due) == [Fixture.at("2026-06-01T11:20:00+02:00")])
        #expect(drink.cancelledGroups == ["w-1"])
        #expect(drink.closedGroups == ["w-1"])

        let loose = planner.drink(250, schedule: nil, intakes: [], now: morning, timeZone: Fixture.berlin, calendar: calendar)
        #expect(loose.intakes.map(\.scheduleID) == [nil])
        #expect(loose.requests.isEmpty)

        let removed = planner.remove(schedule)
        #expect(removed.deletedSchedules == ["w-1"])
        #expect(removed.cancelledGroups == ["w-1"])
        #expect(removed.closedGroups == ["w-1"])
    }

    @Test("a one-off reminder in the future is planned; one in the past is refused")
    func remind() throws {
        let reminder = OneOffReminder(id: "r-1", text: "stretch", due: now + 600)
        let plan = try planner.remind(reminder, now: now)
        #expect(plan.reminders == [reminder])
        #expect(plan.requests.map(\.identifier) == ["remind/r-1"])
        #expect(plan.cancelledGroups == ["r-1"])
        let error = #expect(throws: DomainError.self) { try planner.remind(OneOffReminder(id: "r-2", text: "x", due: now), now: now) }
        #expect(error?.kind == .invalidTime)
    }

    @Test("merging plans keeps every part in order")
    func merge() {
        var first = ChangePlan()
        first.cancelledGroups = ["a"]
        first.deletedSchedules = ["w"]
        var second = ChangePlan()
        second.cancelledGroups = ["b"]
        second.cancelledIdentifiers = ["x"]
        second.closedGroups = ["b"]
        first.merge(second)
        #expect(first.cancelledGroups == ["a", "b"])
        #expect(first.cancelledIdentifiers == ["x"])
        #expect(first.closedGroups == ["b"])
        #expect(first.deletedSchedules == ["w"])
        #expect(ChangePlan().isEmpty)
    }
}
