import ChimeControl
import ChimeCore
import ChimeNotify
import ChimeTestSupport
import Foundation
import Testing

/// GNOME's notification-daemon, the real one, where it differs from what a server should do: it
/// keeps at most 20 bubbles and refuses the rest (`MaxNotificationsExceeded`), and a bubble it
/// reported closed can stay on screen with live buttons.
@Suite("chimed and notification-daemon's limits", .serialized)
struct DaemonCrowdedServerTests {
    func chime(_ bed: DaemonTestBed, _ arguments: String...) throws -> String {
        try ChildProcess.run(DaemonBinaries.path("chime"), arguments, environment: bed.sandbox.environment).output
    }

    func waitingForRoom(_ bed: DaemonTestBed) throws -> Int? {
        guard case .status(let status) = try bed.sandbox.ask(.status) else { return nil }
        return status.waitingForRoom
    }

    @Test("25 due at once: 21 shown (its limit), 4 wait for room as one state of the server; each closed bubble lets the next out; status and doctor say how many wait", .timeLimit(.minutes(2)))
    func fullServer() async throws {
        let bed = try await DaemonTestBed(dunst: "full", server: .notificationDaemon)
        defer { bed.stop() }
        let server = try bed.notificationServer()
        let monitor = try #require(bed.monitor)
        let due = Date().addingTimeInterval(0.5)
        var plan = ChangePlan()
        for number in 1...25 {
            plan.merge(DaemonRequests.reminder("crowd\(number)", text: "crowd \(number)", due: due.addingTimeInterval(Double(number) * 0.001)))
        }
        try bed.write(plan)

        // notification-daemon 3.20 takes 21 before it refuses.
        #expect(try await bed.sandbox.waitUntil(timeout: 30) { try waitingForRoom(bed) == 4 }, "\(bed.daemon.errors)")
        #expect(try bed.store.requestCount(in: .delivered) == 21)
        #expect(monitor.notifyCalls.count == 25, "each sent once; the refused ones wait without calls")
        let log = bed.daemon.errors
        #expect(log.components(separatedBy: "the notification server is full").count == 2, "said once: \(log)")
        #expect(!log.contains("could not show"), "no line per refused notification")
        let status = try chime(bed, "status")
        #expect(status.contains("The notification server is full: 4 notifications wait for room"), "\(status)")
        let json = try chime(bed, "status", "--format", "json")
        #expect(json.contains(#""waiting_for_room":4"#), "\(json)")
        let doctor = (try? chime(bed, "doctor")) ?? ""
        let daemonLine = doctor.split(separator: "\n").first { $0.contains("the notification server is full (4 waiting for room)") }
        #expect(daemonLine?.hasPrefix("warning") == true, "\(doctor)")
        #expect(doctor.contains("close some bubbles"), "\(doctor)")

        // The user dismisses one: one more comes, the server is full again.
        let open = monitor.openBubbleIDs
        try server.run("gdbus", [
            "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
            "--method", "org.freedesktop.Notifications.CloseNotification", String(try #require(open.first)),
        ])
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try waitingForRoom(bed) == 3 }, "\(bed.daemon.errors)")
        #expect(try bed.store.requestCount(in: .delivered) == 22)

        // All dismissed: the rest come one after another, and the log says when all are out.
        try await server.dismissAll(shownIn: monitor)
        #expect(try await bed.sandbox.waitUntil(timeout: 20) { try waitingForRoom(bed) == 0 && bed.store.requestCount(in: .delivered) == 25 }, "\(bed.daemon.errors)")
        #expect(bed.daemon.errors.contains("every notification that waited for room on the notification server has gone out"))
        #expect(bed.daemon.errors.components(separatedBy: "the notification server is full").count == 2)
        for number in 1...25 {
            #expect(monitor.notifyCalls.filter { $0.body == "crowd \(number)" }.map(\.replacesID).allSatisfy { $0 == 0 })
        }
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }

    @Test("a cancelled reminder notification-daemon leaves on screen: a real click on its Snooze changes nothing and is logged as ignored", .timeLimit(.minutes(1)))
    func staleSnoozeClick() async throws {
        let bed = try await DaemonTestBed(dunst: "stale", server: .notificationDaemon)
        defer { bed.stop() }
        let server = try bed.notificationServer()
        let monitor = try #require(bed.monitor)
        try bed.write(DaemonRequests.reminder("stale", text: "stale snooze", due: Date().addingTimeInterval(0.5)))
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try bed.store.request(identifier: "remind/stale")?.state == .delivered }, "\(bed.daemon.errors)")
        let id = try #require(try bed.store.request(identifier: "remind/stale")?.serverID)

        _ = try chime(bed, "cancel", "remind/stale")
        #expect(await monitor.waitUntil(timeout: 10) { $0.closedSignals.contains(BusMonitor.ClosedSignal(id: id, reason: 3)) }, "\(bed.daemon.errors)")
        // notification-daemon's own bug: the bubble it reported closed is still drawn.
        let window = try #require(try server.run("xdotool", ["search", "--onlyvisible", "--name", "^Notification$"])
            .split(separator: "\n").first.map(String.init), "the closed bubble is no longer on screen")
        let geometry = try server.run("xdotool", ["getwindowgeometry", "--shell", window])
        func value(_ name: String) -> Int? {
            geometry.split(separator: "\n").first { $0.hasPrefix("\(name)=") }.flatMap { Int($0.dropFirst(name.count + 1)) }
        }
        let x = try #require(value("X")), y = try #require(value("Y")), width = try #require(value("WIDTH")), height = try #require(value("HEIGHT"))
        // Its one button sits at the bottom right ("Snooze 10 min"), as notification-daemon 3.20 lays it out.
        try server.run("xdotool", ["mousemove", "--sync", String(x + width - 110), String(y + height - 39), "click", "1"])

        #expect(try await bed.sandbox.waitUntil(timeout: 10) {
            bed.daemon.errors.contains("action snooze on remind/stale ignored: it was cancelled")
        }, "the click did not reach chimed, or it was not logged: \(bed.daemon.errors)")
        #expect(try bed.store.request(identifier: "remind/stale")?.state == .cancelled, "nothing changed")
        #expect(try bed.store.pendingRequests().isEmpty, "no snooze")
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }
}
