import ChimeControl
import ChimeCore
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: notify.dnd and notify.away")
struct RunnerHoldSettingsTests {
    @Test("on by default; config set stores on or off under the key chimed reads; other words are refused, nothing changed")
    func setAndGet() throws {
        let harness = RunnerHarness()
        #expect(ConfigKey.doNotDisturb.name == WaterHold.doNotDisturbSetting)
        #expect(ConfigKey.away.name == WaterHold.awaySetting)
        #expect(harness.succeed("config", "get", "notify.dnd") == "on\n")
        #expect(harness.succeed("config", "get", "notify.away") == "on\n")
        #expect(harness.succeed("config", "set", "notify.dnd", "OFF") == "notify.dnd set to off\n")
        #expect(try harness.store().setting(WaterHold.doNotDisturbSetting) == "off")
        #expect(harness.succeed("config", "set", "notify.away", "off") == "notify.away set to off\n")
        #expect(harness.succeed("config", "list").contains("notify.away              off\n"))

        let before = harness.dump()
        let bad = harness.run("config", "set", "notify.away", "of")
        #expect(bad.exitCode == .dataError)
        #expect(bad.errors == "chime: invalid value \"of\" for notify.away: use one of on, off (did you mean \"off\"?)\n")
        #expect(harness.dump() == before)
        #expect(harness.succeed("config", "unset", "notify.dnd").contains("notify.dnd"))
        #expect(harness.succeed("config", "get", "notify.dnd") == "on\n")
    }

    @Test("status says do-not-disturb holds nothing while notify.dnd is off")
    func statusWithSettingOff() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        harness.daemon.statusChange = { $0.doNotDisturb = true }
        harness.succeed("config", "set", "notify.dnd", "off")
        #expect(harness.succeed("status").hasSuffix("Do not disturb is on; water reminders are shown anyway (notify.dnd is off)\n"))
    }
}
