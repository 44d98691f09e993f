import ChimeCore
import FoundationEssentials

/// What the CLI reads: records, pending requests, settings and history.
extension Store {
    // MARK: Sessions

    /// Every fasting session, oldest start first.
    public func sessions() throws(StoreError) -> [FastingSession] {
        try sessions(where: "1 ORDER BY start, id")
    }

    /// The sessions not ended at `now` (scheduled, fasting, or in an eating window), oldest first.
    public func sessions(notEndedAt now: Date) throws(StoreError) -> [FastingSession] {
        try sessions(where: "stopped_at IS NULL OR stopped_at > ? ORDER BY start, id", [.date(now)])
            .filter { $0.status(at: now).phase != .ended }
    }

    /// The session with `id`, or `nil`.
    public func session(id: String) throws(StoreError) -> FastingSession? {
        try sessions(where: "id = ?", [.text(id)]).first
    }

    private func sessions(where condition: String, _ bindings: [SQLiteValue] = []) throws(StoreError) -> [FastingSession] {
        let path = path
        return try withConnection { (connection) throws(StoreError) -> [FastingSession] in
            try connection.query("SELECT \(RowCoding.sessionColumns) FROM sessions WHERE \(condition)", bindings) {
                (row) throws(StoreError) -> FastingSession in try RowCoding.session(row, path: path)
            }
        }
    }

    /// The sessions of the fast schedule `scheduleID` that start at or after `instant`, oldest first.
    public func sessions(ofSchedule scheduleID: String, startingAtOrAfter instant: Date) throws(StoreError) -> [FastingSession] {
        try sessions(where: "schedule_id = ? AND start >= ? ORDER BY start, id", [.text(scheduleID), .date(instant)])
    }

    /// The sessions that matter to what happens from `since` on: every one started at or after
    /// it, and every one not stopped by then (a fast started by hand and never stopped may still
    /// run, or may take a scheduled fast's place), oldest first. What a ``FastTimeline`` is built on.
    public func sessions(relevantFrom since: Date) throws(StoreError) -> [FastingSession] {
        try sessions(where: "start >= ?1 OR stopped_at IS NULL OR stopped_at > ?1 ORDER BY start, id", [.date(since)])
    }

    // MARK: Fast schedules

    /// The fast schedule that is on, if one is (there is at most one).
    public func fastSchedule() throws(StoreError) -> FastSchedule? {
        try fastSchedules(where: "ended_at IS NULL ORDER BY id").first
    }

    /// Every fast schedule, on or ended, oldest start first: an ended one still gave the fasts
    /// in the history.
    public func fastSchedules() throws(StoreError) -> [FastSchedule] {
        try fastSchedules(where: "1 ORDER BY start, id")
    }

    private func fastSchedules(where condition: String, _ bindings: [SQLiteValue] = []) throws(StoreError) -> [FastSchedule] {
        let path = path
        return try withConnection { (connection) throws(StoreError) -> [FastSchedule] in
            try connection.query("SELECT \(RowCoding.fastScheduleColumns) FROM fast_schedules WHERE \(condition)", bindings) {
                (row) throws(StoreError) -> FastSchedule in try RowCoding.fastSchedule(row, path: path)
            }
        }
    }

    /// How far the notifications of fast schedule `id` have been derived, `nil` when never.
    public func fastScheduleDerivedThrough(id: String) throws(StoreError) -> Date? {
        try withConnection { (connection) throws(StoreError) -> Date? in
            try connection.queryFirst("SELECT derived_through FROM fast_schedules WHERE id = ?", [.text(id)]) { $0.optionalDate(0) } ?? nil
        }
    }

    // MARK: Recurring reminders

    /// Every recurring reminder, going on or ended, by id.
    public func recurringReminders() throws(StoreError) -> [RecurringReminder] {
        try recurringReminders(where: "1 ORDER BY id")
    }

    /// The recurring reminder with `id`, going on or ended, or `nil`.
    public func recurringReminder(id: String) throws(StoreError) -> RecurringReminder? {
        try recurringReminders(where: "id = ?", [.text(id)]).first
    }

