import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeStore

@Suite("Delivery state and the change sequence")
struct DeliveryTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "chime-store-tests")
    }
    let now = Fixture.now

    /// A store holding `requests`, and their row ids by identifier.
    func store(with requests: [NotificationRequest]) throws -> (Store, [String: Int64]) {
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: requests), now: now)
        let rows = try store.pendingRequests().map { ($0.request.identifier, $0.rowID) }
        return (store, Dictionary(uniqueKeysWithValues: rows))
    }

    @Test("the pending snapshot holds every pending row's effective due instant and deadline; a retry fires at its instant")
    func pendingSnapshot() throws {
        let (store, rows) = try store(with: [
            Fixture.request("a", due: now, tolerance: 10), Fixture.request("b", due: now.addingTimeInterval(60), tolerance: 0),
            Fixture.request("c", due: now, tolerance: 300),
        ])
        _ = try store.beginDelivery(rowIDs: [rows["a"]!, rows["c"]!], now: now)
        try store.retryDelivery(rowID: rows["c"]!, retryAt: now.addingTimeInterval(2), error: "no server")
        try store.completeDelivery(rowID: rows["a"]!, serverID: 1, at: now)

        let snapshot = try store.pendingSnapshot()
        #expect(snapshot.sequence == (try store.currentSequence()))
        var streamed: [PendingEntry] = []
        #expect(try store.forEachPending { streamed.append($0) } == snapshot.sequence)
        #expect(streamed == snapshot.entries)
        #expect(Set(snapshot.entries) == [
            PendingEntry(rowID: rows["b"]!, effectiveDue: now.addingTimeInterval(60), deadline: now.addingTimeInterval(60)),
            PendingEntry(rowID: rows["c"]!, effectiveDue: now.addingTimeInterval(2), deadline: now.addingTimeInterval(2)),
        ])
        let retried = try #require(try store.request(rowID: rows["c"]!))
        #expect(retried.effectiveDue == now.addingTimeInterval(2))
        #expect(retried.deadline == now.addingTimeInterval(2))
        #expect(retried.lastError == "no server")
        #expect(retried.attempts == 1)
    }

    @Test("a follow-up only adds requests that have no row: a cancelled, delivering or pending one stays as it is")
    func followUpNeverRevives() throws {
        let (store, rows) = try store(with: [
            Fixture.request("f/end/0", group: "f"), Fixture.request("f/nudge/0", group: "f", due: now),
            Fixture.request("f/eating/0", group: "f"), Fixture.request("f/other/0", group: "f"),
            Fixture.request("f/sent/0", group: "f", due: now),
        ])
        try store.apply(Fixture.plan(cancelling: ["f/end/0"]), now: now)
        _ = try store.beginDelivery(rowIDs: [rows["f/nudge/0"]!, rows["f/sent/0"]!], now: now)

        // The nudge is shown; re-deriving the fast yields the whole cycle again, and the next one.
        let moved = now.addingTimeInterval(7200)
        let followUp = Fixture.plan(requests: [
            Fixture.request("f/end/0", group: "f"), Fixture.request("f/eating/0", group: "f", due: moved),
            Fixture.request("f/sent/0", group: "f"), Fixture.request("f/end/1", group: "f"),
        ])
        #expect(try store.completeDelivery(rowID: rows["f/nudge/0"]!, serverID: 4, at: now, followUp: followUp))

        #expect(try store.request(identifier: "f/end/0")?.state == .cancelled, "cancelled by the user: stays cancelled")
        #expect(try store.request(identifier: "f/sent/0")?.state == .delivering, "on its way to the server: not reset")
        #expect(try store.request(identifier: "f/eating/0")?.request.due == now.addingTimeInterval(3600), "pending (maybe snoozed): kept")
        #expect(try store.request(identifier: "f/end/1")?.state == .pending, "new: added")
        #expect(try store.request(identifier: "f/other/0")?.state == .pending)

        // A change the user asks for (not a follow-up) may still bring a cancelled one back.
        try store.apply(Fixture.plan(requests: [Fixture.request("f/end/0", group: "f")]), now: now)
        #expect(try store.request(identifier: "f/end/0")?.state == .pending)
    }

    @Test("changes since a sequence return only the rows written after it")
    func changesSince() throws {
        let (store, rows) = try store(with: (0..<50).map { Fixture.request("r/\($0)", group: "g\($0 % 5)") })
        let start = try store.currentSequence()
        #expect(try store.changes(since: start).changes.isEmpty)
        #expect(try store.changes(since: start).latestSequence == start)

        let cancel = try store.apply(Fixture.plan(cancelling: ["r/7"]), now: now)
        let replace = try store.apply(Fixture.plan(requests: [Fixture.request("r/8", due: now.addingTimeInterval(99))]), now: now)
        let add = try store.apply(Fixture.plan(requests: [Fixture.request("new", group: "n")]), now: now)

        let all = try store.changes(since: start)
        #expect(all.latestSequence == add.sequence)
        #expect(all.changes.map(\.identifier) == ["r/7", "r/8", "new"])
        #expect(all.changes.map(\.sequence) == [cancel.sequence, replace.sequence, add.sequence])
        #expect(all.changes[0].state == .cancelled && all.changes[0].pendingEntry == nil)
        #expect(all.changes[1].pendingEntry == PendingEntry(rowID: rows["r/8"]!, effectiveDue: now.addingTimeInterval(99), deadline: now.addingTimeInterval(104)))
        #expect(try store.changes(since: replace.sequence).changes.map(\.identifier) == ["new"])

        // Rewriting a row again moves it to its latest sequence only.
        let again = try store.apply(Fixture.plan(requests: [Fixture.request("r/7")]), now: now)
        #expect(try store.changes(since: add.sequence).changes.map(\.identifier) == ["r/7"])
        #expect(try store.changes(since: start).changes.map(\.identifier) == ["r/8", "new", "r/7"])
        #expect(try store.changes(since: again.sequence).changes.isEmpty)
    }

    @Test("the change stream reads an index; the start-up load one pass over the table")
    func queriesUseIndexes() throws {
        let store = try openStore(in: directory)
        func plan(_ sql: String) throws -> [String] {
            try store.withConnection { (connection) throws(StoreError) -> [String] in
                try connection.query("EXPLAIN QUERY PLAN \(sql)", sql.contains("?") ? [.integer(0)] : []) { $0.text(3) }
            }
        }
        #expect(try plan(Store.changesQuery) == ["SEARCH requests USING INDEX requests_by_change (change_sequence>?)"])
        #expect(try plan(Store.pendingLoadQuery) == ["SCAN requests"])
    }

    @Test("beginning delivery takes only rows still pending and due, once")
    func beginDelivery() throws {
        let (store, rows) = try store(with: [
            Fixture.request("due", due: now), Fixture.request("later", due: now.addingTimeInterval(60)),
            Fixture.request("cancelled", due: now),
        ])
        try store.apply(Fixture.plan(cancelling: ["cancelled"]), now: now)
        let started = try store.beginDelivery(rowIDs: [rows["due"]!, rows["later"]!, rows["cancelled"]!, 999_999], now: now)
        #expect(started.map(\.request.identifier) == ["due"])
        #expect(started.first?.state == .delivering)
        #expect(started.first?.attempts == 1)
        #expect(try store.beginDelivery(rowIDs: [rows["due"]!], now: now).isEmpty, "a row already taken is not taken twice")
        #expect(try store.requests(rowIDs: [rows["later"]!, 424_242, rows["due"]!]).map(\.request.identifier) == ["later", "due"])
        #expect(try store.deliveringRequests().map(\.request.identifier) == ["due"])
    }

    @Test("a cancelled request is never delivered afterwards")
    func cancelledNeverDelivered() throws {
        let (store, rows) = try store(with: [Fixture.request("x", due: now), Fixture.request("y", due: now)])
        // Cancelled while pending: it cannot be taken.
        try store.apply(Fixture.plan(cancelling: ["x"]), now: now)
        #expect(try store.beginDelivery(rowIDs: [rows["x"]!], now: now.addingTimeInterval(10)).isEmpty)
        #expect(try store.completeDelivery(rowID: rows["x"]!, serverID: nil, at: now) == false)
        #expect(try store.request(identifier: "x")?.state == .cancelled)

        // Cancelled while on its way to the server: it is not counted delivered, and the bubble
        // that slipped out gets a close request.
        _ = try store.beginDelivery(rowIDs: [rows["y"]!], now: now)
        try store.apply(Fixture.plan(cancelling: ["y"]), now: now)
        let before = try store.currentSequence()
        #expect(try store.completeDelivery(rowID: rows["y"]!, serverID: 42, at: now) == false)
        let y = try #require(try store.request(identifier: "y"))
        #expect(y.state == .cancelled)
        #expect(y.serverID == 42 && y.closeRequested)
        #expect(try store.changes(since: before).changes.map(\.closeRequested) == [true])
        #expect(try store.deliveryHistory().isEmpty)
        #expect(try store.retryDelivery(rowID: rows["y"]!, retryAt: now, error: "late") == false)
        #expect(try store.request(identifier: "y")?.state == .cancelled)
    }

    @Test("completing a delivery records the server id and history, and applies the follow-up in the same transaction")
    func completeDelivery() throws {
        let (store, rows) = try store(with: [Fixture.request("water/1", group: "w", due: now, kind: .water)])
        _ = try store.beginDelivery(rowIDs: [rows["water/1"]!], now: now)
        var followUp = ChangePlan()
        followUp.requests = [Fixture.request("water/2", group: "w", due: now.addingTimeInterval(2700), kind: .water)]
        let before = try store.currentSequence()
        #expect(try store.completeDelivery(rowID: rows["water/1"]!, serverID: 17, at: now.addingTimeInterval(3), followUp: followUp))

        let delivered = try #require(try store.request(identifier: "water/1"))
        #expect(delivered.state == .delivered && delivered.serverID == 17)
        let next = try #require(try store.request(identifier: "water/2"))
        #expect(next.state == .pending)
        #expect(next.changeSequence == delivered.changeSequence, "one transaction stamps both rows")
        #expect(try store.currentSequence() == before + 1)
        let history = try store.deliveryHistory()
        #expect(history.count == 1)
        #expect(history.first?.identifier == "water/1")
        #expect(history.first?.outcome == .delivered)
        #expect(history.first?.serverID == 17)
        #expect(history.first?.kind == .water)
        #expect(history.first?.lateness == 3)
        #expect(try store.serverIDs(inGroup: "w") == [ShownNotification(rowID: delivered.rowID, serverID: 17)])

        // A second completion of the same row changes nothing and applies no follow-up.
        var another = ChangePlan()
        another.requests = [Fixture.request("water/3", group: "w")]
        #expect(try store.completeDelivery(rowID: rows["water/1"]!, serverID: 18, at: now, followUp: another) == false)
        #expect(try store.request(identifier: "water/3") == nil)
        #expect(try store.request(identifier: "water/1")?.serverID == 17)
    }

    @Test("a failing follow-up undoes the delivery record too")
    func followUpFailureRollsBack() throws {
        let (store, rows) = try store(with: [Fixture.request("a", due: now)])
        _ = try store.beginDelivery(rowIDs: [rows["a"]!], now: now)
        let before = try store.dump()
        var followUp = ChangePlan()
        followUp.cancelledIdentifiers = ["not-there"]
        #expect(throws: StoreError.self) { try store.completeDelivery(rowID: rows["a"]!, serverID: 1, at: now, followUp: followUp) }
        #expect(try store.dump() == before)
        #expect(try store.request(identifier: "a")?.state == .delivering)
    }

    @Test("a retried delivery goes back to pending with its retry instant and is not delivered")
    func retry() throws {
        let (store, rows) = try store(with: [Fixture.request("a", due: now)])
        _ = try store.beginDelivery(rowIDs: [rows["a"]!], now: now)
        #expect(try store.retryDelivery(rowID: rows["a"]!, retryAt: now.addingTimeInterval(4), error: "ServiceUnknown"))
        #expect(try store.beginDelivery(rowIDs: [rows["a"]!], now: now.addingTimeInterval(3)).isEmpty, "not before the retry instant")
        let second = try store.beginDelivery(rowIDs: [rows["a"]!], now: now.addingTimeInterval(4))
        #expect(second.map(\.attempts) == [2])
        #expect(try store.deliveryHistory().isEmpty)
        #expect(try store.retryDelivery(rowID: 12345, retryAt: now, error: "x") == false)
    }

    @Test("a missed request records why, with a history entry")
    func missed() throws {
        let (store, rows) = try store(with: [Fixture.request("a", due: now), Fixture.request("b", due: now)])
        #expect(try store.markMissed(rowID: rows["a"]!, reason: "expired", at: now.addingTimeInterval(90_000)))
        _ = try store.beginDelivery(rowIDs: [rows["b"]!], now: now)
        #expect(try store.markMissed(rowID: rows["b"]!, reason: "collapsed", at: now))
        #expect(try store.markMissed(rowID: rows["a"]!, reason: "again", at: now) == false)
        #expect(try store.request(identifier: "a")?.state == .missed)
        #expect(try store.request(identifier: "a")?.lastError == "expired")
        let history = try store.deliveryHistory()
        #expect(history.map(\.identifier) == ["a", "b"], "newest first")
        #expect(history.map(\.detail) == ["expired", "collapsed"])
        #expect(history.allSatisfy { $0.outcome == .missed })
        #expect(try store.deliveryHistory(since: now.addingTimeInterval(1)).map(\.identifier) == ["a"])
        #expect(try store.deliveryHistory(limit: 1).count == 1)
    }

    @Test("a missed request's follow-up is applied in the same transaction, and only when the row changed")
    func missedFollowUp() throws {
        let (store, rows) = try store(with: [Fixture.request("water/1", group: "w", due: now, kind: .water)])
        var followUp = ChangePlan()
        followUp.requests = [Fixture.request("water/2", group: "w", due: now.addingTimeInterval(2700), kind: .water)]
        let before = try store.currentSequence()
        #expect(try store.markMissed(rowID: rows["water/1"]!, reason: "outside-window", at: now, followUp: followUp))
        let missed = try #require(try store.request(identifier: "water/1"))
        let next = try #require(try store.request(identifier: "water/2"))
        #expect(missed.state == .missed && next.state == .pending)
        #expect(next.changeSequence == missed.changeSequence, "one transaction stamps both rows")
        #expect(try store.currentSequence() == before + 1)

        var another = ChangePlan()
        another.requests = [Fixture.request("water/3", group: "w")]
        #expect(try store.markMissed(rowID: rows["water/1"]!, reason: "again", at: now, followUp: another) == false)
        #expect(try store.request(identifier: "water/3") == nil)
    }

    @Test("forgetting server ids clears every id and close request; a cleared close forgets the id")
    func serverIDs() throws {
        let (store, rows) = try store(with: [Fixture.request("a", group: "g", due: now), Fixture.request("b", group: "g", due: now)])
        for stored in try store.beginDelivery(rowIDs: [rows["a"]!, rows["b"]!], now: now) {
            try store.completeDelivery(rowID: stored.rowID, serverID: UInt32(stored.rowID * 10), at: now)
        }
        try store.apply(Fixture.plan(closing: ["g"]), now: now)
        #expect(Set(try store.closeRequests().map(\.rowID)) == [rows["a"]!, rows["b"]!])

        try store.clearCloseRequest(rowID: rows["a"]!)
        #expect(try store.request(rowID: rows["a"]!)?.closeRequested == false)
        #expect(try store.request(rowID: rows["a"]!)?.serverID == nil)
        #expect(try store.closeRequests().map(\.rowID) == [rows["b"]!])
        // A second close of the group touches only bubbles still known.
        let before = try store.currentSequence()
        try store.apply(Fixture.plan(closing: ["g"]), now: now)
        #expect(try store.changes(since: before).changes.isEmpty)

        try store.forgetServerIDs()
        #expect(try store.closeRequests().isEmpty)
        #expect(try store.serverIDs(inGroup: "g").isEmpty)
        #expect(try store.request(rowID: rows["b"]!)?.state == .delivered)
    }
}
