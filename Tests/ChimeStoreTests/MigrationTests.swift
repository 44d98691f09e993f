import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeStore

@Suite("Schema migrations")
struct MigrationTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "chime-store-tests")
    }
    let now = Fixture.now

    /// A database at schema `version`, made by the migrations of that time, holding rows written
    /// with that version's SQL.
    func makeDatabase(at version: Int) throws -> String {
        let path = directory.appending("old.db")
        try DatabaseFile.prepare(path: path)
        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        _ = try connection.queryFirst("PRAGMA journal_mode = WAL") { $0.text(0) }
        // Rows are written in the SQL of versions 1 and 2; later versions migrate them.
        try StoreSchema.migrate(connection, to: min(version, 2))
        let t = now.timeIntervalSinceReferenceDate
        // Version 1 rows: what Chime 1 wrote.
        try connection.execute(script: """
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
        try StoreSchema.migrate(connection, to: version)
        #expect(try StoreSchema.version(of: connection) == version)
        return path
    }

    @Test("a version 3 database with a water schedule and a pending reminder of one id keeps the one changed last", arguments: [true, false])
    func version4SeparatesAScheduleAndAReminder(reminderIsNewer: Bool) throws {
        let path = directory.appending("shared-id.db")
        let t = now.timeIntervalSinceReferenceDate
        try Fixture.oldDatabase(at: path, version: 3, script: """
            INSERT INTO change_log (sequence, request_id, applied_at) VALUES (9, NULL, NULL);
            INSERT INTO water_schedules VALUES ('x', 3600, '09:00', '21:00', 250, NULL, NULL);
            INSERT INTO reminders VALUES ('x', 'tea', \(t + 600));
            INSERT INTO requests (identifier, group_id, kind, due, tolerance, content, misfire_policy, misfire_until, state, change_sequence) VALUES
                ('water/x/2026-05-08T10:00', 'x', 'water', \(t + 600), 10, '{"arguments":{},"template":"water.reminder"}', 'drop', NULL, 'pending', \(reminderIsNewer ? 5 : 9)),
                ('remind/x', 'x', 'reminder', \(t + 600), 10, '{"arguments":{"text":"tea"},"template":"reminder"}', 'drop', NULL, 'pending', \(reminderIsNewer ? 9 : 5));
            """)
        let store = try Store(path: path)
        let kept = reminderIsNewer ? "reminder x" : "water schedule x"
        let ended = reminderIsNewer ? "turned off water schedule x" : "cancelled reminder x"
        #expect(store.warnings == ["the Chime database \(path) had a water schedule and a pending reminder both named x, which Chime no longer allows (an id names one thing): kept \(kept) (changed last) and \(ended)"])
        #expect(try store.waterSchedules().map(\.id) == (reminderIsNewer ? [] : ["x"]))
        #expect(try store.pendingRequests().map(\.request.kind) == [reminderIsNewer ? .reminder : .water])
        #expect(try store.reminder(id: "x") != nil, "the reminder's record stays, as after cancel")

        // From now on the schema refuses the pair, whichever comes second.
        var schedule = ChangePlan()
        schedule.schedules = [Fixture.schedule("x")]
        var reminder = ChangePlan()
        reminder.reminders = [OneOffReminder(id: "x", text: "again", due: now)]
        let second = reminderIsNewer ? schedule : reminder
        let refused = #expect(throws: StoreError.self) { try store.apply(second, now: now) }
        #expect(refused?.sqlitePrimaryCode == 19)
    }

    @Test("a version 3 database breaking a rule keeps the newest schedule and repeating fast, ends the others, and says so once")
    func version4EndsWhatBreaksARule() throws {
        let path = directory.appending("broken.db")
        let t = now.timeIntervalSinceReferenceDate
        try Fixture.oldDatabase(at: path, version: 3, script: """
            INSERT INTO change_log (sequence, request_id, applied_at) VALUES (7, NULL, NULL);
            INSERT INTO sessions VALUES ('f-old', '16:8', \(t - 90000), '', 'rolling', NULL, '', NULL, NULL);
            INSERT INTO sessions VALUES ('f-new', '18:6', \(t - 3600), '', 'rolling', NULL, '', NULL, NULL);
            INSERT INTO sessions VALUES ('f-single', '16:8', \(t - 600), '', 'single', NULL, '', NULL, NULL);
            INSERT INTO water_schedules VALUES ('w-first', 3600, '09:00', '21:00', 250, NULL, NULL);
            INSERT INTO water_schedules VALUES ('w-last', 7200, '09:00', '21:00', 250, NULL, NULL);
            INSERT INTO water_intake (schedule_id, instant, amount_ml) VALUES ('w-first', \(t - 60), 250);
            INSERT INTO requests (identifier, group_id, kind, due, tolerance, content, misfire_policy, misfire_until, state, change_sequence) VALUES
                ('fast/f-old/end/1', 'f-old', 'fast-end', \(t + 600), 10, '{"arguments":{},"template":"fast.complete"}', 'drop', NULL, 'pending', 7),
                ('fast/f-new/end/0', 'f-new', 'fast-end', \(t + 600), 10, '{"arguments":{},"template":"fast.complete"}', 'drop', NULL, 'pending', 7),
                ('water/w-first/2026-05-08T10:00', 'w-first', 'water', \(t + 600), 10, '{"arguments":{},"template":"water.reminder"}', 'drop', NULL, 'pending', 7),
                ('water/w-last/2026-05-08T10:00', 'w-last', 'water', \(t + 600), 10, '{"arguments":{},"template":"water.reminder"}', 'drop', NULL, 'pending', 7);
            """)
        let store = try Store(path: path)
        #expect(store.warnings == [
            "the Chime database \(path) had 2 repeating fasts running at once, which Chime no longer allows: kept f-new (started last) and stopped f-old now, cancelling their pending notifications; they stay in the history",
            "the Chime database \(path) had 2 water schedules on at once, which Chime no longer allows: kept w-last (set up last) and turned off w-first, cancelling their pending reminders; their intake stays logged",
        ])
        #expect(try store.sessions().map(\.id).sorted() == ["f-new", "f-old", "f-single"])
        #expect(try store.session(id: "f-old")?.stoppedAt != nil)
        #expect(try store.session(id: "f-new")?.stoppedAt == nil)
        #expect(try store.session(id: "f-single")?.stoppedAt == nil)
        #expect(try store.waterSchedules().map(\.id) == ["w-last"])
        #expect(try store.intakes(since: .distantPast).map(\.scheduleID) == ["w-first"])
        // The ended ones' notifications are cancelled under a new sequence, so chimed sees it.
        #expect(try store.currentSequence() == 8)
        #expect(Set(try store.pendingRequests().map(\.request.group)) == ["f-new", "w-last"])
        #expect(try store.changes(since: 7).changes.map(\.group).sorted() == ["f-old", "w-first"])

        // Said once: the next opening has nothing to say, and the rules now hold in the schema.
        #expect(try Store(path: path).warnings.isEmpty)
        var second = ChangePlan()
        second.schedules = [Fixture.schedule("w-other")]
        let refused = #expect(throws: StoreError.self) { try store.apply(second, now: now) }
        #expect(refused?.sqlitePrimaryCode == 19)
        var rolling = ChangePlan()
        rolling.sessions = [Fixture.session("f-third", mode: .rolling)]
        #expect(throws: StoreError.self) { try store.apply(rolling, now: now) }
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

    @Test("a version 9 database (the views, before calendars) keeps its goals by weekday, glasses, snoozes and showings, and gains the calendars' tables")
    func version9KeepsTheViews() throws {
        let path = try makeDatabase(at: 9)
        let t = now.timeIntervalSinceReferenceDate
        do {
            let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
            try connection.execute(script: """
                UPDATE water_schedules SET weekday_goals = 'sat=1500,sun=1500' WHERE id = 'w-1';
                INSERT INTO snoozes (identifier, group_id, kind, occurrence_due, at, from_due, until_due)
                    VALUES ('remind/r-1', 'r-1', 'reminder', \(t + 600), \(t + 610), \(t + 600), \(t + 1200));
                INSERT INTO delivery_history (request_row_id, identifier, group_id, kind, outcome, at, due, server_id, detail, occurrence_due)
                    VALUES (1, 'remind/r-1', 'r-1', 'reminder', 'delivered', \(t + 1201), \(t + 1200), 4, NULL, \(t + 600));
                """)
        }
        let store = try Store(path: path)
        #expect(try store.integer("PRAGMA user_version") == StoreSchema.latestVersion)
        #expect(try store.texts("PRAGMA integrity_check") == ["ok"])
        #expect(try store.texts("SELECT weekday_goals FROM water_schedules") == ["sat=1500,sun=1500"])
        #expect(try store.numberedIntakes(since: .distantPast, until: .distantFuture).map(\.logged.intake.amountML) == [250, 100])
        #expect(try store.reminderSnoozes(since: .distantPast).map(\.until) == [now.addingTimeInterval(1200)])
        #expect(try store.reminderShowings(since: .distantPast, reminderID: "r-1").map(\.occurrenceDue) == [now.addingTimeInterval(600)])
        #expect(try store.deliveryHistory().count == 3)

        // The calendars' tables, empty, and in use.
        #expect(try store.calendars().isEmpty)
        var plan = ChangePlan()
        plan.calendars = [CalendarSource(name: "work", path: "/home/u/.calendars/work", addedAt: now)]
        try store.apply(plan, now: now)
        #expect(try store.calendars().map(\.name) == ["work"])
    }

    @Test("a version 10 database keeps its recurring reminder's skipped occurrence as a skip, and only that: not a row cancelled for the reminder it replaced, nor one withdrawn, nor one shown then closed or ended by Done")
    func version10KeepsSkips() throws {
        let path = try makeDatabase(at: 10)
        let t = now.timeIntervalSinceReferenceDate
        let start = now.addingTimeInterval(-86_400)
        let content = { (start: Date, extra: String) in
            #"{"arguments":{"text":"pills","rule":"FREQ=DAILY","start":"\#(start.formatted(.iso8601))"\#(extra)},"template":"reminder"}"#
        }
        do {
            let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
            try connection.execute(script: """
                INSERT INTO recurring_reminders (id, text, rule, start, nag_seconds, urgency, ended_at, rule_text)
                    VALUES ('d1', 'pills', 'FREQ=DAILY', \(start.timeIntervalSinceReferenceDate + 0.25), NULL, NULL, NULL, 'daily');
                INSERT INTO requests (identifier, group_id, kind, due, tolerance, content, misfire_policy, misfire_until, state, change_sequence, withdrawn) VALUES
                    ('remind/d1/a-skip', 'd1', 'reminder', \(t + 3600), 5, '\(content(start, ""))', 'deliver-late', NULL, 'cancelled', 42, 0),
                    ('remind/d1/b-replaced', 'd1', 'reminder', \(t + 7200), 5, '\(content(start.addingTimeInterval(-600), ""))', 'deliver-late', NULL, 'cancelled', 42, 0),
                    ('remind/d1/c-withdrawn', 'd1', 'reminder', \(t + 9000), 5, '\(content(start, ""))', 'deliver-late', NULL, 'cancelled', 42, 1),
                    ('remind/d1/d-done', 'd1', 'reminder', \(t - 600), 5, '\(content(start, #","nag":"300","nag-round":"2""#))', 'deliver-late', NULL, 'cancelled', 42, 0),
                    ('remind/d1/e-next', 'd1', 'reminder', \(t + 90000), 5, '\(content(start, ""))', 'deliver-late', NULL, 'pending', 42, 0),
                    ('remind/d1/f-closed', 'd1', 'reminder', \(t - 900), 5, '\(content(start, ""))', 'deliver-late', NULL, 'cancelled', 42, 0);
                INSERT INTO delivery_history (request_row_id, identifier, group_id, kind, outcome, at, due, server_id, detail)
                    SELECT row_id, identifier, group_id, kind, 'delivered', due, due, 7, NULL FROM requests WHERE identifier IN ('remind/d1/d-done', 'remind/d1/f-closed');
                """)
        }
        let store = try Store(path: path)
        #expect(try store.integer("PRAGMA user_version") == StoreSchema.latestVersion)
        #expect(try store.skips(inGroup: "d1").map(\.identifier) == ["remind/d1/a-skip"])
        #expect(try store.isSkipped("remind/d1/a-skip"))
        #expect(try !store.isSkipped("remind/d1/b-replaced"))
        // Made again under its id: the skips of the one before are forgotten.
        var plan = ChangePlan()
        plan.forgottenSkipGroups = ["d1"]
        try store.apply(plan, now: now)
        #expect(try store.skips(inGroup: "d1").isEmpty)
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
        let path = directory.appending("new.db")
        try DatabaseFile.prepare(path: path)
        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        #expect(try StoreSchema.migrate(connection) == 0)
        #expect(try StoreSchema.version(of: connection) == StoreSchema.latestVersion)
        #expect(try StoreSchema.migrate(connection) == StoreSchema.latestVersion, "an up-to-date database is left alone")
    }
}
