import CSQLite
import ChimeCore
import ChimeSystem
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeStore

/// Failures a user can meet (full disk, a lock held too long, a read-only database): each is an
/// error the CLI shows with its exit code (75 for what may pass, 69 for permissions), and nothing
/// is partly written.
///
/// The tests run as root, for whom file permissions do not stop writes, and cannot mount a small
/// file system; they reach the real SQLite failure paths instead: `max_page_count` makes SQLite
/// report `SQLITE_FULL` exactly as a full disk does, and `query_only` makes it refuse writes with
/// `SQLITE_READONLY` exactly as a read-only file does. (The end-to-end tests run `chime` as an
/// unprivileged user and on a read-only mount where the machine allows it.)
@Suite("Failures that must change nothing")
struct FailureTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "chime-store-tests")
    }
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
        #expect(error?.exitCode.rawValue == 75)
        #expect(error?.message.contains("full") == true)
        #expect(try store.dump() == before)

        // Space again: the same command (same request id) goes through.
        _ = try store.integer("PRAGMA max_page_count = 1000000")
        #expect(try !store.apply(bigPlan("big"), requestID: "full", now: now).replayed)
        #expect(try store.requestCount(in: .pending) == 401)
    }

    @Test("a lock held beyond the busy timeout is a try-again error and nothing is written")
    func lockHeld() throws {
        let path = directory.appending("chime.db")
        let store = try Store(path: path, configuration: Store.Configuration(busyTimeout: .milliseconds(100)))
        try store.apply(Fixture.plan(requests: [Fixture.request("keep")]), now: now)
        let before = try store.dump()

        // It waits for the lock first: SQLite retries for as long as the connection's busy
        // timeout says, which is the configured one.
        #expect(try store.integer("PRAGMA busy_timeout") == 100)
        let holder = RawDatabase(path: path)
        #expect(holder.execute("BEGIN IMMEDIATE") == SQLITE_OK)
        let error = #expect(throws: StoreError.self) { try store.apply(bigPlan("blocked"), requestID: "blocked", now: now) }
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

    @Test("a database that cannot be written is unavailable (69), the message names it, and nothing is written")
    func readOnly() throws {
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: [Fixture.request("keep")]), now: now)
        let before = try store.dump()
        _ = try store.integer("PRAGMA query_only = 1")
        let error = #expect(throws: StoreError.self) { try store.apply(bigPlan("ro"), requestID: "ro", now: now) }
        #expect(error?.kind == .unavailable)
        #expect(error?.exitCode.rawValue == 69)
        #expect(error?.sqlitePrimaryCode == SQLITE_READONLY)
        #expect(error?.message.hasPrefix("the Chime database \(store.path) cannot be written") == true)
        #expect(error?.message.contains("make them readable and writable for you") == true)
        _ = try store.integer("PRAGMA query_only = 0")
        #expect(try store.dump() == before)
    }

    @Test("SQLite result codes map to the kinds the CLI turns into exit codes", arguments: [
        (SQLITE_BUSY, StoreError.Kind.tryAgain, Int32(75)), (SQLITE_LOCKED, .tryAgain, 75), (SQLITE_FULL, .tryAgain, 75),
        (SQLITE_READONLY, .unavailable, 69), (SQLITE_IOERR, .tryAgain, 75), (SQLITE_CORRUPT, .corrupt, 69),
        (SQLITE_NOTADB, .corrupt, 69), (SQLITE_CONSTRAINT, .badData, 65), (SQLITE_CANTOPEN, .unavailable, 69),
        (SQLITE_ERROR, .internalError, 70), (SQLITE_MISUSE, .internalError, 70),
        // Extended codes classify by their primary code.
        (SQLITE_BUSY | (2 << 8), .tryAgain, 75), (SQLITE_IOERR | (4 << 8), .tryAgain, 75),
        // SQLITE_READONLY_RECOVERY, _CANTLOCK, _CANTINIT: an -shm the user may not write.
        (SQLITE_READONLY | (1 << 8), .unavailable, 69), (SQLITE_READONLY | (2 << 8), .unavailable, 69), (SQLITE_READONLY | (5 << 8), .unavailable, 69),
    ])
    func classification(code: Int32, kind: StoreError.Kind, exitCode: Int32) {
        let error = SQLiteConnection.error(code: code, sqliteMessage: "message", path: "/p/chime.db", busyTimeout: .seconds(5), isOnReadOnlyFileSystem: { _ in false })
        #expect(error.kind == kind)
        #expect(error.exitCode.rawValue == exitCode)
        #expect(error.sqliteCode == code)
        #expect(error.message.contains("/p/chime.db"))
        #expect(!error.message.contains("\n"))
    }

    @Test("SQLITE_READONLY says what is not writable: the directory, the files, or the file system")
    func readOnlyClassification() {
        func classify(_ code: Int32, readOnlyMount: Bool) -> StoreError {
            SQLiteConnection.error(code: code, sqliteMessage: "attempt to write a readonly database", path: "/p/chime.db", busyTimeout: .seconds(5)) { path in
                #expect(path == "/p/chime.db")
                return readOnlyMount
            }
        }
        // SQLITE_READONLY_DIRECTORY: the file is writable, its directory is not (no -wal, no -shm).
        let directory = classify(SQLiteConnection.readOnlyDirectoryCode, readOnlyMount: false)
        #expect(directory.kind == .unavailable)
        #expect(directory.exitCode.rawValue == 69)
        #expect(directory.message.hasPrefix("cannot create files in /p: you may not write in /p, and the Chime database /p/chime.db needs it"))
        #expect(directory.message.contains("chmod u+rwx '/p'"))
        #expect(!directory.message.contains("chmod u+rw '/p/chime.db'"))

        let file = classify(SQLITE_READONLY, readOnlyMount: false)
        #expect(file.exitCode.rawValue == 69)
        #expect(file.message.contains("/p/chime.db-wal or /p/chime.db-shm file, is read-only for you"))

        // A read-only mount is what may pass (75), whichever way SQLite words it.
        for code in [SQLITE_READONLY, SQLiteConnection.readOnlyDirectoryCode, SQLITE_READONLY | (5 << 8)] {
            let mount = classify(code, readOnlyMount: true)
            #expect(mount.kind == .tryAgain)
            #expect(mount.exitCode.rawValue == 75)
            #expect(mount.message.contains("the file system is read-only"))
        }

        let moved = classify(SQLiteConnection.readOnlyMovedCode, readOnlyMount: false)
        #expect(moved.exitCode.rawValue == 75)
        #expect(moved.message.contains("moved or deleted"))
    }

    @Test("file-system errors before SQLite map the same way", arguments: [
        (EROFS, StoreError.Kind.tryAgain), (ENOSPC, .tryAgain), (EDQUOT, .tryAgain), (EACCES, .unavailable), (ENOTDIR, .unavailable),
    ])
    func fileSystemClassification(code: Int32, kind: StoreError.Kind) {
        #expect(DatabaseFile.error(SystemError(.init(rawValue: code), operation: "open"), path: "/p", action: .actionOpen).kind == kind)
    }

    @Test("the messages for permissions name the file or the directory and say what to do")
    func permissionSentences() {
        let file = StoreError.fileNotWritableSentence(file: "/d/chime.db", databasePath: "/d/chime.db").description
        #expect(file == "the Chime database /d/chime.db is not writable for you, so nothing was saved: make it readable and writable for you (chmod u+rw '/d/chime.db'; chown it first if it is another user's) and try again")
        let log = StoreError.fileNotWritableSentence(file: "/d/chime.db-wal", databasePath: "/d/chime.db").description
        #expect(log.hasPrefix("/d/chime.db-wal, beside the Chime database /d/chime.db, is not writable for you"))
        let directory = StoreError.directoryNotWritableSentence(directory: "/d", databasePath: "/d/chime.db", creating: nil).description
        #expect(directory.hasPrefix("cannot create files in /d: you may not write in /d"))
        let created = StoreError.directoryNotWritableSentence(directory: "/d", databasePath: "/d/chime/chime.db", creating: "/d/chime").description
        #expect(created.hasPrefix("cannot create /d/chime: you may not write in /d"))
        #expect(DatabaseFile.error(SystemError(.readOnlyFileSystem, operation: "mkdir"), path: "/d", action: .actionCreateDirectory).message
            == "cannot create the directory /d: the file system is read-only, so nothing was saved; remount it read-write (or set XDG_DATA_HOME to a writable place) and try again")
    }

    @Test("a writable temporary directory is not on a read-only file system, nor a file still to be made in it")
    func readOnlyMountCheck() {
        #expect(!DatabaseFile.isOnReadOnlyFileSystem(directory.path))
        #expect(!DatabaseFile.isOnReadOnlyFileSystem(directory.appending("not-yet.db")))
    }

    @Test("a store error is matched by its kind")
    func matching() {
        do {
            try Store(path: directory.appending("chime.db")).apply(Fixture.plan(cancelling: ["nothing"]), now: now)
            Issue.record("cancelling nothing should throw")
        } catch where error.kind == .notFound {
            // The do block throws only StoreError, so `error` is one and its kind is matchable.
            #expect(error.exitCode.rawValue == 65)
        } catch {
            Issue.record("did not match: \(error)")
        }
    }
}