    private func recurringReminders(where condition: String, _ bindings: [SQLiteValue] = []) throws(StoreError) -> [RecurringReminder] {
        let path = path
        return try withConnection { (connection) throws(StoreError) -> [RecurringReminder] in
            try connection.query("SELECT \(RowCoding.recurringReminderColumns) FROM recurring_reminders WHERE \(condition)", bindings) {
                (row) throws(StoreError) -> RecurringReminder in try RowCoding.recurringReminder(row, path: path)
            }
        }
    }

    // MARK: Water schedules, intake, reminders

    /// Every water schedule, by id.
    public func waterSchedules() throws(StoreError) -> [WaterSchedule] {
        try schedules(where: "1 ORDER BY id")
    }

    /// The water schedule with `id`, or `nil`.
    public func waterSchedule(id: String) throws(StoreError) -> WaterSchedule? {
        try schedules(where: "id = ?", [.text(id)]).first
    }

    private func schedules(where condition: String, _ bindings: [SQLiteValue] = []) throws(StoreError) -> [WaterSchedule] {
        let path = path
        return try withConnection { (connection) throws(StoreError) -> [WaterSchedule] in
            try connection.query("SELECT \(RowCoding.scheduleColumns) FROM water_schedules WHERE \(condition)", bindings) {
                (row) throws(StoreError) -> WaterSchedule in try RowCoding.schedule(row, path: path)
            }
        }
    }

    /// Intake logged in `[since, until)` (open-ended without `until`), with the schedule each
    /// glass counted toward, oldest first.
    public func intakes(since: Date, until: Date? = nil) throws(StoreError) -> [ChangePlan.LoggedIntake] {
        try withConnection { (connection) throws(StoreError) -> [ChangePlan.LoggedIntake] in
            try connection.query(
                "SELECT schedule_id, instant, amount_ml FROM water_intake WHERE instant >= ? AND instant < ? ORDER BY instant, id",
                [.date(since), .real(until?.timeIntervalSinceReferenceDate ?? .infinity)]
            ) { row in
                ChangePlan.LoggedIntake(scheduleID: row.optionalText(0), intake: WaterIntake(instant: row.date(1), amountML: Int(row.int64(2))))
            }
        }
    }

    /// Every glass logged since `since`, oldest first, whatever schedule it was logged under
    /// (or none): what a ``WaterDay`` counts.
    public func waterIntakes(since: Date) throws(StoreError) -> [WaterIntake] {
        try intakes(since: since).map(\.intake)
    }

    /// The glass logged last (not the one drunk last: a glass logged for earlier comes after),
    /// with its record number for ``ChangePlan/deletedIntakes``; `nil` when none is logged.
    public func lastLoggedIntake() throws(StoreError) -> (record: Int64, logged: ChangePlan.LoggedIntake)? {
        try withConnection { (connection) throws(StoreError) -> (record: Int64, logged: ChangePlan.LoggedIntake)? in
            try connection.queryFirst("SELECT id, schedule_id, instant, amount_ml FROM water_intake ORDER BY id DESC LIMIT 1") { row in
                (row.int64(0), ChangePlan.LoggedIntake(scheduleID: row.optionalText(1), intake: WaterIntake(instant: row.date(2), amountML: Int(row.int64(3)))))
            }
        }
    }

    /// The sessions that fasted at some time after `instant` (up to `now`), oldest first:
    /// those a fast starting at `instant` would overlap.
    public func sessions(fastedAfter instant: Date, now: Date) throws(StoreError) -> [FastingSession] {
        try sessions(where: "start < ? AND (stopped_at IS NULL OR stopped_at > ?) ORDER BY start, id", [.date(now), .date(instant)])
            .filter { $0.fastedUntil(now: now).map { $0 > instant } ?? false }
    }

