import ChimeCore
import ChimeNotify
import ChimeTestSupport
import Foundation
import Testing

extension LibNotifyNotifierTests {
    /// Against GNOME's notification-daemon 3.20, the server that answers a close of a bubble
    /// already gone with `org.freedesktop.Notifications.InvalidId` (inside the serialized
    /// parent: libnotify is process-wide state).
    @Suite(.notificationDaemon)
    struct OnNotificationDaemon {
        /// Closes bubble `serverID` from another connection, as a user dismissing it would.
        static func dismiss(_ serverID: UInt32, in environment: NotificationServerEnvironment) throws {
            try environment.run("gdbus", [
                "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
                "--method", "org.freedesktop.Notifications.CloseNotification", String(serverID),
            ])
        }

        @Test func closingABubbleTheUserDismissedCountsAsClosed() async throws {
            let environment = try NotificationServerScope.environment
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            #expect(await notifier.probeResult().server?.name == "Notification Daemon")
            let serverID = try #require(await notifier.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/nd-gone/end"))).shownID)
            try Self.dismiss(serverID, in: environment)
            // The server answers InvalidId: the bubble is gone, which is what closing wanted.
            #expect(await notifier.close([serverID]) == .closed)
        }

        @Test func apostrophesAndQuotesArriveLiterally() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            #expect(await notifier.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/nd-quote/end", tag: #"mom's "big" <one>"#))).shownID != nil)
            #expect(await monitor.waitUntil { !$0.notifyCalls.isEmpty })
            #expect(monitor.notifyCalls.first?.body == #"You finished your 16:8 fast (mom's "big" &lt;one&gt;)."#)
        }

        @Test func theBusRecordPairsEachNotifyWithTheIDTheServerAnswered() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let request = Fixture.fastEnd(id: "fast/nd-record/end")
            let first = try #require(await notifier.deliver(Fixture.onTime(request)).shownID)
            // Shown again in place: the same id, one bubble with the new showing.
            #expect(await notifier.deliver(Fixture.onTime(request)).shownID == first)
            let second = try #require(await notifier.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/nd-record-2/end"))).shownID)
            #expect(await monitor.waitUntil { $0.bubbles.count == 2 })
            #expect(monitor.bubbles.map(\.id) == [first, second])
            #expect(monitor.bubbles.map(\.showings) == [2, 1])
            #expect(monitor.openBubbleIDs == [first, second])

            try await environment.dismissAll(shownIn: monitor)
            #expect(monitor.openBubbleIDs.isEmpty)
            #expect(Set(monitor.closedSignals.map(\.id)) == [first, second])
        }

        @Test func aBatchGoesOnPastABubbleThatIsGone() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let gone = try #require(await notifier.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/nd-a/end"))).shownID)
            let live = try #require(await notifier.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/nd-b/end"))).shownID)
            try Self.dismiss(gone, in: environment)

            #expect(await notifier.close([gone, live]) == .closed)
            // The close behind the refused one went out and closed its bubble.
            #expect(await monitor.waitUntil { $0.closedSignals.contains(.init(id: live, reason: 3)) })
        }
    }
}

extension LibNotifyNotifierTests {
    /// Against Ubuntu's notify-osd, which makes a dialog of a never-expiring bubble or one with
    /// actions (id 0: never replaced or closed again).
    @Suite(.notifyOSD)
    struct OnNotifyOSD {
        @Test func aFastCompleteBubbleIsSentWithoutActionsAndWithTheServersTimeout() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let request = Fixture.fastEnd(id: "fast/osd/end", tag: "mom's")
            let serverID = try #require(await notifier.deliver(Fixture.onTime(request)).shownID)
            // A real bubble (a dialog would have id 0), which can be replaced and closed.
            #expect(serverID > 0)
            #expect(await monitor.waitUntil { !$0.notifyCalls.isEmpty })
            let call = try #require(monitor.notifyCalls.first)
            #expect(call.actions.isEmpty)
            #expect(call.timeout == -1)
            #expect(call.body == "You finished your 16:8 fast (mom's).")
            #expect(await notifier.deliver(Fixture.onTime(request)).shownID == serverID)
            #expect(await notifier.close([serverID]) == .closed)
        }
    }
}
