import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeStore

/// `Store.apply(requestID:now:planning:)`: a change decided inside its own write transaction.
@Suite("Changes decided inside the write")
struct PlanningTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "chime-store-tests")
    }
    let now = Fixture.now

    /// A refusal the planning closure makes: not a store error, and passed through as it is.
    struct Refusal: Error, Equatable {}

    @Test("planning reads through the store and its plan is applied in the same transaction")
    func planAppliedWithWhatItRead() throws {
        let store = try openStore(in: directory)
        try store.apply({ var plan = ChangePlan(); plan.schedules = [Fixture.schedule("w-1")]; return plan }(), now: now)
        let result = try store.apply(requestID: "r-1", now: now) { () throws -> ChangePlan in
            // The store's own queries work inside (the lock is recursive, reads join the write).
            let existing = try store.waterSchedules()
            #expect(existing.map(\.id) == ["w-1"])
            var plan = ChangePlan()
            plan.deletedSchedules = existing.map(\.id)
            plan.schedules = [Fixture.schedule("w-2")]
            return plan
        }
        #expect(result == ApplyResult(sequence: 2, replayed: false))
        #expect(try store.waterSchedules().map(\.id) == ["w-2"])
    }

    @Test("a refusal thrown by planning rolls everything back and comes out as it is")
    func refusalRollsBack() throws {
        let store = try openStore(in: directory)
        let before = try store.dump()
        #expect(throws: Refusal.self) {
            _ = try store.apply(requestID: "refused", now: now) { () throws -> ChangePlan in
                throw Refusal()
            }
        }
        #expect(try store.dump() == before)
        #expect(try store.currentSequence() == 0)
        // The request id was not used up.
        let retried = try store.apply(requestID: "refused", now: now) { Fixture.plan(requests: [Fixture.request("a")]) }
        #expect(retried?.replayed == false)
    }

    @Test("an empty plan writes nothing and takes no sequence; a replayed request id does not plan again")
    func emptyAndReplayed() throws {
        let store = try openStore(in: directory)
        #expect(try store.apply(requestID: "nothing", now: now) { ChangePlan() } == nil)
        #expect(try store.currentSequence() == 0)
        let first = try store.apply(requestID: "once", now: now) { Fixture.plan(requests: [Fixture.request("a")]) }
        var planned = false
        let again = try store.apply(requestID: "once", now: now) { () throws -> ChangePlan in
            planned = true
            return Fixture.plan(requests: [Fixture.request("b")])
        }
        #expect(!planned)
        #expect(again == ApplyResult(sequence: first!.sequence, replayed: true))
        #expect(try store.request(identifier: "b") == nil)
    }

    @Test("while planning runs, the write lock is held: another connection cannot write until it is done")
    func lockHeldWhilePlanning() throws {
        let path = directory.appending("chime.db")
        let store = try Store(path: path)
        let other = try Store(path: path, configuration: Store.Configuration(busyTimeout: .milliseconds(50)))
        var refused: StoreError?
        _ = try store.apply(now: now) { () throws -> ChangePlan in
            do {
                try other.apply(Fixture.plan(requests: [Fixture.request("meanwhile")]), now: now)
            } catch let error as StoreError {
                refused = error
            }
            return Fixture.plan(requests: [Fixture.request("planned")])
        }
        #expect(refused?.kind == .tryAgain)
        #expect(try other.request(identifier: "meanwhile") == nil)
        #expect(try other.request(identifier: "planned")?.state == .pending)
    }

    @Test("a write begun while planning is a defect, reported, not a nested transaction")
    func nestedWriteRefused() throws {
        let store = try openStore(in: directory)
        let error = #expect(throws: StoreError.self) {
            _ = try store.apply(now: now) { () throws -> ChangePlan in
                try store.apply(Fixture.plan(requests: [Fixture.request("nested")]), now: now)
                return ChangePlan()
            }
        }
        #expect(error?.kind == .internalError)
        #expect(try store.request(identifier: "nested") == nil)
    }
}
