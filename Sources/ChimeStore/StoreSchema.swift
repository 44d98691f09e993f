import ChimeCore

/// The database schema as a list of forward-only migrations, numbered by `PRAGMA user_version`.
///
/// A migration, once released, never changes: a new need gets a new migration at the end. Every
/// migration runs in the same `BEGIN IMMEDIATE` transaction as the version bump, so a crash leaves
/// the database at the old version or the new one, never between.
///
/// Instants are stored as `REAL` seconds since Foundation's reference date (2001-01-01 UTC), which
/// round-trips a `Date` exactly.
enum StoreSchema {
    /// `PRAGMA application_id` of a Chime database: "Chim" in ASCII.
    static let applicationID: Int64 = 0x4368_696D

    /// The version this build writes and reads.
    static var latestVersion: Int { migrations.count }

    /// The oldest version this build can read without migrating it (on a read-only file system):
    /// versions 4 to 6 only add constraints, an index and the nagging record (read as empty when
    /// missing); version 7 adds the columns of scheduled fasts, version 8 the columns of
    /// rules and their instances, which every query of sessions and schedules reads, and version
    /// 9 the goals by weekday, which every query of water schedules reads; version 10 only adds
    /// the calendars' tables (a database without them is read as having no calendar), and
    /// version 11 the skipped occurrences (read as none skipped).
    static let readableWithoutMigration = 9

    /// Migration `i` takes the database from version `i` to version `i + 1`.
    static let migrations: [String] = [
        version1, version2, version3, version4, version5, version6, version7FastSchedules, version8Rules, version9Views,
        version10Calendars, version11Skips,
    ]

    /// Version 1: the records, the requests with their delivery state, settings, applied request
    /// ids and the change sequence.
    static let version1 = """
        PRAGMA application_id = \(applicationID);
        CREATE TABLE meta (
            key TEXT PRIMARY KEY,
            value INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO meta (key, value) VALUES ('change_sequence', 0);
        CREATE TABLE sessions (
            id TEXT PRIMARY KEY,
            plan TEXT NOT NULL,
            start REAL NOT NULL,
            tag TEXT NOT NULL DEFAULT '',
            mode TEXT NOT NULL CHECK (mode IN ('single', 'rolling')),
            stopped_at REAL,
            remind_before TEXT NOT NULL DEFAULT '',
            extension_cycle INTEGER,
            extension_seconds INTEGER
        );
        CREATE TABLE water_schedules (
            id TEXT PRIMARY KEY,
            interval_seconds INTEGER NOT NULL CHECK (interval_seconds > 0),
            window_from TEXT NOT NULL,
            window_until TEXT NOT NULL,
            amount_ml INTEGER NOT NULL,
            goal_ml INTEGER,
            paused_until REAL
        );
        CREATE TABLE water_intake (
            id INTEGER PRIMARY KEY,
            schedule_id TEXT,
            instant REAL NOT NULL,
            amount_ml INTEGER NOT NULL
        );
        CREATE INDEX water_intake_by_instant ON water_intake (instant);
        CREATE TABLE reminders (
            id TEXT PRIMARY KEY,
            text TEXT NOT NULL,
            due REAL NOT NULL
        );
        CREATE TABLE requests (
            row_id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE,
            group_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            due REAL NOT NULL,
            tolerance REAL NOT NULL CHECK (tolerance >= 0),
            content TEXT NOT NULL,
            misfire_policy TEXT NOT NULL CHECK (misfire_policy IN ('deliver-late', 'collapse', 'drop')),
            misfire_until REAL,
            state TEXT NOT NULL CHECK (state IN ('pending', 'delivering', 'delivered', 'cancelled', 'missed')),
            server_id INTEGER,
            attempts INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            retry_at REAL,
            close_requested INTEGER NOT NULL DEFAULT 0,
            change_sequence INTEGER NOT NULL
        );
        CREATE INDEX requests_by_change ON requests (change_sequence);
        CREATE INDEX requests_by_group ON requests (group_id, state);
        CREATE TABLE settings (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE applied_requests (
            request_id TEXT PRIMARY KEY,
            change_sequence INTEGER NOT NULL,
            applied_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX applied_requests_by_age ON applied_requests (applied_at);
        """

