import ChimeCore
import ChimeNotify
import ChimeTestSupport
import Foundation
import Synchronization
import Testing

/// LibNotifyNotifier against a real dunst on a private bus. libnotify is process-wide state, so
/// the suites below take turns (serialized), each with its own dunst.
@Suite(.serialized)
struct LibNotifyNotifierTests {
    static let attack = #"<b>bold</b> & <a href="file:///etc/passwd">x</a>"#

    static func makeNotifier(_ language: NotificationLanguage = .english) throws -> LibNotifyNotifier {
        try LibNotifyNotifier(configuration: .init(language: language))
    }

    @Suite(.notificationServer)
    struct ShowingAndReplacing {
        @Test func shownNotificationArrivesWithExactTextsAndHints() async throws {
            let environment = try NotificationServerScope.environment
            let mark = try environment.historyMark()
            let monitor = try BusMonitor(environment: environment)
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }

            let outcome = await notifier.deliver(Fixture.onTime(Fixture.fastEnd(tag: "Tom & Jerry's <fast>")))

            let serverID = try #require(outcome.shownID, "\(outcome)")
            #expect(await monitor.waitUntil { $0.notifyCalls.count == 1 })
            let call = try #require(monitor.notifyCalls.first)
            #expect(call.appName == "Chime")
            #expect(call.replacesID == 0)
            #expect(call.summary == "Fast complete")
            #expect(call.body == "You finished your 16:8 fast (Tom &amp; Jerry's &lt;fast&gt;).")
            #expect(call.hints["urgency"] == "1")
            #expect(call.hints["category"] == "x-chime.fasting")
            #expect(call.hints["desktop-entry"] == "chime")
            #expect(call.appIcon == "appointment-soon")
            // No "default": xfce4-notifyd would draw it as a button that does nothing.
            #expect(call.actionKeys.sorted() == ["end-fast", "extend-1h"])
            #expect(call.timeout == 0)
            let history = try environment.history(since: mark)
            #expect(history.count == 1)
            #expect(history.first?.id == Int(serverID))
            #expect(history.first?.summary == "Fast complete")
            #expect(history.first?.appName == "Chime")
            #expect(history.first?.category == "x-chime.fasting")
            // dunst keeps the escaped text as markup and draws it literally.
            #expect(history.first?.message == "<b>Fast complete</b>\nYou finished your 16:8 fast (Tom &amp; Jerry's &lt;fast&gt;).")
        }

