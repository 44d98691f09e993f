import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

@Suite("Scheduler: bubbles with buttons after a restart")
struct SchedulerReshowTests {
    let start = SchedulerHarness.start

    /// A harness whose reminder "a" (no expiry, a "Snooze 10 min" button) is on screen.
    func reminderOnScreen() throws -> (SchedulerHarness, UInt32) {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        return (harness, try #require(try harness.stored("remind/a")?.serverID))
    }

    @Test("at start, a bubble still on screen is shown again in its own place, and stays delivered once")
    func reshownInPlace() throws {
        let (harness, shownAs) = try reminderOnScreen()
        try harness.restart()
        let again = try #require(harness.notifier.deliveries.first)
        #expect(harness.notifier.deliveries.count == 1)
        #expect(again.request.identifier == "remind/a")
        #expect(again.replacesServerID == shownAs)
        // Worded as it was first shown, not as a late reminder.
        #expect(again.now == again.request.due)
        let row = try #require(try harness.stored("remind/a"))
        #expect(row.state == .delivered)
        #expect(row.serverID == shownAs)
        #expect(try harness.store.deliveryHistory(limit: 10).filter { $0.identifier == "remind/a" }.count == 1)
        #expect(try harness.isInSync())
    }

    @Test("a bubble shown again keeps the urgency and language of its first showing: a critical reminder stays critical")
    func reshownWithItsUrgencyAndLanguage() throws {
        let harness = try SchedulerHarness()
        try harness.store.setSetting(UrgencySettings.reminderKey, to: "low", now: start)
        try harness.store.setSetting(NotificationLanguage.settingKey, to: "zh", now: start)
        var critical = Requests.reminder("train", due: start.addingTimeInterval(60))
        critical.content.arguments[ContentArgument.urgency] = "critical"
        try harness.store.apply(Requests.plan(critical, Requests.reminder("tea", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        let first = harness.notifier.deliveries.map { "\($0.request.identifier) \($0.urgency.map(String.init(describing:)) ?? "own")" }.sorted()
        #expect(first == ["remind/tea low", "remind/train critical"])
        try harness.restart()
        let again = harness.notifier.deliveries
        #expect(again.allSatisfy { $0.replacesServerID != nil })
        #expect(again.map { "\($0.request.identifier) \($0.urgency.map(String.init(describing:)) ?? "own")" }.sorted() == first)
        #expect(again.map(\.language) == [.simplifiedChinese, .simplifiedChinese])
    }

    @Test("a bubble the server reported closed is not brought back")
    func closedBubbleStaysClosed() throws {
        let (harness, shownAs) = try reminderOnScreen()
        harness.notifier.send(.closed(identifier: "remind/a", serverID: shownAs, reason: .dismissed))
        harness.receive(1)
        #expect(try harness.stored("remind/a")?.serverID == nil)
        try harness.restart()
        #expect(harness.notifier.deliveries.isEmpty)
    }

    @Test("when the server restarted too, nothing stale comes back")
    func serverRestartedToo() throws {
        let (harness, _) = try reminderOnScreen()
        let other = ServerProbe(
            status: .ready,
            server: ServerInformation(name: "recording", vendor: "Chime", version: "1", specificationVersion: "1.2", busName: ":1.77"),
            capabilities: ["actions", "body", "body-markup"]
        )
        try harness.restart(probe: other)
        #expect(harness.notifier.deliveries.isEmpty)
        #expect(harness.notifier.closedServerIDs.isEmpty)
    }

    @Test("a server that answers with a new id did not know the bubble: the copy is closed at once")
    func unknownIDIsClosed() throws {
        let (harness, shownAs) = try reminderOnScreen()
        try harness.restart(response: .scripted { _ in .shown(serverID: 41) })
        #expect(harness.notifier.deliveries.map(\.replacesServerID) == [shownAs])
        #expect(harness.notifier.closedServerIDs == [41])
        #expect(try harness.stored("remind/a")?.serverID == nil)
        try harness.restart()
        #expect(harness.notifier.deliveries.isEmpty)
    }

    @Test("a server without buttons (standard output) gets nothing again")
    func noActionsNoReshow() throws {
        let (harness, _) = try reminderOnScreen()
        let plain = ServerProbe(
            status: .ready,
            server: ServerInformation(name: "recording", vendor: "Chime", version: "1", specificationVersion: "1.2", busName: ":test"),
            capabilities: ["body"]
        )
        try harness.restart(probe: plain)
        #expect(harness.notifier.deliveries.isEmpty)
    }

    @Test("water bubbles expire by themselves and are not shown again; calendar alarms stay, with their buttons, and are")
    func expiringKindsAreNotReshown() {
        #expect(Scheduler.reshownKinds == [.fastEnd, .reminder, .calendarAlarm])
    }
}
