import ChimeCore
import FoundationEssentials

/// One logged glass with the number the store gave it (`chime water log`), which it keeps for
/// good: `water undo N` and `water edit N` name it.
public struct NumberedIntake: Hashable, Sendable {
    /// The record number.
    public var record: Int64
    /// The glass and the schedule it was logged under.
    public var logged: ChangePlan.LoggedIntake

    /// Makes a value.
    public init(record: Int64, logged: ChangePlan.LoggedIntake) {
        self.record = record
        self.logged = logged
    }
}

/// What the histories read: numbered glasses, and the facts about reminders' occurrences.
extension Store {
    // MARK: Glasses

    /// The glasses logged in `[since, until)`, oldest first, with their numbers.
    public func numberedIntakes(since: Date, until: Date) throws(StoreError) -> [NumberedIntake] {
        try withConnection { (connection) throws(StoreError) -> [NumberedIntake] in
            try connection.query(
                "SELECT id, schedule_id, instant, amount_ml FROM water_intake WHERE instant >= ? AND instant < ? ORDER BY instant, id",
                [.date(since), .date(until)]
            ) { Self.numberedIntake($0) }
        }
    }

    /// The glass numbered `record`, or `nil`.
    public func numberedIntake(record: Int64) throws(StoreError) -> NumberedIntake? {
        try withConnection { (connection) throws(StoreError) -> NumberedIntake? in
            try connection.queryFirst("SELECT id, schedule_id, instant, amount_ml FROM water_intake WHERE id = ?", [.integer(record)]) {
                Self.numberedIntake($0)
            }
        }
    }

    private static func numberedIntake(_ row: SQLiteStatement) -> NumberedIntake {
        NumberedIntake(record: row.int64(0), logged: ChangePlan.LoggedIntake(
            scheduleID: row.optionalText(1), intake: WaterIntake(instant: row.date(2), amountML: Int(row.int64(3)))
        ))
    }

    // MARK: Reminders' occurrences

    /// The showings of reminders (and those too late to show) recorded at or after `since`, of
    /// reminder `id` or of all, oldest first.
    public func reminderShowings(since: Date, reminderID id: String? = nil) throws(StoreError) -> [ReminderHistoryEntry.Showing] {
        try withConnection { (connection) throws(StoreError) -> [ReminderHistoryEntry.Showing] in
            try connection.query("""
                SELECT identifier, group_id, occurrence_due, due, at, outcome FROM delivery_history
                WHERE at >= ?1 AND kind = 'reminder' AND (?2 IS NULL OR group_id = ?2) ORDER BY at, id
                """, [.date(since), .text(id)]) { row in
                ReminderHistoryEntry.Showing(
                    identifier: row.text(0), group: row.text(1), occurrenceDue: row.optionalDate(2), due: row.date(3), at: row.date(4),
                    wasShown: row.text(5) == DeliveryRecord.Outcome.delivered.rawValue
                )
            }
        }
    }

    /// The snoozes of reminders made at or after `since`, of reminder `id` or of all, oldest first.
    public func reminderSnoozes(since: Date, reminderID id: String? = nil) throws(StoreError) -> [RequestSnooze] {
        try withConnection { (connection) throws(StoreError) -> [RequestSnooze] in
            try connection.query("""
                SELECT identifier, group_id, occurrence_due, at, from_due, until_due FROM snoozes
                WHERE at >= ?1 AND kind = 'reminder' AND (?2 IS NULL OR group_id = ?2) ORDER BY at, id
                """, [.date(since), .text(id)]) { row in
                RequestSnooze(
                    identifier: row.text(0), group: row.text(1), kind: .reminder, occurrenceDue: row.date(2), at: row.date(3),
                    from: row.date(4), until: row.date(5)
                )
            }
        }
    }

    /// The reminders' requests due at or after `since` that were not shown last: cancelled, or
    /// still to come; of reminder `id` or of all.
    public func unshownReminders(since: Date, reminderID id: String? = nil) throws(StoreError) -> [ReminderHistoryEntry.Unshown] {
        try withConnection { (connection) throws(StoreError) -> [ReminderHistoryEntry.Unshown] in
            try connection.query("""
                SELECT identifier, group_id, due, state, json_extract(content, '$.arguments.\(ContentArgument.occurrence)') FROM requests
                WHERE kind = 'reminder' AND state IN ('pending', 'delivering', 'cancelled') AND due >= ?1 AND (?2 IS NULL OR group_id = ?2)
                ORDER BY due, row_id
                """, [.date(since), .text(id)]) { row in
                let due = row.date(2)
                return ReminderHistoryEntry.Unshown(
                    identifier: row.text(0), group: row.text(1), occurrenceDue: row.optionalText(4).flatMap { try? Date($0, strategy: .iso8601) } ?? due,
                    due: due, isCancelled: row.text(3) == RequestState.cancelled.rawValue
                )
            }
        }
    }
}