    /// Version 2: the delivery history, filled from the requests already delivered or missed
    /// (their due instant stands in for the unknown moment they were shown).
    static let version2 = """
        CREATE TABLE delivery_history (
            id INTEGER PRIMARY KEY,
            request_row_id INTEGER NOT NULL REFERENCES requests (row_id) ON DELETE CASCADE,
            identifier TEXT NOT NULL,
            group_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            outcome TEXT NOT NULL CHECK (outcome IN ('delivered', 'missed')),
            at REAL NOT NULL,
            due REAL NOT NULL,
            server_id INTEGER,
            detail TEXT
        );
        CREATE INDEX delivery_history_by_time ON delivery_history (at);
        CREATE INDEX delivery_history_by_request ON delivery_history (request_row_id);
        INSERT INTO delivery_history (request_row_id, identifier, group_id, kind, outcome, at, due, server_id, detail)
            SELECT row_id, identifier, group_id, kind, state, due, due, server_id,
                   coalesce(last_error, 'recorded before Chime kept a delivery history')
            FROM requests WHERE state IN ('delivered', 'missed') ORDER BY due, row_id;
        """

    /// Version 3: one B-tree fewer on every write. The change sequence and the applied request ids
    /// move into `change_log`, one row per write transaction whose rowid is its sequence number
    /// (the newest row is never deleted, so rowids only grow); request ids are found through a
    /// partial unique index. Version 1's `meta` row and `applied_requests` rows are carried over.
    /// Also an index of the bubbles waiting to be closed.
    static let version3 = """
        CREATE TABLE change_log (
            sequence INTEGER PRIMARY KEY,
            request_id TEXT,
            applied_at REAL
        );
        CREATE UNIQUE INDEX change_log_by_request ON change_log (request_id) WHERE request_id IS NOT NULL;
        INSERT INTO change_log (sequence, request_id, applied_at)
            SELECT change_sequence, request_id, applied_at FROM applied_requests ORDER BY change_sequence;
        INSERT INTO change_log (sequence, request_id, applied_at)
            SELECT value, NULL, NULL FROM meta
            WHERE key = 'change_sequence' AND value > coalesce((SELECT max(sequence) FROM change_log), 0);
        DROP TABLE applied_requests;
        DROP TABLE meta;
        CREATE INDEX requests_awaiting_close ON requests (close_requested) WHERE close_requested = 1;
        """

