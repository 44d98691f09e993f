import ChimeCore
import FoundationEssentials

/// The calendars the user added and what Chime keeps about their alarms (schema version 10).
///
/// A database from before version 10 read without migrating (a read-only file system) has no
/// calendar yet: every query answers as for none.
extension Store {
    // MARK: Calendars

    /// Every calendar added, by name.
    public func calendars() throws(StoreError) -> [CalendarSource] {
        try withConnection { (connection) throws(StoreError) -> [CalendarSource] in
            guard try Self.hasCalendarTables(connection) else { return [] }
            return try connection.query("SELECT \(Self.calendarColumns) FROM calendars ORDER BY name") { Self.calendar($0) }
        }
    }

    /// The calendar named `name`, if added.
    public func calendar(named name: String) throws(StoreError) -> CalendarSource? {
        try withConnection { (connection) throws(StoreError) -> CalendarSource? in
            guard try Self.hasCalendarTables(connection) else { return nil }
            return try connection.queryFirst("SELECT \(Self.calendarColumns) FROM calendars WHERE name = ?", [.text(name)]) { Self.calendar($0) }
        }
    }

    /// The calendar whose path is `path`, if added.
    public func calendar(atPath path: String) throws(StoreError) -> CalendarSource? {
        try withConnection { (connection) throws(StoreError) -> CalendarSource? in
            guard try Self.hasCalendarTables(connection) else { return nil }
            return try connection.queryFirst("SELECT \(Self.calendarColumns) FROM calendars WHERE path = ?", [.text(path)]) { Self.calendar($0) }
        }
    }

    /// The names of the calendars added and never derived since (`derived_through` still at
    /// `added_at`): chimed did not run to read them.
    public func calendarsNeverDerived() throws(StoreError) -> [String] {
        try withConnection { (connection) throws(StoreError) -> [String] in
            guard try Self.hasCalendarTables(connection) else { return [] }
            return try connection.query(
                "SELECT name FROM calendars WHERE derived_through IS NULL OR derived_through <= added_at ORDER BY name"
            ) { $0.text(0) }
        }
    }

    // MARK: Alarm requests and facts

    /// The requests of `calendar`'s items still to be shown (pending or on their way), with
    /// when each was due before a snooze moved it.
    public func liveCalendarRequests(calendar: String) throws(StoreError) -> [RequestRecord] {
        let path = path
        let prefix = CalendarAlarmRequest.groupPrefix(calendar: calendar)
        return try withConnection { (connection) throws(StoreError) -> [RequestRecord] in
            try connection.query(
                "SELECT \(RowCoding.requestColumns), snoozed_from, withdrawn FROM requests WHERE group_id >= ? AND group_id < ? AND state IN ('pending', 'delivering') ORDER BY due, row_id",
                [.text(prefix), .text(prefix + "\u{FFFF}")]
            ) { (row) throws(StoreError) -> RequestRecord in
                RequestRecord(
                    stored: try RowCoding.request(row, path: path), snoozedFrom: row.optionalDate(RowCoding.requestColumnCount),
                    isWithdrawn: row.int64(RowCoding.requestColumnCount + 1) != 0
                )
            }
        }
    }

    /// How many alarms of `calendar` are pending.
    public func pendingCalendarAlarmCount(calendar: String) throws(StoreError) -> Int {
        let prefix = CalendarAlarmRequest.groupPrefix(calendar: calendar)
        return try withConnection { (connection) throws(StoreError) -> Int in
            Int(try connection.queryFirst(
                "SELECT count(*) FROM requests WHERE group_id >= ? AND group_id < ? AND state IN ('pending', 'delivering')",
                [.text(prefix), .text(prefix + "\u{FFFF}")]
            ) { $0.int64(0) } ?? 0)
        }
    }

    /// The facts of `calendar`'s firings due after `after` (of one item when `uid` is given).
    public func calendarAlarmFacts(calendar: String, uid: String? = nil, triggeredAfter after: Date) throws(StoreError) -> [CalendarAlarmFact] {
        try withConnection { (connection) throws(StoreError) -> [CalendarAlarmFact] in
            guard try Self.hasCalendarTables(connection) else { return [] }
            if let uid {
                return try connection.query(
                    "SELECT \(Self.factColumns) FROM calendar_alarm_facts WHERE calendar = ? AND uid = ? AND trigger_at > ?",
                    [.text(calendar), .text(uid), .date(after)]
                ) { Self.fact($0) }
            }
            return try connection.query(
                "SELECT \(Self.factColumns) FROM calendar_alarm_facts WHERE calendar = ? AND trigger_at > ?", [.text(calendar), .date(after)]
            ) { Self.fact($0) }
        }
    }

