import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeStore

/// A bubble never outlives its request: the store closes what a plan cancels, moves or replaces,
/// in the same transaction.
@Suite("Applying change plans: bubbles on screen")
struct BubbleLifecycleTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "chime-store-tests")
    }
    let now = Fixture.now

    /// A store whose requests `shown` are delivered now (each as bubble row id + 100, or with
    /// no server id for those in `withoutBubble`), and whose `later` ones are pending.
    func store(shown: [NotificationRequest], withoutBubble: Set<String> = [], later: [NotificationRequest] = []) throws -> Store {
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: shown + later), now: now)
        let due = try store.pendingSnapshot().entries.filter { $0.effectiveDue <= now }.map(\.rowID)
        for stored in try store.beginDelivery(rowIDs: due, now: now) {
            let serverID = withoutBubble.contains(stored.request.identifier) ? nil : UInt32(stored.rowID + 100)
            try store.completeDelivery(rowID: stored.rowID, serverID: serverID, at: now)
        }
        return store
    }

    @Test("cancelling the identifier of a request shown with its bubble on screen cancels it and asks for the close")
    func cancellingAShownRequest() throws {
        let store = try store(shown: [Fixture.request("remind/r1", group: "r1", due: now)])
        let shown = try #require(try store.request(identifier: "remind/r1"))
        #expect(shown.isOnScreen)
        #expect(shown.staleBubbleReason == nil)

        try store.apply(Fixture.plan(cancelling: ["remind/r1"]), now: now)
        let cancelled = try #require(try store.request(identifier: "remind/r1"))
        #expect(cancelled.state == .cancelled)
        #expect(cancelled.closeRequested)
        #expect(!cancelled.isOnScreen)
        #expect(cancelled.staleBubbleReason == "it was cancelled")
        #expect(try store.closeRequests().map(\.serverID) == [UInt32(shown.rowID + 100)])
        // Its delivery stays in the history: it was shown.
        #expect(try store.deliveryHistory(limit: 10).map(\.identifier) == ["remind/r1"])
    }

    @Test("a shown request whose bubble is gone cannot be cancelled: nothing of the plan is applied")
    func cancellingAShownRequestWithoutBubble() throws {
        let store = try store(shown: [Fixture.request("remind/r1", group: "r1", due: now)], withoutBubble: ["remind/r1"])
        let before = try store.dump()
        var plan = Fixture.plan(requests: [Fixture.request("other/1", group: "other")], cancelling: ["remind/r1"])
        plan.closedGroups = ["r1"]
        let error = #expect(throws: StoreError.self) { try store.apply(plan, now: now) }
        #expect(error?.kind == .notFound)
        #expect(try store.dump() == before)
        #expect(try store.request(identifier: "remind/r1")?.state == .delivered)
    }

    @Test("cancelling a group cancels what is pending, closing the bubble a pending row still has; shown rows stay delivered")
    func cancellingAGroup() throws {
        let store = try store(shown: [
            Fixture.request("w/1", group: "w", due: now), Fixture.request("w/2", group: "w", due: now),
        ], later: [Fixture.request("w/3", group: "w")])
        // w/2 was shown, then moved later (a nag, a snooze): pending again, its bubble kept.
        try store.apply(Fixture.plan(requests: [Fixture.request("w/2", group: "w", due: now.addingTimeInterval(600))]), now: now)
        let snoozed = try #require(try store.request(identifier: "w/2"))
        #expect(snoozed.state == .pending && snoozed.serverID != nil)

        try store.apply(Fixture.plan(cancellingGroups: ["w"]), now: now)
        #expect(try store.request(identifier: "w/1")?.state == .delivered)
        #expect(try store.request(identifier: "w/1")?.closeRequested == false)
        #expect(try store.request(identifier: "w/2")?.state == .cancelled)
        #expect(try store.request(identifier: "w/2")?.closeRequested == true)
        #expect(try store.request(identifier: "w/3")?.state == .cancelled)
        #expect(try store.request(identifier: "w/3")?.closeRequested == false, "no bubble, nothing to close")
        #expect(try store.closeRequests().map(\.serverID) == [snoozed.serverID])
    }

    @Test("closing an identifier asks for the close of that bubble only, after the request is replaced in the same plan")
    func closingAnIdentifier() throws {
        let store = try store(shown: [Fixture.request("r/1", group: "r", due: now), Fixture.request("r/2", group: "r", due: now)])
        var plan = Fixture.plan(requests: [Fixture.request("r/1", group: "r", due: now.addingTimeInterval(600))])
        plan.closedIdentifiers = ["r/1"]
        try store.apply(plan, now: now)
        let moved = try #require(try store.request(identifier: "r/1"))
        #expect(moved.state == .pending)
        #expect(moved.closeRequested)
        #expect(moved.staleBubbleReason != nil, "a button on the old bubble does nothing")
        #expect(try store.request(identifier: "r/2")?.closeRequested == false)
        #expect(try store.closeRequests().map(\.serverID) == [moved.serverID])
    }

    @Test("the bubbles on screen of a group, or of all")
    func bubblesOnScreen() throws {
        let store = try store(
            shown: [Fixture.request("a/1", group: "a", due: now), Fixture.request("a/2", group: "a", due: now), Fixture.request("b/1", group: "b", due: now)],
            withoutBubble: ["a/2"], later: [Fixture.request("a/3", group: "a")]
        )
        #expect(try store.bubblesOnScreen(inGroup: "a").map(\.request.identifier) == ["a/1"])
        #expect(try store.bubblesOnScreen(inGroup: nil).map(\.request.identifier) == ["a/1", "b/1"])
        try store.apply(Fixture.plan(closing: ["b"]), now: now)
        #expect(try store.bubblesOnScreen(inGroup: nil).map(\.request.identifier) == ["a/1"])
    }
}
