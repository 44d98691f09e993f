import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeStore

/// The store written by release 0.1 (38fc83a, schema 7), kept under
/// `Tests/EndToEndTests/Fixtures/release-0.1-38fc83a/`: opening a copy migrates it in place to
/// this build's schema with every row kept. (Its answers are checked end to end by
/// `ReleaseStoreFixtureTests`.)
@Suite("A store written by release 0.1 (38fc83a)")
struct ReleaseFixtureOpeningTests {
    static let fixture = ChimeTestSupport.ReleaseStoreFixture.release01

    /// A copy of the fixture's store in `directory`, so the file kept in the repository is
    /// never opened (SQLite would put its `-wal` and `-shm` beside it).
    static func copy(in directory: TemporaryDirectory) throws -> String {
        let path = directory.appending("chime.db")
        try fixture.copyStore(to: path)
        return path
    }

    @Test("the file is the release's: a Chime store in WAL mode at the schema version of its manifest, intact")
    func fileIsTheRelease() throws {
        let manifest = try Self.fixture.manifest()
        let directory = try TemporaryDirectory(prefix: "chime-store-tests")
        let path = try Self.copy(in: directory)
        let raw = RawDatabase(path: path)
        #expect(raw.text("PRAGMA user_version") == "\(manifest.schemaVersion)")
        #expect(raw.text("PRAGMA application_id") == "\(StoreSchema.applicationID)")
        #expect(raw.text("PRAGMA integrity_check") == "ok")
        #expect(raw.text("PRAGMA journal_mode") == "wal")
    }

    @Test("opening it migrates it to this build's schema, intact, every table with the rows the release left")
    func openingKeepsEveryRow() throws {
        let manifest = try Self.fixture.manifest()
        let directory = try TemporaryDirectory(prefix: "chime-store-tests")
        let store = try Store(path: try Self.copy(in: directory))
        #expect(store.localizedWarnings.isEmpty, "\(store.warnings)")
        #expect(try store.integer("PRAGMA user_version") == Int64(Store.schemaVersion))
        #expect(try store.texts("PRAGMA integrity_check") == ["ok"])
        #expect(try store.texts("PRAGMA foreign_key_check").isEmpty)
        #expect(manifest.tableRows.values.reduce(0, +) > 100, "the release's store holds \(manifest.tableRows)")
        for (table, rows) in manifest.tableRows.sorted(by: { $0.key < $1.key }) where table != "reminders" {
            #expect(try store.integer("SELECT count(*) FROM \"\(table)\"") == rows, "table \(table)")
        }
        // Schema 8 (issue 19): each recurring reminder becomes a record of its own, and the
        // one-off row that stood for its id goes; the one-off reminders stay.
        let recurring = try store.integer("SELECT count(*) FROM recurring_reminders")
        #expect(recurring == 4, "pills, plan, standup and train")
        #expect(try store.integer("SELECT count(*) FROM reminders") + recurring == Int64(manifest.tableRows["reminders"] ?? 0))
        #expect(try store.texts("SELECT id FROM recurring_reminders WHERE ended_at IS NULL ORDER BY id") == ["pills", "plan", "standup", "train"])
        let tables = try store.texts("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        #expect(Set(manifest.tableRows.keys).isSubset(of: tables), "tables now: \(tables)")
    }

    @Test("a second opening changes nothing more")
    func reopeningChangesNothing() throws {
        let directory = try TemporaryDirectory(prefix: "chime-store-tests")
        let path = try Self.copy(in: directory)
        let first = try Store(path: path).dump()
        let second = try Store(path: path).dump()
        #expect(first == second)
        #expect(!first.isEmpty)
    }
}
