import CSQLite
import ChimeCore
import Foundation
import Testing
@testable import ChimeStore

/// Failures a user can meet (full disk, a lock held too long, a read-only database): each is an
/// error the CLI shows with exit code 75, and nothing is partly written.
///
/// The tests run as root, for whom file permissions do not stop writes, and cannot mount a small
/// file system; they reach the real SQLite failure paths instead: `max_page_count` makes SQLite
/// report `SQLITE_FULL` exactly as a full disk does, and `query_only` makes it refuse writes with
/// `SQLITE_READONLY` exactly as a read-only file does.
@Suite("Failures that must change nothing")
struct FailureTests {
    let directory = TemporaryDirectory()
    let now = Fixture.now

    /// A plan big enough to need new pages.
    func bigPlan(_ tag: String) -> ChangePlan {
        var plan = ChangePlan()
        plan.sessions = [Fixture.session("f-\(tag)")]
        plan.requests = (0..<400).map { Fixture.request("\(tag)/\($0)", group: tag, text: String(repeating: "x", count: 200)) }
        return plan
    }

    @Test("a full disk is a try-again error and nothing of the plan is written")
    func diskFull() throws {
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: [Fixture.request("keep")]), now: now)
        let before = try store.dump()
        let pages = try store.integer("PRAGMA page_count")
        _ = try store.integer("PRAGMA max_page_count = \(pages)")

        let error = #expect(throws: StoreError.self) { try store.apply(bigPlan("big"), requestID: "full", now: now) }
        #expect(error?.kind == .tryAgain)
        #expect(error?.sqlitePrimaryCode == SQLITE_FULL)
        #expect(error?.exitCode == 75)
        #expect(error?.message.contains("full") == true)
        #expect(try store.dump() == before)

        // Space again: the same command (same request id) goes through.
        _ = try store.integer("PRAGMA max_page_count = 1000000")
        #expect(try !store.apply(bigPlan("big"), requestID: "full", now: now).replayed)
        #expect(try store.requestCount(in: .pending) == 401)
    }

    @Test("a lock held beyond the busy timeout is a try-again error and nothing is written")
    func lockHeld() throws {
        let path = directory.file("chime.db")
        let store = try Store(path: path, configuration: Store.Configuration(busyTimeout: .milliseconds(100)))
        try store.apply(Fixture.plan(requests: [Fixture.request("keep")]), now: now)
        let before = try store.dump()

        let holder = RawDatabase(path: path)
        #expect(holder.execute("BEGIN IMMEDIATE") == SQLITE_OK)
        let started = ContinuousClock.now
        let error = #expect(throws: StoreError.self) { try store.apply(bigPlan("blocked"), requestID: "blocked", now: now) }
        #expect(ContinuousClock.now - started >= .milliseconds(100), "it waited for the lock first")
        #expect(error?.kind == .tryAgain)
        #expect(error?.sqlitePrimaryCode == SQLITE_BUSY)
        #expect(error?.message.contains("locked") == true)
        // Daemon writes wait and fail the same way.
        #expect(throws: StoreError.self) { try store.forgetServerIDs() }
        // Reads do not wait for writers in WAL mode.
        #expect(try store.pendingRequests().count == 1)
        #expect(holder.execute("ROLLBACK") == SQLITE_OK)

        #expect(try store.dump() == before)
        #expect(try !store.apply(bigPlan("blocked"), requestID: "blocked", now: now).replayed)
    }

    @Test("a read-only database is a try-again error and nothing is written")
    func readOnly() throws {
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: [Fixture.request("keep")]), now: now)
        let before = try store.dump()
        _ = try store.integer("PRAGMA query_only = 1")
        let error = #expect(throws: StoreError.self) { try store.apply(bigPlan("ro"), requestID: "ro", now: now) }
        #expect(error?.kind == .tryAgain)
        #expect(error?.sqlitePrimaryCode == SQLITE_READONLY)
        #expect(error?.message.contains("read-only") == true)
        _ = try store.integer("PRAGMA query_only = 0")
        #expect(try store.dump() == before)
    }

    @Test("SQLite result codes map to the kinds the CLI turns into exit codes", arguments: [
        (SQLITE_BUSY, StoreError.Kind.tryAgain, Int32(75)), (SQLITE_LOCKED, .tryAgain, 75), (SQLITE_FULL, .tryAgain, 75),
        (SQLITE_READONLY, .tryAgain, 75), (SQLITE_IOERR, .tryAgain, 75), (SQLITE_CORRUPT, .corrupt, 69),
        (SQLITE_NOTADB, .corrupt, 69), (SQLITE_CONSTRAINT, .badData, 65), (SQLITE_CANTOPEN, .unavailable, 69),
        (SQLITE_ERROR, .internalError, 70), (SQLITE_MISUSE, .internalError, 70),
        // Extended codes classify by their primary code.
        (SQLITE_BUSY | (2 << 8), .tryAgain, 75), (SQLITE_IOERR | (4 << 8), .tryAgain, 75), (SQLITE_READONLY | (1 << 8), .tryAgain, 75),
    ])
    func classification(code: Int32, kind: StoreError.Kind, exitCode: Int32) {
        let error = SQLiteConnection.error(code: code, sqliteMessage: "message", path: "/p/chime.db", busyTimeout: .seconds(5))
        #expect(error.kind == kind)
        #expect(error.exitCode == exitCode)
        #expect(error.sqliteCode == code)
        #expect(error.message.contains("/p/chime.db"))
        #expect(!error.message.contains("\n"))
    }

    @Test("file-system errors before SQLite map the same way", arguments: [
        (EROFS, StoreError.Kind.tryAgain), (ENOSPC, .tryAgain), (EDQUOT, .tryAgain), (EACCES, .unavailable), (ENOTDIR, .unavailable),
    ])
    func fileSystemClassification(code: Int32, kind: StoreError.Kind) {
        #expect(DatabaseFile.error(errno: code, path: "/p", action: "open").kind == kind)
    }

    @Test("a store error is matched by its kind")
    func matching() {
        do {
            try Store(path: directory.file("chime.db")).apply(Fixture.plan(cancelling: ["nothing"]), now: now)
            Issue.record("cancelling nothing should throw")
        } catch where error.kind == .notFound {
            // The do block throws only StoreError, so `error` is one and its kind is matchable.
            #expect(error.exitCode == 65)
        } catch {
            Issue.record("did not match: \(error)")
        }
    }
}
