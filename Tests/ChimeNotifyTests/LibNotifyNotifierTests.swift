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
}
