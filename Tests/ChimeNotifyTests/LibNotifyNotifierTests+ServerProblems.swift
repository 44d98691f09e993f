import ChimeCore
import ChimeNotify
import ChimeTestSupport
import Foundation
import Synchronization
import Testing

/// The notifier when the server is missing, goes away, stops answering or restarts. Part of
/// ``LibNotifyNotifierTests``, so it takes its turn with the other suites there.
extension LibNotifyNotifierTests {
    @Suite(.notificationServer)
    struct ServerProblems {
        /// How many method calls went to the notifications name since `monitor` started: it
        /// counts up to a marker call sent last, since the bus hands the monitor the messages
        /// in the order it routes them.
        static func callsToServer(_ environment: NotificationServerEnvironment, _ monitor: BusMonitor) async throws -> Int {
            let marker = "ChimeTestMarker"
            try ChildProcess.run("/usr/bin/env", [
                "dbus-send", "--session", "--type=method_call", "--dest=org.freedesktop.Notifications",
                "/org/freedesktop/Notifications", "org.freedesktop.Notifications.\(marker)",
            ], environment: environment.variables)
            let calls = {
                monitor.rawMessages.compactMap { line -> String? in
                    guard let message = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                          message["type"] as? String == "method_call" else { return nil }
                    return message["member"] as? String
                }
            }
            #expect(await monitor.waitUntil(timeout: 30) { _ in calls().contains(marker) })
            return calls().filter { $0 != marker }.count
        }

        @Test func noServerOnTheBusIsReportedWithoutACallThatCouldWait() async throws {
            let environment = try NotificationServerScope.environment
            try environment.stopServer()
            defer { try? environment.startServer() }
            let monitor = try BusMonitor(environment: environment)
            // A fresh notifier (bus connection included) asks the bus who owns the name and
            // stops there: nothing goes to the name, so nothing can wait on a D-Bus timeout or
            // start an activation.
            let fresh = try makeNotifier()
            #expect(await fresh.deliver(Fixture.onTime(Fixture.fastEnd())) == .serverUnavailable(.noServer))
            fresh.shutdown()
            #expect(try await Self.callsToServer(environment, monitor) == 0)

            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let probe = await notifier.probeResult()
            #expect(probe.status == .unavailable(.noServer))
            #expect(probe.isBusReachable)
        }

        @Test func aServerThatWentAwayAfterADeliveryIsReportedAsUnavailable() async throws {
            let environment = try NotificationServerScope.environment
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let events = EventLog(notifier)
            #expect(await notifier.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/vanish/end"))).shownID != nil)

            try environment.stopServer()
            defer { try? environment.startServer() }
            let monitor = try BusMonitor(environment: environment)
            // The notifier learns of the departure from the bus's signal, not from a query of
            // its own before the call; either way nothing may be sent to a server that is gone.
            let outcome = await notifier.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/vanish/end")))
            #expect(outcome == .serverUnavailable(.noServer))
            #expect(try await Self.callsToServer(environment, monitor) == 0)
            #expect(!events.all.contains(.serverAppeared))
        }

        @Test func noBusIsReportedAsSuch() async throws {
            let saved = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
            defer { if let saved { setenv("DBUS_SESSION_BUS_ADDRESS", saved, 1) } }
            for (address, expected) in [
                ("unix:path=/nonexistent/chime-test-bus", "busUnreachable"),
                (nil, "noSessionBus"),
            ] as [(String?, String)] {
                if let address { setenv("DBUS_SESSION_BUS_ADDRESS", address, 1) } else { unsetenv("DBUS_SESSION_BUS_ADDRESS") }
                // Reported as what it is, never as timed out: no call waited for an answer.
                let attempt = try makeNotifier()
                let outcome = await attempt.deliver(Fixture.onTime(Fixture.fastEnd()))
                attempt.shutdown()
                switch (outcome, expected) {
                case (.serverUnavailable(.busUnreachable), "busUnreachable"), (.serverUnavailable(.noSessionBus), "noSessionBus"): break
                default: Issue.record("expected \(expected), got \(outcome)")
                }

                let notifier = try makeNotifier()
                defer { notifier.shutdown() }
                #expect(await notifier.probeResult().isBusReachable == false)
            }
        }

