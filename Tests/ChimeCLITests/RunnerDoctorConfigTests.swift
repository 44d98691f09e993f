import ChimeCore
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: doctor, config, help")
struct RunnerDoctorConfigTests {
    @Test("UTC is printed as UTC, not as Foundation's GMT", arguments: ["UTC", "GMT"])
    func utcIsCalledUTC(_ name: String) throws {
        let harness = RunnerHarness(zone: try #require(TimeZone(identifier: name)))
        let line = harness.run("doctor").output.split(separator: "\n").first { $0.contains("time zone") }
        #expect(line?.contains(" UTC (UTC+00:00 now") == true, "\(line ?? "")")
        #expect(TimeZone(secondsFromGMT: 0)?.displayName == "UTC")
        #expect(TimeZone(identifier: "Europe/Berlin")?.displayName == "Europe/Berlin")
    }

    @Test("doctor reports the store, the daemon and the zone, and exits 0 when all is well")
    func doctorWell() {
        let harness = RunnerHarness()
        let result = harness.run("doctor")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("ok") && $0.contains("store") && $0.contains(harness.databasePath) && $0.contains("integrity ok") })
        #expect(lines.contains { $0.hasPrefix("ok") && $0.contains("daemon") && $0.contains("pid 4242") })
        #expect(lines.contains { $0.hasPrefix("ok") && $0.contains("time zone") && $0.contains("Europe/Berlin (UTC+01:00 now") })
        #expect(result.exitCode == .success, "\(result.output)")
    }

    @Test("doctor shows the session bus and the notification server with its capabilities")
    func doctorServer() {
        let harness = RunnerHarness()
        let lines = harness.run("doctor").output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("ok") && $0.contains("session bus") && $0.hasSuffix("unix:path=/run/user/1000/bus") })
        #expect(lines.contains {
            $0.hasPrefix("ok") && $0.contains("notification server")
                && $0.hasSuffix("dunst 1.9.0 (2022-06-27) (knopwob, specification 1.2); capabilities: actions, body, body-markup")
        })
    }

    static func probe(_ name: String, _ reading: DoNotDisturbReading?) -> ServerProbe {
        ServerProbe(
            status: .ready, busAddress: "unix:path=/x",
            server: ServerInformation(name: name, vendor: "v", version: "1", specificationVersion: "1.2", busName: ":1.2"),
            capabilities: ["actions", "body"], doNotDisturb: reading
        )
    }

    @Test("doctor names the do-not-disturb source it follows on the running desktop, in both languages", arguments: [
        (probe("Xfce Notify Daemon", DoNotDisturbReading(source: .xfconf(channel: "xfce4-notifyd", property: "/do-not-disturb"), isReadable: true, isOn: true, discardsBubbles: true)),
         "ok", "followed: the xfconf property /do-not-disturb of the channel xfce4-notifyd (xfconfd), now on; in the mode it discards all but critical bubbles, so chimed keeps other notifications back until the mode ends"),
        (probe("Xfce Notify Daemon", DoNotDisturbReading(source: .xfconf(channel: "xfce4-notifyd", property: "/do-not-disturb"), isReadable: false, isOn: false, discardsBubbles: true)),
         "warning", "the xfconf property /do-not-disturb of the channel xfce4-notifyd cannot be read: xfconfd does not answer on the session bus, so do not disturb counts as off"),
        (probe("dunst", DoNotDisturbReading(source: .property(interface: "org.dunstproject.cmd0", name: "paused"), isReadable: true, isOn: false, discardsBubbles: false)),
         "ok", "followed: the server's paused property (org.dunstproject.cmd0), now off"),
        (probe("mako", DoNotDisturbReading(source: .modes(mode: "do-not-disturb"), isReadable: true, isOn: false, discardsBubbles: false)),
         "ok", "followed: mako's mode do-not-disturb (Modes of fr.emersion.Mako), now off"),
        (probe("gnome-shell", DoNotDisturbReading(source: .bannerSetting(schema: "org.gnome.desktop.notifications", key: "show-banners"), isReadable: false, isOn: false, discardsBubbles: false)),
         "warning", "the GSettings key org.gnome.desktop.notifications show-banners cannot be read: its schema is not installed, so do not disturb is not followed"),
        (probe("Notification Daemon", nil), "ok", "Notification Daemon has no do-not-disturb mode chimed can see: everything is shown as usual"),
    ])
    func doctorDoNotDisturbSource(_ probe: ServerProbe, _ outcome: String, _ detail: String) {
        let harness = RunnerHarness()
        harness.probe = probe
        let result = harness.run("doctor")
        let line = result.output.split(separator: "\n").map(String.init).first { $0.contains("do not disturb") && !$0.contains("dunst holds") }
        #expect(line?.hasPrefix(outcome) == true, "\(result.output)")
        #expect(line?.hasSuffix(detail) == true, "\(result.output)")
        #expect(result.exitCode == .success)
        harness.succeed("config", "set", "language", "zh")
        let chinese = harness.run("doctor").output
        #expect(chinese.contains("勿扰模式"), "\(chinese)")
    }

    @Test("doctor exits 69 without a session bus or a notification server, and warns about a server without buttons", arguments: [
        (ServerProbe(status: .unavailable(.noSessionBus)), "problem", "problem"),
        (ServerProbe(status: .unavailable(.busUnreachable("connection refused")), busAddress: "unix:path=/x"), "problem", "problem"),
        (ServerProbe(status: .unavailable(.noServer), busAddress: "unix:path=/x"), "ok", "problem"),
        (ServerProbe(status: .timedOut, busAddress: "unix:path=/x", detail: "the notification server did not answer in time"), "ok", "problem"),
        (ServerProbe(status: .ready, busAddress: "unix:path=/x",
                     server: ServerInformation(name: "mini", vendor: "v", version: "1", specificationVersion: "1.2", busName: ":1.2"),
                     capabilities: ["body"]), "ok", "warning"),
    ])
    func doctorNotificationProblems(_ probe: ServerProbe, _ bus: String, _ server: String) {
        let harness = RunnerHarness()
        harness.probe = probe
        let result = harness.run("doctor")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix(bus) && $0.contains("session bus") })
        #expect(lines.contains { $0.hasPrefix(server) && $0.contains("notification server") })
        #expect(result.exitCode == (bus == "ok" && server != "problem" ? .success : .unavailable))
        if server != "ok" {
            #expect(result.output.contains("-> "))
        }
    }

    @Test("doctor exits 69 and says how to start chimed when it is not running")
    func doctorDaemonDown() {
        let harness = RunnerHarness(daemon: .notRunning)
        let result = harness.run("doctor")
        #expect(result.exitCode == .unavailable)
        #expect(result.output.contains("problem  daemon"))
        #expect(result.output.contains("chimed is not running"))
        #expect(result.output.contains("-> start it with \"systemctl --user start chimed\""))
    }

    @Test("doctor reports an unknown zone in TZ as a problem instead of failing")
    func doctorBadZone() throws {
        let harness = RunnerHarness()
        harness.timeZoneError = zoneError("Mars/Olympus")
        #expect(harness.timeZoneError != nil)
        let result = harness.run("doctor")
        #expect(result.exitCode == .unavailable)
        let line = result.output.split(separator: "\n").first { $0.contains("time zone") }
        #expect(line?.hasPrefix("problem  time zone ") == true)
        #expect(line?.hasSuffix("unknown time zone \"Mars/Olympus\" in TZ: use a name such as Europe/Berlin (see /usr/share/zoneinfo), or unset TZ") == true)
    }

    @Test("config set stores a setting, get and list read it back, defaults are marked")
    func config() throws {
        let harness = RunnerHarness()
        #expect(harness.succeed("config", "get", "fast.plan") == "16:8\n")
        #expect(harness.succeed("config", "set", "fast.plan", "18:6") == "fast.plan set to 18:6\n")
        #expect(harness.succeed("config", "get", "fast.plan") == "18:6\n")
        #expect(harness.succeed("config", "set", "fast.remind_before", "15m,1h") == "fast.remind_before set to 15m,1h\n")
        #expect(harness.succeed("config", "set", "notify.urgency.water", "Critical") == "notify.urgency.water set to critical\n")
        #expect(try harness.store().setting("fast.plan") == "18:6")
        let list = harness.succeed("config", "list")
        #expect(list.contains("fast.plan                18:6\n"))
        #expect(list.contains("water.amount             250ml (default)\n"))
        #expect(list.contains("notify.urgency.water     critical\n"))
        #expect(list.split(separator: "\n").count == ConfigKey.allCases.count)
        let bad = harness.run("config", "set", "fast.plan", "25:00")
        #expect(bad.exitCode == .dataError)
        #expect(try harness.store().setting("fast.plan") == "18:6")
    }

    @Test("config set snooze takes a duration from 1m to 1d; anything else is refused in one line and changes nothing")
    func snoozeSetting() throws {
        let harness = RunnerHarness()
        #expect(harness.succeed("config", "get", "snooze") == "10m\n")
        #expect(harness.succeed("config", "set", "snooze", "25m") == "snooze set to 25m\n")
        #expect(try harness.store().setting("snooze") == "25m")
        #expect(harness.succeed("config", "list").contains("snooze                   25m\n"))
        for bad in ["30s", "1d1m", "soon", "5min", "-5m"] {
            let result = harness.run("config", "set", "snooze", bad)
            #expect(result.exitCode == .dataError, "\(bad): \(result.errors)")
            #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
            #expect(result.output.isEmpty)
        }
        #expect(harness.run("config", "set", "snooze", "2d").errors.contains("use a duration from 1m to 1d"))
        #expect(try harness.store().setting("snooze") == "25m")
    }

    @Test("a stored setting that no longer reads is reported with how to fix it")
    func brokenSetting() throws {
        let harness = RunnerHarness()
        try harness.store().setSetting("fast.plan", to: "banana", now: harness.now)
        let result = harness.run("fast", "start")
        #expect(result.exitCode == .dataError)
        #expect(result.errors == "chime: the stored setting fast.plan is \"banana\", which is not valid: set it again with \"chime config set fast.plan VALUE\"\n")
        #expect(try harness.store().sessions().isEmpty)
    }

    @Test("help, version and completions print without touching the store")
    func withoutStore() {
        let harness = RunnerHarness()
        harness.timeZoneError = zoneError("Nowhere/Atall")
        #expect(harness.succeed("--version") == "chime \(CommandTable.version)\n")
        #expect(harness.succeed("help", "fast", "start").hasPrefix("Usage: chime fast start"))
        #expect(harness.succeed("completions", "bash").contains("complete"))
        #expect(!FileManager.default.fileExists(atPath: harness.databasePath))
    }
}

/// The error `LocalTimeZone` gives for `TZ=name`, or `nil` when the zone is known.
func zoneError(_ name: String) -> DomainError? {
    do {
        _ = try LocalTimeZone.resolve(environment: ["TZ": name], systemZone: Fixture.utc)
        return nil
    } catch {
        return error
    }
}
