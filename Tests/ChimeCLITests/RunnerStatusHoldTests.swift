import ChimeControl
import ChimeCore
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: status says whether do-not-disturb is on and how many water reminders are held")
struct RunnerStatusHoldTests {
    func harness(doNotDisturb: Bool, held: Int) -> RunnerHarness {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        harness.daemon.statusChange = { status in
            status.doNotDisturb = doNotDisturb
            status.heldCount = held
        }
        return harness
    }

    @Test("text: a line while the mode is on or reminders are held, none otherwise")
    func text() {
        #expect(harness(doNotDisturb: true, held: 2).succeed("status").hasSuffix(
            "Do not disturb is on: water reminders are held (2 so far), one summary comes when it ends\n"
        ))
        #expect(harness(doNotDisturb: false, held: 1).succeed("status").hasSuffix("1 water reminder held, waiting for their summary\n"))
        let quiet = harness(doNotDisturb: false, held: 0).succeed("status")
        #expect(!quiet.contains("Do not disturb") && !quiet.contains("held"))
    }

    @Test("json: do_not_disturb and held always, null when chimed does not answer")
    func json() throws {
        let on = try #require(jsonObject(harness(doNotDisturb: true, held: 3).succeed("status", "--format", "json")))
        #expect(on["do_not_disturb"] as? Bool == true)
        #expect(on["held"] as? Int == 3)
        let off = try #require(jsonObject(harness(doNotDisturb: false, held: 0).succeed("status", "--format", "json")))
        #expect(off["do_not_disturb"] as? Bool == false)
        #expect(off["held"] as? Int == 0)

        let down = RunnerHarness(daemon: .notRunning)
        let unknown = try #require(jsonObject(down.succeed("status", "--format", "json")))
        #expect(unknown["do_not_disturb"] is NSNull)
        #expect(unknown["held"] is NSNull)
    }

    @Test("waybar: the tooltip says it while the mode is on")
    func waybar() throws {
        let on = try #require(jsonObject(harness(doNotDisturb: true, held: 1).succeed("status", "--format", "waybar")))
        #expect((on["tooltip"] as? String)?.hasSuffix("Do not disturb is on: water reminders are held (1 so far), one summary comes when it ends") == true)
        let off = try #require(jsonObject(harness(doNotDisturb: false, held: 0).succeed("status", "--format", "waybar")))
        #expect((off["tooltip"] as? String)?.contains("Do not disturb") == false)
    }
}
