import ChimeControl
import ChimeCore
import ChimeTestSupport
import Foundation
import Testing

/// Ubuntu's notify-osd, the real one under Xvfb, where a close differs from what a server should
/// do: it answers `CloseNotification` and reports the bubble closed at once, yet leaves it drawn
/// until it expires, then reports it closed a second time, as expired (README's server table).
@Suite("chimed and notify-osd's closes", .serialized)
struct DaemonNotifyOSDCloseTests {
    /// The bubbles notify-osd draws now (its mapped windows named `notify-osd`), or nil when
    /// xdotool could not tell (a window went away while it looked: X's BadWindow).
    func drawnBubbles(_ server: NotificationServerEnvironment) throws -> [String]? {
        // xdotool exits 1 both when nothing matches (saying nothing) and on an X error (saying why).
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", #"xdotool search --onlyvisible --name '^notify-osd$'; echo "exit $?""#], environment: server.variables
        )
        var lines = result.output.split(separator: "\n").map(String.init)
        let status = lines.popLast()
        if status == "exit 0" { return lines }
        return status == "exit 1" && result.errors.isEmpty ? [] : nil
    }

    @Test("a cancelled reminder's bubble is reported closed but stays drawn until it expires; the later 'expired' changes nothing", .timeLimit(.minutes(1)))
    func closeLeavesTheBubbleUntilItExpires() async throws {
        let bed = try await DaemonTestBed(dunst: "osd-close", server: .notifyOSD)
        defer { bed.stop() }
        let server = try bed.notificationServer()
        let monitor = try #require(bed.monitor)
        try bed.write(DaemonRequests.reminder("osd", text: "water the plants", due: Date().addingTimeInterval(0.5)))
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try bed.store.request(identifier: "remind/osd")?.state == .delivered }, "\(bed.daemon.errors)")
        let id = try #require(try bed.store.request(identifier: "remind/osd")?.serverID)
        #expect(try await bed.sandbox.waitUntil(timeout: 5) { try drawnBubbles(server)?.count == 1 }, "the bubble was never drawn")

        let cancelled = try ChildProcess.run(DaemonBinaries.path("chime"), ["cancel", "remind/osd"], environment: bed.sandbox.environment)
        #expect(cancelled.output.contains("its notification on screen is closed"), "\(cancelled.output)")
        #expect(await monitor.waitUntil(timeout: 10) { $0.closedSignals.contains(BusMonitor.ClosedSignal(id: id, reason: 3)) }, "\(bed.daemon.errors)")
        // notify-osd's own behaviour: the bubble it reported closed is still drawn.
        #expect(try await bed.sandbox.waitUntil(timeout: 2) { try drawnBubbles(server)?.count == 1 }, "the closed bubble is no longer on screen")

        // It goes when it expires (notify-osd picks the time, about 10 s), reported once more.
        #expect(try await bed.sandbox.waitUntil(timeout: 30) { try drawnBubbles(server)?.isEmpty == true }, "the bubble never expired")
        #expect(await monitor.waitUntil(timeout: 5) { $0.closedSignals.contains(BusMonitor.ClosedSignal(id: id, reason: 1)) })
        #expect(try bed.store.request(identifier: "remind/osd")?.state == .cancelled, "the second report changed nothing")
        #expect(try bed.store.pendingRequests().isEmpty)
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }
}
