import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

@Suite("Scheduler: delivery outcomes, retries, crashes and closes")
struct SchedulerDeliveryTests {
    let start = SchedulerHarness.start

    @Test("retry backoff doubles from 1 s to 60 s by attempt")
    func backoff() {
        let backoff = RetryBackoff()
        #expect((1...9).map { backoff.delay(afterAttempt: $0) } == [1, 2, 4, 8, 16, 32, 60, 60, 60])
        #expect(backoff.delay(afterAttempt: 0) == 1)
        #expect(backoff.delay(afterAttempt: 10_000) == 60)
    }

    @Test("without a server a request is retried with backoff 1, 2, 4 ... 60 s, never counted as delivered, and shown once a server appears")
    func retriesUntilServerAppears() throws {
        let serverUp = Box(false)
        let harness = try SchedulerHarness(response: .scripted { _ in
            serverUp.value ? .shown(serverID: 42) : .serverUnavailable(.noServer)
        })
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(60))
        #expect(harness.notifier.deliveries.count == 1)

        var waits: [TimeInterval] = []
        for attempt in 1...8 {
            let stored = try #require(try harness.stored("remind/a"))
            #expect(stored.state == .pending)
            #expect(stored.attempts == attempt)
            #expect(stored.lastError == ServerUnavailability.noServer.description)
            let retryAt = try #require(stored.retryAt)
            waits.append(retryAt.timeIntervalSince(harness.now))
            #expect(harness.timer.armedDeadline == retryAt, "a retry fires at its instant, not at the end of a new tolerance")
            #expect(harness.scheduler.status().notificationServer == "absent")
            harness.advance(to: retryAt)
            #expect(harness.notifier.deliveries.count == attempt + 1)
        }
        #expect(waits == [1, 2, 4, 8, 16, 32, 60, 60])
        #expect(try harness.store.deliveryHistory().isEmpty, "a failed attempt is never recorded as delivered")

        serverUp.value = true
        let stored = try #require(try harness.stored("remind/a"))
        harness.advance(to: try #require(stored.retryAt))
        let delivered = try #require(try harness.stored("remind/a"))
        #expect(delivered.state == .delivered)
        #expect(delivered.serverID == 42)
        #expect(delivered.attempts == 10)
        #expect(try harness.store.deliveryHistory().map(\.outcome) == [.delivered])
        #expect(harness.notifier.deliveries.last?.isLate == true)
        #expect(harness.scheduler.status().notificationServer == "available")
        #expect(harness.timer.armedDeadline == nil)
    }

    @Test("a server appearing sends every waiting retry at once instead of after its backoff")
    func serverAppearedExpeditesRetries() throws {
        let serverUp = Box(false)
        let harness = try SchedulerHarness(response: .scripted { _ in
            serverUp.value ? .shown(serverID: 7) : .serverUnavailable(.noServer)
        })
        try harness.store.apply(Requests.plan(
            Requests.reminder("a", due: start.addingTimeInterval(60)), Requests.reminder("b", due: start.addingTimeInterval(3600))
        ), now: start)
        try harness.start()
        // Six failed attempts: the next retry is 32 s away.
        harness.advance(to: start.addingTimeInterval(60))
        for _ in 1..<6 { harness.advance(to: try #require(try harness.stored("remind/a")?.retryAt)) }
        let waiting = try #require(try harness.stored("remind/a"))
        #expect(waiting.attempts == 6)
        #expect(try #require(waiting.retryAt).timeIntervalSince(harness.now) == 32)

        serverUp.value = true
        harness.notifier.send(.serverAppeared)
        harness.receive(1)
        #expect(harness.timer.armedDeadline == harness.now, "the waiting retry is due now")
        harness.advance(to: harness.now)
        #expect(try harness.stored("remind/a")?.state == .delivered)
        #expect(try harness.stored("remind/b")?.state == .pending, "requests not yet due are left alone")
        #expect(try harness.isInSync())
    }

    @Test("a hung server (timed out) and a busy one are retried too; a rejected text is missed with its reason")
    func otherOutcomes() throws {
        let harness = try SchedulerHarness(response: .scripted { job in
            switch job.request.group {
            case "hung": return .timedOut
            case "busy": return .serverBusy
            default: return .rejected(reason: "the text holds a NUL character")
            }
        })
        try harness.store.apply(Requests.plan(
            Requests.reminder("hung", due: start.addingTimeInterval(60)),
            Requests.reminder("busy", due: start.addingTimeInterval(60)),
            Requests.reminder("bad", due: start.addingTimeInterval(60))
        ), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(60))
        #expect(try harness.stored("remind/hung")?.retryAt == start.addingTimeInterval(61))
        #expect(try harness.stored("remind/busy")?.retryAt == start.addingTimeInterval(61))
        let rejected = try #require(try harness.stored("remind/bad"))
        #expect(rejected.state == .missed)
        #expect(rejected.lastError == "rejected: the text holds a NUL character")
        #expect(harness.scheduler.status().notificationServer == "not-responding")
    }

    @Test("a delivery interrupted by a crash is shown again at start, replacing its bubble, and recorded once")
    func crashRecovery() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        let shownAs = try #require(try harness.stored("remind/a")?.serverID)
        // Moved later after it was shown: the row keeps its bubble's id.
        try harness.write(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(120))))

