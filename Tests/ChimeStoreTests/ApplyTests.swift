import ChimeCore
import ChimeTestSupport
import Foundation
import Synchronization
import Testing
@testable import ChimeStore

@Suite("Applying change plans")
struct ApplyTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "chime-store-tests")
    }
    let now = Fixture.now

    @Test("deleting a session and a logged glass; a glass already gone fails the whole plan")
    func deletions() throws {
        let store = try openStore(in: directory)
        var plan = ChangePlan()
        plan.sessions = [Fixture.session("f-1"), Fixture.session("f-2")]
        plan.intakes = [
            ChangePlan.LoggedIntake(scheduleID: "w-1", intake: WaterIntake(instant: now, amountML: 250)),
            ChangePlan.LoggedIntake(scheduleID: nil, intake: WaterIntake(instant: now.addingTimeInterval(-60), amountML: 100)),
        ]
        try store.apply(plan, now: now)
        let last = try #require(try store.lastLoggedIntake())
        #expect(last.logged.intake.amountML == 100, "the one logged last, though drunk earlier")

        var undo = ChangePlan()
        undo.deletedSessions = ["f-1"]
        undo.deletedIntakes = [last.record]
        try store.apply(undo, now: now)
        #expect(try store.sessions().map(\.id) == ["f-2"])
        #expect(try store.waterIntakes(since: .distantPast).map(\.amountML) == [250])

        var again = ChangePlan()
        again.deletedSessions = ["f-2"]
        again.deletedIntakes = [last.record]
        #expect { try store.apply(again, now: now) } throws: { ($0 as? StoreError)?.kind == .notFound }
        #expect(try store.sessions().map(\.id) == ["f-2"], "nothing of the plan applied")
    }

    @Test("records read back exactly as written")
    func recordsRoundTrip() throws {
        let store = try openStore(in: directory)
        var plan = ChangePlan()
        var rolling = Fixture.session("f-1", mode: .rolling)
        rolling.fastExtension = FastingSession.Extension(cycle: 3, seconds: 1800)
        plan.sessions = [rolling, Fixture.session("f-2", plan: FastingPlan(fasting: .hours(36), eating: nil), stoppedAt: now.addingTimeInterval(5))]
        plan.schedules = [Fixture.schedule("w-1")]
        plan.reminders = [OneOffReminder(id: "r-1", text: "stretch \"now\"\n", due: now.addingTimeInterval(0.123456789))]
        plan.intakes = [
            ChangePlan.LoggedIntake(scheduleID: "w-1", intake: WaterIntake(instant: now, amountML: 250)),
            ChangePlan.LoggedIntake(scheduleID: nil, intake: WaterIntake(instant: now.addingTimeInterval(1), amountML: 100)),
        ]
        try store.apply(plan, requestID: "req-1", now: now)

        #expect(try store.sessions() == plan.sessions)
        #expect(try store.session(id: "f-1") == rolling)
        #expect(try store.session(id: "missing") == nil)
        #expect(try store.waterSchedules() == plan.schedules)
        #expect(try store.waterSchedule(id: "w-1") == plan.schedules[0])
        #expect(try store.reminders() == plan.reminders)
        #expect(try store.reminder(id: "r-1") == plan.reminders[0])
        #expect(try store.intakes(since: .distantPast) == plan.intakes)
        #expect(try store.intakes(forSchedule: "w-1", since: .distantPast) == [plan.intakes[0].intake])
    }

    @Test("records with an existing id replace the old ones; deleted schedules go")
    func recordsReplacedByID() throws {
        let store = try openStore(in: directory)
        var plan = ChangePlan()
        plan.sessions = [Fixture.session("f-1")]
        plan.schedules = [Fixture.schedule("w-1")]
        plan.reminders = [OneOffReminder(id: "r-1", text: "one", due: now)]
        try store.apply(plan, now: now)

        var stopped = Fixture.session("f-1")
        stopped.stoppedAt = now.addingTimeInterval(60)
        stopped.fastExtension = FastingSession.Extension(cycle: 0, seconds: 3600)
        var changed = Fixture.schedule("w-1")
        changed.goalML = nil
        changed.pausedUntil = nil
        var second = ChangePlan()
        second.sessions = [stopped]
        second.schedules = [changed]
        second.reminders = [OneOffReminder(id: "r-1", text: "two", due: now.addingTimeInterval(5))]
        try store.apply(second, now: now)

        #expect(try store.sessions() == [stopped])
        #expect(try store.waterSchedules() == [changed])
        #expect(try store.reminders() == second.reminders)

        // Deleted before the schedules are written: one schedule gives way to another in one plan.
        var third = ChangePlan()
        third.deletedSchedules = ["w-1"]
        third.schedules = [Fixture.schedule("w-2")]
        try store.apply(third, now: now)
        #expect(try store.waterSchedules() == [Fixture.schedule("w-2")])
    }

    @Test("an added request is stored pending with a row id and the plan's sequence")
    func requestsAdded() throws {
        let store = try openStore(in: directory)
        let request = Fixture.request("remind/r-1", group: "r-1", text: "quote \" backslash \\ tab \t bell \u{7} emoji 🫖")
        let result = try store.apply(Fixture.plan(requests: [request]), requestID: "a", now: now)
        let stored = try #require(try store.request(identifier: "remind/r-1"))
        #expect(stored.request == request)
        #expect(stored.state == .pending)
        #expect(stored.rowID > 0)
        #expect(stored.attempts == 0)
        #expect(stored.serverID == nil && stored.lastError == nil && stored.retryAt == nil && !stored.closeRequested)
        #expect(stored.changeSequence == result.sequence)
        #expect(try store.request(rowID: stored.rowID) == stored)
        #expect(try store.request(identifier: "nothing") == nil)
    }

    @Test("every misfire policy survives the round trip", arguments: [
        MisfirePolicy.deliverLate(until: Fixture.now.addingTimeInterval(10)),
        .collapse(until: Fixture.now.addingTimeInterval(20)),
        .drop,
    ])
    func misfirePolicies(policy: MisfirePolicy) throws {
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: [Fixture.request("x", policy: policy)]), now: now)
        #expect(try store.request(identifier: "x")?.request.misfirePolicy == policy)
    }

    @Test("replacing an identifier updates its row in place, whatever its state")
    func replacingKeepsRow() throws {
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: [Fixture.request("x", due: now)]), now: now)
        let first = try #require(try store.request(identifier: "x"))
        _ = try store.beginDelivery(rowIDs: [first.rowID], now: now)
        try store.completeDelivery(rowID: first.rowID, serverID: 7, at: now)

        let replacement = Fixture.request("x", group: "other", due: now.addingTimeInterval(900), text: "later")
        let result = try store.apply(Fixture.plan(requests: [replacement]), now: now)
        let second = try #require(try store.request(identifier: "x"))
        #expect(second.rowID == first.rowID)
        #expect(second.request == replacement)
        #expect(second.state == .pending)
        #expect(second.attempts == 0)
        #expect(second.serverID == 7, "the bubble id stays, so the next showing replaces the old bubble")
        #expect(second.changeSequence == result.sequence)
        #expect(try store.requestCount(in: .pending) == 1)
    }

    @Test("every way back to pending keeps the row and the group index right", arguments: ["pending", "cancelled", "moved"])
    func replacementPaths(previous: String) throws {
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: [Fixture.request("x", group: "a", due: now), Fixture.request("y", group: "a")]), now: now)
        let rowID = try #require(try store.request(identifier: "x")).rowID
        if previous == "cancelled" { try store.apply(Fixture.plan(cancelling: ["x"]), now: now) }
        let group = previous == "moved" ? "b" : "a"
        let replacement = Fixture.request("x", group: group, due: now.addingTimeInterval(7), tolerance: 9, text: "new", policy: .drop)
        let result = try store.apply(Fixture.plan(requests: [replacement]), now: now)

        let stored = try #require(try store.request(identifier: "x"))
        #expect(stored.rowID == rowID)
        #expect(stored.request == replacement)
        #expect(stored.state == .pending)
        #expect(stored.changeSequence == result.sequence)
        #expect(try store.pendingRequests(inGroup: group).map(\.request.identifier).contains("x"))
        #expect(try store.pendingRequests(inGroup: "a").map(\.request.identifier) == (group == "a" ? ["x", "y"] : ["y"]))
        try store.apply(Fixture.plan(cancellingGroups: [group]), now: now)
        #expect(try store.request(identifier: "x")?.state == .cancelled)
    }

    @Test("cancelling by identifier and by group cancels only pending and delivering rows")
    func cancellations() throws {
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: [
            Fixture.request("a/1", group: "a", due: now), Fixture.request("a/2", group: "a"), Fixture.request("a/3", group: "a"),
            Fixture.request("b/1", group: "b"), Fixture.request("c/1", group: "c"),
        ]), now: now)
        let delivered = try #require(try store.request(identifier: "a/1"))
        _ = try store.beginDelivery(rowIDs: [delivered.rowID], now: now)
        try store.completeDelivery(rowID: delivered.rowID, serverID: 3, at: now)

        try store.apply(Fixture.plan(cancelling: ["b/1"], cancellingGroups: ["a", "nothing-here"]), now: now)
        #expect(try store.request(identifier: "a/1")?.state == .delivered)
        #expect(try store.request(identifier: "a/2")?.state == .cancelled)
        #expect(try store.request(identifier: "a/3")?.state == .cancelled)
        #expect(try store.request(identifier: "b/1")?.state == .cancelled)
        #expect(try store.pendingRequests().map(\.request.identifier) == ["c/1"])
    }

    @Test("cancelling an identifier with nothing pending fails and changes nothing else")
    func cancellingUnknownChangesNothing() throws {
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: [Fixture.request("a"), Fixture.request("b")]), now: now)

        for unknown in ["missing", "a"] {
            if unknown == "a" {
                // Already cancelled counts as nothing pending too.
                try store.apply(Fixture.plan(cancelling: ["a"]), now: now)
            }
            let snapshot = try store.dump()
            var plan = Fixture.plan(requests: [Fixture.request("c")], cancelling: ["b", unknown])
            plan.sessions = [Fixture.session("f-1")]
            let error = #expect(throws: StoreError.self) { try store.apply(plan, requestID: "cmd-\(unknown)", now: now) }
            #expect(error?.kind == .notFound)
            #expect(error?.message.contains("\"\(unknown)\"") == true)
            #expect(try store.dump() == snapshot)
        }
        #expect(try store.request(identifier: "b")?.state == .pending)
        #expect(try store.request(identifier: "c") == nil)
    }

    @Test("a failure after any step of a plan leaves every row as it was", arguments: Store.ApplyStep.allCases)
    func atomicity(failingAfter failingStep: Store.ApplyStep) throws {
        var configuration = Store.Configuration()
        configuration.afterApplyStep = { (step) throws(StoreError) in
            if step == failingStep { throw StoreError(.internalError, "injected failure after \(step)") }
        }
        let path = directory.appending("chime.db")
        do {
            // The baseline, written through a store without the failing hook.
            let store = try Store(path: path)
            var baseline = ChangePlan()
            baseline.sessions = [Fixture.session("f-0")]
            baseline.schedules = [Fixture.schedule("w-0")]
            baseline.requests = [Fixture.request("old/1", group: "old", due: now), Fixture.request("old/2", group: "old")]
            try store.apply(baseline, requestID: "baseline", now: now)
            let shown = try #require(try store.request(identifier: "old/1"))
            _ = try store.beginDelivery(rowIDs: [shown.rowID], now: now)
            try store.completeDelivery(rowID: shown.rowID, serverID: 9, at: now)
        }
        let store = try Store(path: path, configuration: configuration)
        let before = try store.dump()

        var plan = ChangePlan()
        plan.sessions = [Fixture.session("f-1"), Fixture.session("f-0", stoppedAt: now)]
        plan.schedules = [Fixture.schedule("w-1")]
        plan.deletedSchedules = ["w-0"]
        plan.reminders = [OneOffReminder(id: "r-1", text: "x", due: now)]
        plan.intakes = [ChangePlan.LoggedIntake(scheduleID: "w-1", intake: WaterIntake(instant: now, amountML: 200))]
        plan.cancelledIdentifiers = ["old/2"]
        plan.requests = [Fixture.request("new/1", group: "new"), Fixture.request("old/1", group: "old", text: "replaced")]
        plan.closedGroups = ["old"]
        let error = #expect(throws: StoreError.self) { try store.apply(plan, requestID: "failing", now: now) }
        #expect(error?.message == "injected failure after \(failingStep)")
        #expect(try store.dump() == before)

        // The request id was not consumed: the same command can run once the failure is gone.
        let healthy = try Store(path: path)
        let result = try healthy.apply(plan, requestID: "failing", now: now)
        #expect(!result.replayed)
        #expect(try healthy.request(identifier: "new/1")?.state == .pending)
        #expect(try healthy.request(identifier: "old/1")?.request.content.arguments[ContentArgument.text] == "replaced")
        #expect(try healthy.request(identifier: "old/2")?.state == .cancelled)
    }

    @Test("a replayed request id returns the first result and changes nothing")
    func replayedRequestID() throws {
        let path = directory.appending("chime.db")
        let first: ApplyResult
        do {
            let store = try Store(path: path)
            first = try store.apply(Fixture.plan(requests: [Fixture.request("a")]), requestID: "cmd-1", now: now)
            #expect(!first.replayed)
            let again = try store.apply(Fixture.plan(requests: [Fixture.request("a")]), requestID: "cmd-1", now: now)
            #expect(again == ApplyResult(sequence: first.sequence, replayed: true))
        }
        // After reopening, and with a different plan under the same id: still nothing applied.
        let store = try Store(path: path)
        let before = try store.dump()
        let replay = try store.apply(Fixture.plan(requests: [Fixture.request("b")], cancelling: ["a"]), requestID: "cmd-1", now: now)
        #expect(replay == ApplyResult(sequence: first.sequence, replayed: true))
        #expect(try store.dump() == before)
        #expect(try store.setSetting("fast.plan", to: "18:6", requestID: "cmd-1", now: now).replayed)
        #expect(try store.setting("fast.plan") == nil)
        // Without an id, or with a new one, plans apply.
        #expect(try !store.apply(Fixture.plan(requests: [Fixture.request("c")]), now: now).replayed)
        #expect(try store.apply(Fixture.plan(requests: [Fixture.request("d")]), requestID: "cmd-2", now: now).sequence == first.sequence + 2)
    }

    @Test("request ids older than the retention period are forgotten, the sequence keeps growing")
    func requestIDsExpire() throws {
        let store = try openStore(in: directory)
        try store.apply(ChangePlan(), requestID: "old", now: now)
        try store.forgetServerIDs()
        let later = now.addingTimeInterval(Store.requestIDRetention + 1)
        for index in 0..<(2 * Store.changeLogPruningInterval) {
            try store.apply(ChangePlan(), requestID: "new-\(index)", now: later)
        }
        #expect(try store.integer("SELECT count(*) FROM change_log WHERE request_id = 'old' OR request_id IS NULL") == 0)
        #expect(try store.integer("SELECT count(*) FROM change_log WHERE request_id LIKE 'new-%'") == 2 * Store.changeLogPruningInterval)
        #expect(try store.currentSequence() == 2 + 2 * Store.changeLogPruningInterval)
        #expect(try store.apply(ChangePlan(), requestID: "new-0", now: later).replayed)
        #expect(try !store.apply(ChangePlan(), requestID: "old", now: later).replayed, "forgotten ids apply again")
    }

    @Test("the newest change-log row is never pruned, so sequence numbers are never reused")
    func newestLogRowKept() throws {
        let store = try openStore(in: directory)
        for _ in 0..<Store.changeLogPruningInterval {
            try store.forgetServerIDs()
        }
        #expect(try store.integer("SELECT count(*) FROM change_log") == 1)
        #expect(try store.currentSequence() == Store.changeLogPruningInterval)
        #expect(try store.apply(ChangePlan(), now: now).sequence == Store.changeLogPruningInterval + 1)
    }

    @Test("closing a group requests closing every bubble of it that has a server id")
    func closedGroups() throws {
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: [
            Fixture.request("w/1", group: "w", due: now), Fixture.request("w/2", group: "w", due: now),
            Fixture.request("w/3", group: "w"), Fixture.request("x/1", group: "x", due: now),
        ]), now: now)
        let due = try store.pendingSnapshot().entries.filter { $0.effectiveDue <= now }.map(\.rowID)
        for stored in try store.beginDelivery(rowIDs: due, now: now) {
            try store.completeDelivery(rowID: stored.rowID, serverID: stored.request.identifier == "w/2" ? nil : UInt32(stored.rowID + 100), at: now)
        }
        let before = try store.currentSequence()
        let result = try store.apply(Fixture.plan(closing: ["w"]), now: now)
        let changes = try store.changes(since: before)
        #expect(changes.latestSequence == result.sequence)
        #expect(changes.changes.map(\.identifier) == ["w/1"])
        #expect(changes.changes.first?.closeRequested == true)
        #expect(try store.closeRequests().map(\.serverID) == [UInt32(try #require(try store.request(identifier: "w/1")).rowID + 100)])
        #expect(try store.request(identifier: "x/1")?.closeRequested == false)
        #expect(try store.request(identifier: "w/3")?.closeRequested == false)
    }

    @Test("settings are set, read, listed and removed")
    func settings() throws {
        let store = try openStore(in: directory)
        #expect(try store.setting("fast.plan") == nil)
        try store.setSetting("fast.plan", to: "18:6", requestID: "s1", now: now)
        try store.setSetting("water.amount", to: "300", now: now)
        try store.setSetting("fast.plan", to: "20:4", now: now)
        #expect(try store.setting("fast.plan") == "20:4")
        #expect(try store.settings() == ["fast.plan": "20:4", "water.amount": "300"])
        try store.setSetting("water.amount", to: nil, now: now)
        #expect(try store.settings() == ["fast.plan": "20:4"])
    }

    @Test("one store shared by several threads serialises their calls")
    func sharedAcrossThreads() throws {
        let store = try openStore(in: directory)
        let now = now
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for k in 0..<25 {
                do {
                    try store.apply(Fixture.plan(requests: [Fixture.request("t\(thread)/\(k)")]), requestID: "t\(thread)-\(k)", now: now)
                    _ = try store.pendingSnapshot()
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try store.requestCount(in: .pending) == 100)
        #expect(try store.currentSequence() == 100)
    }
}
