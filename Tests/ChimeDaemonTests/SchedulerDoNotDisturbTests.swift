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

    /// What xfce4-notifyd's probe says: in do-not-disturb it discards all but critical bubbles.
    static let discardingServer = ServerProbe(
        status: .ready,
        server: ServerInformation(name: "Xfce Notify Daemon", vendor: "Xfce", version: "0.7.3", specificationVersion: "1.2", busName: ":xfce"),
        capabilities: ["actions", "body", "body-markup"],
        doNotDisturb: DoNotDisturbReading(source: .xfconf(channel: "xfce4-notifyd", property: "/do-not-disturb"), isReadable: true, isOn: false, discardsBubbles: true)
    )

    @Test("on a server that discards bubbles in do-not-disturb, what is not critical waits for the end of the mode and goes out then, late; water is held and summarized")
    func waitsOnDiscardingServer() throws {
        let harness = try SchedulerHarness()
        harness.notifier.probeResult = Self.discardingServer
        var plan = ChangePlan()
        plan.schedules = [WaterSchedule(
            id: "w", interval: .hours(4),
            window: DailyWindow(from: WallClockTime(hour: 0, minute: 0)!, until: WallClockTime(hour: 23, minute: 59)!)
        )]
        var critical = Requests.reminder("train", due: start.addingTimeInterval(90))
        critical.content.arguments[ContentArgument.urgency] = "critical"
        plan.requests = [water("1", due: start.addingTimeInterval(60)), Requests.reminder("tea", due: start.addingTimeInterval(90)), critical]
        try harness.store.apply(plan, now: start)
        try harness.start()
        harness.notifier.send(.doNotDisturbChanged(true))
        harness.receive(1)

        harness.advance(to: start.addingTimeInterval(100))
        #expect(harness.notifier.deliveries.map(\.request.identifier) == ["remind/train"], "only the critical one passes the mode")
        #expect(try harness.stored("remind/tea")?.state == .pending)
        #expect(try harness.stored("remind/tea")?.lastError == WaterHold.waitingForDoNotDisturb)
        #expect(try harness.stored("water/w/1")?.lastError == "held: do not disturb")
        // Looked at again while the mode lasts: it keeps waiting, logged once.
        harness.advance(to: start.addingTimeInterval(90 + 2 * WaterHold.doNotDisturbRecheck + 10))
        #expect(harness.notifier.deliveries.count == 1)
        #expect(harness.logLines.value.filter { $0.contains("remind/tea waits for do-not-disturb to end") }.count == 1)

        harness.notifier.send(.doNotDisturbChanged(false))
        harness.receive(1)
        harness.advance(by: 0)
        let sent = harness.notifier.deliveries.dropFirst().map(\.request.identifier)
        #expect(Set(sent) == ["remind/tea", "water/w/held"], "\(sent)")
        let tea = try #require(harness.notifier.deliveries.first { $0.request.identifier == "remind/tea" })
        #expect(tea.isLate, "it says when it was due")
        #expect(try harness.stored("remind/tea")?.state == .delivered)
        #expect(try harness.isInSync())
    }

    @Test("on a server that keeps bubbles for later (dunst), nothing waits: reminders go out during the mode")
    func nothingWaitsOnKeepingServer() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(Requests.reminder("tea", due: start.addingTimeInterval(90))), now: start)
        try harness.start()
        harness.notifier.send(.doNotDisturbChanged(true))
        harness.receive(1)
        harness.advance(to: start.addingTimeInterval(100))
        #expect(harness.notifier.deliveries.map(\.request.identifier) == ["remind/tea"])
    }

    @Test("the log says water reminders are shown anyway when notify.dnd or notify.away is off")
    func logLinesFollowTheSettings() throws {
        let harness = try SchedulerHarness()
        try harness.store.setSetting(WaterHold.doNotDisturbSetting, to: "off", now: start)
        try harness.store.setSetting(WaterHold.awaySetting, to: "off", now: start)
        try harness.start()
        harness.notifier.send(.doNotDisturbChanged(true))
        harness.notifier.send(.awayChanged(true))
        harness.receive(2)
        let lines = harness.logLines.value
        #expect(!lines.contains { $0.contains("holding water reminders") }, "\(lines)")
        #expect(lines.contains { $0.contains("do-not-disturb mode; notify.dnd is off, so water reminders are shown anyway") })
        #expect(lines.contains { $0.contains("locked; notify.away is off, so water reminders are shown anyway") })
    }
}
