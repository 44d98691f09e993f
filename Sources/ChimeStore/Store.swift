import ChimeCore
import ChimeSystem
import FoundationEssentials
import Glibc

/// Chime's durable state in one SQLite database: sessions, water schedules and intake, one-off
/// reminders, notification requests with their delivery state, settings and history.
///
/// Every write is one `BEGIN IMMEDIATE` transaction committed with `synchronous=FULL`: once a
/// method returns, a crash or a power cut cannot undo it. Each write stamps the request rows it
/// touches with the next value of a global change sequence, so a follower (the daemon) reads only
/// what changed since the sequence it last saw.
///
/// A `Store` is safe to share between threads: calls are serialised on its one connection by a
/// recursive lock, which is why it is `@unchecked Sendable`. The lock is recursive so that a
/// change decided inside its write transaction (``apply(requestID:now:planning:)``) can read
/// through the store's own queries on the same thread while the transaction holds the lock.
/// Several processes may open the same database at once (the CLI and the daemon do).
public final class Store: @unchecked Sendable {
    /// How a store is opened.
    public struct Configuration: Sendable {
        /// How long a write waits for another process's lock before failing with
        /// ``StoreError/Kind/tryAgain``.
        public var busyTimeout: Duration
        /// Called after each step of every change plan applied; throwing aborts the plan. A test
        /// seam for proving that a plan is all or nothing.
        var afterApplyStep: (@Sendable (ApplyStep) throws(StoreError) -> Void)?

        /// Makes a configuration; five seconds of patience with other processes by default.
        public init(busyTimeout: Duration = .seconds(5)) {
            self.busyTimeout = busyTimeout
            self.afterApplyStep = nil
        }
    }

    /// The steps of applying a change plan, in order (see ``apply(_:requestID:now:)``).
    enum ApplyStep: Hashable, Sendable, CaseIterable {
        case records, cancellations, requests, closedGroups
    }

    /// The schema version this build reads and writes.
    public static var schemaVersion: Int { StoreSchema.latestVersion }

    /// The database file.
    public let path: String
    /// Problems found on opening that do not stop Chime but put data at risk (a network file
    /// system), and what a migration had to end in a database that broke a rule (said by the
    /// one process that migrated it): print each loudly, in the reader's language.
    public let localizedWarnings: [LocalizedText]
    /// ``localizedWarnings`` in English (what chimed logs).
    public var warnings: [String] { localizedWarnings.map(\.description) }
    let configuration: Configuration
    /// The one connection; used only while holding ``lock``.
    private let connection: SQLiteConnection
    /// Serialises every use of ``connection`` across threads.
    private let lock = RecursiveLock()

    /// Opens the database at the default location for `environment` (see ``StoreLocation``).
    public convenience init(environment: [String: String], configuration: Configuration = Configuration()) throws(StoreError) {
        try self.init(path: StoreLocation.defaultDatabasePath(environment: environment), configuration: configuration)
    }