    /// Intake logged for schedule `scheduleID` since `since`, oldest first (what
    /// `WaterSchedule.nextReminder` needs).
    public func intakes(forSchedule scheduleID: String, since: Date) throws(StoreError) -> [WaterIntake] {
        try withConnection { (connection) throws(StoreError) -> [WaterIntake] in
            try connection.query(
                "SELECT instant, amount_ml FROM water_intake WHERE schedule_id = ? AND instant >= ? ORDER BY instant, id",
                [.text(scheduleID), .date(since)]
            ) { WaterIntake(instant: $0.date(0), amountML: Int($0.int64(1))) }
        }
    }

    /// Every one-off reminder, earliest due first.
    public func reminders() throws(StoreError) -> [OneOffReminder] {
        try withConnection { (connection) throws(StoreError) -> [OneOffReminder] in
            try connection.query("SELECT id, text, due FROM reminders ORDER BY due, id") { RowCoding.reminder($0) }
        }
    }

    /// The one-off reminder with `id`, or `nil`.
    public func reminder(id: String) throws(StoreError) -> OneOffReminder? {
        try withConnection { (connection) throws(StoreError) -> OneOffReminder? in
            try connection.queryFirst("SELECT id, text, due FROM reminders WHERE id = ?", [.text(id)]) { RowCoding.reminder($0) }
        }
    }

    /// The record of the occurrence with request identifier `identifier`, if it was shown.
    public func reminderOccurrence(identifier: String) throws(StoreError) -> ReminderOccurrence? {
        try withConnection { (connection) throws(StoreError) -> ReminderOccurrence? in
            try connection.queryFirst(
                "SELECT \(Self.occurrenceColumns) FROM reminder_occurrences WHERE identifier = ?", [.text(identifier)]
            ) { Self.occurrence($0) }
        }
    }

    /// The occurrence of reminder `id` shown and not acknowledged yet, if any.
    public func openReminderOccurrence(reminderID id: String) throws(StoreError) -> ReminderOccurrence? {
        try withConnection { (connection) throws(StoreError) -> ReminderOccurrence? in
            try connection.queryFirst(
                "SELECT \(Self.occurrenceColumns) FROM reminder_occurrences WHERE reminder_id = ? AND outcome = 'open' ORDER BY due DESC",
                [.text(id)]
            ) { Self.occurrence($0) }
        }
    }

    /// The request `chime done NAME` or a Done button means: the request with identifier `name`,
    /// else the open occurrence of the reminder `name`, else that reminder's next pending one.
    public func nagShowing(named name: String) throws(StoreError) -> StoredRequest? {
        if let stored = try request(identifier: name) { return stored }
        if let open = try openReminderOccurrence(reminderID: name) {
            return try request(identifier: open.identifier)
        }
        return try pendingRequests(inGroup: name).first
    }

    /// The recorded occurrences due at or after `since`, of reminder `id` or of all, oldest first.
    ///
    /// A database from before version 6 read without migrating (a read-only file system) has no record yet: none.
    public func reminderOccurrences(reminderID id: String? = nil, since: Date) throws(StoreError) -> [ReminderOccurrence] {
        try withConnection { (connection) throws(StoreError) -> [ReminderOccurrence] in
            let recorded = try connection.queryFirst(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'reminder_occurrences'"
            ) { $0.int64(0) } ?? 0
            guard recorded > 0 else { return [] }
            if let id {
                return try connection.query(
                    "SELECT \(Self.occurrenceColumns) FROM reminder_occurrences WHERE reminder_id = ? AND due >= ? ORDER BY due, identifier",
                    [.text(id), .date(since)]
                ) { Self.occurrence($0) }
            }
            return try connection.query(
                "SELECT \(Self.occurrenceColumns) FROM reminder_occurrences WHERE due >= ? ORDER BY due, identifier", [.date(since)]
            ) { Self.occurrence($0) }
        }
    }

    private static let occurrenceColumns = "reminder_id, identifier, due, outcome, acknowledged_at"

    private static func occurrence(_ row: SQLiteStatement) -> ReminderOccurrence {
        ReminderOccurrence(
            reminderID: row.text(0), identifier: row.text(1), due: row.date(2),
            outcome: ReminderOutcome(rawValue: row.text(3)) ?? .open, acknowledgedAt: row.optionalDate(4)
        )
    }

