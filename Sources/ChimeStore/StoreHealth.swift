/// What `chime doctor` reports about the database.
public struct StoreHealth: Hashable, Sendable {
    /// The database file.
    public let path: String
    /// Bytes on disk: the database plus its `-wal` file.
    public let sizeBytes: Int64
    /// The schema version (`PRAGMA user_version`).
    public let schemaVersion: Int
    /// The journal mode (`wal` when all is well).
    public let journalMode: String
    /// What `PRAGMA quick_check` said: `["ok"]` when all is well, otherwise the problems found.
    public let quickCheck: [String]
    /// Requests waiting to be shown.
    public let pendingCount: Int
    /// The warnings found when the store was opened (a network file system).
    public let warnings: [String]
    /// Whether the database was opened for reading only (it is on a read-only file system).
    public let isReadOnly: Bool

    /// Makes a value (for callers' test doubles and formatting tests).
    public init(path: String, sizeBytes: Int64, schemaVersion: Int, journalMode: String, quickCheck: [String], pendingCount: Int, warnings: [String], isReadOnly: Bool = false) {
        self.path = path
        self.sizeBytes = sizeBytes
        self.schemaVersion = schemaVersion
        self.journalMode = journalMode
        self.quickCheck = quickCheck
        self.pendingCount = pendingCount
        self.warnings = warnings
        self.isReadOnly = isReadOnly
    }
}
