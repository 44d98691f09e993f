import ChimeCore
import Foundation

extension Store {
    /// How long an applied request id is remembered for replay detection: far longer than any
    /// client waits before retrying a command whose acknowledgement was lost.
    static let requestIDRetention: TimeInterval = 30 * 86_400

    /// Applies `plan` in one transaction: all of it, or (on any error) none of it.
    ///
    /// Order: records (sessions, schedules, deleted schedules, reminders, intake), then
    /// cancellations (identifiers, then groups), then the added requests, then the closed groups.
    /// - An added request whose identifier exists replaces that row, whatever its state: the row
    ///   keeps its row id and server id and becomes `pending` with the new content.
    /// - Cancelling an identifier with no `pending` or `delivering` row throws
    ///   ``StoreError/Kind/notFound`` and nothing of the plan is applied. Cancelling a group with
    ///   nothing pending is not an error.
    /// - A closed group marks every row of the group that has a server id with `closeRequested`,
    ///   so the daemon, following the change sequence, closes those bubbles.
    ///
    /// - Parameters:
    ///   - requestID: the command's request id; applying the same id again changes nothing and
    ///     returns the first result with `replayed` set. `nil` for writes that are not retried
    ///     (the daemon's own).
    ///   - now: the instant of the command, remembered with the request id.
    @discardableResult
    public func apply(_ plan: ChangePlan, requestID: String? = nil, now: Date) throws(StoreError) -> ApplyResult {
        let hook = configuration.afterApplyStep
        return try writeOnce(requestID: requestID, now: now) { (connection, sequence) throws(StoreError) in
            try Self.applySteps(of: plan, connection, sequence: sequence, afterStep: hook)
        }
    }

    /// Sets (or, with `nil`, removes) the setting `key`, with the same replay rule as ``apply(_:requestID:now:)``.
    @discardableResult
    public func setSetting(_ key: String, to value: String?, requestID: String? = nil, now: Date) throws(StoreError) -> ApplyResult {
        try writeOnce(requestID: requestID, now: now) { (connection, _) throws(StoreError) in
            if let value {
                try connection.run("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", [.text(key), .text(value)])
            } else {
                try connection.run("DELETE FROM settings WHERE key = ?", [.text(key)])
            }
        }
    }

    /// One write transaction that happens at most once per request id.
    private func writeOnce(requestID: String?, now: Date, _ body: (SQLiteConnection, Int64) throws(StoreError) -> Void) throws(StoreError) -> ApplyResult {
        try withConnection { (connection) throws(StoreError) -> ApplyResult in
            try connection.writeTransaction { () throws(StoreError) -> ApplyResult in
                if let requestID, let original = try connection.queryFirst(
                    "SELECT sequence FROM change_log WHERE request_id = ?", [.text(requestID)], row: { $0.int64(0) }
                ) {
                    return ApplyResult(sequence: original, replayed: true)
                }
                let sequence = try Self.advanceSequence(connection, requestID: requestID, now: now)
                try body(connection, sequence)
                return ApplyResult(sequence: sequence, replayed: false)
            }
        }
    }

    /// The steps of a plan, inside the caller's transaction, stamping rows with `sequence`.
    static func applySteps(
        of plan: ChangePlan, _ connection: SQLiteConnection, sequence: Int64,
        afterStep: (@Sendable (ApplyStep) throws(StoreError) -> Void)?
    ) throws(StoreError) {
        for session in plan.sessions {
            try connection.run(
                "INSERT OR REPLACE INTO sessions (\(RowCoding.sessionColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                RowCoding.sessionValues(session)
            )
        }
        for schedule in plan.schedules {
            try connection.run(
                "INSERT OR REPLACE INTO water_schedules (\(RowCoding.scheduleColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)",
                RowCoding.scheduleValues(schedule)
            )
        }
        for id in plan.deletedSchedules {
            try connection.run("DELETE FROM water_schedules WHERE id = ?", [.text(id)])
        }
        for reminder in plan.reminders {
            try connection.run(
                "INSERT OR REPLACE INTO reminders (id, text, due) VALUES (?, ?, ?)",
                [.text(reminder.id), .text(reminder.text), .date(reminder.due)]
            )
        }
        for logged in plan.intakes {
            try connection.run(
                "INSERT INTO water_intake (schedule_id, instant, amount_ml) VALUES (?, ?, ?)",
                [.text(logged.scheduleID), .date(logged.intake.instant), .integer(Int64(logged.intake.amountML))]
            )
        }
        try afterStep?(.records)

        for identifier in unique(plan.cancelledIdentifiers) {
            try connection.run(
                "UPDATE requests SET state = 'cancelled', change_sequence = ? WHERE identifier = ? AND state IN ('pending', 'delivering')",
                [.integer(sequence), .text(identifier)]
            )
            guard connection.changedRowCount > 0 else {
                throw StoreError(.notFound, "nothing pending has the identifier \"\(identifier)\", so nothing was cancelled: see 'chime list' for what is pending")
            }
        }
        for group in unique(plan.cancelledGroups) {
            try connection.run(
                "UPDATE requests SET state = 'cancelled', change_sequence = ? WHERE group_id = ? AND state IN ('pending', 'delivering')",
                [.integer(sequence), .text(group)]
            )
        }
        try afterStep?(.cancellations)

        if !plan.requests.isEmpty {
            // One statement for the whole loop: a plan may hold thousands of requests.
            try connection.withStatement(upsertRequest) { (statement) throws(StoreError) in
                for request in plan.requests {
                    try RowCoding.bind(request, sequence: sequence, to: statement)
                    while try statement.step() {}
                    statement.reset()
                }
            }
        }
        try afterStep?(.requests)

        for group in unique(plan.closedGroups) {
            try connection.run(
                "UPDATE requests SET close_requested = 1, change_sequence = ? WHERE group_id = ? AND server_id IS NOT NULL AND close_requested = 0",
                [.integer(sequence), .text(group)]
            )
        }
        try afterStep?(.closedGroups)
    }

    /// Adds a request, or replaces the row with its identifier: the row keeps its row id and
    /// server id and becomes pending with the new content. Parameters as ``RowCoding/bind(_:sequence:to:)``.
    static let upsertRequest = """
        INSERT INTO requests (identifier, group_id, kind, due, tolerance, content, misfire_policy, misfire_until,
                              state, attempts, change_sequence)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?)
        ON CONFLICT (identifier) DO UPDATE SET
            group_id = excluded.group_id, kind = excluded.kind, due = excluded.due,
            tolerance = excluded.tolerance, content = excluded.content,
            misfire_policy = excluded.misfire_policy, misfire_until = excluded.misfire_until,
            state = 'pending', attempts = 0, last_error = NULL, retry_at = NULL,
            change_sequence = excluded.change_sequence
        """

    /// `values` without repetitions, in first-seen order.
    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