    /// Version 4: the rules that do not depend on the time of day, as constraints, so no writer
    /// that skips the checks can break them: one water schedule at a time (a schedule that
    /// exists is on), one repeating fast not stopped (a repeating fast never ends by itself),
    /// and no water schedule and pending reminder with one id. Whether a single fast is over
    /// depends on the clock, so its rules stay checks in the transaction that makes the change.
    ///
    /// A database that already breaks one keeps the newest (the schedule written last, the
    /// repeating fast started last, of a schedule and a reminder the one changed last); the
    /// others are ended now as `water off`, `fast stop` and `cancel` end them (the fasts stay
    /// in the history), their pending notifications cancelled under a new change sequence for a
    /// following daemon. What was ended is listed in `temp.migration_ended` for
    /// ``migrationNotices(_:)`` to tell once.
    static let version4 = """
        CREATE TEMP TABLE migration_ended (kind TEXT NOT NULL, id TEXT NOT NULL, kept TEXT NOT NULL);
        INSERT INTO temp.migration_ended (kind, id, kept)
            SELECT 'fast', s.id, (SELECT n.id FROM sessions n WHERE n.mode = 'rolling' AND n.stopped_at IS NULL ORDER BY n.start DESC, n.id DESC LIMIT 1)
            FROM sessions s
            WHERE s.mode = 'rolling' AND s.stopped_at IS NULL AND EXISTS (
                SELECT 1 FROM sessions n WHERE n.mode = 'rolling' AND n.stopped_at IS NULL
                  AND (n.start > s.start OR (n.start = s.start AND n.id > s.id)))
            ORDER BY s.start, s.id;
        INSERT INTO temp.migration_ended (kind, id, kept)
            SELECT 'water', id, (SELECT id FROM water_schedules ORDER BY rowid DESC LIMIT 1)
            FROM water_schedules WHERE rowid < (SELECT max(rowid) FROM water_schedules) ORDER BY rowid;
        INSERT INTO temp.migration_ended (kind, id, kept)
            SELECT CASE WHEN r.change_sequence > coalesce((SELECT max(w.change_sequence) FROM requests w WHERE w.group_id = s.id AND w.kind = 'water'), 0)
                        THEN 'water-for-reminder' ELSE 'reminder-for-water' END, s.id, s.id
            FROM water_schedules s JOIN requests r ON r.identifier = 'remind/' || s.id AND r.state IN ('pending', 'delivering')
            WHERE s.id NOT IN (SELECT id FROM temp.migration_ended WHERE kind = 'water');
        INSERT INTO change_log (request_id, applied_at) SELECT NULL, NULL WHERE EXISTS (SELECT 1 FROM temp.migration_ended);
        UPDATE sessions SET stopped_at = (julianday('now') - julianday('2001-01-01')) * 86400.0
            WHERE id IN (SELECT id FROM temp.migration_ended WHERE kind = 'fast');
        CREATE TEMP TABLE migration_cancelled AS
            SELECT r.row_id FROM requests r JOIN temp.migration_ended e ON e.id = r.group_id
            WHERE (e.kind = 'fast' AND r.kind NOT IN ('water', 'reminder'))
               OR (e.kind IN ('water', 'water-for-reminder') AND r.kind = 'water')
               OR (e.kind = 'reminder-for-water' AND r.kind = 'reminder');
        UPDATE requests SET state = 'cancelled', change_sequence = (SELECT max(sequence) FROM change_log)
            WHERE row_id IN (SELECT row_id FROM temp.migration_cancelled) AND state IN ('pending', 'delivering');
        UPDATE requests SET close_requested = 1, change_sequence = (SELECT max(sequence) FROM change_log)
            WHERE row_id IN (SELECT row_id FROM temp.migration_cancelled) AND server_id IS NOT NULL AND close_requested = 0;
        DROP TABLE temp.migration_cancelled;
        DELETE FROM water_schedules WHERE id IN (SELECT id FROM temp.migration_ended WHERE kind IN ('water', 'water-for-reminder'));
        CREATE UNIQUE INDEX water_schedules_one_at_a_time ON water_schedules ((0));
        CREATE UNIQUE INDEX sessions_one_repeating_running ON sessions ((0)) WHERE mode = 'rolling' AND stopped_at IS NULL;
        CREATE TRIGGER water_schedule_id_not_a_pending_reminder BEFORE INSERT ON water_schedules
            WHEN EXISTS (SELECT 1 FROM requests WHERE identifier = 'remind/' || NEW.id AND state IN ('pending', 'delivering'))
            BEGIN SELECT RAISE(ABORT, 'an id names one thing: a reminder with this id is still pending'); END;
        CREATE TRIGGER reminder_id_not_a_water_schedule BEFORE INSERT ON reminders
            WHEN EXISTS (SELECT 1 FROM water_schedules WHERE id = NEW.id)
            BEGIN SELECT RAISE(ABORT, 'an id names one thing: a water schedule has this id'); END;
        """

