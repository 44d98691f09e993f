import ChimeCore
import ChimeTestSupport
import Foundation
import Testing

/// Do-not-disturb on a real dunst (`dunstctl set-paused`), on a scripted KDE Plasma server
/// (`Inhibited`), a scripted mako (its `do-not-disturb` mode) and a scripted GNOME Shell (the
/// GSettings key `show-banners`, in a key file: `GSETTINGS_BACKEND=keyfile`, set with
/// `gsettings`): water reminders are held and summarized once it ends; a reminder is sent as
/// usual.
@Suite("chimed and dunst's do-not-disturb", .serialized)
struct DaemonDoNotDisturbTests {
    @Test("while dunst is paused water reminders are held; one summary comes at the resumption", .timeLimit(.minutes(1)))
    func dunstPaused() async throws {
        try await waterIsHeldAndSummarized(on: .dunst) { server, _, paused in
            try server.run("dunstctl", ["set-paused", paused ? "true" : "false"])
        }
    }

    @Test("KDE's Inhibited (a scripted Plasma server) holds water reminders the same way", .timeLimit(.minutes(1)))
    func plasmaInhibited() async throws {
        try await waterIsHeldAndSummarized(on: .plasma) { server, _, inhibited in
            try server.setInhibited(inhibited)
        }
    }

    @Test("mako's do-not-disturb mode (a scripted mako) holds water reminders the same way", .timeLimit(.minutes(1)))
    func makoMode() async throws {
        try await waterIsHeldAndSummarized(on: .mako) { server, _, on in
            try server.setMakoModes(on ? ["default", "do-not-disturb"] : ["default"])
        }
    }

    @Test("GNOME's show-banners off (a scripted GNOME Shell, GSettings in a key file) holds water reminders the same way", .timeLimit(.minutes(1)))
    func gnomeBanners() async throws {
        try await waterIsHeldAndSummarized(on: .gnomeShell) { _, bed, on in
            try ChildProcess.run(
                "/usr/bin/gsettings", ["set", "org.gnome.desktop.notifications", "show-banners", on ? "false" : "true"],
                environment: bed.sandbox.environment
            )
        }
    }

