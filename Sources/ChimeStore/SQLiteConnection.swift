import CSQLite
import ChimeCore
import FoundationEssentials

/// The one owner of an SQLite connection handle and of its prepared statements.
///
/// Not thread-safe by itself: ``Store`` keeps it behind a mutex, so exactly one thread uses it at a
/// time (which is why it is opened with `SQLITE_OPEN_NOMUTEX`). Every SQLite return code goes
/// through ``check(_:_:)``, which turns failures into ``StoreError`` values.
final class SQLiteConnection {
    /// The database file, for error messages.
    let path: String
    /// How long a write waits for another connection's lock before failing with `.tryAgain`.
    let busyTimeout: Duration
    private let handle: OpaquePointer
    /// Prepared statements by SQL text; prepared once, reset after each use.
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens an existing database file for reading and writing (never creating it: the caller
    /// creates the file with the right permissions first).
    ///
    /// With `readOnly` set (a database on a read-only file system) the file is opened for
    /// reading only, and every write transaction throws `readOnly`'s error instead of beginning.
    /// Without a `-wal` log beside it, such a database is opened as immutable: SQLite then needs
    /// neither a `-shm` index nor locks, which it could not create there, and nothing can change
    /// the file on a read-only mount anyway.
    init(path: String, busyTimeout: Duration, readOnly: ReadOnlyOpening? = nil) throws(StoreError) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.writeRefusal = readOnly?.writeRefusal
        // SQLite is loaded here, not linked (see CSQLite): a missing library is this error.
        var reason: UnsafePointer<CChar>?
        guard chime_sqlite_load(&reason) == 0 else {
            throw StoreError(.unavailable, .sqliteMissing, ["reason": reason.map { String(cString: $0) } ?? "no reason given", "path": path])
        }
        var opened: OpaquePointer?
        let code: Int32
        if let readOnly {
            let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_URI
            code = sqlite3_open_v2(Self.uri(path, immutable: readOnly.immutable), &opened, flags, nil)
        } else {
            let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
            code = sqlite3_open_v2(path, &opened, flags, nil)
        }
        guard let opened else {
            throw Self.error(code: code, sqliteMessage: "out of memory", path: path, busyTimeout: busyTimeout)
        }
        guard code == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(opened))
            sqlite3_close_v2(opened)
            throw Self.error(code: code, sqliteMessage: message, path: path, busyTimeout: busyTimeout)
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        let milliseconds = busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        try check(sqlite3_busy_timeout(handle, Int32(clamping: milliseconds)), "setting the busy timeout")
    }

    /// How a database that cannot be written is opened.
    struct ReadOnlyOpening {
        /// Whether the file is opened as immutable (no `-wal` log to read).
        var immutable: Bool
        /// What every write throws.
        var writeRefusal: StoreError
    }

    /// What every write transaction throws instead of beginning; `nil` for a writable connection.
    let writeRefusal: StoreError?

    /// The `file:` URI of `path`, escaping what a URI gives a meaning to.
    static func uri(_ path: String, immutable: Bool) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return "file:" + escaped + (immutable ? "?immutable=1" : "?mode=ro")
    }

    /// Makes closing leave the `-wal` log as it is, instead of copying it into the database file
    /// and removing it: for a database Chime refuses, whose bytes must stay as they were.
    func keepLogOnClose() {
        _ = chime_sqlite_keep_log_on_close(handle)
    }

    deinit {
        // Statements first, so the close below releases everything at once.
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    // MARK: Checking return codes

    /// Throws the ``StoreError`` for `code` unless it is `SQLITE_OK`, `SQLITE_ROW` or `SQLITE_DONE`.
    func check(_ code: Int32, _ action: @autoclosure () -> String) throws(StoreError) {
        switch code {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return
        default:
            let message = String(cString: sqlite3_errmsg(handle))
            throw Self.error(code: code, sqliteMessage: "\(message) while \(action())", path: path, busyTimeout: busyTimeout)
        }
    }

    /// `SQLITE_READONLY_DIRECTORY`: the journal (for Chime, `-wal`) cannot be created because
    /// the directory is not writable. A macro with shifts, which Swift does not import.
    static let readOnlyDirectoryCode = SQLITE_READONLY | (6 << 8)
    /// `SQLITE_READONLY_DBMOVED`: the database file was renamed or deleted while open.
    static let readOnlyMovedCode = SQLITE_READONLY | (4 << 8)

    /// The error for a failed SQLite call: the classification every caller relies on.
    ///
    /// `isOnReadOnlyFileSystem` tells a read-only mount (75, as for any file-system call) from a
    /// permission problem (69, naming the directory or the files) when SQLite reports
    /// `SQLITE_READONLY`; tests replace it.
    static func error(
        code: Int32, sqliteMessage: String, path: String, busyTimeout: Duration,
        isOnReadOnlyFileSystem: (String) -> Bool = DatabaseFile.isOnReadOnlyFileSystem
    ) -> StoreError {
        let primary = code & 0xFF
        func make(_ kind: StoreError.Kind, _ sentence: LocalizedText) -> StoreError {
            StoreError(kind, sentence, sqliteCode: code, sqliteMessage: sqliteMessage)
        }
        func make(_ kind: StoreError.Kind, _ sentence: StoreText, _ values: [String: String]) -> StoreError {
            StoreError(kind, sentence, values, sqliteCode: code, sqliteMessage: sqliteMessage)
        }
        switch primary {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return make(.tryAgain, .locked, ["path": path, "timeout": "\(busyTimeout)"])
        case SQLITE_FULL:
            return make(.tryAgain, .diskFull, ["path": path])
        case SQLITE_READONLY where isOnReadOnlyFileSystem(path):
            return make(.tryAgain, StoreError.readOnlyFileSystemSentence(path: path, action: .actionWrite))
        case SQLITE_READONLY where code == readOnlyDirectoryCode:
            return make(.unavailable, StoreError.directoryNotWritableSentence(directory: DatabaseFile.directory(of: path), databasePath: path, creating: nil))
        case SQLITE_READONLY where code == readOnlyMovedCode:
            return make(.tryAgain, .movedWhileOpen, ["path": path])
        case SQLITE_READONLY:
            return make(.unavailable, .filesReadOnly, ["path": path])
        case SQLITE_IOERR:
            return make(.tryAgain, .ioError, ["path": path])
        case SQLITE_NOMEM:
            return make(.tryAgain, .outOfMemory, ["path": path])
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return make(.corrupt, StoreError.corruptSentence(path: path, problem: .damaged))
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH:
            return make(.unavailable, .cannotOpen, ["path": path])
        case SQLITE_CONSTRAINT, SQLITE_MISMATCH, SQLITE_TOOBIG, SQLITE_RANGE:
            return make(.badData, .refusedValue, ["path": path])
        default:
            return make(.internalError, .unexpectedError, ["path": path])
        }
    }

    // MARK: Running statements

    /// Runs `body` with the cached prepared statement for `sql`, bound to `bindings`, and resets it
    /// afterwards whatever happens, so the next use starts clean.
    func withStatement<T>(_ sql: String, _ bindings: [SQLiteValue] = [], _ body: (SQLiteStatement) throws(StoreError) -> T) throws(StoreError) -> T {
        let statement: SQLiteStatement
        if let cached = statements[sql] {
            statement = cached
        } else {
            var prepared: OpaquePointer?
            try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil), "preparing \(sql)")
            guard let prepared else {
                throw StoreError(.internalError, "Chime prepared an empty SQL statement: please report this as a bug")
            }
            statement = SQLiteStatement(handle: prepared, connection: self)
            statements[sql] = statement
        }
        defer { statement.reset() }
        for (offset, value) in bindings.enumerated() {
            try statement.bind(value, at: Int32(offset + 1))
        }
        return try body(statement)
    }

    /// Runs a statement that returns no rows (or whose rows are ignored).
    func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws(StoreError) {
        try withStatement(sql, bindings) { (statement) throws(StoreError) in
            while try statement.step() {}
        }
    }

    /// Every row of a query, each turned into a value by `row`.
    func query<T>(_ sql: String, _ bindings: [SQLiteValue] = [], row: (SQLiteStatement) throws(StoreError) -> T) throws(StoreError) -> [T] {
        try withStatement(sql, bindings) { (statement) throws(StoreError) in
            var rows: [T] = []
            while try statement.step() {
                rows.append(try row(statement))
            }
            return rows
        }
    }

    /// Calls `row` with each row of a query in turn, until it returns `false` or the rows end:
    /// for results too many to hold at once.
    func forEachRow(_ sql: String, _ bindings: [SQLiteValue] = [], row: (SQLiteStatement) throws(StoreError) -> Bool) throws(StoreError) {
        try withStatement(sql, bindings) { (statement) throws(StoreError) in
            while try statement.step() {
                guard try row(statement) else { return }
            }
        }
    }

    /// The first row of a query turned into a value, or `nil` when there is none.
    func queryFirst<T>(_ sql: String, _ bindings: [SQLiteValue] = [], row: (SQLiteStatement) throws(StoreError) -> T) throws(StoreError) -> T? {
        try withStatement(sql, bindings) { (statement) throws(StoreError) in
            try statement.step() ? try row(statement) : nil
        }
    }

    /// Runs several `;`-separated statements without bindings (schema changes, pragmas).
    func execute(script: String) throws(StoreError) {
        try check(sqlite3_exec(handle, script, nil, nil, nil), "running \(script.prefix(80))")
    }

    /// Rows changed by the latest `INSERT`, `UPDATE` or `DELETE` on this connection.
    var changedRowCount: Int { Int(sqlite3_changes64(handle)) }

    /// The rowid of the latest successful `INSERT` on this connection.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether a transaction is open on this connection.
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Whether a transaction that is always rolled back is open (``rolledBack(_:)``).
    private(set) var isPreviewing = false

    /// Whether the writes made now join the write transaction open (``joined(_:)``).
    private(set) var joinsWrites = false

    // MARK: Transactions

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: committed when `body` returns, rolled back
    /// entirely when it or the commit throws. Taking the write lock up front means a write never
    /// fails half-way on a lock upgrade (`SQLITE_BUSY_SNAPSHOT`).
    func writeTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try transaction(beginning: "BEGIN IMMEDIATE", body, failure: { $0 })
    }

    /// ``writeTransaction(_:)`` for a body that may throw any error: a change whose rules are
    /// decided inside the transaction, where a refusal (not a store error) rolls it back.
    func deciding<T>(_ body: () throws -> T) throws -> T {
        try transaction(beginning: "BEGIN IMMEDIATE", body, failure: { $0 })
    }

    /// Runs `body` in a read transaction, so every query in it sees the same committed snapshot.
    /// Inside a transaction already open (a change reading while it decides) `body` simply runs
    /// in it: that transaction's view is the one wanted.
    func readTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        if isInTransaction { return try body() }
        return try transaction(beginning: "BEGIN DEFERRED", body, failure: { $0 })
    }

    /// Runs `body` in a read transaction (committed, writing nothing) whatever it may throw.
    func reading<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction { return try body() }
        return try transaction(beginning: "BEGIN DEFERRED", body, failure: { $0 })
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction that is always rolled back: what the
    /// database would answer after writes that are never recorded. The writes `body` makes
    /// through the store run inside it (``isPreviewing``).
    func rolledBack<T>(_ body: () throws -> T) throws -> T {
        if let writeRefusal { throw writeRefusal }
        guard !isInTransaction else {
            throw StoreError(.internalError, "Chime began a write inside another write on \(path): please report this as a bug")
        }
        try run("BEGIN IMMEDIATE")
        isPreviewing = true
        defer {
            isPreviewing = false
            rollBack()
        }
        return try body()
    }

    /// Runs `body` inside the write transaction open on this connection, the store's own writes
    /// made in it (each a transaction of its own elsewhere) steps of that one: committed or
    /// rolled back with it.
    func joined<T>(_ body: () throws -> T) throws -> T {
        guard isInTransaction else {
            throw StoreError(.internalError, "Chime joined a write to none on \(path): please report this as a bug")
        }
        let joinedBefore = joinsWrites
        joinsWrites = true
        defer { joinsWrites = joinedBefore }
        return try body()
    }

    /// Runs `body` between `begin` and `COMMIT`, rolling everything back when anything throws;
    /// `failure` turns the store's own errors (beginning, committing) into `body`'s error type.
    private func transaction<T, E: Error>(
        beginning begin: String, _ body: () throws(E) -> T, failure: (StoreError) -> E
    ) throws(E) -> T {
        if begin != "BEGIN DEFERRED", let writeRefusal {
            throw failure(writeRefusal)
        }
        // Inside a transaction that is rolled back whatever happens, or one that a write joins,
        // a write is one more step of it.
        if isPreviewing || joinsWrites { return try body() }
        guard !isInTransaction else {
            // A write nested in another write would be committed by neither: a defect.
            throw failure(StoreError(.internalError, "Chime began a write inside another write on \(path): please report this as a bug"))
        }
        do throws(StoreError) {
            try run(begin)
        } catch {
            throw failure(error)
        }
        do throws(E) {
            let result = try body()
            do throws(StoreError) {
                try run("COMMIT")
            } catch {
                throw failure(error)
            }
            return result
        } catch {
            rollBack()
            throw error
        }
    }

    /// Ends whatever transaction is open, discarding its changes. A failure here leaves nothing to
    /// do: SQLite then has already rolled the transaction back itself.
    private func rollBack() {
        guard isInTransaction else { return }
        _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
    }
}