    /// Version 6: what became of each occurrence of a nagging recurring reminder (`chime remind
    /// history`), by the occurrence's request identifier; at most one open per reminder is the
    /// rule the writer keeps (a newer open one makes the older missed).
    static let version6 = """
        CREATE TABLE reminder_occurrences (
            identifier TEXT PRIMARY KEY,
            reminder_id TEXT NOT NULL,
            due REAL NOT NULL,
            outcome TEXT NOT NULL CHECK (outcome IN ('open', 'done-on-time', 'done-late', 'missed')),
            acknowledged_at REAL,
            CHECK ((acknowledged_at IS NULL) = (outcome NOT IN ('done-on-time', 'done-late')))
        );
        CREATE INDEX reminder_occurrences_by_due ON reminder_occurrences (due);
        CREATE INDEX reminder_occurrences_open ON reminder_occurrences (reminder_id) WHERE outcome = 'open';
        """

    /// Version 7 (fast schedules): the one fast schedule (`chime fast schedule`) and, on each
    /// session, the schedule it is an occurrence of and its two ends fixed on the local clock.
    /// Self-contained: it only adds a table, an index and nullable columns.
    static let version7FastSchedules = """
        CREATE TABLE fast_schedules (
            id TEXT PRIMARY KEY,
            plan TEXT NOT NULL,
            rule TEXT NOT NULL,
            start REAL NOT NULL,
            tag TEXT NOT NULL DEFAULT '',
            remind_before TEXT NOT NULL DEFAULT ''
        );
        CREATE UNIQUE INDEX fast_schedules_one_at_a_time ON fast_schedules ((0));
        ALTER TABLE sessions ADD COLUMN schedule_id TEXT;
        ALTER TABLE sessions ADD COLUMN local_fast_end REAL;
        ALTER TABLE sessions ADD COLUMN local_eating_end REAL;
        """

