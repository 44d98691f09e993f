import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// One lifecycle for a bubble: what cancels, moves, extends or replaces its request closes it
/// in the same step, and a button on a bubble whose request is no longer current changes
/// nothing but closing that bubble, with one log line saying why.
@Suite("Scheduler: bubbles that no longer show their request")
struct SchedulerStaleBubbleTests {
    let start = SchedulerHarness.start
    let planner = FastingPlanner()

    /// A harness whose reminder `a` was shown at start + 60 s; its bubble's server id.
    func shownReminder() throws -> (SchedulerHarness, UInt32) {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        return (harness, try #require(try harness.stored("remind/a")?.serverID))
    }

    /// The log lines saying that `action` on `identifier` was ignored.
    func ignored(_ action: ActionKey, on identifier: String, in harness: SchedulerHarness) -> [String] {
        harness.logLines.value.filter { $0.contains("action \(action.rawValue) on \(identifier) ignored: ") }
    }

    @Test("a shown reminder cancelled (chime cancel) has its bubble closed; Snooze on that bubble then brings nothing back")
    func cancelledReminderStaysCancelled() throws {
        let (harness, shown) = try shownReminder()
        var cancel = ChangePlan()
        cancel.cancelledIdentifiers = ["remind/a"]
        try harness.write(cancel)
        #expect(harness.notifier.closedServerIDs == [shown])
        #expect(try harness.stored("remind/a")?.state == .cancelled)

        let before = try harness.store.currentSequence()
        harness.notifier.send(.actionInvoked(identifier: "remind/a", action: .snoozeTenMinutes))
        harness.receive(1)
        #expect(try harness.pendingIdentifiers().isEmpty)
        #expect(try harness.stored("remind/a")?.state == .cancelled)
        #expect(try harness.store.currentSequence() == before, "nothing written")
        let lines = ignored(.snoozeTenMinutes, on: "remind/a", in: harness)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("action snooze-10m on remind/a ignored: it was cancelled") == true, "\(lines)")
        harness.advance(by: 3600)
        #expect(harness.deliveredIdentifiers == ["remind/a"])
        #expect(try harness.isInSync())
    }

    @Test("snoozed elsewhere (chime snooze) while its close is still on its way: Snooze on the old bubble changes nothing")
    func snoozedElsewhere() throws {
        let (harness, shown) = try shownReminder()
        harness.notifier.setCloseResponse { _ in .timedOut }
        let stored = try #require(try harness.stored("remind/a"))
        let snooze = planner.snooze(stored.request, by: .minutes(10), now: harness.now)
        try harness.write(snooze)
        #expect(harness.notifier.closedServerIDs == [shown])
        let snoozed = try #require(try harness.stored("remind/a"))
        #expect(snoozed.closeRequested, "the close timed out: asked again later")

        harness.notifier.send(.actionInvoked(identifier: "remind/a", action: .snoozeTenMinutes))
        harness.receive(1)
        #expect(try harness.stored("remind/a")?.request.due == snoozed.request.due, "snoozed once, not twice")
        #expect(ignored(.snoozeTenMinutes, on: "remind/a", in: harness).count == 1)
        #expect(ignored(.snoozeTenMinutes, on: "remind/a", in: harness).first?.contains("being closed") == true)
    }

    @Test("a reminder set again under its id closes the old bubble; its buttons then change nothing")
    func replacedReminder() throws {
        let (harness, shown) = try shownReminder()
        harness.notifier.setCloseResponse { _ in .timedOut }
        let replacement = try planner.remind(OneOffReminder(id: "a", text: "the new text", due: harness.now.addingTimeInterval(1800)), now: harness.now)
        try harness.write(replacement)
        #expect(harness.notifier.closedServerIDs == [shown])

        harness.notifier.send(.actionInvoked(identifier: "remind/a", action: .snoozeTenMinutes))
        harness.receive(1)
        let pending = try #require(try harness.stored("remind/a"))
        #expect(pending.request.due == harness.now.addingTimeInterval(1800))
        #expect(pending.request.content.arguments[ContentArgument.text] == "the new text")
        #expect(ignored(.snoozeTenMinutes, on: "remind/a", in: harness).count == 1)
    }

    @Test("\"Extend 1 h\" closes the \"Fast complete\" bubble; the new end comes as a new bubble")
    func extendClosesFastComplete() throws {
        let harness = try SchedulerHarness()
        let session = FastingSession(id: "s", plan: .standard, start: start.addingTimeInterval(-16 * 3600 + 60))
        try harness.store.apply(try planner.start(session, existing: [], replace: false, now: start), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(80))
        let shown = try #require(try harness.stored("fast/s/end")?.serverID)

        harness.notifier.send(.actionInvoked(identifier: "fast/s/end", action: .extendOneHour))
        harness.receive(1)
        #expect(harness.notifier.closedServerIDs == [shown])
        #expect(try harness.stored("fast/s/end")?.serverID == nil)
        harness.advance(by: 2 * 3600)
        #expect(harness.deliveredIdentifiers == ["fast/s/end", "fast/s/end"])
        #expect(harness.notifier.deliveries.last?.replacesServerID == nil)
    }

    @Test("\"End fast\" on the bubble of a fast deleted since changes nothing and writes nothing")
    func fastGone() throws {
        let harness = try SchedulerHarness()
        let session = FastingSession(id: "s", plan: .standard, start: start.addingTimeInterval(-16 * 3600 + 60))
        try harness.store.apply(try planner.start(session, existing: [], replace: false, now: start), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(80))
        let shown = try #require(try harness.stored("fast/s/end")?.serverID)
        try harness.write(planner.delete(session))
        #expect(harness.notifier.closedServerIDs == [shown])

        // The click left the server before its close came.
        let before = try harness.store.currentSequence()
        harness.notifier.send(.actionInvoked(identifier: "fast/s/end", action: .endFast))
        harness.receive(1)
        #expect(try harness.store.currentSequence() == before)
        #expect(try harness.store.session(id: "s") == nil)
        let lines = ignored(.endFast, on: "fast/s/end", in: harness)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("ignored: its fast, water schedule or reminder is gone") == true, "\(lines)")
    }

    @Test("a snoozed request shown again while the close of its old bubble still fails replaces that bubble, and no retry closes the new one")
    func shownAgainBeforeTheCloseWorked() throws {
        let (harness, shown) = try shownReminder()
        harness.notifier.setCloseResponse { _ in .timedOut }
        let stored = try #require(try harness.stored("remind/a"))
        try harness.write(planner.snooze(stored.request, by: .minutes(1), now: harness.now))
        #expect(harness.notifier.closedServerIDs == [shown])

        // Due again before a retry of the close gets through: shown in place of the old bubble.
        harness.advance(by: 61)
        #expect(harness.deliveredIdentifiers == ["remind/a", "remind/a"])
        #expect(harness.notifier.deliveries.last?.replacesServerID == shown)
        let again = try #require(try harness.stored("remind/a"))
        #expect(again.state == .delivered)
        #expect(!again.closeRequested, "the bubble on screen is the current one")
        let closes = harness.notifier.closedServerIDs.count
        harness.advance(by: 300)
        #expect(harness.notifier.closedServerIDs.count == closes, "no retry closes the bubble just shown")
        #expect(try harness.stored("remind/a")?.serverID == shown)
    }
}
