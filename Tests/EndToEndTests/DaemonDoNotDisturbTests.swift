import ChimeCore
import ChimeTestSupport
import Foundation
import Testing

/// Do-not-disturb on a real dunst (`dunstctl set-paused`) and on a scripted KDE Plasma server
/// (`Inhibited`): water reminders are held and summarized once it ends; a reminder is sent as
/// usual.
@Suite("chimed and dunst's do-not-disturb", .serialized)
struct DaemonDoNotDisturbTests {
    @Test("while dunst is paused water reminders are held; one summary comes within 2 s of resuming", .timeLimit(.minutes(1)))
    func dunstPaused() async throws {
        try await waterIsHeldAndSummarized(on: .dunst) { server, paused in
            try server.run("dunstctl", ["set-paused", paused ? "true" : "false"])
        }
    }

    @Test("KDE's Inhibited (a scripted Plasma server) holds water reminders the same way", .timeLimit(.minutes(1)))
    func plasmaInhibited() async throws {
        try await waterIsHeldAndSummarized(on: .plasma) { server, inhibited in
            try server.setInhibited(inhibited)
        }
    }

    func waterIsHeldAndSummarized(
        on program: NotificationServerEnvironment.Server,
        setDoNotDisturb: (NotificationServerEnvironment, Bool) throws -> Void
    ) async throws {
        let bed = try await DaemonTestBed(dunst: "dnd", server: program)
        defer { bed.stop() }
        let store = bed.store
        let dunst = try bed.dunst()
        let monitor = try BusMonitor(environment: dunst)
        defer { monitor.stop() }
        try setDoNotDisturb(dunst, true)
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { bed.daemon.errors.contains("do-not-disturb mode") }, "\(bed.daemon.errors)")

        let now = Date()
        var plan = ChangePlan()
        plan.schedules = [WaterSchedule(
            id: "w", interval: .minutes(30),
            window: DailyWindow(from: WallClockTime(hour: 0, minute: 0)!, until: WallClockTime(hour: 23, minute: 59)!),
            amountML: 250, goalML: 2000
        )]
        plan.requests = [NotificationRequest(
            identifier: "water/w/dnd", group: "w", kind: .water, due: now.addingTimeInterval(0.5), tolerance: 0,
            content: NotificationContent(template: .waterReminder, arguments: [
                ContentArgument.amount: "250", ContentArgument.consumed: "750", ContentArgument.goal: "2000",
            ]),
            misfirePolicy: .collapse(until: now.addingTimeInterval(3600))
        )]
        plan.merge(DaemonRequests.reminder("dnd", text: "time-sensitive", due: now.addingTimeInterval(0.5)))
        try bed.write(plan)

        // The reminder goes out (dunst keeps it for later); the water reminder is held.
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "remind/dnd")?.state == .delivered }, "\(bed.daemon.errors)")
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "water/w/dnd")?.state == .missed }, "\(bed.daemon.errors)")
        #expect(try store.request(identifier: "water/w/dnd")?.lastError == "held: do not disturb")
        #expect(!monitor.notifyCalls.contains { $0.summary == "Time to drink water" })
        guard case .status(let status) = try bed.sandbox.ask(.status) else { throw DaemonTestFailure("no status") }
        #expect(status.doNotDisturb)
        #expect(status.heldCount == 1)

        try setDoNotDisturb(dunst, false)
        let resumed = Date()
        #expect(await monitor.waitUntil(timeout: 5) { $0.notifyCalls.contains { $0.summary == "Time to drink water" } }, "\(bed.daemon.errors)")
        #expect(Date().timeIntervalSince(resumed) < 2)
        let summaries = monitor.notifyCalls.filter { $0.summary == "Time to drink water" }
        #expect(summaries.map(\.body) == ["A water reminder while you were busy.\n750 of 2000 ml today."])
        #expect(summaries.first?.actions.isEmpty == true)
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }
}