    /// Version 8 (derive what recurs, record only what happened): a recurring thing is its rule,
    /// with what happened to its instances recorded, and its occurrences derived from both.
    ///
    /// - A fast schedule is never deleted: turning it off or replacing it ends it (`ended_at`),
    ///   so the fasts it gave stay in the history; several may be on when their fasts never
    ///   overlap (a plan for weekdays and one for weekends), a rule the desk keeps. `derived_through`
    ///   is how far its notifications have been derived (catch-up starts there).
    /// - A session of a schedule is what happened to one instance (started, stopped, extended,
    ///   skipped), under the instance's key (`instance_key`, its local start `20270328-2000`,
    ///   taken from the id the release before gave its instances).
    /// - A recurring reminder is a record of its own (its rule lived only in its pending
    ///   request before): made from the newest request of each, ended (`ended_at`) when none
    ///   of its requests is still to come; its one-off stand-in row goes. Its occurrences are
    ///   its requests: the latest of them is how far it has been derived.
    /// - A snoozed request remembers the time it had before (`snoozed_from`): deriving again
    ///   keeps a snooze. A request cancelled because its rule no longer gave it (its fast was
    ///   taken over by another) is `withdrawn`, not skipped: given again, it comes back.
    ///
    /// Self-contained SQL: the content JSON is read with SQLite's JSON functions.
    static let version8Rules = """
        ALTER TABLE fast_schedules ADD COLUMN ended_at REAL;
        ALTER TABLE fast_schedules ADD COLUMN derived_through REAL;
        UPDATE fast_schedules SET derived_through = (julianday('now') - julianday('2001-01-01')) * 86400.0;
        DROP INDEX fast_schedules_one_at_a_time;
        ALTER TABLE sessions ADD COLUMN instance_key TEXT;
        UPDATE sessions SET instance_key = substr(id, length(schedule_id) + 2)
            WHERE schedule_id IS NOT NULL AND substr(id, 1, length(schedule_id) + 1) = schedule_id || '.';
        CREATE INDEX sessions_by_schedule ON sessions (schedule_id, start) WHERE schedule_id IS NOT NULL;
        ALTER TABLE requests ADD COLUMN snoozed_from REAL;
        ALTER TABLE requests ADD COLUMN withdrawn INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE recurring_reminders (
            id TEXT PRIMARY KEY,
            text TEXT NOT NULL,
            rule TEXT NOT NULL,
            start REAL NOT NULL,
            nag_seconds INTEGER CHECK (nag_seconds IS NULL OR nag_seconds > 0),
            urgency TEXT,
            ended_at REAL,
            rule_text TEXT
        );
        INSERT INTO recurring_reminders (id, text, rule, start, nag_seconds, urgency, ended_at)
            SELECT r.group_id,
                   json_extract(r.content, '$.arguments.text'),
                   json_extract(r.content, '$.arguments.rule'),
                   (julianday(json_extract(r.content, '$.arguments.start')) - julianday('2001-01-01')) * 86400.0,
                   CAST(json_extract(r.content, '$.arguments.nag') AS INTEGER),
                   json_extract(r.content, '$.arguments.urgency'),
                   CASE WHEN EXISTS (SELECT 1 FROM requests l WHERE l.group_id = r.group_id AND l.state IN ('pending', 'delivering'))
                        THEN NULL ELSE (SELECT max(a.due) FROM requests a WHERE a.group_id = r.group_id) END
            FROM requests r
            WHERE r.kind = 'reminder' AND json_valid(r.content)
              AND json_extract(r.content, '$.arguments.rule') IS NOT NULL
              AND json_extract(r.content, '$.arguments.start') IS NOT NULL
              AND json_extract(r.content, '$.arguments.text') IS NOT NULL
              AND r.row_id = (SELECT n.row_id FROM requests n WHERE n.group_id = r.group_id AND n.kind = 'reminder'
                                AND json_extract(n.content, '$.arguments.rule') IS NOT NULL
                              ORDER BY n.change_sequence DESC, n.row_id DESC LIMIT 1);
        DELETE FROM reminders WHERE id IN (SELECT id FROM recurring_reminders)
            AND NOT EXISTS (SELECT 1 FROM requests q WHERE q.identifier = 'remind/' || reminders.id);
        CREATE TRIGGER recurring_reminder_id_not_a_water_schedule BEFORE INSERT ON recurring_reminders
            WHEN EXISTS (SELECT 1 FROM water_schedules WHERE id = NEW.id)
            BEGIN SELECT RAISE(ABORT, 'an id names one thing: a water schedule has this id'); END;
        """

    /// Version 9 (the views people look for): what the histories and the water views need.
    ///
    /// - A water schedule's goals by weekday (`chime water goal weekends 1500`), as
    ///   ``WeekdayGoals/storedText`` (empty: every day takes `goal_ml`).
    /// - Logged glasses are numbered for good (`chime water log`, `water undo N`, `water edit N`):
    ///   AUTOINCREMENT, so the number of a glass undone is never given to another one. The
    ///   table is copied with its numbers, as SQLite cannot add AUTOINCREMENT in place.
    /// - Each snooze is recorded (`snoozes`): the request only keeps its latest time.
    /// - A showing in the delivery history names its occurrence's first due time
    ///   (`occurrence_due`, not known for the rows before): a snoozed or nagging reminder is
    ///   shown later than its occurrence was due.
    ///
    /// Self-contained: it adds columns and a table, and copies one table as it is.
    static let version9Views = """
        ALTER TABLE water_schedules ADD COLUMN weekday_goals TEXT NOT NULL DEFAULT '';
        CREATE TABLE water_intake_numbered (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            schedule_id TEXT,
            instant REAL NOT NULL,
            amount_ml INTEGER NOT NULL
        );
        INSERT INTO water_intake_numbered (id, schedule_id, instant, amount_ml)
            SELECT id, schedule_id, instant, amount_ml FROM water_intake ORDER BY id;
        DROP TABLE water_intake;
        ALTER TABLE water_intake_numbered RENAME TO water_intake;
        CREATE INDEX water_intake_by_instant ON water_intake (instant);
        CREATE TABLE snoozes (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL,
            group_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            occurrence_due REAL NOT NULL,
            at REAL NOT NULL,
            from_due REAL NOT NULL,
            until_due REAL NOT NULL
        );
        CREATE INDEX snoozes_by_time ON snoozes (at);
        ALTER TABLE delivery_history ADD COLUMN occurrence_due REAL;
        """

