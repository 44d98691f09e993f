import ChimeControl
import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Synchronization
import Testing

@Suite("Scheduler: waking, nudges and the clock")
struct SchedulerTests {
    let start = SchedulerHarness.start

    @Test("with nothing pending the timer stays disarmed, and the start is ready at once")
    func idleStart() throws {
        let harness = try SchedulerHarness()
        try harness.start()
        #expect(harness.timer.armedDeadline == nil)
        #expect(harness.timer.armCount == 0)
        #expect(harness.scheduler.status().pendingCount == 0)
        #expect(harness.scheduler.status().notificationServer == "available", "the start probes the server")
    }

    @Test("the log writes instants in the local zone with their offset, never as bare UTC")
    func logInstantsAreLocal() throws {
        let harness = try SchedulerHarness(zone: TimeZone(identifier: "Europe/Berlin")!)
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60), tolerance: 5)), now: start)
        try harness.start()
        // 09:31 UTC is 10:31 in Berlin in January.
        #expect(harness.logLines.value.contains { $0.contains("next wake at 2026-01-15T10:31:00.000+01:00") }, "\(harness.logLines.value)")
    }

    @Test("requests whose windows overlap fire in one wake, at the latest due instant before the earliest deadline")
    func coalescedWake() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(
            Requests.reminder("a", due: start.addingTimeInterval(60), tolerance: 10),
            Requests.reminder("b", due: start.addingTimeInterval(65), tolerance: 10),
            Requests.reminder("c", due: start.addingTimeInterval(100), tolerance: 5)
        ), now: start)
        try harness.scheduler.start()
        #expect(harness.timer.armedDeadline == start.addingTimeInterval(65), "armed when start returns, before any answer")
        harness.settle()
        #expect(harness.timer.armedDeadline == start.addingTimeInterval(65), "b's due instant, inside a's window")

        harness.advance(to: start.addingTimeInterval(65))
        #expect(harness.wakeCount == 1)
        #expect(harness.deliveredIdentifiers == ["remind/a", "remind/b"])
        #expect(harness.notifier.deliveries.allSatisfy { $0.now == start.addingTimeInterval(65) })
        #expect(harness.notifier.deliveries.allSatisfy { !$0.isLate })
        #expect(harness.timer.armedDeadline == start.addingTimeInterval(100), "c alone: on its due instant")

        harness.advance(to: start.addingTimeInterval(200))
        #expect(harness.wakeCount == 2)
        #expect(harness.deliveredIdentifiers == ["remind/a", "remind/b", "remind/c"])
        #expect(harness.timer.armedDeadline == nil, "nothing pending: nothing wakes the daemon")
        for identifier in ["remind/a", "remind/b", "remind/c"] {
            let stored = try #require(try harness.stored(identifier))
            #expect(stored.state == .delivered)
            #expect(stored.serverID != nil)
        }
        #expect(try harness.store.deliveryHistory().count == 3)
        #expect(try harness.isInSync())
    }

    @Test("the timer is re-armed only when the earliest deadline changes")
    func rearmOnlyOnChange() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        #expect(harness.timer.armCount == 1)
        // A later request leaves the earliest deadline alone.
        try harness.write(Requests.plan(Requests.reminder("later", due: start.addingTimeInterval(600))))
        #expect(harness.timer.armCount == 1)
        // An earlier one moves it.
        try harness.write(Requests.plan(Requests.reminder("sooner", due: start.addingTimeInterval(30))))
        #expect(harness.timer.armCount == 2)
        #expect(harness.timer.armedDeadline == start.addingTimeInterval(30))
    }

    @Test("a request cancelled before it is due is never delivered, and the timer is disarmed")
    func cancelBeforeDue() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        #expect(harness.timer.armedDeadline != nil)

        try harness.write(Requests.cancelling(groups: "a"))
        #expect(harness.timer.armedDeadline == nil)
        #expect(harness.scheduler.pendingCount == 0)
        harness.advance(by: 3600)
        #expect(harness.notifier.deliveries.isEmpty)
        #expect(try harness.stored("remind/a")?.state == .cancelled)
    }

    @Test("a request cancelled in the store but not yet nudged is still never delivered")
    func cancelWithoutNudge() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        // The CLI wrote, but its nudge has not arrived before the timer fires.
        try harness.store.apply(Requests.cancelling(groups: "a"), now: start)
        harness.advance(by: 3600)
        #expect(harness.notifier.deliveries.isEmpty)
        #expect(harness.timer.armedDeadline == nil)
        #expect(try harness.isInSync())
    }

    @Test("a request added in the store without a nudge is taken in at the next wake")
    func addWithoutNudge() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        // The CLI wrote a request due before the armed wake, but its nudge was lost.
        try harness.store.apply(Requests.plan(Requests.reminder("b", due: start.addingTimeInterval(30))), now: start)
        #expect(harness.timer.armedDeadline == start.addingTimeInterval(60))
        harness.advance(to: start.addingTimeInterval(60))
        #expect(Set(harness.deliveredIdentifiers) == ["remind/a", "remind/b"])
        #expect(harness.notifier.deliveries.count == 2)
        #expect(harness.wakeCount == 1, "both in the one wake: the wake read the store first")
        #expect(try harness.isInSync())
    }

    @Test("a replaced request is delivered once, at its new time")
    func replace() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        try harness.write(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(120))))
        #expect(harness.timer.armedDeadline == start.addingTimeInterval(120))

        harness.advance(to: start.addingTimeInterval(100))
        #expect(harness.notifier.deliveries.isEmpty)
        harness.advance(to: start.addingTimeInterval(1000))
        #expect(harness.deliveredIdentifiers == ["remind/a"])
        #expect(harness.notifier.deliveries.first?.now == start.addingTimeInterval(120))
    }

    @Test("the nudge is answered with the sequence applied, after re-arming; the scheduler's own writes never loop")
    func nudgeAnswer() throws {
        let harness = try SchedulerHarness()
        try harness.start()
        let written = try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        #expect(harness.timer.armedDeadline == nil)
        let answer = harness.scheduler.applyChanges(upTo: written.sequence)
        #expect(answer == .changeApplied(sequence: written.sequence))
        #expect(harness.timer.armedDeadline == start.addingTimeInterval(60), "armed before answering")
        let status = harness.scheduler.status()
        #expect(status.pendingCount == 1)
        #expect(status.lastAppliedSequence == written.sequence)
        #expect(status.armedDeadline == start.addingTimeInterval(60))

        harness.advance(by: 120)
        // Beginning and completing the delivery wrote twice; the scheduler has followed both.
        #expect(harness.scheduler.lastAppliedSequence == (try harness.store.currentSequence()))
        #expect(harness.scheduler.applyChanges(upTo: 0) == .changeApplied(sequence: harness.scheduler.lastAppliedSequence))
        #expect(try harness.isInSync())
    }

    @Test("a clock set forward delivers the overdue requests late, once, as the misfire policy says")
    func clockJumpForward() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(
            Requests.reminder("soon", due: start.addingTimeInterval(60)),
            Requests.reminder("short-grace", due: start.addingTimeInterval(120), grace: 600),
            Requests.reminder("tomorrow", due: start.addingTimeInterval(86_400))
        ), now: start)
        try harness.start()

        // The clock is set two hours ahead; the kernel reports it (ECANCELED) before any expiry.
        harness.clock.set(to: start.addingTimeInterval(7200))
        harness.scheduler.clockChanged()
        harness.settle()
        #expect(harness.deliveredIdentifiers == ["remind/soon"])
        #expect(harness.notifier.deliveries.first?.isLate == true)
        let dropped = try #require(try harness.stored("remind/short-grace"))
        #expect(dropped.state == .missed)
        #expect(dropped.lastError == MisfireResolver.DropReason.expired.rawValue)
        #expect(harness.timer.armedDeadline == start.addingTimeInterval(86_400))

        // Firing again at the same instant delivers nothing twice.
        harness.scheduler.clockChanged()
        harness.settle()
        #expect(harness.notifier.deliveries.count == 1)
        #expect(try harness.isInSync())
    }

    @Test("a clock set back delivers nothing early and nothing twice")
    func clockJumpBack() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(
            Requests.reminder("a", due: start.addingTimeInterval(60)),
            Requests.reminder("b", due: start.addingTimeInterval(3600))
        ), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(120))
        #expect(harness.deliveredIdentifiers == ["remind/a"])

        harness.clock.set(to: start.addingTimeInterval(-7200))
        harness.scheduler.clockChanged()
        harness.settle()
        #expect(harness.deliveredIdentifiers == ["remind/a"])
        #expect(harness.timer.armedDeadline == start.addingTimeInterval(3600), "b keeps its wall-clock due instant")

        harness.advance(to: start.addingTimeInterval(3599))
        #expect(harness.deliveredIdentifiers == ["remind/a"])
        harness.advance(to: start.addingTimeInterval(3600))
        #expect(harness.deliveredIdentifiers == ["remind/a", "remind/b"])
        #expect(harness.notifier.deliveries.last?.isLate == false)
    }

    @Test("a wake long after the armed deadline (suspend) reloads and applies the misfire policy, recording why")
    func suspendLikeLateWake() throws {
        let harness = try SchedulerHarness()
        let planner = FastingPlanner()
        // A 16 h fast with a nudge 1 h before its end, and a reminder.
        let session = FastingSession(id: "f1", plan: .standard, start: start.addingTimeInterval(-15 * 3600 - 1800), remindBefore: [.hours(1)])
        var plan = try planner.start(session, existing: [], replace: false, now: start.addingTimeInterval(-15 * 3600 - 1800))
        plan.requests.append(Requests.reminder("r", due: start.addingTimeInterval(60)))
        try harness.store.apply(plan, now: start)
        try harness.start()
        #expect(Set(try harness.pendingIdentifiers()) == ["fast/f1/end", "remind/r"])
        #expect(harness.deliveredIdentifiers == ["fast/f1/before-1h"], "the nudge was due 30 min ago: caught up at start, late")

        // Suspended for three hours: the timer fires once, at resume.
        harness.jump(to: start.addingTimeInterval(3 * 3600))
        #expect(harness.wakeCount == 1)
        #expect(harness.deliveredIdentifiers == ["fast/f1/before-1h", "remind/r", "fast/f1/end"])
        #expect(harness.notifier.deliveries.dropFirst().allSatisfy { $0.isLate })
        #expect(harness.logLines.value.contains { $0.contains("reloading from the store") })
        #expect(harness.timer.armedDeadline == nil)
    }

    @Test("a nudge whose fast ended during the suspend is dropped as expired")
    func suspendDropsNudge() throws {
        let harness = try SchedulerHarness()
        let session = FastingSession(id: "f2", plan: .standard, start: start.addingTimeInterval(-14 * 3600), remindBefore: [.hours(1)])
        try harness.store.apply(try FastingPlanner().start(session, existing: [], replace: false, now: start.addingTimeInterval(-14 * 3600)), now: start)
        try harness.start()
        harness.jump(to: start.addingTimeInterval(5 * 3600))
        #expect(harness.deliveredIdentifiers == ["fast/f2/end"])
        let nudge = try #require(try harness.stored("fast/f2/before-1h"))
        #expect(nudge.state == .missed)
        #expect(nudge.lastError == "expired")
        let history = try harness.store.deliveryHistory()
        #expect(history.contains { $0.identifier == "fast/f2/before-1h" && $0.outcome == .missed && $0.detail == "expired" })
    }

    @Test("status reports the armed deadline, the pending count, the server and the applied sequence")
    func status() throws {
        let harness = try SchedulerHarness()
        harness.notifier.probeResult = ServerProbe(status: .unavailable(.noServer))
        try harness.store.apply(Requests.plan(
            Requests.reminder("a", due: start.addingTimeInterval(60)), Requests.reminder("b", due: start.addingTimeInterval(90))
        ), now: start)
        try harness.start()
        let status = harness.scheduler.status(daemon: DaemonIdentity(pid: 7, version: "test"))
        #expect(status.armedDeadline == start.addingTimeInterval(60))
        #expect(status.pendingCount == 2)
        #expect(status.notificationServer == "absent")
        #expect(status.lastAppliedSequence == (try harness.store.currentSequence()))
        #expect(status.daemon == DaemonIdentity(pid: 7, version: "test"))
    }
}
