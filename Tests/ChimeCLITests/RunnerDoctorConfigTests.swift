import ChimeCore
import ChimeStore
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: doctor, config, help")
struct RunnerDoctorConfigTests {
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
        #expect(result.output.contains("problem  time zone  unknown time zone \"Mars/Olympus\" in TZ"))
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
        #expect(list.contains("water.amount             250 (default)\n"))
        #expect(list.contains("notify.urgency.water     critical\n"))
        #expect(list.split(separator: "\n").count == ConfigKey.allCases.count)
        let bad = harness.run("config", "set", "fast.plan", "25:00")
        #expect(bad.exitCode == .dataError)
        #expect(try harness.store().setting("fast.plan") == "18:6")
    }

    @Test("a stored setting that no longer reads is reported with how to fix it")
    func brokenSetting() throws {
        let harness = RunnerHarness()
        try harness.store().setSetting("fast.plan", to: "banana", now: harness.now)
        let result = harness.run("fast", "start")
        #expect(result.exitCode == .dataError)
        #expect(result.errors == "chime: the stored setting fast.plan is \"banana\", which is not valid: set it again with chime config set fast.plan VALUE\n")
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