    // MARK: Requests

    /// Requests still to be shown (`pending` and `delivering`), earliest due first, optionally only
    /// those of `group`.
    public func pendingRequests(inGroup group: String? = nil) throws(StoreError) -> [StoredRequest] {
        if let group {
            return try requests(where: "group_id = ? AND state IN ('pending', 'delivering') ORDER BY due, row_id", [.text(group)])
        }
        return try requests(where: "state IN ('pending', 'delivering') ORDER BY due, row_id")
    }

    /// The identifier and group of every request still to be shown, earliest due first: what a
    /// shell completes, without decoding whole rows.
    public func pendingReferences() throws(StoreError) -> [(identifier: String, group: String)] {
        try withConnection { (connection) throws(StoreError) -> [(identifier: String, group: String)] in
            try connection.query("SELECT identifier, group_id FROM requests WHERE state IN ('pending', 'delivering') ORDER BY due, row_id") {
                (identifier: $0.text(0), group: $0.text(1))
            }
        }
    }

    /// The request to be shown soonest (`pending` or `delivering`), or `nil`: one row, read
    /// through the pending index whatever the size of the store.
    public func nextPendingRequest() throws(StoreError) -> StoredRequest? {
        try requests(where: Self.pendingByDue + " LIMIT 1").first
    }

    /// The requests still to be shown, soonest first: the condition the partial index
    /// `requests_pending_by_due` is made for (same text, so SQLite uses it, and needs no sort).
    static let pendingByDue = "state IN ('pending', 'delivering') ORDER BY due, row_id"

    /// Hands each request still to be shown to `body`, earliest due first (optionally only those
    /// of `group`), one row at a time without holding them all; stops when `body` returns `false`.
    public func forEachPendingRequest(inGroup group: String? = nil, _ body: (StoredRequest) -> Bool) throws(StoreError) {
        let path = path
        let condition = group == nil ? Self.pendingByDue : "group_id = ? AND " + Self.pendingByDue
        try withConnection { (connection) throws(StoreError) in
            try connection.forEachRow("SELECT \(RowCoding.requestColumns) FROM requests WHERE \(condition)", group.map { [.text($0)] } ?? []) {
                (row) throws(StoreError) -> Bool in body(try RowCoding.request(row, path: path))
            }
        }
    }

    /// Every request of the groups whose id starts with `prefix` (`fs-3k9.`: the instances of a
    /// fast schedule), in whatever state, due at or after `since`, earliest first; with when each
    /// was due before a snooze moved it (`nil` when not snoozed).
    public func requests(inGroupsPrefixed prefix: String, dueSince since: Date) throws(StoreError) -> [RequestRecord] {
        let path = path
        // A range over the group index: every id with the prefix sorts in [prefix, prefix + U+FFFF).
        return try withConnection { (connection) throws(StoreError) -> [RequestRecord] in
            try connection.query(
                "SELECT \(RowCoding.requestColumns), snoozed_from, withdrawn FROM requests WHERE group_id >= ? AND group_id < ? AND due >= ? ORDER BY due, row_id",
                [.text(prefix), .text(prefix + "\u{FFFF}"), .date(since)]
            ) { (row) throws(StoreError) -> RequestRecord in
                RequestRecord(
                    stored: try RowCoding.request(row, path: path), snoozedFrom: row.optionalDate(RowCoding.requestColumnCount),
                    isWithdrawn: row.int64(RowCoding.requestColumnCount + 1) != 0
                )
            }
        }
    }

    /// Every request of `group` in whatever state, with when each was due before a snooze moved
    /// it, earliest first.
    public func requests(inGroup group: String) throws(StoreError) -> [RequestRecord] {
        let path = path
        return try withConnection { (connection) throws(StoreError) -> [RequestRecord] in
            try connection.query(
                "SELECT \(RowCoding.requestColumns), snoozed_from, withdrawn FROM requests WHERE group_id = ? ORDER BY due, row_id", [.text(group)]
            ) { (row) throws(StoreError) -> RequestRecord in
                RequestRecord(
                    stored: try RowCoding.request(row, path: path), snoozedFrom: row.optionalDate(RowCoding.requestColumnCount),
                    isWithdrawn: row.int64(RowCoding.requestColumnCount + 1) != 0
                )
            }
        }
    }

