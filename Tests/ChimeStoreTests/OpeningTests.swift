import CSQLite
import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeStore

@Suite("Opening the database")
struct OpeningTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "chime-store-tests")
    }

    // MARK: Location

    @Test("the default path follows XDG_DATA_HOME, then HOME", arguments: [
        (["XDG_DATA_HOME": "/data", "HOME": "/home/u"], "/data/chime/chime.db"),
        (["XDG_DATA_HOME": "/data//", "HOME": "/home/u"], "/data/chime/chime.db"),
        (["XDG_DATA_HOME": "relative/dir", "HOME": "/home/u"], "/home/u/.local/share/chime/chime.db"),
        (["XDG_DATA_HOME": "", "HOME": "/home/u/"], "/home/u/.local/share/chime/chime.db"),
        (["HOME": "/"], "/.local/share/chime/chime.db"),
    ])
    func defaultPath(environment: [String: String], expected: String) throws {
        #expect(try StoreLocation.defaultDatabasePath(environment: environment) == expected)
    }

    @Test("without XDG_DATA_HOME or HOME there is no default path")
    func noDefaultPath() {
        let error = #expect(throws: StoreError.self) { try StoreLocation.defaultDatabasePath(environment: ["HOME": "relative"]) }
        #expect(error?.kind == .unavailable)
        #expect(error?.exitCode.rawValue == 69)
    }

    @Test("opening from an environment creates the data directory 0700 and the database 0600")
    func openFromEnvironment() throws {
        let data = directory.appending("data")
        let store = try Store(environment: ["XDG_DATA_HOME": data, "HOME": "/nonexistent"])
        #expect(store.path == "\(data)/chime/chime.db")
        #expect(permissions(of: data) == 0o700)
        #expect(permissions(of: "\(data)/chime") == 0o700)
        #expect(permissions(of: store.path) == 0o600)
    }

    @Test("the database, its -wal and its -shm are 0600 and new directories 0700")
    func filePermissions() throws {
        let path = directory.appending("a/b/chime.db")
        let store = try Store(path: path)
        try store.apply(Fixture.plan(requests: [Fixture.request("x")]), now: Fixture.now)
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(permissions(of: file) == 0o600, "\(file)")
        }
        #expect(permissions(of: directory.appending("a")) == 0o700)
        #expect(permissions(of: directory.appending("a/b")) == 0o700)
    }

    @Test("a new database is 0600 from its first byte, whatever the umask")
    func newFileMode() throws {
        let path = directory.appending("chime.db")
        let previous = umask(0o077)
        defer { umask(previous) }
        let prepared = try DatabaseFile.prepare(path: path)
        #expect(prepared == DatabaseFile.Prepared(created: true, header: nil))
        #expect(permissions(of: path) == 0o600)
        #expect(contents(of: path).isEmpty, "prepared, not yet written")
    }

    @Test("an existing data directory looser than 0700 is tightened; XDG_DATA_HOME above it is left alone")
    func existingDirectoryTightened() throws {
        let data = directory.appending("data")
        #expect(mkdir(data, 0o755) == 0 && chmod(data, 0o755) == 0)
        #expect(mkdir(data + "/chime", 0o755) == 0 && chmod(data + "/chime", 0o755) == 0)
        let store = try Store(environment: ["XDG_DATA_HOME": data])
        try store.apply(Fixture.plan(requests: [Fixture.request("x")]), now: Fixture.now)
        #expect(permissions(of: data + "/chime") == 0o700)
        #expect(permissions(of: data) == 0o755, "XDG_DATA_HOME is the user's, not Chime's")
        #expect(permissions(of: directory.path) == 0o700, "directories further up are not touched (mkdtemp made it 0700)")
    }

    @Test("a data directory of another user is refused, named, and not changed", .enabled(if: geteuid() == 0, "only root can give a directory away"))
    func foreignDirectory() throws {
        let data = directory.appending("data")
        let chimeDirectory = data + "/chime"
        try FileManager.default.createDirectory(atPath: chimeDirectory, withIntermediateDirectories: true)
        #expect(chmod(chimeDirectory, 0o755) == 0 && chown(chimeDirectory, 54_321, 54_321) == 0)
        let error = #expect(throws: StoreError.self) { try Store(environment: ["XDG_DATA_HOME": data]) }
        #expect(error?.kind == .unavailable)
        #expect(error?.exitCode.rawValue == 69)
        #expect(error?.message.contains(chimeDirectory) == true)
        #expect(error?.message.contains("belongs to another user (uid 54321") == true, "\(error?.message ?? "")")
        #expect(permissions(of: chimeDirectory) == 0o755)
        #expect(owner(of: chimeDirectory) == 54_321)
        #expect(!DatabaseFile.exists(chimeDirectory + "/chime.db"), "nothing was created in it")
    }

    @Test("a data directory that is a symbolic link is refused, named, and neither it nor its target is changed")
    func linkedDirectory() throws {
        let data = directory.appending("data")
        let elsewhere = directory.appending("elsewhere")
        #expect(mkdir(data, 0o700) == 0)
        #expect(mkdir(elsewhere, 0o755) == 0 && chmod(elsewhere, 0o755) == 0)
        #expect(symlink(elsewhere, data + "/chime") == 0)
        let error = #expect(throws: StoreError.self) { try Store(environment: ["XDG_DATA_HOME": data]) }
        #expect(error?.kind == .unavailable)
        #expect(error?.exitCode.rawValue == 69)
        #expect(error?.message.contains("\(data)/chime, is a symbolic link to \(elsewhere)") == true, "\(error?.message ?? "")")
        #expect(permissions(of: elsewhere) == 0o755)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty, "nothing was created behind the link")
    }

    @Test("a shared directory (sticky, like /tmp) is never made Chime's")
    func stickyDirectory() throws {
        let shared = directory.appending("shared")
        #expect(mkdir(shared, 0o700) == 0 && chmod(shared, 0o1777) == 0)
        let error = #expect(throws: StoreError.self) { try Store(path: shared + "/chime.db") }
        #expect(error?.kind == .unavailable)
        #expect(error?.message.contains("sticky") == true)
        #expect(permissions(of: shared, includingSpecialBits: true) == 0o1777)
        #expect(!DatabaseFile.exists(shared + "/chime.db"))
    }

    @Test("an existing database readable by others is made private, with its -wal and -shm")
    func existingPermissionsTightened() throws {
        let path = directory.appending("chime.db")
        do {
            let store = try Store(path: path)
            try store.apply(ChangePlan(), now: Fixture.now)
        }
        let holder = RawDatabase(path: path)
        holder.execute("SELECT count(*) FROM requests")
        #expect(chmod(path, 0o644) == 0)
        #expect(chmod(path + "-wal", 0o644) == 0 && chmod(path + "-shm", 0o666) == 0)
        let store = try Store(path: path)
        try store.apply(ChangePlan(), now: Fixture.now)
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(permissions(of: file) == 0o600, "\(file)")
        }
    }

    @Test("the connection runs in WAL mode with full sync, foreign keys and a busy timeout")
    func pragmas() throws {
        let store = try openStore(in: directory, configuration: Store.Configuration(busyTimeout: .milliseconds(2500)))
        #expect(try store.texts("PRAGMA journal_mode") == ["wal"])
        #expect(try store.integer("PRAGMA synchronous") == 2)
        #expect(try store.integer("PRAGMA foreign_keys") == 1)
        #expect(try store.integer("PRAGMA busy_timeout") == 2500)
        #expect(try store.integer("PRAGMA user_version") == Int64(Store.schemaVersion))
        #expect(try store.integer("PRAGMA application_id") == StoreSchema.applicationID)
    }

    // MARK: Refusing files

    /// Opens `path` expecting a refusal of `kind`, and checks that nothing was touched: the file,
    /// its `-wal` and `-shm` (bytes, mode, existence) and its directory's mode. The file and its
    /// directory are first made readable by others, so a permission change would show.
    func expectRefusal(_ path: String, kind: StoreError.Kind, mentioning words: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(chmod(path, 0o644) == 0, sourceLocation: sourceLocation)
        #expect(chmod(DatabaseFile.directory(of: path), 0o755) == 0, sourceLocation: sourceLocation)
        let files = [path, path + "-wal", path + "-shm"]
        let before = files.map(FileState.init)
        let directoryMode = permissions(of: DatabaseFile.directory(of: path))
        let error = #expect(throws: StoreError.self, sourceLocation: sourceLocation) { try Store(path: path) }
        #expect(error?.kind == kind, sourceLocation: sourceLocation)
        #expect(error?.exitCode.rawValue == 69, "a database that cannot be used is unavailable", sourceLocation: sourceLocation)
        #expect(error?.message.contains(path) == true, sourceLocation: sourceLocation)
        for word in words {
            #expect(error?.message.contains(word) == true, "\(error?.message ?? "") should mention \(word)", sourceLocation: sourceLocation)
        }
        #expect(FileState(path) == before[0], "the file must be left byte for byte as it was, with its mode", sourceLocation: sourceLocation)
        #expect(FileState(path + "-wal") == before[1], "the log as it was", sourceLocation: sourceLocation)
        // The index is shared memory for coordinating readers, rebuilt at will: only whether it is there counts.
        #expect(DatabaseFile.exists(path + "-shm") == before[2].exists, sourceLocation: sourceLocation)
        #expect(permissions(of: DatabaseFile.directory(of: path)) == directoryMode, "the directory keeps its mode", sourceLocation: sourceLocation)
    }

    @Test("a file that is not SQLite is refused, named, left untouched, with the fix")
    func notSQLite() throws {
        let path = directory.appending("chime.db")
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(noise)))
        expectRefusal(path, kind: .corrupt, mentioning: ["mv '\(path)' '\(path).broken'"])

        #expect(FileManager.default.createFile(atPath: path, contents: Data("my notes\n".utf8)))
        expectRefusal(path, kind: .corrupt)
    }

    @Test("an SQLite file with damaged pages is refused and left untouched")
    func damagedPages() throws {
        let path = directory.appending("chime.db")
        do { _ = try Store(path: path) }
        var bytes = contents(of: path)
        try #require(bytes.count >= 4096)
        // Keep the 100-byte header, wreck the rest of page 1 (the schema's b-tree).
        for index in 100..<4096 { bytes[index] = UInt8(truncatingIfNeeded: index &* 31) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        expectRefusal(path, kind: .corrupt)
    }

    @Test("another program's SQLite database is refused and left untouched")
    func foreignDatabase() throws {
        let path = directory.appending("chime.db")
        do {
            let other = RawDatabase(path: path)
            #expect(other.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO photos (name) VALUES ('cat');") == 0)
        }
        expectRefusal(path, kind: .corrupt, mentioning: ["another program"])
    }

    @Test("a directory at the database path is refused")
    func directoryAtPath() throws {
        let path = directory.appending("chime.db")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let error = #expect(throws: StoreError.self) { try Store(path: path) }
        #expect(error?.kind == .unavailable)
    }

    @Test("a database from a newer Chime is refused and left untouched", arguments: [false, true])
    func newerSchema(walMode: Bool) throws {
        let path = directory.appending("chime.db")
        do {
            let store = try Store(path: path)
            try store.apply(Fixture.plan(requests: [Fixture.request("x")]), now: Fixture.now)
        }
        do {
            let raw = RawDatabase(path: path)
            #expect(raw.execute("PRAGMA user_version = \(Store.schemaVersion + 1)") == 0)
            if !walMode { #expect(raw.text("PRAGMA journal_mode = DELETE") == "delete") }
        }
        expectRefusal(path, kind: .newerSchema, mentioning: ["newer version of Chime", "schema \(Store.schemaVersion + 1)"])
        let error = #expect(throws: StoreError.self) { try Store(path: path) }
        #expect(error?.exitCode.rawValue == 69)
    }

    @Test("a newer database with a log another process left behind keeps its bytes and its log")
    func newerSchemaWithLog() throws {
        let path = directory.appending("chime.db")
        do { _ = try Store(path: path) }
        do {
            // Like a newer chime killed before it closed: its last commit is only in the log.
            let raw = RawDatabase(path: path)
            #expect(raw.execute("PRAGMA wal_autocheckpoint = 0; PRAGMA user_version = \(Store.schemaVersion + 1)") == 0)
            #expect(chime_sqlite_keep_log_on_close(raw.handle) == SQLITE_OK)
        }
        #expect(DatabaseFile.size(of: [path + "-wal"]) > 0, "the log holds the commit")
        expectRefusal(path, kind: .newerSchema, mentioning: ["schema \(Store.schemaVersion + 1)"])
    }

    // MARK: Warnings

    /// A WAL database at `path` whose latest commit (request `x`) is only in its `-wal` log, as
    /// when the last process to use it stopped without closing it.
    func databaseWithCommitInLog(_ path: String) throws {
        let raw: RawDatabase
        do {
            let store = try Store(path: path)
            raw = RawDatabase(path: path)
            #expect(raw.text("SELECT count(*) FROM requests") == "0")
            try store.apply(Fixture.plan(requests: [Fixture.request("x")]), requestID: "x", now: Fixture.now)
        }
        // The store was not the last connection, so it left the log; the raw one leaves it too.
        #expect(chime_sqlite_keep_log_on_close(raw.handle) == SQLITE_OK)
    }

    @Test("a WAL database whose -shm exists without its -wal is refused (75) and left as it was")
    func missingWAL() throws {
        let path = directory.appending("chime.db")
        try databaseWithCommitInLog(path)
        #expect(rename(path + "-wal", directory.appending("aside-wal")) == 0)
        let before = [path, path + "-shm"].map(FileState.init)

        let error = #expect(throws: StoreError.self) { try Store(path: path) }
        #expect(error?.kind == .tryAgain)
        #expect(error?.exitCode.rawValue == 75)
        #expect(error?.message.contains("\(path)-wal is missing") == true)
        #expect(error?.message.contains("put its -wal file back beside it") == true)
        #expect(error?.message.contains("remove \(path)-shm") == true)
        #expect(error?.message.contains("\n") == false)
        #expect([path, path + "-shm"].map(FileState.init) == before, "neither the file nor the index was touched")
        #expect(!DatabaseFile.exists(path + "-wal"), "no new log was started")
        // Asked again, the answer is the same: the advice still applies.
        #expect(throws: StoreError.self) { try Store(path: path) }

        // The log put back: the acknowledged commit is there.
        #expect(rename(directory.appending("aside-wal"), path + "-wal") == 0)
        let store = try Store(path: path)
        #expect(try store.pendingRequests().map(\.request.identifier) == ["x"])
        let health = try store.healthCheck()
        #expect(health.quickCheck == ["ok"] && health.journalMode == "wal" && health.warnings.isEmpty && !health.isReadOnly)
    }

    @Test("removing the stale -shm accepts the database as it is, without what the lost log held")
    func missingWALAccepted() throws {
        let path = directory.appending("chime.db")
        try databaseWithCommitInLog(path)
        #expect(unlink(path + "-wal") == 0)
        #expect(throws: StoreError.self) { try Store(path: path) }
        #expect(unlink(path + "-shm") == 0)
        let store = try Store(path: path)
        #expect(try store.pendingRequests().isEmpty, "the commit was only in the lost log")
        try store.apply(Fixture.plan(requests: [Fixture.request("y")]), now: Fixture.now)
        #expect(try store.pendingRequests().map(\.request.identifier) == ["y"])
    }

    @Test("a database not in WAL mode, or with both files, or with neither, has no missing log")
    func missingWALRule() throws {
        #expect(DatabaseFile.isLogMissing(isWALMode: true, walExists: false, shmExists: true))
        #expect(!DatabaseFile.isLogMissing(isWALMode: true, walExists: true, shmExists: true))
        #expect(!DatabaseFile.isLogMissing(isWALMode: true, walExists: false, shmExists: false))
        #expect(!DatabaseFile.isLogMissing(isWALMode: false, walExists: false, shmExists: true))
        // A database that closed cleanly has neither file: it opens without a word.
        let path = directory.appending("chime.db")
        do { _ = try Store(path: path) }
        #expect(!DatabaseFile.exists(path + "-wal") && !DatabaseFile.exists(path + "-shm"))
        #expect(try Store(path: path).warnings.isEmpty)
    }

    @Test("network file systems are recognised by their statfs magic", arguments: [
        (UInt64(0x6969), "NFS"), (0xFF53_4D42, "CIFS"), (0xFE53_4D42, "SMB2"), (0x517B, "SMB"), (0x6573_5546, "FUSE, such as sshfs, which may be remote"),
    ])
    func networkMagic(magic: UInt64, name: String) {
        #expect(DatabaseFile.networkFileSystemName(magic: magic) == name)
    }

    @Test("local file systems are not network file systems", arguments: [UInt64(0xEF53), 0x0102_1994, 0x9123_683E, 0x5846_5342])
    func localMagic(magic: UInt64) {
        #expect(DatabaseFile.networkFileSystemName(magic: magic) == nil)
    }

    @Test("a healthy database reports ok")
    func health() throws {
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: [Fixture.request("a"), Fixture.request("b")]), now: Fixture.now)
        let health = try store.healthCheck()
        #expect(health.path == store.path)
        #expect(health.quickCheck == ["ok"])
        #expect(health.journalMode == "wal")
        #expect(health.schemaVersion == Store.schemaVersion)
        #expect(health.pendingCount == 2)
        #expect(health.sizeBytes > 0)
        #expect(health.warnings.isEmpty && !health.isReadOnly)
    }
}