    /// Version 10 (calendars as sources): the calendars the user added (`chime calendar add`) and
    /// what Chime keeps about their alarms' firings, by calendar, UID, instance and trigger
    /// (shown, dismissed, snoozed until, missed). Chime never writes into a calendar it reads.
    ///
    /// - `default_alerts`: seconds before the start, comma separated (`900,3600`), for items
    ///   without an alarm of their own; empty for none. `muted`: `--no-alerts`.
    /// - `derived_through`: how far chimed has derived the calendar's alarms; catch-up after
    ///   downtime starts there (a calendar just added starts at `added_at`).
    /// - A fact's `change_sequence` lets chimed follow what `chime cancel` and `snooze` did to a
    ///   calendar alarm (its next alarm is derived from the calendar's files, which chimed holds).
    ///
    /// Self-contained: it only adds tables and an index.
    static let version10Calendars = """
        CREATE TABLE calendars (
            name TEXT PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            default_alerts TEXT NOT NULL DEFAULT '',
            muted INTEGER NOT NULL DEFAULT 0 CHECK (muted IN (0, 1)),
            added_at REAL NOT NULL,
            derived_through REAL
        ) WITHOUT ROWID;
        CREATE TABLE calendar_alarm_facts (
            calendar TEXT NOT NULL,
            uid TEXT NOT NULL,
            instance TEXT NOT NULL,
            trigger_at REAL NOT NULL,
            outcome TEXT NOT NULL CHECK (outcome IN ('shown', 'dismissed', 'snoozed', 'missed')),
            snoozed_until REAL,
            at REAL NOT NULL,
            change_sequence INTEGER NOT NULL,
            PRIMARY KEY (calendar, uid, instance, trigger_at),
            CHECK ((snoozed_until IS NULL) = (outcome <> 'snoozed'))
        ) WITHOUT ROWID;
        CREATE INDEX calendar_alarm_facts_by_change ON calendar_alarm_facts (change_sequence);
        """

    /// Version 11 (exceptions to rules): the occurrences of recurring reminders that the user
    /// skipped, by the identifier that names an occurrence by its local
    /// date and time. A skip was a cancelled request row before, which could not be told from
    /// a row cancelled when the zone moved it or its reminder was replaced.
    ///
    /// The rows cancelled before that stand for a skip are kept as skips: cancelled by the user
    /// (not withdrawn by a rule) before they were shown, and of the reminder as it stands (made
    /// at its `start`, not of one it replaced), as the release before read them.
    ///
    /// Self-contained: it only adds a table and an index, and fills the table.
    static let version11Skips = """
        CREATE TABLE skipped_occurrences (
            identifier TEXT PRIMARY KEY,
            group_id TEXT NOT NULL,
            due REAL NOT NULL,
            at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX skipped_occurrences_by_group ON skipped_occurrences (group_id);
        INSERT OR IGNORE INTO skipped_occurrences (identifier, group_id, due, at)
            SELECT r.identifier, r.group_id, r.due, r.due
            FROM requests r JOIN recurring_reminders m ON m.id = r.group_id
            WHERE r.kind = 'reminder' AND r.state = 'cancelled' AND r.withdrawn = 0 AND m.ended_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM delivery_history h WHERE h.request_row_id = r.row_id)
              AND json_valid(r.content)
              AND abs((julianday(json_extract(r.content, '$.arguments.start')) - julianday('2001-01-01')) * 86400.0 - m.start) < 1.0;
        """

