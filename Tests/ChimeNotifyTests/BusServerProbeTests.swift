import ChimeBusProbe
import ChimeNotify
import ChimeTestSupport
import Foundation
import Testing

/// `chime doctor`'s probe through libdbus, against real servers on private buses: it finds what
/// chimed's libnotify notifier finds on the same server (name, version, capabilities, where the
/// do-not-disturb mode is kept and whether it is on), and sorts a missing bus or server the same.
@Suite(.serialized)
struct BusServerProbeTests {
    typealias Server = NotificationServerEnvironment.Server

    /// What chimed's notifier finds, through libnotify, on `environment`'s bus.
    static func libnotifyProbe(_ environment: NotificationServerEnvironment?) async throws -> ServerProbe {
        try await SessionBusLease.with(environment) {
            let notifier = try LibNotifyNotifier(configuration: .init(watchdog: 5))
            defer { notifier.shutdown() }
            return notifier.probe()
        }
    }

    /// Turns the mode on where `environment`'s server keeps it.
    static func turnDoNotDisturbOn(_ environment: NotificationServerEnvironment) throws {
        switch environment.server {
        case .dunst: try environment.run("dunstctl", ["set-paused", "true"])
        case .plasma: try environment.setInhibited(true)
        case .mako: try environment.setMakoModes(["default", "do-not-disturb"])
        case .xfce4Notifyd: try environment.setXfceDoNotDisturb(true)
        default: break
        }
    }

    @Test("finds what libnotify finds, with the mode off and then on", arguments: [Server.dunst, .plasma, .mako, .xfce4Notifyd])
    func agreesWithLibNotify(_ server: Server) async throws {
        let environment = try NotificationServerEnvironment.start(label: "bus-probe", server: server)
        defer { environment.stop() }

        let quiet = BusServerProbe.probe(environment: environment.variables, timeout: 5)
        #expect(quiet.status == .ready, "\(quiet)")
        #expect(quiet.server?.name == server.reportedName)
        #expect(quiet.busAddress == environment.busAddress)
        #expect(quiet.doNotDisturb?.isOn == false)
        #expect(quiet == (try await Self.libnotifyProbe(environment)))

        try Self.turnDoNotDisturbOn(environment)
        let busy = BusServerProbe.probe(environment: environment.variables, timeout: 5)
        #expect(busy.doNotDisturb?.isReadable == true)
        #expect(busy.doNotDisturb?.isOn == true, "\(busy)")
        #expect(busy == (try await Self.libnotifyProbe(environment)))
    }

    @Test("GNOME Shell's mode is its GSettings key show-banners, read with gsettings; without the schema it is unreadable")
    func gnomeShellBanners() throws {
        let environment = try NotificationServerEnvironment.start(label: "bus-probe-gnome", server: .gnomeShell)
        defer { environment.stop() }
        let scratch = try TemporaryDirectory(prefix: "chime-bus-probe")
        let settings = environment.variables.merging(["XDG_CONFIG_HOME": scratch.path + "/config", "GSETTINGS_BACKEND": "keyfile"]) { _, new in new }
        _ = try ChildProcess.run("/usr/bin/gsettings", ["set", "org.gnome.desktop.notifications", "show-banners", "false"], environment: settings)

        let probe = BusServerProbe.probe(environment: settings, timeout: 5)
        let source = DoNotDisturbSource.bannerSetting(schema: "org.gnome.desktop.notifications", key: "show-banners")
        #expect(probe.server?.name == "gnome-shell")
        #expect(probe.doNotDisturb == DoNotDisturbReading(source: source, isReadable: true, isOn: true, discardsBubbles: false))

        let withoutSchema = settings.merging(["XDG_DATA_DIRS": scratch.path + "/empty"]) { _, new in new }
        #expect(BusServerProbe.probe(environment: withoutSchema, timeout: 5).doNotDisturb?.isReadable == false)
    }

    @Test("a bus without a server, a bus that cannot be reached and no bus at all are sorted as libnotify sorts them")
    func unavailable() async throws {
        let environment = try NotificationServerEnvironment.start(label: "bus-probe-none", server: .dunst)
        defer { environment.stop() }
        try environment.stopServer()
        let noServer = BusServerProbe.probe(environment: environment.variables, timeout: 5)
        #expect(noServer.status == .unavailable(.noServer))
        #expect(noServer == (try await Self.libnotifyProbe(environment)))

        let unreachable = BusServerProbe.probe(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"], timeout: 5)
        guard case .unavailable(.busUnreachable(let message)) = unreachable.status else {
            Issue.record("\(unreachable)")
            return
        }
        #expect(!message.isEmpty)
        #expect(unreachable.isBusReachable == false)

        let none = BusServerProbe.probe(environment: [:], timeout: 5)
        #expect(none.status == .unavailable(.noSessionBus))
        #expect(none == (try await Self.libnotifyProbe(nil)))
    }
}
