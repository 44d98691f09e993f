import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

@Suite("Scheduler: do-not-disturb")
struct SchedulerDoNotDisturbTests {
    let start = SchedulerHarness.start

    func water(_ id: String, due: Date) -> NotificationRequest {
        NotificationRequest(
            identifier: "water/w/\(id)", group: "w", kind: .water, due: due, tolerance: 0,
            content: NotificationContent(template: .waterReminder, arguments: [
                ContentArgument.amount: "250", ContentArgument.consumed: "500", ContentArgument.goal: "2000",
            ]),
            misfirePolicy: .collapse(until: due.addingTimeInterval(3600))
        )
    }

    @Test("water reminders are held and summarized once; other notifications go out as usual")
    func heldAndSummarized() throws {
        let harness = try SchedulerHarness()
        var plan = ChangePlan()
        plan.schedules = [WaterSchedule(
            id: "w", interval: .hours(4),
            window: DailyWindow(from: WallClockTime(hour: 0, minute: 0)!, until: WallClockTime(hour: 23, minute: 59)!)
        )]
        plan.requests = [
            water("1", due: start.addingTimeInterval(60)), water("2", due: start.addingTimeInterval(120)),
            Requests.reminder("r", due: start.addingTimeInterval(90)),
        ]
        try harness.store.apply(plan, now: start)
        try harness.start()
        harness.notifier.send(.doNotDisturbChanged(true))
        harness.receive(1)
        #expect(harness.scheduler.doNotDisturb)

        harness.advance(to: start.addingTimeInterval(125))
        #expect(harness.notifier.deliveries.map(\.request.identifier) == ["remind/r"])
        for id in ["water/w/1", "water/w/2"] {
            #expect(try harness.stored(id)?.state == .missed)
            #expect(try harness.stored(id)?.lastError == "held: do not disturb")
        }
        #expect(harness.scheduler.heldCount == 2)

        harness.notifier.send(.doNotDisturbChanged(false))
        harness.receive(1)
        let summary = try #require(harness.notifier.deliveries.last)
        #expect(summary.request.content.template == .waterHeld)
        #expect(summary.request.content.arguments[ContentArgument.count] == "2")
        #expect(summary.request.content.arguments[ContentArgument.consumed] == "500")
        #expect(harness.scheduler.heldCount == 0)
        // Only one summary: ending do-not-disturb again sends nothing more.
        harness.notifier.send(.doNotDisturbChanged(true))
        harness.notifier.send(.doNotDisturbChanged(false))
        harness.receive(2)
        #expect(harness.notifier.deliveries.filter { $0.request.content.template == .waterHeld }.count == 1)
        #expect(try harness.isInSync())
    }

    @Test("a reminder that asked for critical urgency is sent critical, during do-not-disturb too, whatever the setting says")
    func criticalReminder() throws {
        let harness = try SchedulerHarness()
        try harness.store.setSetting(UrgencySettings.reminderKey, to: "low", now: start)
        var critical = Requests.reminder("train", due: start.addingTimeInterval(60))
        critical.content.arguments[ContentArgument.urgency] = "critical"
        try harness.store.apply(Requests.plan(critical, Requests.reminder("tea", due: start.addingTimeInterval(90))), now: start)
        try harness.start()
        harness.notifier.send(.doNotDisturbChanged(true))
        harness.receive(1)
        harness.advance(to: start.addingTimeInterval(100))
        let urgencies = harness.notifier.deliveries.map { "\($0.request.identifier) \($0.urgency.map(String.init(describing:)) ?? "own")" }
        #expect(urgencies == ["remind/train critical", "remind/tea low"])
    }

    @Test("notify.dnd off makes do-not-disturb hold nothing, read at each wake: turned on again, it holds again")
    func settingOff() throws {
        let harness = try SchedulerHarness()
        var plan = ChangePlan()
        plan.schedules = [WaterSchedule(
            id: "w", interval: .hours(4),
            window: DailyWindow(from: WallClockTime(hour: 0, minute: 0)!, until: WallClockTime(hour: 23, minute: 59)!)
        )]
        plan.requests = [water("1", due: start.addingTimeInterval(60)), water("2", due: start.addingTimeInterval(120))]
        try harness.store.apply(plan, now: start)
        try harness.store.setSetting(WaterHold.doNotDisturbSetting, to: "off", now: start)
        try harness.start()
        harness.notifier.send(.doNotDisturbChanged(true))
        harness.receive(1)

        harness.advance(to: start.addingTimeInterval(65))
        #expect(harness.notifier.deliveries.map(\.request.identifier) == ["water/w/1"], "shown although the server is in do-not-disturb mode")
        #expect(harness.scheduler.heldCount == 0)

        try harness.store.setSetting(WaterHold.doNotDisturbSetting, to: "on", now: harness.now)
        harness.advance(to: start.addingTimeInterval(125))
        #expect(harness.notifier.deliveries.count == 1)
        #expect(try harness.stored("water/w/2")?.lastError == "held: do not disturb")
        #expect(harness.scheduler.heldCount == 1)
    }
}