        @Test func aStoppedServerTimesOutWithoutEverBlockingTheCaller() async throws {
            let environment = try NotificationServerScope.environment
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let request = Fixture.fastEnd(id: "fast/hung/end")
            #expect(await notifier.deliver(Fixture.onTime(Fixture.water(id: "water/warm-up"))).shownID != nil)
            let mark = try environment.historyMark()
            let monitor = try BusMonitor(environment: environment)
            let server = try environment.serverPID()
            kill(server, SIGSTOP)
            var resumed = false
            defer { if !resumed { kill(server, SIGCONT) } }

            // The hung call can only be answered by its watchdog, seconds later: that it is not
            // answered when `deliver` returns shows the calling thread did not wait for it.
            let outcome = ResultBox<DeliveryOutcome>()
            notifier.deliver(Fixture.onTime(request)) { outcome.set($0) }
            #expect(!outcome.isSet, "the calling thread waited for the hung call")

            // A call behind the hung one stops waiting once that one counts as hung, before the
            // hung call's own watchdog answers it; later ones are refused as busy too (at once:
            // ServerCallGateTests). Neither is sent to the stopped server.
            #expect(await notifier.deliver(Fixture.onTime(Fixture.reminder(text: "queued"))) == .serverBusy)
            #expect(!outcome.isSet, "the queued call waited for the hung call's watchdog")
            #expect(await notifier.deliver(Fixture.onTime(Fixture.reminder(text: "later"))) == .serverBusy)
            // The hung call itself times out: its watchdog is the configured one, 5 s at most.
            #expect(LibNotifyNotifier.Configuration(language: .english).watchdog <= LibNotifyNotifier.Configuration.maximumWatchdog)
            #expect(try await outcome.value() == .timedOut)

            kill(server, SIGCONT)
            resumed = true

            // The stuck call finishes once dunst runs again; the daemon retries later.
            var retried = DeliveryOutcome.serverBusy
            _ = await Eventually.wait {
                retried = await notifier.deliver(Fixture.onTime(request))
                return retried != .serverBusy
            }
            let serverID = try #require(retried.shownID, "\(retried)")
            // The late answer to the timed-out call showed a bubble; the retry is answered with
            // its id and sends nothing: one Notify, one bubble.
            let history = try environment.history(since: mark).filter { $0.summary == "Fast complete" }
            #expect(history.map(\.id) == [Int(serverID)])
            #expect(monitor.notifyCalls.filter { $0.summary == "Fast complete" }.count == 1)
        }

        @Test func aRestartedServerMakesEveryStoredIDStale() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let events = EventLog(notifier)
            let request = Fixture.fastEnd(id: "fast/restart/end")
            #expect(await notifier.deliver(Fixture.onTime(request)).shownID != nil)

            try environment.stopServer()
            try environment.startServer()

            #expect(await events.first { $0 == .serverChanged } != nil)
            let again = await notifier.deliver(Fixture.onTime(request))
            #expect(again.shownID != nil, "\(again)")
            #expect(await monitor.waitUntil { $0.notifyCalls.count == 2 })
            // A fresh bubble: the old id would hit whatever the new server numbered so.
            #expect(monitor.notifyCalls.map(\.replacesID) == [0, 0])
            #expect(events.all.filter { $0 == .serverChanged }.count == 1)
        }

        @Test func aServerAppearingAfterNoneIsReportedSoWaitingDeliveriesCanGo() async throws {
            let environment = try NotificationServerScope.environment
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let events = EventLog(notifier)
            try environment.stopServer()
            let absent = await notifier.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/appear/end")))
            #expect(absent == .serverUnavailable(.noServer))

            try environment.startServer()
            #expect(await events.first { $0 == .serverAppeared } != nil)
            #expect(await notifier.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/appear/end"))).shownID != nil)
            #expect(events.all.filter { $0 == .serverAppeared }.count == 1)
        }

        @Test func aServerRestartIsNoticedByTheNextDelivery() async throws {
            let environment = try NotificationServerScope.environment
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let events = EventLog(notifier)
            #expect(await notifier.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/restart2/end"))).shownID != nil)

            try environment.stopServer()
            try environment.startServer()
            let again = await notifier.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/restart2/end")))

            #expect(again.shownID != nil)
            // The bus's NameOwnerChanged signals reached the notifier thread before this
            // delivery: the event comes before the outcome of the first delivery to the new server.
            #expect(events.all.contains(.serverChanged))
        }
    }
}
