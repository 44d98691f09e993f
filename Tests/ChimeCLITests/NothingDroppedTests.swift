import ChimeCore
import Foundation
import Testing
@testable import ChimeCLI

@Suite("nothing is dropped in silence")
struct NothingDroppedTests {
    @Test("--remind-before as long as the fast or longer is refused with 65 and changes nothing", arguments: ["16h", "17h", "1h,16h"])
    func nudgeLongerThanTheFast(lead: String) {
        let harness = RunnerHarness()
        harness.succeed("remind", "in", "1h", "tea")
        let before = harness.dump()
        let result = harness.run("fast", "start", "16:8", "--remind-before", lead)
        #expect(result.exitCode == .dataError)
        #expect(result.errors.hasPrefix("chime: a nudge 1"), "\(result.errors)")
        #expect(result.errors.hasSuffix(" before the end of a 16h fast would come before the fast begins and could never be shown: remind less than 16h before the end\n"))
        #expect(!result.errors.dropLast().contains("\n"))
        #expect(harness.dump() == before)
        #expect(harness.succeed("fast", "start", "16:8", "--remind-before", "15h").hasPrefix("Fast "))
        #expect(harness.pending().map(\.request.identifier).contains { $0.hasSuffix("/before-15h") })
    }

    @Test("nudges of fast.remind_before a short fast cannot show are left out, and said so")
    func settingNudgesLongerThanTheFast() {
        let harness = RunnerHarness()
        harness.succeed("config", "set", "fast.remind_before", "2h,15m")
        let output = harness.succeed("fast", "start", "1h:1h", "--id", "f-sho")
        #expect(output.hasSuffix("; the 2h nudge of fast.remind_before is left out: a 1h fast is too short for it\n"), "\(output)")
        #expect(harness.pending().map(\.request.identifier) == ["fast/f-sho/before-15m", "fast/f-sho/end"])
        harness.succeed("fast", "stop")
        #expect(!harness.succeed("fast", "start", "16:8").contains("left out"))
    }

    @Test("cancelling a fast's end says the fast keeps running and how to stop it")
    func cancelFastEnd() {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "--id", "f-abc", "--remind-before", "1h")
        #expect(harness.succeed("cancel", "fast/f-abc/end")
            == "Cancelled fast/f-abc/end; fast f-abc keeps running without its end notification: stop it with \"chime fast stop --id f-abc\"\n")
        #expect(harness.succeed("cancel", "fast/f-abc/before-1h") == "Cancelled fast/f-abc/before-1h\n", "a nudge leaves the end in place")
        #expect(harness.succeed("fast", "status").contains("fasting"))
    }

    @Test("a repeating fast's cancelled end names the next one, not a fast left without an end")
    func cancelRollingFastEnd() {
        let harness = RunnerHarness()
        // 16:9 repeats in real time; a 24 h plan such as the default 16:8 would be a fast schedule.
        harness.succeed("fast", "start", "16:9", "--id", "f-rol", "--repeat")
        let line = harness.succeed("cancel", "fast/f-rol/end/0")
        #expect(line.contains("fast f-rol repeats"), "\(line)")
        #expect(!line.contains("without its end notification"))
    }

    @Test("an overnight water window is named so")
    func overnightWater() {
        let harness = RunnerHarness()
        let overnight = harness.succeed("water", "every", "10m", "--from", "22:00", "--until", "08:00")
        #expect(overnight.contains(", 22:00-08:00 overnight, until 08:00 the next day, "), "\(overnight)")
        let day = harness.succeed("water", "every", "10m", "--from", "08:00", "--until", "22:00")
        #expect(day.contains(", 08:00-22:00, "), "\(day)")
        #expect(!day.contains("overnight"))
    }
}
