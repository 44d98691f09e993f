import ChimeCore

/// A store operation that failed, described for the person who ran the command.
///
/// Callers match on ``kind`` (`catch let error as StoreError where error.kind == .tryAgain`, or
/// `catch where error.kind == .notFound` in a function that throws only `StoreError`); ``message`` is one sentence saying what was wrong and what
/// to do; ``sqliteCode`` and ``sqliteMessage`` keep SQLite's own account for logs and bug reports.
public struct StoreError: ChimeError {
    /// What went wrong, coarse enough for a caller to choose an exit code (see ``exitCode``).
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A condition that may pass: the database is locked beyond the busy timeout, the disk or
        /// quota is full, the file system is read-only or failed an I/O, the `-wal` log of the
        /// database is missing until it is restored. Nothing was written.
        case tryAgain
        /// The file at the database path is not an SQLite database, not Chime's, or is damaged:
        /// it cannot be used until it is moved aside or restored.
        case corrupt
        /// The database was written by a newer version of Chime, with a schema this one does not know.
        case newerSchema
        /// A stored value or a value to store is not valid (a row that does not decode, a constraint).
        case badData
        /// The thing asked for does not exist (cancelling an identifier with nothing pending).
        case notFound
        /// The database cannot be reached at all: no home directory, a path that is not a file,
        /// a directory that is a link, another user's or shared, no permission to write the
        /// database, its `-wal` or `-shm` file, or its directory.
        case unavailable
        /// A defect in Chime itself (misused API, malformed SQL): report it.
        case internalError
    }

    /// What went wrong.
    public let kind: Kind
    /// One sentence for the user, in every language: what was wrong and what to do.
    public let text: LocalizedText
    /// SQLite's extended result code, when SQLite reported the failure.
    public let sqliteCode: Int32?
    /// SQLite's own message (`sqlite3_errmsg`), when SQLite reported the failure.
    public let sqliteMessage: String?

    /// Makes an error of `kind` with a sentence for the user and, optionally, SQLite's account.
    public init(_ kind: Kind, _ message: String, sqliteCode: Int32? = nil, sqliteMessage: String? = nil) {
        self.init(kind, LocalizedText(verbatim: message), sqliteCode: sqliteCode, sqliteMessage: sqliteMessage)
    }

    /// Makes an error of `kind` saying `text`, optionally with SQLite's account.
    public init(_ kind: Kind, _ text: LocalizedText, sqliteCode: Int32? = nil, sqliteMessage: String? = nil) {
        self.kind = kind
        self.text = text
        self.sqliteCode = sqliteCode
        self.sqliteMessage = sqliteMessage
    }

    /// Makes an error of `kind` saying `message` of the store's texts with `values`.
    init(_ kind: Kind, _ message: StoreText, _ values: [String: String] = [:], sqliteCode: Int32? = nil, sqliteMessage: String? = nil) {
        self.init(kind, LocalizedText(message, values), sqliteCode: sqliteCode, sqliteMessage: sqliteMessage)
    }

    /// SQLite's account of a failure, which equality compares besides the kind and sentence.
    public struct SQLiteAccount: Hashable, Sendable {
        /// ``StoreError/sqliteCode``.
        public let code: Int32?
        /// ``StoreError/sqliteMessage``.
        public let message: String?
    }

    /// SQLite's code and message, for equality.
    public var details: SQLiteAccount { SQLiteAccount(code: sqliteCode, message: sqliteMessage) }

    /// The primary SQLite result code (`SQLITE_BUSY`, `SQLITE_FULL`, ...) without the extended bits.
    public var sqlitePrimaryCode: Int32? { sqliteCode.map { $0 & 0xFF } }

    /// The exit code a command should end with: `tryAgain` for ``Kind/tryAgain``; `dataError`
    /// for ``Kind/badData`` and ``Kind/notFound`` (what the command asked for); `unavailable` for
    /// ``Kind/corrupt``, ``Kind/newerSchema`` and ``Kind/unavailable`` (a database that cannot be
    /// used, whatever the command); `software` for ``Kind/internalError``.
    public var exitCode: ExitCode {
        switch kind {
        case .tryAgain: return .tryAgain
        case .badData, .notFound: return .dataError
        case .corrupt, .newerSchema, .unavailable: return .unavailable
        case .internalError: return .software
        }
    }

    /// Whether SQLite reported the database locked (`SQLITE_BUSY`, `SQLITE_LOCKED`): a failure
    /// that waiting may cure.
    var isBusy: Bool {
        sqlitePrimaryCode == 5 || sqlitePrimaryCode == 6
    }

    /// The message, followed by SQLite's account when there is one (for logs).
    public var description: String {
        guard let sqliteMessage, let sqliteCode else { return message }
        return "\(message) (SQLite \(sqliteCode): \(sqliteMessage))"
    }
}

extension StoreError {
    /// The sentence for a file Chime will not use: names it and says how to get going again.
    static func corruptSentence(path: String, problem: StoreText) -> LocalizedText {
        LocalizedText(StoreText.corrupt, localized: ["path": LocalizedText(verbatim: path), "problem": LocalizedText(problem)])
    }

    /// The sentence for a database directory the user may not write in. `creating` names the
    /// directory that could not be made in it, if that was the step that failed.
    static func directoryNotWritableSentence(directory: String, databasePath path: String, creating: String?) -> LocalizedText {
        let what = creating.map { LocalizedText(StoreText.cannotCreate, ["path": $0]) } ?? LocalizedText(StoreText.cannotCreateFilesIn, ["path": directory])
        return LocalizedText(StoreText.directoryNotWritable, localized: [
            "what": what, "directory": LocalizedText(verbatim: directory), "path": LocalizedText(verbatim: path),
        ])
    }

    /// The sentence for a database file, or its `-wal` or `-shm` file, the user may not read and write.
    static func fileNotWritableSentence(file: String, databasePath path: String) -> LocalizedText {
        LocalizedText(file == path ? StoreText.databaseNotWritable : .sidecarNotWritable, ["file": file, "path": path])
    }

    /// The sentence for a file system mounted read-only.
    static func readOnlyFileSystemSentence(path: String, action: StoreText) -> LocalizedText {
        LocalizedText(StoreText.readOnlyFileSystem, localized: ["action": LocalizedText(action), "path": LocalizedText(verbatim: path)])
    }

    /// The sentence for a WAL database whose `-shm` index exists without its `-wal` log.
    static func missingLogSentence(path: String) -> LocalizedText {
        LocalizedText(StoreText.missingLog, ["path": path])
    }
}
