import ChimeControl
import ChimeCore
import ChimeNotify
import ChimeTestSupport
import Foundation
import Testing

/// A server that answers each Notify only after 30 s or 90 s, longer than libnotify waits (25 s):
/// no real server does that on demand, so `scripts/scripted-notify-server.py --notify-delay`
/// plays it, drawing the bubble when it answers and listing every bubble it ever made. One
/// bubble per request, recorded as shown, its buttons working, and a cancel closing it, also
/// when the request was cancelled before the bubble came, and across a restart of chimed. The
/// tests mostly wait for the server, each in an environment of its own: they run side by side.
@Suite("chimed and a server that answers late")
struct DaemonSlowServerTests {
    /// The bubbles the scripted server made for `text`, open or closed.
    func bubbles(_ server: NotificationServerEnvironment, showing text: String) throws -> [NotificationServerEnvironment.ScriptedBubble] {
        try server.scriptedBubbles().filter { $0.body.contains(text) }
    }

    func chime(_ bed: DaemonTestBed, _ arguments: String...) throws -> String {
        try ChildProcess.run(DaemonBinaries.path("chime"), arguments, environment: bed.sandbox.environment).output
    }

    @Test("answers after 30 s: one bubble per request, each sent once and recorded as shown, its button works, a cancel closes it", .timeLimit(.minutes(3)))
    func thirtySeconds() async throws {
        let bed = try await DaemonTestBed(dunst: "slow30", server: .scripted, notifyDelay: 30)
        defer { bed.stop() }
        let server = try bed.notificationServer()
        let monitor = try #require(bed.monitor)
        let due = Date().addingTimeInterval(0.5)
        var plan = DaemonRequests.reminder("s1", text: "first slow", due: due)
        plan.merge(DaemonRequests.reminder("s2", text: "second slow", due: due))
        try bed.write(plan)

        #expect(try await bed.sandbox.waitUntil(timeout: 150) {
            try bed.store.request(identifier: "remind/s1")?.state == .delivered && bed.store.request(identifier: "remind/s2")?.state == .delivered
        }, "\(bed.daemon.errors)")
        for text in ["first slow", "second slow"] {
            #expect(try bubbles(server, showing: text).count == 1, "\(text): \((try? server.scriptedBubbles()) ?? [])")
            #expect(monitor.notifyCalls.filter { $0.body.contains(text) }.count == 1, "\(text) was sent once")
        }
        let first = try #require(try bubbles(server, showing: "first slow").first)
        #expect(try bed.store.request(identifier: "remind/s1")?.serverID == first.id)

        // The bubble chimed adopted late has working buttons.
        let second = try #require(try bubbles(server, showing: "second slow").first)
        try server.invokeScriptedAction(id: second.id, key: ActionKey.snooze.rawValue)
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { bed.daemon.errors.contains("action snooze on remind/s2 applied") }, "\(bed.daemon.errors)")

        let cancelled = try chime(bed, "cancel", "remind/s1")
        #expect(cancelled.contains("remind/s1"), "\(cancelled)")
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try bubbles(server, showing: "first slow").first?.isOpen == false })
        #expect(try server.scriptedBubbles().count == 2, "no bubble was ever added")
        #expect(!bed.daemon.errors.contains("closing bubble"), "nothing surplus to close")
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }

    @Test("answers after 90 s: a request cancelled before its bubble came has that bubble closed; the other is shown once", .timeLimit(.minutes(4)))
    func ninetySeconds() async throws {
        let bed = try await DaemonTestBed(dunst: "slow90", server: .scripted, notifyDelay: 90)
        defer { bed.stop() }
        let server = try bed.notificationServer()
        let monitor = try #require(bed.monitor)
        let due = Date().addingTimeInterval(0.5)
        var plan = DaemonRequests.reminder("gone", text: "cancelled meanwhile", due: due)
        plan.merge(DaemonRequests.reminder("kept", text: "kept waiting", due: due.addingTimeInterval(0.1)))
        try bed.write(plan)
        // Sent, and given up on by libnotify: its bubble is still to come.
        #expect(try await bed.sandbox.waitUntil(timeout: 40) { bed.daemon.errors.contains("could not show remind/gone") }, "\(bed.daemon.errors)")
        _ = try chime(bed, "cancel", "remind/gone")
        #expect(try bed.store.request(identifier: "remind/gone")?.state == .cancelled)

        #expect(try await bed.sandbox.waitUntil(timeout: 100) { try bubbles(server, showing: "cancelled meanwhile").first?.isOpen == false },
                "\((try? server.scriptedBubbles()) ?? [])\n\(bed.daemon.errors)")
        #expect(bed.daemon.errors.contains("which the server showed after chimed stopped waiting: it was cancelled meanwhile"))
        #expect(try await bed.sandbox.waitUntil(timeout: 100) { try bed.store.request(identifier: "remind/kept")?.state == .delivered }, "\(bed.daemon.errors)")
        for text in ["cancelled meanwhile", "kept waiting"] {
            #expect(try bubbles(server, showing: text).count == 1, "\(text)")
            #expect(monitor.notifyCalls.filter { $0.body.contains(text) }.count == 1, "\(text) was sent once")
        }
        #expect(try bubbles(server, showing: "kept waiting").first?.isOpen == true)
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }

    @Test("across a restart: the bubble shown late is taken over in place when the server answers, and a cancel then closes it; nothing is added", .timeLimit(.minutes(3)))
    func acrossRestart() async throws {
        let bed = try await DaemonTestBed(dunst: "slow-restart", server: .scripted, notifyDelay: 30)
        defer { bed.stop() }
        let server = try bed.notificationServer()
        try bed.write(DaemonRequests.reminder("r", text: "outlives chimed", due: Date().addingTimeInterval(0.5)))
        #expect(try await bed.sandbox.waitUntil(timeout: 70) { try bed.store.request(identifier: "remind/r")?.state == .delivered }, "\(bed.daemon.errors)")
        let bubble = try #require(try bubbles(server, showing: "outlives chimed").first)
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)

        let second = try await bed.startDaemon()
        // Shown again in its place, answered late: this chimed owns it then.
        #expect(try await bed.sandbox.waitUntil(timeout: 70) {
            second.errors.contains("bubble \(bubble.id) of remind/r was shown again after all")
        }, "\(second.errors)")
        #expect(!second.errors.contains("its buttons stay with the process that showed it"))
        _ = try chime(bed, "cancel", "remind/r")
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try bubbles(server, showing: "outlives chimed").first?.isOpen == false }, "\(second.errors)")
        #expect(try server.scriptedBubbles().count == 1, "\((try? server.scriptedBubbles()) ?? [])")
        second.send(SIGTERM)
        #expect(await second.waitForExit() == 0)
    }
}
