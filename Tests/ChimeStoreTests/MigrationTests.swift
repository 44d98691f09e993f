import ChimeCore
import Foundation
import Testing
@testable import ChimeStore

@Suite("Schema migrations")
struct MigrationTests {
    let directory = TemporaryDirectory()
    let now = Fixture.now

    /// A database at schema `version`, made by the migrations of that time, holding rows written
    /// with that version's SQL.
    func makeDatabase(at version: Int) throws -> String {
        let path = directory.file("old.db")
        try DatabaseFile.prepare(path: path)
        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        _ = try connection.queryFirst("PRAGMA journal_mode = WAL") { $0.text(0) }
        try StoreSchema.migrate(connection, to: version)
        let t = now.timeIntervalSinceReferenceDate
        // Version 1 rows: what Chime 1 wrote (from version 3 on, the change sequence and applied
        // request ids are rows of change_log).
        try connection.execute(script: version >= 3 ? """
            INSERT INTO change_log (sequence, request_id, applied_at) VALUES (39, 'old-command', \(t - 10)), (41, NULL, NULL);
            """ : """
            UPDATE meta SET value = 41 WHERE key = 'change_sequence';
            INSERT INTO applied_requests VALUES ('old-command', 39, \(t - 10));
            """)
        try connection.execute(script: """
            INSERT INTO sessions VALUES ('f-1', '16:8', \(t - 7200), 'morning', 'single', NULL, '3600,900', NULL, NULL);
            INSERT INTO sessions VALUES ('f-2', '18:6', \(t - 90000), '', 'rolling', \(t - 100), '', 2, 1800);
            INSERT INTO water_schedules VALUES ('w-1', 2700, '09:00', '21:30', 300, 2000, NULL);
            INSERT INTO water_intake (schedule_id, instant, amount_ml) VALUES ('w-1', \(t - 60), 250), (NULL, \(t - 30), 100);
            INSERT INTO reminders VALUES ('r-1', 'call mum', \(t + 600));
            INSERT INTO requests (identifier, group_id, kind, due, tolerance, content, misfire_policy, misfire_until, state, server_id, attempts, last_error, retry_at, close_requested, change_sequence) VALUES
                ('remind/r-1', 'r-1', 'reminder', \(t + 600), 5, '{"arguments":{"text":"call mum"},"template":"reminder"}', 'deliver-late', \(t + 87000), 'pending', NULL, 0, NULL, NULL, 0, 40),
                ('fast/f-1/end', 'f-1', 'fast-end', \(t + 50400), 10, '{"arguments":{"plan":"16:8","tag":"morning"},"template":"fast.complete"}', 'deliver-late', \(t + 136800), 'pending', NULL, 1, 'no server', \(t + 50402), 0, 41),
                ('water/w-1/2026-05-08T09:00', 'w-1', 'water', \(t - 3600), 270, '{"arguments":{"amount_ml":"300"},"template":"water.reminder"}', 'collapse', \(t + 3600), 'delivered', 12, 1, NULL, NULL, 0, 30),
                ('fast/f-2/start', 'f-2', 'fast-start', \(t - 90000), 10, '{"arguments":{},"template":"fast.started"}', 'drop', NULL, 'missed', NULL, 0, 'late', NULL, 0, 20),
                ('fast/f-2/end/0', 'f-2', 'fast-end', \(t - 10000), 10, '{"arguments":{},"template":"fast.complete"}', 'drop', NULL, 'cancelled', NULL, 0, NULL, NULL, 0, 21);
            INSERT INTO settings VALUES ('fast.plan', '18:6');
            """)
        if version >= 2 {
            try connection.execute(script: """
                INSERT INTO delivery_history (request_row_id, identifier, group_id, kind, outcome, at, due, server_id, detail)
                SELECT row_id, identifier, group_id, kind, 'delivered', \(t - 3590), due, server_id, NULL FROM requests WHERE state = 'delivered';
                INSERT INTO delivery_history (request_row_id, identifier, group_id, kind, outcome, at, due, server_id, detail)
                SELECT row_id, identifier, group_id, kind, 'missed', \(t - 80000), due, NULL, 'late' FROM requests WHERE state = 'missed';
                """)
        }
        #expect(try StoreSchema.version(of: connection) == version)
        return path
    }