    @Test("GNOME Shell without the notifications schema installed: no crash, water reminders shown", .timeLimit(.minutes(1)))
    func gnomeWithoutSchema() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("chime-no-schemas-\(getpid())").path
        try FileManager.default.createDirectory(atPath: scratch + "/empty", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        // Banners off in the key file: a chimed that found the schema would hold water reminders.
        let settings = ["XDG_CONFIG_HOME": scratch + "/config", "GSETTINGS_BACKEND": "keyfile"]
        try ChildProcess.run("/usr/bin/gsettings", ["set", "org.gnome.desktop.notifications", "show-banners", "false"], environment: settings)
        // Schemas are looked up in XDG_DATA_DIRS: here, a directory holding none.
        let bed = try await DaemonTestBed(
            dunst: "noschema", server: .gnomeShell, environment: settings.merging(["XDG_DATA_DIRS": scratch + "/empty"]) { _, new in new }
        )
        defer { bed.stop() }
        try bed.write(waterPlan(due: Date().addingTimeInterval(0.2)))
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try bed.store.request(identifier: "water/w/dnd")?.state == .delivered }, "\(bed.daemon.errors)")
        guard case .status(let status) = try bed.sandbox.ask(.status) else { throw DaemonTestFailure("no status") }
        #expect(!status.doNotDisturb)
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }

    @Test(
        "xfce4-notifyd's do-not-disturb (xfconf, with the real xfconfd): water held and summarized, a reminder waits for the end and comes then saying it is late, a critical one passes; doctor names the source",
        .timeLimit(.minutes(1))
    )
    func xfceDoNotDisturb() async throws {
        let bed = try await DaemonTestBed(dunst: "xfce-dnd", server: .xfce4Notifyd)
        defer { bed.stop() }
        let store = bed.store
        let server = try bed.notificationServer()
        let monitor = try BusMonitor(environment: server)
        defer { monitor.stop() }
        try server.setXfceDoNotDisturb(true)
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { bed.daemon.errors.contains("do-not-disturb mode") }, "\(bed.daemon.errors)")
        let doctor = try? ChildProcess.run(DaemonBinaries.path("chime"), ["doctor"], environment: bed.sandbox.environment).output
        #expect(doctor?.contains("followed: the xfconf property /do-not-disturb of the channel xfce4-notifyd (xfconfd), now on") == true, "\(doctor ?? "")")

        let now = Date()
        var plan = waterPlan(due: now.addingTimeInterval(0.5))
        // Due a little before: shown any time after the mode, it is past its tolerance.
        plan.merge(DaemonRequests.reminder("dnd", text: "time-sensitive", due: now.addingTimeInterval(-3)))
        var critical = DaemonRequests.reminder("critical", text: "leave for the train", due: now.addingTimeInterval(0.5))
        critical.requests[0].content.arguments[ContentArgument.urgency] = "critical"
        plan.merge(critical)
        try bed.write(plan)

        // The critical one is drawn in the mode; the water reminder is held; the other waits:
        // sent now, xfce4-notifyd would drop it for good.
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "remind/critical")?.state == .delivered }, "\(bed.daemon.errors)")
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "water/w/dnd")?.state == .missed }, "\(bed.daemon.errors)")
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "remind/dnd")?.lastError == WaterHold.waitingForDoNotDisturb })
        #expect(try store.request(identifier: "remind/dnd")?.state == .pending)
        #expect(try store.request(identifier: "water/w/dnd")?.lastError == "held: do not disturb")
        #expect(!monitor.notifyCalls.contains { $0.summary == "Time to drink water" || $0.body.contains("time-sensitive") })
        let json = try ChildProcess.run(DaemonBinaries.path("chime"), ["status", "--format", "json"], environment: bed.sandbox.environment).output
        #expect(json.contains(#""do_not_disturb":true,"away":false,"held":1"#), "\(json)")

        try server.setXfceDoNotDisturb(false)
        #expect(await monitor.waitUntil(timeout: 5) { calls in
            calls.notifyCalls.contains { $0.summary == "Time to drink water" } && calls.notifyCalls.contains { $0.body.contains("time-sensitive") }
        }, "\(bed.daemon.errors)")
        #expect(monitor.notifyCalls.filter { $0.summary == "Time to drink water" }.map(\.body) == ["A water reminder while you were busy.\n750 of 2000 ml today."])
        let late = try #require(monitor.notifyCalls.first { $0.body.contains("time-sensitive") })
        #expect(late.body.contains("(due at "), "\(late.body)")
        #expect(try await bed.sandbox.waitUntil(timeout: 5) { try store.request(identifier: "remind/dnd")?.state == .delivered })
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }

    func waterIsHeldAndSummarized(
        on program: NotificationServerEnvironment.Server,
        setDoNotDisturb: (NotificationServerEnvironment, DaemonTestBed, Bool) throws -> Void
    ) async throws {
        let bed = try await DaemonTestBed(dunst: "dnd", server: program)
        defer { bed.stop() }
        let store = bed.store
        let dunst = try bed.dunst()
        let monitor = try BusMonitor(environment: dunst)
        defer { monitor.stop() }
        try setDoNotDisturb(dunst, bed, true)
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { bed.daemon.errors.contains("do-not-disturb mode") }, "\(bed.daemon.errors)")

        let now = Date()
        var plan = waterPlan(due: now.addingTimeInterval(0.5))
        plan.merge(DaemonRequests.reminder("dnd", text: "time-sensitive", due: now.addingTimeInterval(0.5)))
        var critical = DaemonRequests.reminder("critical", text: "leave for the train", due: now.addingTimeInterval(0.5))
        critical.requests[0].content.arguments[ContentArgument.urgency] = "critical"
        plan.merge(critical)
        try bed.write(plan)

        // The reminder goes out (dunst keeps it for later); the water reminder is held.
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "remind/dnd")?.state == .delivered }, "\(bed.daemon.errors)")
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "water/w/dnd")?.state == .missed }, "\(bed.daemon.errors)")
        #expect(try store.request(identifier: "water/w/dnd")?.lastError == "held: do not disturb")
        #expect(!monitor.notifyCalls.contains { $0.summary == "Time to drink water" })
        // `remind --urgency critical` goes out critical (a dunst rule can let it through a pause).
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "remind/critical")?.state == .delivered })
        #expect(monitor.notifyCalls.first { $0.body.contains("leave for the train") }?.hints["urgency"] == "2")
        #expect(monitor.notifyCalls.first { $0.body.contains("time-sensitive") }?.hints["urgency"] == "1")
        guard case .status(let status) = try bed.sandbox.ask(.status) else { throw DaemonTestFailure("no status") }
        #expect(status.doNotDisturb)
        #expect(status.heldCount == 1)
        // As `chime status` shows it.
        let json = try ChildProcess.run(DaemonBinaries.path("chime"), ["status", "--format", "json"], environment: bed.sandbox.environment).output
        #expect(json.contains(#""do_not_disturb":true,"away":false,"held":1,"waiting_for_room":0}"#), "\(json)")

        try setDoNotDisturb(dunst, bed, false)
        // Nothing else is due for an interval (30 min): a summary within the wait's deadline
        // can only answer the resumption.
        #expect(await monitor.waitUntil { $0.notifyCalls.contains { $0.summary == "Time to drink water" } }, "\(bed.daemon.errors)")
        let summaries = monitor.notifyCalls.filter { $0.summary == "Time to drink water" }
        #expect(summaries.map(\.body) == ["A water reminder while you were busy.\n750 of 2000 ml today."])
        #expect(summaries.first?.actions.isEmpty == true)
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }

    /// A water schedule every 30 minutes all day and its reminder `water/w/dnd` due at `due`.
    func waterPlan(due: Date) -> ChangePlan {
        var plan = ChangePlan()
        plan.schedules = [WaterSchedule(
            id: "w", interval: .minutes(30),
            window: DailyWindow(from: WallClockTime(hour: 0, minute: 0)!, until: WallClockTime(hour: 23, minute: 59)!),
            amountML: 250, goalML: 2000
        )]
        plan.requests = [NotificationRequest(
            identifier: "water/w/dnd", group: "w", kind: .water, due: due, tolerance: 0,
            content: NotificationContent(template: .waterReminder, arguments: [
                ContentArgument.amount: "250", ContentArgument.consumed: "750", ContentArgument.goal: "2000",
            ]),
            misfirePolicy: .collapse(until: due.addingTimeInterval(3600))
        )]
        return plan
    }
}