    /// The items whose facts were written after change `sequence` (a `chime cancel` or
    /// `snooze`, a button, a delivery), and the latest such change.
    public func calendarItemsWithFacts(since sequence: Int64) throws(StoreError) -> (items: [(calendar: String, uid: String)], latest: Int64) {
        try withConnection { (connection) throws(StoreError) -> (items: [(calendar: String, uid: String)], latest: Int64) in
            guard try Self.hasCalendarTables(connection) else { return ([], sequence) }
            var latest = sequence
            var seen = Set<[String]>()
            var items: [(calendar: String, uid: String)] = []
            try connection.forEachRow(
                "SELECT calendar, uid, change_sequence FROM calendar_alarm_facts WHERE change_sequence > ? ORDER BY change_sequence", [.integer(sequence)]
            ) { (row) throws(StoreError) -> Bool in
                latest = max(latest, row.int64(2))
                let item = (calendar: row.text(0), uid: row.text(1))
                if seen.insert([item.calendar, item.uid]).inserted { items.append(item) }
                return true
            }
            return (items, latest)
        }
    }

    // MARK: Writing (inside applySteps)

    /// The calendar records and facts of `plan`, inside the caller's transaction.
    static func applyCalendarSteps(of plan: ChangePlan, _ connection: SQLiteConnection, sequence: Int64) throws(StoreError) {
        for name in plan.deletedCalendars {
            try connection.run("DELETE FROM calendar_alarm_facts WHERE calendar = ?", [.text(name)])
            try connection.run("DELETE FROM calendars WHERE name = ?", [.text(name)])
        }
        for source in plan.calendars {
            try connection.run(upsertCalendar, [
                .text(source.name), .text(source.path), .text(encodeAlerts(source.defaultAlerts)), .integer(source.isMuted ? 1 : 0),
                .date(source.addedAt), .date(source.derivedThrough),
            ])
        }
        for (name, instant) in plan.calendarsDerivedThrough.sorted(by: { $0.key < $1.key }) {
            try connection.run(
                "UPDATE calendars SET derived_through = max(coalesce(derived_through, ?2), ?2) WHERE name = ?1", [.text(name), .date(instant)]
            )
            // Facts of firings long before the point derivation has reached are never read again.
            try connection.run(
                "DELETE FROM calendar_alarm_facts WHERE calendar = ? AND trigger_at < ?",
                [.text(name), .date(instant.addingTimeInterval(-factRetention))]
            )
        }
        for fact in plan.calendarAlarmFacts {
            try connection.run("""
                INSERT INTO calendar_alarm_facts (calendar, uid, instance, trigger_at, outcome, snoozed_until, at, change_sequence)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (calendar, uid, instance, trigger_at) DO UPDATE SET
                    outcome = excluded.outcome, snoozed_until = excluded.snoozed_until, at = excluded.at,
                    change_sequence = excluded.change_sequence
                """, [
                .text(fact.key.calendar), .text(fact.key.uid), .text(fact.key.instance), .date(fact.key.trigger),
                .text(fact.outcome.rawValue), .date(fact.snoozedUntil), .date(fact.at), .integer(sequence),
            ])
        }
    }

    /// How long before the point a calendar is derived through its facts are kept: a week.
    static let factRetention: TimeInterval = 7 * 86_400

    private static let upsertCalendar = upsert(
        into: "calendars", columns: "name, path, default_alerts, muted, added_at, derived_through"
    )

    private static let calendarColumns = "name, path, default_alerts, muted, added_at, derived_through"
    private static let factColumns = "calendar, uid, instance, trigger_at, outcome, snoozed_until, at"

    private static func calendar(_ row: SQLiteStatement) -> CalendarSource {
        CalendarSource(
            name: row.text(0), path: row.text(1), defaultAlerts: decodeAlerts(row.text(2)), isMuted: row.int64(3) != 0,
            addedAt: row.date(4), derivedThrough: row.optionalDate(5)
        )
    }

    private static func fact(_ row: SQLiteStatement) -> CalendarAlarmFact {
        CalendarAlarmFact(
            key: CalendarFiringKey(calendar: row.text(0), uid: row.text(1), instance: row.text(2), trigger: row.date(3)),
            outcome: CalendarAlarmFact.Outcome(rawValue: row.text(4)) ?? .shown, snoozedUntil: row.optionalDate(5), at: row.date(6)
        )
    }

    /// `900,3600`: whole seconds, comma separated.
    static func encodeAlerts(_ alerts: [TimeSpan]) -> String {
        alerts.map { String(Int64($0.timeInterval)) }.joined(separator: ",")
    }

    static func decodeAlerts(_ text: String) -> [TimeSpan] {
        text.split(separator: ",").compactMap { Int64($0) }.compactMap { TimeSpan(seconds: $0) }
    }

    private static func hasCalendarTables(_ connection: SQLiteConnection) throws(StoreError) -> Bool {
        (try connection.queryFirst("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'calendars'") { $0.int64(0) } ?? 0) > 0
    }
}