    @Test("every earlier schema version with data in it migrates to the current one", arguments: Array(1..<StoreSchema.latestVersion))
    func migrateFromEarlierVersion(from version: Int) throws {
        let path = try makeDatabase(at: version)
        let store = try Store(path: path)
        #expect(try store.integer("PRAGMA user_version") == Int64(Store.schemaVersion))
        #expect(try store.texts("PRAGMA integrity_check") == ["ok"])
        #expect(try store.currentSequence() == 41)

        // Records.
        let sessions = try store.sessions()
        #expect(sessions.map(\.id) == ["f-2", "f-1"])
        #expect(sessions[1].remindBefore == [.hours(1), .minutes(15)])
        #expect(sessions[0].fastExtension == FastingSession.Extension(cycle: 2, seconds: 1800))
        #expect(sessions[0].stoppedAt == now.addingTimeInterval(-100))
        #expect(try store.waterSchedules().map(\.interval) == [.minutes(45)])
        #expect(try store.intakes(since: .distantPast).map(\.intake.amountML) == [250, 100])
        #expect(try store.reminders().map(\.text) == ["call mum"])
        #expect(try store.settings() == ["fast.plan": "18:6"])

        // Requests keep their row ids, states and delivery details.
        let pending = try store.pendingRequests()
        #expect(pending.map(\.request.identifier) == ["remind/r-1", "fast/f-1/end"])
        #expect(pending[1].retryAt == now.addingTimeInterval(50402) && pending[1].attempts == 1)
        #expect(pending[0].request.content.arguments == ["text": "call mum"])
        #expect(pending[0].request.misfirePolicy == .deliverLate(until: now.addingTimeInterval(87000)))
        let snapshot = try store.pendingSnapshot()
        #expect(Set(snapshot.entries.map(\.rowID)) == Set(pending.map(\.rowID)))
        #expect(try store.request(identifier: "water/w-1/2026-05-08T09:00")?.serverID == 12)

        // The history: filled from the old rows when it did not exist, kept when it did.
        let history = try store.deliveryHistory()
        #expect(history.map(\.identifier).sorted() == ["fast/f-2/start", "water/w-1/2026-05-08T09:00"])
        let delivered = try #require(history.first { $0.outcome == .delivered })
        #expect(delivered.serverID == 12)
        if version == 1 {
            #expect(delivered.at == delivered.due, "the due instant stands in for the unknown delivery time")
            #expect(delivered.detail == "recorded before Chime kept a delivery history")
        } else {
            #expect(delivered.at == now.addingTimeInterval(-3590))
        }
        #expect(history.first { $0.outcome == .missed }?.detail == "late")

        // Request ids applied before the migration still count as applied.
        #expect(try store.apply(Fixture.plan(requests: [Fixture.request("x")]), requestID: "old-command", now: now) == ApplyResult(sequence: 39, replayed: true))
        // And the migrated database takes new writes.
        let result = try store.apply(Fixture.plan(requests: [Fixture.request("x")], cancelling: ["remind/r-1"]), requestID: "new", now: now)
        #expect(result.sequence == 42)
        #expect(try store.changes(since: 41).changes.map(\.identifier) == ["remind/r-1", "x"])
        let indexes = try store.texts("SELECT name FROM sqlite_schema WHERE type = 'index' AND name LIKE 'requests_%' ORDER BY name")
        #expect(indexes == ["requests_awaiting_close", "requests_by_change", "requests_by_group", "requests_pending_by_due"])
        #expect(try store.texts("SELECT name FROM sqlite_schema WHERE name IN ('meta', 'applied_requests')").isEmpty)
    }

    @Test("a migration that fails leaves the database at its old version, unchanged")
    func failedMigrationChangesNothing() throws {
        let path = try makeDatabase(at: 1)
        do {
            // Something in the way of version 2's new table.
            let raw = RawDatabase(path: path)
            #expect(raw.execute("CREATE VIEW delivery_history AS SELECT 1") == 0)
        }
        let before: [String]
        do {
            let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
            before = try connection.query("SELECT name FROM sqlite_schema ORDER BY name") { $0.text(0) }
        }
        let error = #expect(throws: StoreError.self) { try Store(path: path) }
        #expect(error != nil)
        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        #expect(try StoreSchema.version(of: connection) == 1)
        #expect(try connection.query("SELECT name FROM sqlite_schema ORDER BY name") { $0.text(0) } == before)
    }

    @Test("each migration step is recorded: version 0 migrates through every step")
    func freshDatabase() throws {
        let path = directory.file("new.db")
        try DatabaseFile.prepare(path: path)
        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        #expect(try StoreSchema.migrate(connection) == 0)
        #expect(try StoreSchema.version(of: connection) == StoreSchema.latestVersion)
        #expect(try StoreSchema.migrate(connection) == StoreSchema.latestVersion, "an up-to-date database is left alone")
    }
}
