import ChimeCore
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: remind --urgency, and doctor's dunst rule for critical ones")
struct RunnerReminderUrgencyTests {
    @Test("--urgency is parsed for remind in, at and every; a word outside the levels is a usage error")
    func urgencyParsed() throws {
        #expect(parsed("remind", "in", "10m", "leave", "now", "--urgency", "critical") == .remindIn(Fixture.span("10m"), text: "leave now", id: nil, urgency: .critical))
        guard case .remindAt(_, _, _, _, let at) = parsed("remind", "at", "15:00", "x", "--urgency=low") else {
            Issue.record("not remind at")
            return
        }
        #expect(at == .low)
        guard case .remindEvery(let every) = parsed("remind", "every", "daily 08:00", "pills", "--urgency", "critical") else {
            Issue.record("not remind every")
            return
        }
        #expect(every.urgency == .critical)

        let harness = RunnerHarness()
        let before = harness.dump()
        let loud = harness.run("remind", "in", "10m", "x", "--urgency", "loud")
        #expect(loud.exitCode == .usage)
        #expect(loud.errors.hasPrefix("chime: "))
        #expect(loud.errors.contains("invalid value \"loud\" for --urgency"), "\(loud.errors)")
        #expect(harness.dump() == before)
    }

    @Test("a one-off reminder keeps its urgency in its request; one without leaves it to the setting")
    func oneOffCarriesUrgency() throws {
        let harness = RunnerHarness()
        harness.succeed("remind", "in", "10m", "leave for the train", "--id", "train", "--urgency", "critical")
        harness.succeed("remind", "in", "20m", "tea", "--id", "tea")
        let pending = Dictionary(uniqueKeysWithValues: harness.pending().map { ($0.request.identifier, $0.request) })
        #expect(pending["remind/train"]?.content.arguments[ContentArgument.urgency] == "critical")
        #expect(pending["remind/tea"]?.content.arguments[ContentArgument.urgency] == nil)
    }

    @Test("a recurring reminder's urgency goes on to its next occurrence")
    func recurringCarriesUrgency() throws {
        let harness = RunnerHarness(now: "2027-03-26T10:00:00+01:00")
        harness.succeed("remind", "every", "daily 08:00", "pills", "--id", "pills", "--urgency", "critical")
        let first = try #require(harness.pending().first?.request)
        #expect(first.content.arguments[ContentArgument.urgency] == "critical")
        let calendar = Fixture.calendar(in: harness.timeZone)
        let reminder = try #require(RecurringReminder(request: first))
        let next = try #require(RequestPlanner().request(for: reminder, after: first.due, timeZone: harness.timeZone, calendar: calendar))
        #expect(next.identifier == "remind/pills/2027-03-28T08:00")
        #expect(next.content.arguments[ContentArgument.urgency] == "critical")
    }

    func doctorLines(server name: String, version: String) -> [String] {
        let harness = RunnerHarness()
        harness.probe = ServerProbe(
            status: .ready, busAddress: "unix:path=/x",
            server: ServerInformation(name: name, vendor: "v", version: version, specificationVersion: "1.2", busName: ":1.2"),
            capabilities: ["actions", "body"],
            doNotDisturb: name == "dunst"
                ? DoNotDisturbReading(source: .property(interface: "org.dunstproject.cmd0", name: "paused"), isReadable: true, isOn: false, discardsBubbles: false)
                : nil
        )
        return harness.run("doctor").output.split(separator: "\n").map(String.init)
    }

    @Test("doctor prints the dunst rule that lets critical ones through a pause, saying dunst 1.9 needs 1.10 for it")
    func doctorDunstRule() throws {
        let old = doctorLines(server: "dunst", version: "1.9.0 (2022-06-27)")
        let line = try #require(old.firstIndex { $0.hasPrefix("ok") && $0.contains("do not disturb") && $0.contains("paused,") })
        #expect(old[line].contains("dunst 1.9.0 holds every notification while paused, critical ones too; dunst 1.10 or later"))
        let rule = old[(line + 1)...].prefix(4).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rule == ["[chime-critical]", "appname = Chime", "msg_urgency = critical", "override_pause_level = 100"])

        let new = doctorLines(server: "dunst", version: "1.11.0")
        #expect(new.contains { $0.contains("do not disturb") && $0.contains("add this rule to ~/.config/dunst/dunstrc") })
        #expect(new.contains { $0.hasSuffix("override_pause_level = 100") })

        let other = doctorLines(server: "Notification Daemon", version: "3.20.0")
        #expect(!other.contains { $0.contains("override_pause_level") || $0.contains("dunstrc") })
        #expect(other.contains { $0.contains("do not disturb") && $0.hasSuffix("has no do-not-disturb mode chimed can see: everything is shown as usual") })
    }

    @Test func dunstVersions() {
        #expect(DunstPauseRule.numericVersion("1.9.0 (2022-06-27)") == [1, 9, 0])
        #expect(DunstPauseRule.numericVersion("1.10") == [1, 10])
        #expect(DunstPauseRule.numericVersion("v2") == [])
    }
}
