import ChimeCore
@testable import ChimeNotify
import ChimeTestSupport
import Foundation
import Testing

/// LibNotifyNotifier against a real dunst on a private bus. libnotify is process-wide state, so
/// the suites below take turns (serialized), each with its own dunst.
@Suite(.serialized)
struct LibNotifyNotifierTests {
    @Suite(.notificationServer)
    struct ShowingAndReplacing {
        @Test func shownNotificationArrivesWithExactTextsAndHints() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let notifier = try LibNotifyNotifier(configuration: .init(language: .english))
            defer { notifier.shutdown() }

            let outcome = await notifier.deliver(Fixtures.onTime(Fixtures.fastEnd(tag: "Tom & Jerry's <fast>")))

            guard case .shown(let serverID) = outcome else {
                Issue.record("expected shown, got \(outcome)")
                return
            }
            #expect(monitor.wait(timeout: 5) { $0.notifyCalls.count == 1 })
            let call = try #require(monitor.notifyCalls.first)
            #expect(call.appName == "Chime")
            #expect(call.summary == "Fast complete")
            #expect(call.body == "You finished your 16:8 fast (Tom &amp; Jerry&#39;s &lt;fast&gt;).")
            #expect(call.hints["urgency"] == "1")
            #expect(call.hints["category"] == "x-chime.fasting")
            #expect(call.hints["desktop-entry"] == "chime")
            #expect(call.actionKeys.sorted() == ["default", "end-fast", "extend-1h"])
            #expect(call.timeout == 0)
            let history = try environment.history()
            #expect(history.count == 1)
            #expect(history.first?.id == Int(serverID))
            #expect(history.first?.summary == "Fast complete")
            #expect(history.first?.category == "x-chime.fasting")
            // dunst keeps the escaped text as markup and draws it literally.
            #expect(history.first?.message == "<b>Fast complete</b>\nYou finished your 16:8 fast (Tom &amp; Jerry&#39;s &lt;fast&gt;).")
        }
    }
}
