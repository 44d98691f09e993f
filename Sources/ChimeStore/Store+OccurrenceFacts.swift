import ChimeCore

/// What happened to occurrences, as the desk reads it to derive what recurs: those the user
/// skipped (``OccurrenceSkip``), exceptions to the rules of recurring reminders kept apart from
/// the request rows, whose cancelled state does not say why; and whether a row was ever shown.
extension Store {
    /// Whether the request of row `rowID` was ever shown or recorded missed (its delivery
    /// history), whatever its row says now: a bubble closed by `cancel` leaves it cancelled.
    public func wasShownOrMissed(rowID: Int64) throws(StoreError) -> Bool {
        try withConnection { (connection) throws(StoreError) -> Bool in
            try connection.queryFirst(
                "SELECT 1 FROM delivery_history WHERE request_row_id = ? LIMIT 1", [.integer(rowID)]
            ) { $0.int64(0) } != nil
        }
    }

    /// Whether the occurrence with request identifier `identifier` was skipped.
    public func isSkipped(_ identifier: String) throws(StoreError) -> Bool {
        try withConnection { (connection) throws(StoreError) -> Bool in
            guard try Self.hasSkipTable(connection) else { return false }
            return try connection.queryFirst(
                "SELECT 1 FROM skipped_occurrences WHERE identifier = ?", [.text(identifier)]
            ) { $0.int64(0) } != nil
        }
    }

    /// The skips of group `group`, soonest first.
    public func skips(inGroup group: String) throws(StoreError) -> [OccurrenceSkip] {
        try withConnection { (connection) throws(StoreError) -> [OccurrenceSkip] in
            guard try Self.hasSkipTable(connection) else { return [] }
            return try connection.query(
                "SELECT identifier, group_id, due, at FROM skipped_occurrences WHERE group_id = ? ORDER BY due, identifier",
                [.text(group)]
            ) { OccurrenceSkip(identifier: $0.text(0), group: $0.text(1), due: $0.date(2), at: $0.date(3)) }
        }
    }

    /// The skip steps of `plan`: the groups made anew forget theirs first.
    static func applySkips(of plan: ChangePlan, _ connection: SQLiteConnection) throws(StoreError) {
        for group in plan.forgottenSkipGroups {
            try connection.run("DELETE FROM skipped_occurrences WHERE group_id = ?", [.text(group)])
        }
        for skip in plan.skips {
            try connection.run(
                "INSERT OR REPLACE INTO skipped_occurrences (identifier, group_id, due, at) VALUES (?, ?, ?, ?)",
                [.text(skip.identifier), .text(skip.group), .date(skip.due), .date(skip.at)]
            )
        }
    }

    /// Whether the database has the skips' table (version 11), read as none skipped without it
    /// (a store of an older release on a file system that cannot be written).
    private static func hasSkipTable(_ connection: SQLiteConnection) throws(StoreError) -> Bool {
        (try connection.queryFirst(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'skipped_occurrences'"
        ) { $0.int64(0) } ?? 0) > 0
    }
}