    /// The request with `identifier`, in whatever state, or `nil`.
    public func request(identifier: String) throws(StoreError) -> StoredRequest? {
        try requests(where: "identifier = ?", [.text(identifier)]).first
    }

    /// The number of requests in `state`.
    public func requestCount(in state: RequestState) throws(StoreError) -> Int {
        try withConnection { (connection) throws(StoreError) -> Int in
            Int(try connection.queryFirst("SELECT count(*) FROM requests WHERE state = ?", [.text(state.rawValue)]) { $0.int64(0) } ?? 0)
        }
    }

    func requests(where condition: String, _ bindings: [SQLiteValue] = []) throws(StoreError) -> [StoredRequest] {
        let path = path
        return try withConnection { (connection) throws(StoreError) -> [StoredRequest] in
            try connection.query("SELECT \(RowCoding.requestColumns) FROM requests WHERE \(condition)", bindings) {
                (row) throws(StoreError) -> StoredRequest in try RowCoding.request(row, path: path)
            }
        }
    }

    // MARK: Settings

    /// The value of setting `key`, or `nil` when it is not set.
    public func setting(_ key: String) throws(StoreError) -> String? {
        try withConnection { (connection) throws(StoreError) -> String? in
            try connection.queryFirst("SELECT value FROM settings WHERE key = ?", [.text(key)]) { $0.text(0) }
        }
    }

    /// Every setting.
    public func settings() throws(StoreError) -> [String: String] {
        try withConnection { (connection) throws(StoreError) -> [String: String] in
            let pairs = try connection.query("SELECT key, value FROM settings") { ($0.text(0), $0.text(1)) }
            return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        }
    }

    // MARK: History

    /// Every fast over by `now` that ended after `since`, oldest end first: one per single
    /// session, one per cycle of a rolling session, each with its real end (stopped early or
    /// run to its planned end). A fast still running at `now` is not included.
    public func fastHistory(since: Date, now: Date) throws(StoreError) -> [FastRecord] {
        let candidates = try sessions(where: "start <= ? AND (stopped_at IS NULL OR stopped_at >= ?) ORDER BY start, id", [.date(now), .date(since)])
        return FastRecord.records(from: candidates, now: now, since: since)
            .filter(\.isFinished)
            .sorted { ($0.end, $0.id) < ($1.end, $1.id) }
    }

    /// Delivery history entries at or after `since`, newest first, at most `limit`.
    public func deliveryHistory(since: Date = .distantPast, limit: Int = 100) throws(StoreError) -> [DeliveryRecord] {
        let path = path
        return try withConnection { (connection) throws(StoreError) -> [DeliveryRecord] in
            try connection.query("""
                SELECT request_row_id, identifier, group_id, kind, outcome, at, due, server_id, detail
                FROM delivery_history WHERE at >= ? ORDER BY at DESC, id DESC LIMIT ?
                """, [.date(since), .integer(Int64(limit))]) { (row) throws(StoreError) -> DeliveryRecord in
                guard let kind = RequestKind(rawValue: row.text(3)), let outcome = DeliveryRecord.Outcome(rawValue: row.text(4)) else {
                    throw RowCoding.badData(path: path, what: "a history entry for \"\(row.text(1))\"", problem: "an unknown kind or outcome")
                }
                return DeliveryRecord(
                    rowID: row.int64(0), identifier: row.text(1), group: row.text(2), kind: kind, outcome: outcome,
                    at: row.date(5), due: row.date(6), serverID: row.optionalInt64(7).map { UInt32(truncatingIfNeeded: $0) },
                    detail: row.optionalText(8)
                )
            }
        }
    }
}
