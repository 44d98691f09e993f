import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// A notification on screen follows what `chime` does to its request, with the real `chimed`
/// and a real server (dunst, or the one `NOTIFY_ENV_SERVER` names): `chime cancel` of a shown reminder closes its bubble (the server is asked to
/// close it), and a button on a bubble whose request was cancelled brings nothing back.
@Suite("chime, chimed and a notification server: a bubble follows its request", .serialized)
struct CliBubbleLifecycleTests {
    /// A desktop, a sandbox on it, a `chimed` answering there, a bus monitor, and a reminder
    /// `r-plants` shown on screen; the id dunst gave its bubble.
    struct Shown {
        let desktop: NotificationServerEnvironment
        let sandbox: CliSandbox
        let daemon: CliDaemonProcess
        let monitor: BusMonitor
        let store: Store
        let serverID: UInt32

        func stop() {
            monitor.stop()
            daemon.stop()
            desktop.stop()
        }
    }

    func showReminder(label: String) async throws -> Shown {
        let desktop = try NotificationServerEnvironment.start(label: label, server: .selected())
        let sandbox = CliSandbox()
        sandbox.environment.merge(desktop.variables) { $1 }
        let daemon = try CliDaemonProcess(sandbox: sandbox)
        try await daemon.waitUntilAnswering(within: 60)
        let monitor = try BusMonitor(environment: desktop)
        await sandbox.succeed("remind", "in", "2s", "water the plants", "--id", "r-plants")
        let store = try Store(environment: sandbox.environment)
        var serverID: UInt32?
        _ = try await Eventually.wait {
            let shown = try store.request(identifier: "remind/r-plants")
            serverID = shown?.state == .delivered ? shown?.serverID : nil
            return serverID != nil
        }
        let shown = Shown(desktop: desktop, sandbox: sandbox, daemon: daemon, monitor: monitor, store: store, serverID: serverID ?? 0)
        if serverID == nil {
            shown.stop()
            throw CliDaemonFailure(description: "the reminder was not shown within 20 s: \(daemon.log)")
        }
        return shown
    }

    /// The ids of the `CloseNotification` calls the server received.
    func closeCalls(_ monitor: BusMonitor) -> [UInt32] {
        monitor.rawMessages.compactMap { line in
            guard let message = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  message["type"] as? String == "method_call", message["member"] as? String == "CloseNotification",
                  let id = ((message["payload"] as? [String: Any])?["data"] as? [Any])?.first as? Int
            else { return nil }
            return UInt32(id)
        }
    }

    @Test("chime cancel of a shown reminder closes its bubble and says so", .timeLimit(.minutes(1)))
    func cancelClosesTheBubble() async throws {
        let shown = try await showReminder(label: "bubble-cancel")
        defer { shown.stop() }

        let cancelled = await shown.sandbox.succeed("cancel", "r-plants")
        #expect(cancelled.output == "Cancelled remind/r-plants, already shown: its notification on screen is closed\n")
        #expect(await shown.monitor.waitUntil(timeout: 10) { closeCalls($0) == [shown.serverID] }, "chimed log: \(shown.daemon.log)")
        #expect(await shown.monitor.waitUntil(timeout: 10) { $0.closedSignals.contains(.init(id: shown.serverID, reason: 3)) })
        #expect(try shown.store.request(identifier: "remind/r-plants")?.state == .cancelled)
        #expect(await shown.sandbox.succeed("list", "--json").output == "[]\n")
    }

    /// Whether the server under test lets a test pick a button by its label (dunst's menu).
    static let picksActionsByLabel = (try? NotificationServerEnvironment.Server.selected().picksActionsByLabel) ?? true

    @Test(
        "Snooze pressed on the bubble of a reminder cancelled meanwhile changes nothing, and chimed logs why", .timeLimit(.minutes(1)),
        .enabled(if: Self.picksActionsByLabel, "needs a server whose buttons a test can pick by label")
    )
    func staleSnoozeChangesNothing() async throws {
        let shown = try await showReminder(label: "bubble-stale")
        defer { shown.stop() }

        // chimed stopped: the cancel is stored, but the bubble is still on screen when the
        // user presses its Snooze; both reach chimed once it runs again.
        shown.daemon.send(SIGSTOP)
        let cancelled = await shown.sandbox.chime("cancel", "r-plants")
        #expect(cancelled.status == 0, "\(cancelled.errors)")
        try shown.desktop.invokeAction(labeled: "Snooze 10 min")
        // dunst picks the action from its menu on its own time: the click has happened once
        // the server sent it.
        let clicked = await shown.monitor.waitUntil(timeout: 10) { monitor in
            monitor.rawMessages.contains { $0.contains("\"member\":\"ActionInvoked\"") }
        }
        shown.daemon.send(SIGCONT)
        #expect(clicked, "dunst sent no ActionInvoked")

        let ignored = "action snooze on remind/r-plants ignored: it was cancelled"
        _ = await Eventually.wait { shown.daemon.log.contains(ignored) }
        #expect(shown.daemon.log.components(separatedBy: ignored).count == 2, "one line: \(shown.daemon.log)")
        #expect(await shown.monitor.waitUntil(timeout: 10) { $0.closedSignals.contains { $0.id == shown.serverID } }, "the bubble is gone: \(shown.daemon.log)")
        #expect(try shown.store.request(identifier: "remind/r-plants")?.state == .cancelled)
        #expect(await shown.sandbox.succeed("list", "--json").output == "[]\n")
    }

    @Test(
        "Snooze on a bubble closes it (dunst keeps a bubble after a button): the reminder comes back later as a new one", .timeLimit(.minutes(1)),
        .enabled(if: Self.picksActionsByLabel, "needs a server whose buttons a test can pick by label")
    )
    func snoozeClosesTheBubble() async throws {
        let shown = try await showReminder(label: "bubble-snooze")
        defer { shown.stop() }
        try shown.desktop.invokeAction(labeled: "Snooze 10 min")
        #expect(await shown.monitor.waitUntil(timeout: 10) { $0.closedSignals.contains(.init(id: shown.serverID, reason: 3)) }, "chimed log: \(shown.daemon.log)")
        // chimed records the close after the server's answer: polled, with a deadline.
        let forgotten = try await Eventually.wait { try shown.store.request(identifier: "remind/r-plants")?.serverID == nil }
        #expect(forgotten, "its next showing is a new bubble: \(shown.daemon.log)")
        #expect(try shown.store.request(identifier: "remind/r-plants")?.state == .pending)
        #expect(shown.daemon.log.contains("action snooze on remind/r-plants applied"))
    }
}