        @Test func waterIsLowUrgencyWithItsAmountOnTheButton() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }

            #expect(await notifier.deliver(Fixture.onTime(Fixture.water(amount: "300"))).shownID != nil)

            #expect(await monitor.waitUntil { $0.notifyCalls.count == 1 })
            let call = try #require(monitor.notifyCalls.first)
            #expect(call.summary == "Time to drink water")
            #expect(call.body == "Drink <b>300</b> ml.")
            #expect(call.hints["urgency"] == "0")
            #expect(call.hints["category"] == "x-chime.water")
            #expect(call.timeout == -1)
            let buttons = Dictionary(uniqueKeysWithValues: stride(from: 0, to: call.actions.count, by: 2).map { (call.actions[$0], call.actions[$0 + 1]) })
            #expect(buttons == ["drank": "Drank 300 ml", "snooze-15m": "Snooze 15 min"])
            try environment.closeAll()
        }

        @Test func sameIdentifierTwiceLeavesOneNotificationWithTheSameServerID() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let request = Fixture.reminder(id: "remind/twice", text: "stretch")
            let mark = try environment.historyMark()

            let first = await notifier.deliver(Fixture.onTime(request))
            let second = await notifier.deliver(DeliveryJob(request: request, now: request.due.addingTimeInterval(7200), timeZone: Fixture.utc))

            let serverID = try #require(first.shownID, "\(first)")
            #expect(second == .shown(serverID: serverID))
            #expect(await monitor.waitUntil { $0.notifyCalls.count == 2 })
            #expect(monitor.notifyCalls.map(\.replacesID) == [0, serverID])
            let history = try environment.history(since: mark)
            #expect(history.map(\.id) == [Int(serverID)])
            #expect(history.first?.body == "stretch (due at 12:00, 2 h ago)")
        }

        @Test func aServerIDKnownFromTheStoreReplacesThatBubble() async throws {
            let environment = try NotificationServerScope.environment
            let request = Fixture.fastEnd(id: "fast/crash/end")
            let mark = try environment.historyMark()
            let before = try makeNotifier()
            let serverID = try #require(await before.deliver(Fixture.onTime(request)).shownID)
            before.shutdown()  // as if the daemon crashed after the server showed it

            let after = try makeNotifier()
            defer { after.shutdown() }
            let again = await after.deliver(Fixture.onTime(request, replacing: serverID))

            #expect(again == .shown(serverID: serverID))
            #expect(try environment.history(since: mark).map(\.id) == [Int(serverID)])
        }

        @Test func aBubbleWhoseIDWasNeverStoredIsReplacedThroughItsStackTag() async throws {
            let environment = try NotificationServerScope.environment
            let request = Fixture.fastEnd(id: "fast/lost-id/end")
            let mark = try environment.historyMark()
            let before = try makeNotifier()
            #expect(await before.deliver(Fixture.onTime(request)).shownID != nil)
            before.shutdown()  // as if the daemon died before it could store the id

            let after = try makeNotifier()
            defer { after.shutdown() }
            let again = try #require(await after.deliver(Fixture.onTime(request)).shownID)

            // dunst replaced the first bubble (same x-dunst-stack-tag): one bubble, not two.
            #expect(try environment.history(since: mark).map(\.id) == [Int(again)])
        }

        @Test func closingGivesCloseReasonThree() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let events = EventLog(notifier)
            let request = Fixture.fastEnd(id: "fast/closing/end")
            let serverID = try #require(await notifier.deliver(Fixture.onTime(request)).shownID)

            #expect(await notifier.close([serverID]) == .closed)

            let closed = await events.first { if case .closed = $0 { true } else { false } }
            #expect(closed == .closed(identifier: request.identifier, serverID: serverID, reason: .closedByCall))
            #expect(await monitor.waitUntil { $0.closedSignals.contains(.init(id: serverID, reason: 3)) })
        }

        @Test func closingAnIDFromBeforeARestartOfTheDaemon() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let before = try makeNotifier()
            let serverID = try #require(await before.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/old/end"))).shownID)
            before.shutdown()

            let after = try makeNotifier()
            defer { after.shutdown() }
            #expect(await after.close([serverID]) == .closed)

            #expect(await monitor.waitUntil { $0.closedSignals.contains(.init(id: serverID, reason: 3)) })
        }

        @Test(arguments: [("Drank 250 ml", ActionKey.drank), ("Snooze 15 min", .snoozeFifteenMinutes)])
        func pickingANamedActionDeliversItsKey(label: String, key: ActionKey) async throws {
            let environment = try NotificationServerScope.environment
            try environment.closeAll()
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let events = EventLog(notifier)
            let request = Fixture.water(id: "water/act/\(key.rawValue)")
            #expect(await notifier.deliver(Fixture.onTime(request)).shownID != nil)

            try environment.invokeAction(labeled: label)

            let action = await events.first { if case .actionInvoked = $0 { true } else { false } }
            #expect(action == .actionInvoked(identifier: request.identifier, action: key))
        }

        @Test func chineseTextsArriveIntact() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let mark = try environment.historyMark()
            let notifier = try makeNotifier(.simplifiedChinese)
            defer { notifier.shutdown() }

            let outcome = await notifier.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/zh/end", tag: "晨间🍵")))

            let serverID = try #require(outcome.shownID)
            #expect(await monitor.waitUntil { $0.notifyCalls.count == 1 })
            #expect(monitor.notifyCalls.first?.summary == "禁食完成")
            #expect(monitor.notifyCalls.first?.body == "你完成了 16:8 禁食（晨间🍵）。")
            let buttons = monitor.notifyCalls.first?.actions ?? []
            #expect(buttons.contains("结束禁食") && buttons.contains("延长 1 小时"))
            let entries = try environment.history(since: mark)
            #expect(entries.map(\.id) == [Int(serverID)])
            #expect(entries.first?.summary == "禁食完成")
        }

        @Test func markupInATagIsShownLiterallyNeverAsALink() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }

            let mark = try environment.historyMark()
            let outcome = await notifier.deliver(Fixture.onTime(Fixture.reminder(id: "remind/attack", text: LibNotifyNotifierTests.attack)))

            let serverID = try #require(outcome.shownID)
            #expect(await monitor.waitUntil { $0.notifyCalls.count == 1 })
            #expect(monitor.notifyCalls.first?.body == #"&lt;b&gt;bold&lt;/b&gt; &amp; &lt;a href="file:///etc/passwd"&gt;x&lt;/a&gt;"#)
            let entry = try #require(try environment.history(since: mark).first)
            #expect(entry.id == Int(serverID))
            // Had dunst parsed the tag, the message would hold a bold "bold" and the link text only.
            #expect(entry.message == #"<b>Reminder</b>\#n&lt;b&gt;bold&lt;/b&gt; &amp; &lt;a href="file:///etc/passwd"&gt;x&lt;/a&gt;"#)
        }

        @Test func anEightKiBTagIsCapped() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let tag = String(repeating: "t", count: 8192)

            #expect(await notifier.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/long/end", tag: tag))).shownID != nil)

            #expect(await monitor.waitUntil { $0.notifyCalls.count == 1 })
            let body = try #require(monitor.notifyCalls.first?.body)
            let shownTag = body.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }
            #expect(shownTag.utf8.count == NotificationText.maximumValueBytes)
            #expect(shownTag.hasSuffix("…"))
            #expect(body.utf8.count < 2 * NotificationText.maximumValueBytes)
            try environment.closeAll()
        }

        @Test func textWithANULIsRejectedAndNeverSent() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }

            let rejected = await notifier.deliver(Fixture.onTime(Fixture.reminder(id: "remind/nul", text: "a\0b")))
            let shown = await notifier.deliver(Fixture.onTime(Fixture.reminder(id: "remind/fine", text: "fine")))

            #expect(rejected == .rejected(reason: "the reminder text contains a NUL character: remove it"))
            #expect(shown.shownID != nil)
            #expect(await monitor.waitUntil { $0.notifyCalls.count == 1 })
            #expect(monitor.notifyCalls.map(\.body) == ["fine"])
            try environment.closeAll()
        }

        @Test func invalidUTF8ArrivesRepairedSoGLibNeverSeesIt() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let bytes: [UInt8] = [0x66, 0xFF, 0x61, 0x73, 0x74]  // "f\xFFast"

            // The command line refuses such bytes where they enter (ArgumentDecoder); past it, a
            // Swift string can only carry them repaired, so GLib never sees invalid UTF-8.
            let repaired = String(decoding: bytes, as: UTF8.self)
            #expect(await notifier.deliver(Fixture.onTime(Fixture.fastEnd(id: "fast/utf8/end", tag: repaired))).shownID != nil)
            #expect(await monitor.waitUntil { $0.notifyCalls.count == 1 })
            #expect(monitor.notifyCalls.first?.body == "You finished your 16:8 fast (f\u{FFFD}ast).")
            try environment.closeAll()
        }

        @Test func probeReportsTheServerAndItsCapabilities() async throws {
            let environment = try NotificationServerScope.environment
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }

            let probe = await notifier.probeResult()

            #expect(probe.status == .ready)
            #expect(probe.isBusReachable)
            #expect(probe.busAddress == environment.busAddress)
            #expect(probe.server?.name == "dunst")
            #expect(probe.server?.vendor == "knopwob")
            #expect(probe.server?.specificationVersion == "1.2")
            #expect(probe.server?.busName.hasPrefix(":") == true)
            #expect(probe.capabilities.contains("actions") && probe.capabilities.contains("body-markup"))
            // The bus's GUID (also in its address) tells this server from one with the same
            // unique name on a later bus.
            let guid = try #require(probe.server?.busGUID)
            #expect(guid.count == 32 && environment.busAddress.contains("guid=\(guid)"))
            #expect(probe.server?.instance == "\(guid)/\(probe.server?.busName ?? "")")
        }

        @Test func theGLibThreadCarriesItsName() throws {
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
            let names = tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
            #expect(names.contains(LibNotifyNotifier.threadName + "\n"))
        }

        @Test func aSecondNotifierInTheSameProcessIsRefused() throws {
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }
            #expect(throws: LibNotifyNotifier.SetupError.alreadyRunning) {
                try LibNotifyNotifier()
            }
        }
    }

    @Suite(.notificationServerWithoutMarkup)
    struct ServerWithoutMarkup {
        @Test func plainTextIsSentWhenTheServerParsesNoMarkup() async throws {
            let environment = try NotificationServerScope.environment
            let monitor = try BusMonitor(environment: environment)
            let notifier = try makeNotifier()
            defer { notifier.shutdown() }

            #expect(!(await notifier.probeResult().capabilities.contains("body-markup")))
            let outcome = await notifier.deliver(Fixture.onTime(Fixture.water(amount: "250", consumed: "500", goal: "2000")))
            let attack = await notifier.deliver(Fixture.onTime(Fixture.reminder(text: LibNotifyNotifierTests.attack)))

            #expect(outcome.shownID != nil && attack.shownID != nil, "\(outcome), \(attack)")
            #expect(await monitor.waitUntil { $0.notifyCalls.count == 2 })
            #expect(monitor.notifyCalls.map(\.body) == ["Drink 250 ml.\n500 of 2000 ml today.", LibNotifyNotifierTests.attack])
        }
    }

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

extension DeliveryOutcome {
    /// The server id of a shown notification.
    var shownID: UInt32? {
        if case .shown(let serverID) = self { return serverID }
        return nil
    }
}

/// A value set once from a completion and awaited by the test.
final class ResultBox<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    func set(_ value: Value) { stored.withLock { $0 = value } }

    /// Whether the value has come.
    var isSet: Bool { stored.withLock { $0 != nil } }

    /// The value, waiting for it (the completion comes from the notifier's threads) at most
    /// `timeout`; past it, records an issue saying so and throws, so a missing answer fails
    /// the test instead of hanging the run.
    func value(timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) async throws -> Value {
        _ = await Eventually.wait(within: timeout, checkingEvery: .milliseconds(5)) { isSet }
        if let value = stored.withLock({ $0 }) { return value }
        Issue.record("no result within \(timeout)", sourceLocation: sourceLocation)
        throw NoResult()
    }

    /// What ``value(timeout:sourceLocation:)`` throws when its deadline passes.
    struct NoResult: Error {}
}
