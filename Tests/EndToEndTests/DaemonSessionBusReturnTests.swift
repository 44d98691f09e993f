import ChimeControl
import ChimeTestSupport
import Foundation
import Testing

/// The session bus dying (killed: no last NameOwnerChanged) and coming back (a restarted user
/// bus) while the desk changed.
/// The new bus carries the server already in do-not-disturb and a screen saver (a mocked
/// `org.freedesktop.ScreenSaver`) already active, both set before chimed can reach that bus
/// (``NotificationServerEnvironment/restartBus(whileAway:)``): no change is ever announced, so
/// chimed knows them only by reading every source again. The server has the unique name it had
/// on the old bus, as a bus started anew hands out its names again: only the bus tells the new
/// process from the old one. Their changes after are followed too.
@Suite("chimed and a session bus that returns", .serialized)
struct DaemonSessionBusReturnTests {
    @Test(
        "the session bus returns with the server in do-not-disturb and the screen saver active: both are read again, and followed after",
        .timeLimit(.minutes(1)),
        arguments: [
            NotificationServerEnvironment.Server.dunst, .plasma, .mako, .gnomeShell, .xfce4Notifyd,
        ]
    )
    func sessionBusReturns(server program: NotificationServerEnvironment.Server) async throws {
        let bed = try await DaemonTestBed(dunst: "session-bus-returns", server: program)
        defer { bed.stop() }
        let server = try bed.notificationServer()
        #expect(try await statusBecomes(bed) { !$0.doNotDisturb && !$0.away })

        var saver: DBusMock?
        defer { saver?.stop() }
        try server.restartBus {
            try setDoNotDisturb(true, on: server, bed: bed)
            let mock = try DBusMock.session(
                name: "org.freedesktop.ScreenSaver", path: "/org/freedesktop/ScreenSaver", interface: "org.freedesktop.ScreenSaver",
                sessionBusAddress: server.busAddress
            )
            saver = mock
            try mock.call("/org/freedesktop/ScreenSaver", "org.freedesktop.DBus.Mock.AddMethod", [
                "org.freedesktop.ScreenSaver", "GetActive", "", "b", "ret = True",
            ])
        }
        // chimed tries the bus again after 1 s, 2 s, 4 s, 8 s: found by the fourth try at most.
        #expect(try await statusBecomes(bed, within: 20) { $0.doNotDisturb && $0.away }, "\(bed.daemon.errors)")

        try setDoNotDisturb(false, on: server, bed: bed)
        // Through the bus's address as it is now (the mock was reached at the new bus's own).
        try server.run("gdbus", [
            "call", "--session", "--dest", "org.freedesktop.ScreenSaver", "--object-path", "/org/freedesktop/ScreenSaver",
            "--method", "org.freedesktop.DBus.Mock.EmitSignal", "org.freedesktop.ScreenSaver", "ActiveChanged", "b", "[<false>]",
        ])
        #expect(try await statusBecomes(bed) { !$0.doNotDisturb && !$0.away }, "\(bed.daemon.errors)")
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }

    /// Turns the do-not-disturb mode of `server` on or off where that program keeps it.
    func setDoNotDisturb(_ on: Bool, on server: NotificationServerEnvironment, bed: DaemonTestBed) throws {
        switch server.server {
        case .dunst:
            try server.run("dunstctl", ["set-paused", on ? "true" : "false"])
        case .plasma:
            try server.setInhibited(on)
        case .mako:
            try server.setMakoModes(on ? ["default", "do-not-disturb"] : ["default"])
        case .gnomeShell:
            try ChildProcess.run(
                "/usr/bin/gsettings", ["set", "org.gnome.desktop.notifications", "show-banners", on ? "false" : "true"],
                environment: bed.sandbox.environment
            )
        case .xfce4Notifyd:
            try server.setXfceDoNotDisturb(on)
        case .notificationDaemon, .notifyOSD, .scripted:
            throw DaemonTestFailure("\(server.server.rawValue) has no do-not-disturb mode")
        }
    }

    /// Whether chimed's status satisfies `condition` within `timeout` seconds.
    func statusBecomes(_ bed: DaemonTestBed, within timeout: TimeInterval = 10, _ condition: @escaping (DaemonStatus) -> Bool) async throws -> Bool {
        try await bed.sandbox.waitUntil(timeout: timeout) {
            guard case .status(let status) = try bed.sandbox.ask(.status) else { return false }
            return condition(status)
        }
    }
}
