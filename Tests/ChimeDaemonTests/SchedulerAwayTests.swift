import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// An empty desk: while the session is locked water reminders are held; at the unlock one
/// summary comes and the next reminder is due one interval later. Time is the harness's clock.
@Suite("Scheduler: a locked session")
struct SchedulerAwayTests {
    let planner = FastingPlanner()
    /// Every 30 min from 08:00 to 22:00 UTC, 250 ml a glass, 2000 ml a day.
    let water = WaterSchedule(
        id: "w", interval: .minutes(30),
        window: DailyWindow(from: WallClockTime(hour: 8, minute: 0)!, until: WallClockTime(hour: 22, minute: 0)!),
        amountML: 250, goalML: 2000
    )

    func at(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    func waterHarness(now: Date) throws -> SchedulerHarness {
        let harness = try SchedulerHarness(now: now, zone: SchedulerHarness.utc)
        let calendar = Fixture.calendar(in: SchedulerHarness.utc)
        try harness.store.apply(planner.configure(water, intakes: [], now: now, timeZone: SchedulerHarness.utc, calendar: calendar), now: now)
        try harness.start()
        return harness
    }

    @Test("locked: water held, reminders shown; unlocked: one summary and the next water reminder one interval after the unlock")
    func lockedThenUnlocked() throws {
        let harness = try waterHarness(now: at("2026-01-15T09:50:00Z"))
        try harness.write(Requests.plan(Requests.reminder("call", due: at("2026-01-15T10:15:00Z"))))
        harness.notifier.send(.awayChanged(true))
        harness.receive(1)
        #expect(harness.scheduler.away)
        #expect(harness.scheduler.status().away)

        harness.advance(to: at("2026-01-15T10:40:00Z"))
        #expect(harness.notifier.deliveries.map(\.request.identifier) == ["remind/call"], "a reminder is delivered as usual")
        for identifier in ["water/w/2026-01-15T10:00", "water/w/2026-01-15T10:30"] {
            #expect(try harness.stored(identifier)?.state == .missed)
            #expect(try harness.stored(identifier)?.lastError == "held: away")
        }
        #expect(harness.scheduler.heldCount == 2)
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T11:00"])

        // Back at 10:47: the grid would say 11:00; one interval after the unlock is 11:17.
        harness.advance(to: at("2026-01-15T10:47:00Z"))
        harness.notifier.send(.awayChanged(false))
        harness.receive(1)
        #expect(!harness.scheduler.away)
        let summaries = harness.notifier.deliveries.filter { $0.request.content.template == .waterHeld }
        #expect(summaries.count == 1)
        #expect(summaries.first?.request.content.arguments[ContentArgument.count] == "2")
        #expect(summaries.first?.request.due == at("2026-01-15T10:47:00Z"), "at the unlock, not later")
        #expect(harness.scheduler.heldCount == 0)
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T11:17"])

        harness.advance(to: at("2026-01-15T11:20:00Z"))
        #expect(harness.notifier.deliveries.last?.request.identifier == "water/w/2026-01-15T11:17")
        #expect(harness.notifier.deliveries.filter { $0.request.content.template == .waterHeld }.count == 1, "one summary only")
        #expect(try harness.isInSync())
    }

    @Test("notify.away off: a locked session holds nothing and the unlock moves nothing")
    func settingOff() throws {
        let harness = try waterHarness(now: at("2026-01-15T09:50:00Z"))
        try harness.store.setSetting(WaterHold.awaySetting, to: "off", now: harness.now)
        harness.notifier.send(.awayChanged(true))
        harness.receive(1)
        harness.advance(to: at("2026-01-15T10:05:00Z"))
        #expect(harness.notifier.deliveries.map(\.request.identifier) == ["water/w/2026-01-15T10:00"])
        harness.notifier.send(.awayChanged(false))
        harness.receive(1)
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T10:30"])
        #expect(!harness.notifier.deliveries.contains { $0.request.content.template == .waterHeld })
    }

    @Test("locked during do-not-disturb: the summary waits until both have ended")
    func lockedAndDoNotDisturb() throws {
        let harness = try waterHarness(now: at("2026-01-15T09:50:00Z"))
        harness.notifier.send(.doNotDisturbChanged(true))
        harness.notifier.send(.awayChanged(true))
        harness.receive(2)
        harness.advance(to: at("2026-01-15T10:05:00Z"))
        #expect(try harness.stored("water/w/2026-01-15T10:00")?.lastError == "held: away")
        harness.notifier.send(.awayChanged(false))
        harness.receive(1)
        #expect(harness.notifier.deliveries.isEmpty, "still in do-not-disturb")
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T10:35"])
        harness.advance(to: at("2026-01-15T10:20:00Z"))
        harness.notifier.send(.doNotDisturbChanged(false))
        harness.receive(1)
        #expect(harness.notifier.deliveries.map(\.request.content.template) == [.waterHeld])
    }

    @Test("a clock jump while locked: the reminders missed meanwhile are held, the unlock restarts the interval from the real now")
    func clockJumpWhileLocked() throws {
        let harness = try waterHarness(now: at("2026-01-15T09:50:00Z"))
        harness.notifier.send(.awayChanged(true))
        harness.receive(1)
        // A suspend of two hours: the wake finds the 10:00 reminder (collapsing the others).
        harness.jump(to: at("2026-01-15T12:10:00Z"))
        #expect(harness.notifier.deliveries.isEmpty)
        harness.notifier.send(.awayChanged(false))
        harness.receive(1)
        #expect(harness.notifier.deliveries.map(\.request.content.template) == [.waterHeld])
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T12:40"])
    }
}
