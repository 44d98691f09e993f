import ChimeControl
import ChimeCore
import ChimeTestSupport
import Foundation
import Testing

/// An empty desk: chimed on a real dunst, with logind mocked by python-dbusmock on a private
/// system bus (`LockedHint` of the session `$XDG_SESSION_ID` names), or a mocked screen saver on
/// the session bus (`ActiveChanged`). While locked, water reminders are held and a reminder is
/// shown; at the unlock one summary comes and the next water reminder is due one interval later.
@Suite("chimed and a locked session", .serialized)
struct DaemonAwayTests {
    static let schedule = WaterSchedule(
        id: "w", interval: .minutes(30),
        window: DailyWindow(from: WallClockTime(hour: 0, minute: 0)!, until: WallClockTime(hour: 23, minute: 59)!),
        amountML: 250, goalML: 2000
    )

    func waterPlan(due: Date) -> ChangePlan {
        var plan = ChangePlan()
        plan.schedules = [Self.schedule]
        plan.requests = [NotificationRequest(
            identifier: "water/w/away", group: "w", kind: .water, due: due, tolerance: 0,
            content: NotificationContent(template: .waterReminder, arguments: [
                ContentArgument.amount: "250", ContentArgument.consumed: "500", ContentArgument.goal: "2000",
            ]),
            misfirePolicy: .collapse(until: due.addingTimeInterval(3600))
        )]
        plan.merge(DaemonRequests.reminder("away", text: "shown while away", due: due))
        return plan
    }

    /// The due time the rule gives for a return at `instant`.
    func dueAfterReturn(at instant: Date) -> Date? {
        let calendar = Fixture.calendar(in: TimeZone(identifier: "UTC")!)
        return WaterHold.planAfterReturn(of: Self.schedule, at: instant, intakes: [], timeZone: calendar.timeZone, calendar: calendar).requests.first?.due
    }

    @Test(
        "logind's LockedHint: water held while locked, one summary at the unlock, the next reminder one interval after it",
        .timeLimit(.minutes(1)),
        arguments: [false, true]
    )
    func logindLocked(throughUserDisplay: Bool) async throws {
        let logind = try DBusMock.logind()
        defer { logind.stop() }
        try logind.addSession("c1", uid: getuid())
        if throughUserDisplay {
            // As a systemd user service: in no session, without $XDG_SESSION_ID; the user's
            // graphical session is logind's `Display` of the user. (dbusmock 0.28's GetUser
            // fails on its own argument, so it is replaced by a working one.)
            try logind.call("/org/freedesktop/login1", "org.freedesktop.DBus.Mock.AddMethod", [
                "org.freedesktop.login1.Manager", "GetUser", "u", "o", "ret = dbus.ObjectPath('/org/freedesktop/login1/user/%d' % args[0])",
            ])
            try logind.call("/org/freedesktop/login1/user/\(getuid())", "org.freedesktop.DBus.Properties.Set", [
                "org.freedesktop.login1.User", "Display", "<('c1', objectpath '/org/freedesktop/login1/session/c1')>",
            ])
        }
        let bed = try await DaemonTestBed(
            dunst: "away", environment: ["DBUS_SYSTEM_BUS_ADDRESS": logind.systemBusAddress!, "XDG_SESSION_ID": throughUserDisplay ? "" : "c1"]
        )
        defer { bed.stop() }
        try await heldWhileLockedThenSummarized(bed) { locked in try logind.setLocked(locked, session: "c1") }
    }

    @Test("a screen saver's ActiveChanged (a mocked org.freedesktop.ScreenSaver) holds water reminders the same way", .timeLimit(.minutes(1)))
    func screenSaverActive() async throws {
        let bed = try await DaemonTestBed(dunst: "saver")
        defer { bed.stop() }
        let saver = try DBusMock.session(
            name: "org.freedesktop.ScreenSaver", path: "/org/freedesktop/ScreenSaver", interface: "org.freedesktop.ScreenSaver",
            sessionBusAddress: try bed.dunst().busAddress
        )
        defer { saver.stop() }
        try await heldWhileLockedThenSummarized(bed) { active in
            try saver.call("/org/freedesktop/ScreenSaver", "org.freedesktop.DBus.Mock.EmitSignal", [
                "org.freedesktop.ScreenSaver", "ActiveChanged", "b", active ? "[<true>]" : "[<false>]",
            ])
        }
    }

    @Test("chimed started while logind says the session is locked follows the lock from the start", .timeLimit(.minutes(1)))
    func lockedBeforeStart() async throws {
        let logind = try DBusMock.logind()
        defer { logind.stop() }
        try logind.addSession("c1", uid: getuid())
        try logind.setLocked(true, session: "c1")
        let bed = try await DaemonTestBed(
            dunst: "locked-start", environment: ["DBUS_SYSTEM_BUS_ADDRESS": logind.systemBusAddress!, "XDG_SESSION_ID": "c1"]
        )
        defer { bed.stop() }
        // Nothing changes after the start: the lock is known from reading it.
        try await heldWhileLockedThenSummarized(bed) { locked in
            if !locked { try logind.setLocked(false, session: "c1") }
        }
    }