        // The daemon that takes it next dies with the delivery on its way to the server.
        try harness.restart(response: .manual)
        harness.advance(to: start.addingTimeInterval(125))
        #expect(harness.notifier.waitingCount == 1)
        #expect(try harness.stored("remind/a")?.state == .delivering)

        harness.clock.set(to: start.addingTimeInterval(130))
        try harness.restart()
        #expect(harness.notifier.deliveries.count == 1)
        #expect(harness.notifier.deliveries.first?.replacesServerID == shownAs)
        let stored = try #require(try harness.stored("remind/a"))
        #expect(stored.state == .delivered)
        #expect(stored.serverID == shownAs)
        #expect(try harness.store.deliveryHistory().filter { $0.identifier == "remind/a" }.count == 2, "once per showing, not per attempt")
        #expect(try harness.isInSync())
    }

    @Test("an interrupted delivery whose grace has run out by the restart is recorded as missed")
    func crashRecoveryPastGrace() throws {
        let harness = try SchedulerHarness(response: .manual)
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60), grace: 600)), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        #expect(try harness.stored("remind/a")?.state == .delivering)

        harness.clock.set(to: start.addingTimeInterval(3600))
        try harness.restart()
        #expect(harness.notifier.deliveries.isEmpty)
        #expect(try harness.stored("remind/a")?.state == .missed)
        #expect(try harness.stored("remind/a")?.lastError == "expired")
    }

    @Test("a request cancelled while on its way to the server has its bubble closed")
    func cancelledInFlight() throws {
        let harness = try SchedulerHarness(response: .manual)
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        try harness.store.apply(Requests.cancelling(groups: "a"), now: harness.now)
        #expect(harness.notifier.completeNext(with: .shown(serverID: 9)))
        harness.receive(1)
        #expect(harness.notifier.closedServerIDs == [9])
        let stored = try #require(try harness.stored("remind/a"))
        #expect(stored.state == .cancelled)
        #expect(stored.closeRequested == false)
        #expect(stored.serverID == nil)
        #expect(try harness.isInSync())
    }

    @Test("a close requested by the CLI closes the bubble and clears the request")
    func closeRequested() throws {
        let harness = try SchedulerHarness()
        let session = FastingSession(id: "f", plan: FastingPlan(fasting: .hours(1), eating: .hours(8)), start: start)
        try harness.store.apply(try FastingPlanner().start(session, existing: [], replace: false, now: start), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(3610))
        let shown = try #require(try harness.stored("fast/f/end")?.serverID)

        // `chime fast stop` during the eating window closes the fast's bubbles.
        let stored = try #require(try harness.store.session(id: "f"))
        try harness.write(try FastingPlanner().stop(stored, now: harness.now))
        #expect(harness.notifier.closedServerIDs == [shown])
        let row = try #require(try harness.stored("fast/f/end"))
        #expect(row.closeRequested == false)
        #expect(row.serverID == nil)
        #expect(try harness.isInSync())
    }

    @Test("close requests left from before a restart are carried out at start")
    func closeRequestsAtStart() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        let shown = try #require(try harness.stored("remind/a")?.serverID)
        var plan = ChangePlan()
        plan.closedGroups = ["a"]
        try harness.store.apply(plan, now: harness.now)
        try harness.restart()
        #expect(harness.notifier.closedServerIDs == [shown])
        #expect(try harness.store.closeRequests().isEmpty)
    }

    @Test("a server restart forgets every stored bubble id")
    func serverChanged() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        #expect(try harness.stored("remind/a")?.serverID != nil)
        harness.notifier.send(.serverChanged)
        harness.receive(1)
        #expect(try harness.stored("remind/a")?.serverID == nil)
        #expect(try harness.isInSync())
    }

    @Test("after a restart, bubble ids of a server process that no longer runs are neither replaced nor closed")
    func staleServerIDsAfterRestart() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(
            Requests.reminder("a", due: start.addingTimeInterval(60)), Requests.reminder("b", due: start.addingTimeInterval(60))
        ), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        #expect(try harness.stored("remind/a")?.serverID != nil && harness.stored("remind/b")?.serverID != nil)

        // While chimed is stopped, the user snoozes a (its row keeps the bubble's id) and asks
        // for b's bubble to be closed; meanwhile the notification server was restarted, and
        // its ids now belong to other applications' bubbles.
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(120))), now: harness.now)
        var close = ChangePlan()
        close.closedGroups = ["b"]
        try harness.store.apply(close, now: harness.now)
        try harness.restart(probe: Self.probe(busName: ":1.9", busGUID: "0123456789abcdef0123456789abcdef"))

        #expect(harness.notifier.closedServerIDs.isEmpty, "no stale id is closed")
        #expect(try harness.stored("remind/b")?.serverID == nil)
        #expect(try harness.store.closeRequests().isEmpty)
        harness.advance(to: start.addingTimeInterval(125))
        #expect(harness.deliveredIdentifiers == ["remind/a"])
        #expect(harness.notifier.deliveries.first?.replacesServerID == nil, "a new bubble, not another application's")
        #expect(try harness.store.setting(Scheduler.serverInstanceSetting) == "0123456789abcdef0123456789abcdef/:1.9")
        #expect(try harness.isInSync())
    }

    @Test("a server change clears the record of whose ids are stored; the next probe names the new server, whose ids a restart keeps")
    func serverChangeRecordsTheNewServer() throws {
        let harness = try SchedulerHarness()
        try harness.start()
        #expect(try harness.store.setting(Scheduler.serverInstanceSetting) == ":test")
        let newServer = Self.probe(busName: ":1.20", busGUID: "")
        harness.notifier.probeResult = newServer
        harness.notifier.send(.serverChanged)
        harness.receive(1)
        #expect(try harness.store.setting(Scheduler.serverInstanceSetting) == ":1.20")

        try harness.write(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))))
        harness.advance(to: start.addingTimeInterval(65))
        let shownAs = try #require(try harness.stored("remind/a")?.serverID)
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(120))), now: harness.now)
        try harness.restart(probe: newServer)
        harness.advance(to: start.addingTimeInterval(125))
        #expect(harness.notifier.deliveries.first?.replacesServerID == shownAs, "the same server: the bubble is replaced in place")
    }

    @Test("with no server at start, no stored id is kept")
    func noServerAtStart() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(120))), now: harness.now)
        try harness.restart(probe: ServerProbe(status: .unavailable(.noServer)))
        #expect(try harness.stored("remind/a")?.serverID == nil)
        #expect(try harness.store.setting(Scheduler.serverInstanceSetting) == nil)
    }

    private static func probe(busName: String, busGUID: String) -> ServerProbe {
        ServerProbe(
            status: .ready,
            server: ServerInformation(name: "dunst", vendor: "knopwob", version: "1.9.0", specificationVersion: "1.2", busName: busName, busGUID: busGUID),
            capabilities: ["actions", "body", "body-markup"]
        )
    }

    @Test("stopping disarms the timer, ignores later wakes, and still records answers in flight")
    func stop() throws {
        let harness = try SchedulerHarness(response: .manual)
        try harness.store.apply(Requests.plan(
            Requests.reminder("a", due: start.addingTimeInterval(60)), Requests.reminder("b", due: start.addingTimeInterval(600))
        ), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        harness.scheduler.stop()
        #expect(harness.timer.armedDeadline == nil)
        #expect(harness.notifier.completeNext(with: .shown(serverID: 3)))
        harness.receive(1)
        #expect(try harness.stored("remind/a")?.state == .delivered)
        #expect(harness.timer.armedDeadline == nil)
        harness.clock.set(to: start.addingTimeInterval(700))
        harness.scheduler.timerFired()
        #expect(harness.notifier.deliveries.count == 1)
    }
}