    /// Opens (creating it when missing) the database at `path`, migrating it to the current schema.
    ///
    /// The directory holding `path` is taken to be the database's own: it is created, or
    /// tightened, to mode 0700. Refuses, leaving the file's bytes and mode as they were, a file
    /// that is not a Chime database (``StoreError/Kind/corrupt``), a database from a newer Chime
    /// (``StoreError/Kind/newerSchema``) and a database whose `-wal` log is missing
    /// (``StoreError/Kind/tryAgain``); refuses a directory that is a link, another user's or
    /// shared, a database, `-wal` or `-shm` that is a symbolic link or not a regular file, and
    /// files or a directory the user cannot write (``StoreError/Kind/unavailable``).
    ///
    /// On a read-only file system an existing database is opened for reading only, as it is:
    /// every query works, every write throws ``StoreError/Kind/tryAgain`` saying the file system
    /// is read-only.
    public init(path: String, configuration: Configuration = Configuration()) throws(StoreError) {
        self.path = path
        self.configuration = configuration
        if DatabaseFile.exists(path), DatabaseFile.isOnReadOnlyFileSystem(path) {
            // Nothing can be written here, the schema not migrated: what can be read is.
            connection = try Self.openReadOnly(path: path, busyTimeout: configuration.busyTimeout)
            localizedWarnings = DatabaseFile.warnings(path: path)
            return
        }
        let prepared = try DatabaseFile.prepare(path: path)
        try DatabaseFile.checkLog(path: path, header: prepared.header)
        // Setting a database up (the switch to WAL, the schema) takes locks SQLite sometimes
        // does not wait for: with another process doing the same to a new database, the
        // switch to WAL, or a write begun on a database still in rollback mode, can fail at
        // once with SQLITE_BUSY instead of calling the busy handler. Every step below is
        // repeatable (an unfinished migration rolls back), so a busy failure is retried, a
        // little apart, until the same patience as any write has run out.
        let deadline = MonotonicClock.now() + configuration.busyTimeout.clampedNanoseconds
        var attempt = 0
        var connection: SQLiteConnection
        while true {
            do {
                connection = try Self.openAndSetUp(path: path, busyTimeout: configuration.busyTimeout)
                break
            } catch where error.isBusy && MonotonicClock.now() < deadline {
                attempt += 1
                usleep(UInt32.random(in: 1_000...5_000) * UInt32(min(attempt, 8)))
            }
        }
        localizedWarnings = DatabaseFile.warnings(path: path) + (try StoreSchema.migrationNotices(connection))
        self.connection = connection
    }

    /// Opens the database at `path`, on a read-only file system, for reading: refused, changing
    /// nothing, as a writable one would be when it is not a Chime database this build can read
    /// (a schema it would have to migrate included). Every write then fails with the sentence
    /// a write on a read-only file system always gave (75).
    private static func openReadOnly(path: String, busyTimeout: Duration) throws(StoreError) -> SQLiteConnection {
        let header = try DatabaseFile.inspectReadOnly(path: path)
        try DatabaseFile.checkLog(path: path, header: header)
        let directory = DatabaseFile.directory(of: path)
        let refusal = StoreError(.tryAgain, StoreError.readOnlyFileSystemSentence(path: directory, action: .actionWriteInDirectory))
        // A log left beside the database may hold the latest changes: read through it then.
        let hasLog = DatabaseFile.size(of: [path + "-wal"]) > 0 && DatabaseFile.exists(path + "-shm")
        let connection = try SQLiteConnection(
            path: path, busyTimeout: busyTimeout,
            readOnly: SQLiteConnection.ReadOnlyOpening(immutable: !hasLog, writeRefusal: refusal)
        )
        let version = try StoreSchema.version(of: connection)
        try StoreSchema.checkCompatible(connection, version: version)
        guard version >= StoreSchema.readableWithoutMigration else { throw refusal }
        return connection
    }

    /// Opens a connection to the accepted file at `path`, checks that it is a Chime database
    /// this build can use, switches it to WAL and migrates it to the current schema.
    private static func openAndSetUp(path: String, busyTimeout: Duration) throws(StoreError) -> SQLiteConnection {
        let logExisted = DatabaseFile.exists(path + "-wal")
        let connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
        // Read-only checks first: nothing below may touch a file we are going to refuse.
        do {
            try StoreSchema.checkCompatible(connection, version: StoreSchema.version(of: connection))
        } catch {
            // A log left by a process that did not close the database would otherwise be copied
            // into the refused file when this connection closes.
            if logExisted, !error.isBusy { connection.keepLogOnClose() }
            throw error
        }
        DatabaseFile.makePrivate(path: path)
        let mode = try connection.queryFirst("PRAGMA journal_mode = WAL") { $0.text(0) } ?? ""
        guard mode.lowercased() == "wal" else {
            throw StoreError(.unavailable, "the Chime database \(path) cannot use write-ahead logging (journal mode stays \"\(mode)\"): keep it on a local disk that supports shared memory")
        }
        try connection.execute(script: """
            PRAGMA synchronous = FULL;
            PRAGMA foreign_keys = ON;
            PRAGMA journal_size_limit = 4194304;
            """)
        try StoreSchema.migrate(connection)
        return connection
    }

