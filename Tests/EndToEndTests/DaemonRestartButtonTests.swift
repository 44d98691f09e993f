import ChimeCore
import ChimeTestSupport
import Foundation
import Testing

/// Buttons on bubbles shown before chimed restarted: a server sends `ActionInvoked` only to the
/// connection that showed the bubble, so the new process shows them again in place.
@Suite("chimed restarted with bubbles on screen", .serialized)
struct DaemonRestartButtonTests {
    /// Whether the server under test gets bubbles that stay, with buttons (not notify-osd).
    static let serverKeepsBubblesWithButtons = (try? NotificationServerEnvironment.Server.selected().keepsBubblesWithButtons) ?? true

    @Test(
        "a button on a bubble shown before a restart works, and the bubble keeps its place", .timeLimit(.minutes(1)),
        .enabled(if: Self.serverKeepsBubblesWithButtons, "the server gets no bubbles with buttons that stay")
    )
    func buttonWorksAfterRestart() async throws {
        let bed = try await DaemonTestBed(dunst: "restart-button")
        defer { bed.stop() }
        let store = bed.store
        let monitor = try BusMonitor(environment: try bed.notificationServer())
        defer { monitor.stop() }

        try bed.write(DaemonRequests.reminder("button", text: "water the plants", due: Date().addingTimeInterval(0.5)))
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "remind/button")?.state == .delivered }, "\(bed.daemon.errors)")
        let shownAs = try #require(try store.request(identifier: "remind/button")?.serverID)
        bed.daemon.kill()

        let second = try await bed.startDaemon()
        #expect(await monitor.waitUntil(timeout: 10) { $0.notifyCalls.contains { $0.replacesID == shownAs } }, "\(second.errors)")
        #expect(monitor.notifyCalls.filter { $0.body.contains("water the plants") }.map(\.replacesID) == [0, shownAs])

        #expect(monitor.notifyCalls.last?.actions.contains("Snooze 10 min") == true)
        // The new process gets the click: the reminder is snoozed. (Only where a test can pick a
        // button by its label; elsewhere the replacement above is what hands the buttons over.)
        if try bed.notificationServer().server.picksActionsByLabel {
            try bed.notificationServer().invokeAction(labeled: "Snooze 10 min")
            #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "remind/button")?.state == .pending }, "\(second.errors)")
            #expect(second.errors.contains("action snooze on remind/button applied"), "\(second.errors)")
        }
        second.send(SIGTERM)
        #expect(await second.waitForExit() == 0)
    }

    @Test(
        "a bubble dismissed while chimed was down does not come back", .timeLimit(.minutes(1)),
        .enabled(if: Self.serverKeepsBubblesWithButtons, "the server gets no bubbles with buttons that stay")
    )
    func dismissedWhileDown() async throws {
        let bed = try await DaemonTestBed(dunst: "restart-dismissed")
        defer { bed.stop() }
        let store = bed.store
        try bed.write(DaemonRequests.reminder("dismissed", text: "already seen", due: Date().addingTimeInterval(0.5)))
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "remind/dismissed")?.state == .delivered }, "\(bed.daemon.errors)")
        let shownAs = try #require(try store.request(identifier: "remind/dismissed")?.serverID)
        bed.daemon.kill()
        try await bed.dismissAll()
        let monitor = try BusMonitor(environment: try bed.notificationServer())
        defer { monitor.stop() }

        let second = try await bed.startDaemon()
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "remind/dismissed")?.serverID == nil }, "\(second.errors)")
        // dunst lists it among the closed ones, so nothing is sent; a server that cannot tell
        // answers the replacement with a new id, and that copy is closed at once.
        #expect(await monitor.waitUntil(timeout: 5) { $0.openBubbleIDs.isEmpty }, "\(second.errors)")
        #expect(!monitor.bubbles.contains { $0.id == shownAs }, "\(second.errors)")
        second.send(SIGTERM)
        #expect(await second.waitForExit() == 0)
    }

    @Test("when the server restarted too, no stale bubble comes back", .timeLimit(.minutes(1)))
    func serverRestartedToo() async throws {
        let bed = try await DaemonTestBed(dunst: "restart-both")
        defer { bed.stop() }
        let store = bed.store
        try bed.write(DaemonRequests.reminder("stale", text: "gone with the server", due: Date().addingTimeInterval(0.5)))
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "remind/stale")?.state == .delivered }, "\(bed.daemon.errors)")
        bed.daemon.kill()
        try bed.notificationServer().stopServer()
        try bed.notificationServer().startServer()
        let monitor = try BusMonitor(environment: try bed.notificationServer())
        defer { monitor.stop() }

        let second = try await bed.startDaemon()
        _ = try bed.sandbox.ask(.status)
        // Ready and answering: its start-up is over, and it sent nothing.
        #expect(monitor.notifyCalls.isEmpty, "\(second.errors)")
        #expect(try store.request(identifier: "remind/stale")?.serverID == nil)
        second.send(SIGTERM)
        #expect(await second.waitForExit() == 0)
    }
}
