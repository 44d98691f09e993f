import ChimeCore
import ChimeStore
import Foundation
import Testing
@testable import ChimeCLI

/// What `chime` does to a notification already on screen when it changes its request: the
/// bubble is closed in the same transaction (chimed closes it), and a cancelled one stays
/// cancelled.
@Suite("runner: bubbles on screen")
struct RunnerBubbleTests {
    /// Records `identifier` as shown now, as bubble `serverID`, as chimed would.
    func show(_ identifier: String, as serverID: UInt32, in harness: RunnerHarness) throws {
        let store = harness.store()
        let stored = try #require(try store.request(identifier: identifier))
        #expect(try store.beginDelivery(rowIDs: [stored.rowID], now: harness.now).count == 1)
        try store.completeDelivery(rowID: stored.rowID, serverID: serverID, at: harness.now)
    }

    @Test("cancelling a reminder shown with its bubble on screen cancels it, says so, and asks for the close", arguments: ["r-tea", "remind/r-tea"])
    func cancelShownReminder(reference: String) throws {
        let harness = RunnerHarness()
        harness.succeed("remind", "in", "5m", "tea", "--id", "r-tea")
        harness.advance(6 * 60)
        try show("remind/r-tea", as: 7, in: harness)
        let nudges = harness.daemon.nudges.count

        #expect(harness.succeed("cancel", reference) == "Cancelled remind/r-tea, already shown: its notification on screen is closed\n")
        #expect(harness.daemon.nudges.count == nudges + 1)
        let cancelled = try #require(try harness.store().request(identifier: "remind/r-tea"))
        #expect(cancelled.state == .cancelled)
        #expect(try harness.store().closeRequests().map(\.serverID) == [7])
        // It stays cancelled: neither snoozed back nor cancelled twice.
        #expect(harness.run("snooze", "remind/r-tea", "10m").exitCode == .dataError)
        #expect(harness.succeed("cancel", "r-tea") == "Nothing to cancel (r-tea)\n")
        #expect(harness.pending().isEmpty)
    }

    @Test("a shown reminder whose bubble is gone has nothing left to cancel")
    func cancelShownWithoutBubble() throws {
        let harness = RunnerHarness()
        harness.succeed("remind", "in", "5m", "tea", "--id", "r-tea")
        harness.advance(6 * 60)
        try show("remind/r-tea", as: 7, in: harness)
        try harness.store().forgetClosedBubble(identifier: "remind/r-tea", serverID: 7)
        #expect(harness.succeed("cancel", "r-tea") == "Nothing to cancel (r-tea)\n")
        #expect(harness.run("cancel", "remind/r-tea").exitCode == .dataError)
    }

    @Test("cancel --all and a group take the bubbles on screen along with what is pending")
    func cancelAllWithBubbles() throws {
        let harness = RunnerHarness()
        harness.succeed("remind", "in", "5m", "tea", "--id", "r-tea")
        harness.succeed("remind", "in", "1h", "call", "--id", "r-cal")
        harness.advance(6 * 60)
        try show("remind/r-tea", as: 7, in: harness)
        #expect(harness.succeed("cancel", "--all") == "Cancelled 1 pending notification (all); closed remind/r-tea on screen\n")
        #expect(try harness.store().request(identifier: "remind/r-tea")?.state == .cancelled)
        #expect(try harness.store().request(identifier: "remind/r-cal")?.state == .cancelled)
        #expect(try harness.store().closeRequests().map(\.serverID) == [7])
    }

    @Test("snoozing a shown notification closes its bubble; it comes back as a new one")
    func snoozeClosesTheBubble() throws {
        let harness = RunnerHarness()
        harness.succeed("remind", "in", "5m", "tea", "--id", "r-tea")
        harness.advance(6 * 60)
        try show("remind/r-tea", as: 7, in: harness)
        harness.succeed("snooze", "remind/r-tea", "10m")
        let snoozed = try #require(try harness.store().request(identifier: "remind/r-tea"))
        #expect(snoozed.state == .pending)
        #expect(snoozed.closeRequested)
        #expect(snoozed.staleBubbleReason != nil, "the old bubble's buttons do nothing")
    }

    @Test("extending a completed fast closes its \"Fast complete\" bubble")
    func extendClosesFastComplete() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "16:8", "--ago", "15h59m", "--id", "f-abc")
        harness.advance(66)
        try show("fast/f-abc/end", as: 4, in: harness)
        harness.succeed("fast", "extend", "1h")
        let end = try #require(try harness.store().request(identifier: "fast/f-abc/end"))
        #expect(end.state == .pending)
        #expect(end.closeRequested)
        #expect(try harness.store().closeRequests().map(\.serverID) == [4])
    }

    @Test("a reminder set again under the id of one on screen closes the old bubble")
    func remindReplacingClosesTheOld() throws {
        let harness = RunnerHarness()
        harness.succeed("remind", "in", "5m", "tea", "--id", "r-tea")
        harness.advance(6 * 60)
        try show("remind/r-tea", as: 7, in: harness)
        harness.succeed("remind", "in", "1h", "green tea", "--id", "r-tea")
        let replaced = try #require(try harness.store().request(identifier: "remind/r-tea"))
        #expect(replaced.state == .pending)
        #expect(replaced.closeRequested)
        #expect(try harness.store().closeRequests().map(\.serverID) == [7])
    }
}