    /// Runs `body` with the connection, holding it for the duration (again, on the thread that
    /// already holds it: see the type's comment).
    func withConnection<T, E: Error>(_ body: (SQLiteConnection) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(connection)
    }

    /// Runs `body` in one write transaction with the next change sequence number.
    func write<T>(_ body: (SQLiteConnection, Int64) throws(StoreError) -> T) throws(StoreError) -> T {
        try withConnection { (connection) throws(StoreError) -> T in
            try connection.writeTransaction { () throws(StoreError) -> T in
                try body(connection, Self.advanceSequence(connection))
            }
        }
    }

    /// Runs `body` in one read transaction, so all its queries see one committed snapshot.
    func read<T>(_ body: (SQLiteConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        try withConnection { (connection) throws(StoreError) -> T in
            try connection.readTransaction { () throws(StoreError) -> T in try body(connection) }
        }
    }

    // MARK: Change sequence

    /// The change sequence now: the number stamped by the latest committed write.
    public func currentSequence() throws(StoreError) -> Int64 {
        try withConnection { (connection) throws(StoreError) in try Self.sequence(connection) }
    }

    static func sequence(_ connection: SQLiteConnection) throws(StoreError) -> Int64 {
        try connection.queryFirst("SELECT coalesce(max(sequence), 0) FROM change_log") { $0.int64(0) } ?? 0
    }

    /// Takes the next change sequence number, recording the write in the change log with its
    /// request id; only called inside a write transaction.
    static func advanceSequence(_ connection: SQLiteConnection, requestID: String? = nil, now: Date? = nil) throws(StoreError) -> Int64 {
        try connection.run(
            "INSERT INTO change_log (request_id, applied_at) VALUES (?, ?)",
            [.text(requestID), .date(requestID == nil ? nil : now)]
        )
        let sequence = connection.lastInsertedRowID
        if sequence % changeLogPruningInterval == 0 {
            try pruneChangeLog(connection, sequence: sequence, now: now)
        }
        return sequence
    }

    /// How often (in writes) old change-log rows are removed.
    static let changeLogPruningInterval: Int64 = 16

    /// Removes, from the oldest change-log rows, those no longer needed: writes without a request
    /// id, and request ids older than ``requestIDRetention`` before `now`. The newest row stays,
    /// so the next sequence number is still larger than every one handed out.
    static func pruneChangeLog(_ connection: SQLiteConnection, sequence: Int64, now: Date?) throws(StoreError) {
        try connection.run("""
            DELETE FROM change_log
            WHERE sequence IN (SELECT sequence FROM change_log ORDER BY sequence LIMIT ?)
              AND sequence < ?
              AND (request_id IS NULL OR applied_at < ?)
            """, [.integer(4 * changeLogPruningInterval), .integer(sequence), .real(now.map { $0.timeIntervalSinceReferenceDate - requestIDRetention } ?? -.infinity)])
    }

    // MARK: Health

    /// What `chime doctor` shows: runs `PRAGMA quick_check` (reads the whole file, so it takes a
    /// moment on a large database).
    public func healthCheck() throws(StoreError) -> StoreHealth {
        let warnings = warnings
        let path = path
        return try withConnection { (connection) throws(StoreError) -> StoreHealth in
            let check = try connection.query("PRAGMA quick_check") { $0.text(0) }
            let mode = try connection.queryFirst("PRAGMA journal_mode") { $0.text(0) } ?? ""
            let pending = try connection.queryFirst("SELECT count(*) FROM requests WHERE state = 'pending'") { $0.int64(0) } ?? 0
            return StoreHealth(
                path: path,
                sizeBytes: DatabaseFile.size(of: [path, path + "-wal"]),
                schemaVersion: try StoreSchema.version(of: connection),
                journalMode: mode,
                quickCheck: check,
                pendingCount: Int(pending),
                warnings: warnings,
                isReadOnly: connection.writeRefusal != nil
            )
        }
    }
}