    /// What the migration to version 4 ended in a database that broke its rules, one sentence per
    /// kind, for the opening process to print once; removes the list, so nothing is said twice.
    static func migrationNotices(_ connection: SQLiteConnection) throws(StoreError) -> [LocalizedText] {
        let exists = try connection.queryFirst("SELECT count(*) FROM temp.sqlite_schema WHERE name = 'migration_ended'") { $0.int64(0) } ?? 0
        guard exists > 0 else { return [] }
        let rows = try connection.query("SELECT kind, id, kept FROM temp.migration_ended ORDER BY rowid") { ($0.text(0), $0.text(1), $0.text(2)) }
        try connection.execute(script: "DROP TABLE temp.migration_ended")
        var notices: [LocalizedText] = []
        let path = connection.path
        let fasts = rows.filter { $0.0 == "fast" }
        if let kept = fasts.first?.2 {
            notices.append(LocalizedText(StoreText.migratedFasts, [
                "path": path, "count": "\(fasts.count + 1)", "kept": kept, "stopped": fasts.map(\.1).joined(separator: ", "),
            ]))
        }
        let schedules = rows.filter { $0.0 == "water" }
        if let kept = schedules.first?.2 {
            notices.append(LocalizedText(StoreText.migratedWaterSchedules, [
                "path": path, "count": "\(schedules.count + 1)", "kept": kept, "off": schedules.map(\.1).joined(separator: ", "),
            ]))
        }
        for (kind, id, _) in rows where kind == "water-for-reminder" || kind == "reminder-for-water" {
            notices.append(LocalizedText(kind == "water-for-reminder" ? StoreText.migratedKeptReminder : .migratedKeptWaterSchedule, ["path": path, "id": id]))
        }
        return notices
    }

    /// Version 5: the requests still to be shown in an index of their own, by due time. `status`
    /// reads the next one and `list` streams them in order without reading the delivered history
    /// or sorting, so neither costs more as the store grows. Partial: shown requests leave it.
    static let version5 = """
        CREATE INDEX requests_pending_by_due ON requests (due, row_id) WHERE state IN ('pending', 'delivering');
        """

    /// Brings the database from its current version to `target`, in one write transaction.
    ///
    /// - Returns: the version found before migrating.
    @discardableResult
    static func migrate(_ connection: SQLiteConnection, to target: Int = latestVersion) throws(StoreError) -> Int {
        // The common case, an up-to-date database, needs no write lock.
        let current = try version(of: connection)
        if current >= target { return current }
        return try connection.writeTransaction { () throws(StoreError) -> Int in
            let found = try version(of: connection)
            try checkCompatible(connection, version: found)
            guard found < target else { return found }
            for index in found..<target {
                try connection.execute(script: migrations[index])
            }
            try connection.execute(script: "PRAGMA user_version = \(target)")
            return found
        }
    }

    /// The schema version written in the database.
    static func version(of connection: SQLiteConnection) throws(StoreError) -> Int {
        Int(try connection.queryFirst("PRAGMA user_version") { $0.int64(0) } ?? 0)
    }

    /// Refuses, without writing anything, a database that is not Chime's or is newer than this build.
    static func checkCompatible(_ connection: SQLiteConnection, version: Int) throws(StoreError) {
        let path = connection.path
        // Reading the schema parses every table definition: a damaged first page shows up here.
        let tableCount = try connection.queryFirst("SELECT count(*) FROM sqlite_schema") { $0.int64(0) } ?? 0
        let application = try connection.queryFirst("PRAGMA application_id") { $0.int64(0) } ?? 0
        if application != applicationID, application != 0 || tableCount > 0 {
            throw StoreError(.corrupt, StoreError.corruptSentence(path: path, problem: .otherProgram))
        }
        if version > latestVersion {
            throw StoreError(.newerSchema, .newerSchema, ["path": path, "version": "\(version)", "latest": "\(latestVersion)"])
        }
    }
}
