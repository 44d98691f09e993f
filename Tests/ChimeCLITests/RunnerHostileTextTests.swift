import ChimeCore
import ChimeStore
import Foundation
import Testing
@testable import ChimeCLI

/// Text that would turn a terminal line around (an unpaired U+202E) never reaches the output:
/// new text is cleaned when it is stored, and whatever `chime` prints passes
/// ``BidiBalancingOutput`` (a text stored by an older Chime, an argument echoed in an error).
@Suite("runner: hostile text in the output")
struct RunnerHostileTextTests {
    static let override = "\u{202E}"

    @Test("a reminder's text loses its unpaired override when stored, in the change's line and in list")
    func cleanedWhenStored() throws {
        let harness = RunnerHarness()
        let line = harness.succeed("remind", "in", "10m", "pay \(Self.override)evil", "--id", "bill")
        #expect(line.contains("pay evil"), "\(line)")
        #expect(!line.unicodeScalars.contains(Self.override.unicodeScalars.first!))
        #expect(harness.pending().first?.request.content.arguments[ContentArgument.text] == "pay evil")
        let list = harness.succeed("list")
        #expect(list.contains("Reminder: pay evil"), "\(list)")
    }

    @Test("text stored raw (an older Chime, another program) is shown without the override, in text and JSON")
    func rawStoredTextBalancedOnOutput() throws {
        let harness = RunnerHarness()
        harness.succeed("config", "set", "language", "en")
        // Written past every check, as a database from before the cleaning would hold it.
        let store = harness.store()
        var plan = ChangePlan()
        let due = harness.now.addingTimeInterval(600)
        plan.reminders = [OneOffReminder(id: "bill", text: "pay \(Self.override)evil", due: due)]
        plan.requests = [NotificationRequest(
            identifier: RequestIdentifier.reminder(id: "bill"), group: "bill", kind: .reminder, due: due, tolerance: 1,
            content: NotificationContent(template: .reminder, arguments: [ContentArgument.text: "pay \(Self.override)evil"]),
            misfirePolicy: .deliverLate(until: due.addingTimeInterval(3600))
        )]
        _ = try store.apply(plan, now: harness.now)
        for arguments in [["list"], ["list", "--json"], ["status"], ["status", "--format", "json"], ["export", "--format", "json", "--what", "pending"]] {
            let output = harness.run(arguments).output
            #expect(output.contains("evil"), "\(arguments): \(output)")
            #expect(!output.unicodeScalars.contains(Self.override.unicodeScalars.first!), "\(arguments)")
        }
    }

    @Test("the output keeps complete pairs and text without controls as it is")
    func outputBalancesLineByLine() {
        let buffer = TextBuffer()
        let output = BidiBalancingOutput(buffer)
        output.write("plain\n")
        output.write("a\u{2067}b\u{2069}c\n")
        output.write("x\u{202E}y\nz\u{202C}\n")
        #expect(buffer.text == "plain\na\u{2067}b\u{2069}c\nxy\nz\n")
    }
}