    @Test("chimed started while a screen saver is already active follows it from the start", .timeLimit(.minutes(1)))
    func screenSaverActiveBeforeStart() async throws {
        var saver: DBusMock?
        let bed = try await DaemonTestBed(dunst: "saver-start") { server in
            let mock = try DBusMock.session(
                name: "org.freedesktop.ScreenSaver", path: "/org/freedesktop/ScreenSaver", interface: "org.freedesktop.ScreenSaver",
                sessionBusAddress: try #require(server).busAddress
            )
            try mock.call("/org/freedesktop/ScreenSaver", "org.freedesktop.DBus.Mock.AddMethod", [
                "org.freedesktop.ScreenSaver", "GetActive", "", "b", "ret = True",
            ])
            saver = mock
        }
        defer { bed.stop() }
        let mock = try #require(saver)
        defer { mock.stop() }
        try await heldWhileLockedThenSummarized(bed) { active in
            guard !active else { return }
            try mock.call("/org/freedesktop/ScreenSaver", "org.freedesktop.DBus.Mock.EmitSignal", [
                "org.freedesktop.ScreenSaver", "ActiveChanged", "b", "[<false>]",
            ])
        }
    }

    @Test("the system bus going away and coming back with the session locked: the lock is read again", .timeLimit(.minutes(1)))
    func systemBusReturnsLocked() async throws {
        let first = try DBusMock.logind()
        try first.addSession("c1", uid: getuid())
        let bed = try await DaemonTestBed(
            dunst: "bus-returns", environment: ["DBUS_SYSTEM_BUS_ADDRESS": first.systemBusAddress!, "XDG_SESSION_ID": "c1"]
        )
        defer { bed.stop() }
        guard case .status(let before) = try bed.sandbox.ask(.status) else { throw DaemonTestFailure("no status") }
        #expect(!before.away)
        // The bus and logind go away together, and come back on the same socket with the
        // session locked meanwhile: no change is ever announced to chimed.
        first.stop()
        let second = try DBusMock.logind(in: first.directory)
        defer { second.stop() }
        try second.addSession("c1", uid: getuid())
        try second.setLocked(true, session: "c1")
        #expect(try await bed.sandbox.waitUntil(timeout: 20) {
            guard case .status(let status) = try bed.sandbox.ask(.status) else { return false }
            return status.away
        }, "\(bed.daemon.errors)")
        try second.setLocked(false, session: "c1")
        #expect(try await bed.sandbox.waitUntil(timeout: 10) {
            guard case .status(let status) = try bed.sandbox.ask(.status) else { return false }
            return !status.away
        }, "\(bed.daemon.errors)")
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }

    func heldWhileLockedThenSummarized(_ bed: DaemonTestBed, setLocked: (Bool) throws -> Void) async throws {
        let store = bed.store
        let monitor = try BusMonitor(environment: try bed.dunst())
        defer { monitor.stop() }
        try setLocked(true)
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { bed.daemon.errors.contains("the session is locked") }, "\(bed.daemon.errors)")
        guard case .status(let locked) = try bed.sandbox.ask(.status) else { throw DaemonTestFailure("no status") }
        #expect(locked.away)

        try bed.write(waterPlan(due: Date().addingTimeInterval(0.5)))
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "remind/away")?.state == .delivered }, "\(bed.daemon.errors)")
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "water/w/away")?.state == .missed }, "\(bed.daemon.errors)")
        #expect(try store.request(identifier: "water/w/away")?.lastError == "held: away")
        #expect(!monitor.notifyCalls.contains { $0.summary == "Time to drink water" })
        let json = try ChildProcess.run(DaemonBinaries.path("chime"), ["status", "--format", "json"], environment: bed.sandbox.environment).output
        #expect(json.contains(#""away":true,"held":1,"waiting_for_room":0}"#), "\(json)")

        let unlocked = Date()
        try setLocked(false)
        // Nothing else is due for an interval (30 min): a summary within the wait's deadline
        // can only answer the unlock.
        #expect(await monitor.waitUntil { $0.notifyCalls.contains { $0.summary == "Time to drink water" } }, "\(bed.daemon.errors)")
        let seen = Date()
        #expect(monitor.notifyCalls.filter { $0.summary == "Time to drink water" }.map(\.body) == ["A water reminder while you were busy.\n500 of 2000 ml today."])
        // The next reminder: one interval after the unlock, as chimed saw it (between the two instants).
        #expect(try await bed.sandbox.waitUntil(timeout: 5) {
            try store.pendingRequests().contains { $0.request.group == "w" && $0.request.due >= (dueAfterReturn(at: unlocked) ?? .distantFuture) }
        }, "\((try? store.pendingRequests().map(\.request.identifier)) ?? [])")
        let next = try #require(try store.pendingRequests().first { $0.request.group == "w" })
        let earliest = try #require(dueAfterReturn(at: unlocked))
        let latest = try #require(dueAfterReturn(at: seen))
        #expect(next.request.due >= earliest && next.request.due <= latest, "\(next.request.due) not in \(earliest)...\(latest)")
        // The summary's answer is recorded just after the bus saw its Notify.
        #expect(try await bed.sandbox.waitUntil(timeout: 5) {
            guard case .status(let back) = try bed.sandbox.ask(.status) else { return false }
            return !back.away && back.heldCount == 0
        })
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }
}
