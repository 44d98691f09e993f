import ChimeCore
import FoundationEssentials

extension Store {
    /// How long an applied request id is remembered for replay detection: far longer than any
    /// client waits before retrying a command whose acknowledgement was lost.
    static let requestIDRetention: TimeInterval = 30 * 86_400

    /// Applies `plan` in one transaction: all of it, or (on any error) none of it.
    ///
    /// Order: records (deleted sessions, sessions, deleted schedules, schedules, reminders,
    /// intake, deleted and edited intake, occurrences, snoozes), then
    /// cancellations (identifiers, then groups), then the added requests, then the closed groups.
    /// - An added request whose identifier exists replaces that row, whatever its state: the row
    ///   keeps its row id and server id and becomes `pending` with the new content.
    /// - Cancelling an identifier cancels its `pending` or `delivering` row, or its `delivered`
    ///   row whose bubble is still on screen (``StoredRequest/isOnScreen``); with no such row it
    ///   throws ``StoreError/Kind/notFound`` and nothing of the plan is applied. Cancelling a
    ///   group cancels its `pending` and `delivering` rows; with nothing pending that is not an
    ///   error.
    /// - A cancelled row with a server id gets `closeRequested`: a cancelled request's bubble
    ///   is closed, and a button pressed on it meanwhile does nothing (``StoredRequest/staleBubbleReason``).
    /// - A closed group (a closed identifier) marks every row of the group (the row of the
    ///   identifier) that has a server id with `closeRequested`, so the daemon, following the
    ///   change sequence, closes those bubbles.
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

    /// Decides a change and applies it in one write transaction: the write lock is taken first,
    /// then `planning` runs, reading through this store's own queries (which see every change
    /// committed before, and none made meanwhile), and the plan it returns is applied before the
    /// lock is released.
    ///
    /// So a rule checked in `planning` (one fast at a time, one water schedule, an id names one
    /// thing) holds however many processes change the store at once: the loser of a race
    /// decides after the winner committed, exactly as if it had run second. What `planning`
    /// throws rolls everything back and is rethrown as it is.
    ///
    /// - Returns: `nil` when `planning` returned an empty plan (nothing written, no sequence
    ///   taken); else the result as for ``apply(_:requestID:now:)``. A replayed request id
    ///   returns the first result without calling `planning`.
    public func apply(requestID: String? = nil, now: Date, planning: () throws -> ChangePlan) throws -> ApplyResult? {
        try withoutActuallyEscaping(planning) { planning in try apply(requestID: requestID, now: now, steps: [planning]) }
    }

    /// ``apply(requestID:now:planning:)`` in steps: each step decides after the plans of the
    /// steps before it are applied (it reads them through this store), all in one write
    /// transaction under one change sequence. So a change is decided first and what follows
    /// from it (the occurrences derived again from the records it changed) after, and a reader
    /// sees both or neither.
    ///
    /// - Returns: `nil` when every step returned an empty plan; else the result as for
    ///   ``apply(_:requestID:now:)``.
    public func apply(requestID: String? = nil, now: Date, steps: [() throws -> ChangePlan]) throws -> ApplyResult? {
        let hook = configuration.afterApplyStep
        return try withConnection { (connection) throws -> ApplyResult? in
            try connection.deciding { () throws -> ApplyResult? in
                if let replayed = try Self.replayedResult(of: requestID, connection) { return replayed }
                var sequence: Int64?
                for step in steps {
                    let plan = try step()
                    guard !plan.isEmpty else { continue }
                    let current = try sequence ?? Self.advanceSequence(connection, requestID: requestID, now: now)
                    sequence = current
                    try Self.applySteps(of: plan, connection, sequence: current, afterStep: hook)
                }
                return sequence.map { ApplyResult(sequence: $0, replayed: false) }
            }
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
                if let replayed = try Self.replayedResult(of: requestID, connection) { return replayed }
                let sequence = try Self.advanceSequence(connection, requestID: requestID, now: now)
                try body(connection, sequence)
                return ApplyResult(sequence: sequence, replayed: false)
            }
        }
    }

    /// The first result of `requestID` when it was applied before, else `nil`.
    private static func replayedResult(of requestID: String?, _ connection: SQLiteConnection) throws(StoreError) -> ApplyResult? {
        guard let requestID, let original = try connection.queryFirst(
            "SELECT sequence FROM change_log WHERE request_id = ?", [.text(requestID)], row: { $0.int64(0) }
        ) else { return nil }
        return ApplyResult(sequence: original, replayed: true)
    }

    /// The steps of a plan, inside the caller's transaction, stamping rows with `sequence`.
    ///
    /// A `followUp` (what the daemon derives when it shows or drops a request) only adds the
    /// requests that have no row yet: a row the user cancelled, or one shown, missed or on its
    /// way to the server, is never brought back by re-deriving its schedule, and a pending one
    /// keeps its snoozed time or its retry.
    static func applySteps(
        of plan: ChangePlan, _ connection: SQLiteConnection, sequence: Int64,
        afterStep: (@Sendable (ApplyStep) throws(StoreError) -> Void)?, followUp: Bool = false
    ) throws(StoreError) {
        for id in plan.deletedSessions {
            try connection.run("DELETE FROM sessions WHERE id = ?", [.text(id)])
        }
        for session in plan.sessions {
            try connection.run(upsertSession, RowCoding.sessionValues(session))
        }
        // Deleted first: with one schedule at a time, the new one fits only once the old is gone.
        for id in plan.deletedSchedules {
            try connection.run("DELETE FROM water_schedules WHERE id = ?", [.text(id)])
        }
        for schedule in plan.schedules {
            try connection.run(upsertSchedule, RowCoding.scheduleValues(schedule))
        }
        // Deleted first: with one fast schedule at a time, the new one fits only once the old is gone.
        for id in plan.deletedFastSchedules {
            try connection.run("DELETE FROM fast_schedules WHERE id = ?", [.text(id)])
        }
        for schedule in plan.fastSchedules {
            try connection.run(upsertFastSchedule, RowCoding.fastScheduleValues(schedule))
        }
        for reminder in plan.reminders {
            try connection.run(
                "INSERT OR REPLACE INTO reminders (id, text, due) VALUES (?, ?, ?)",
                [.text(reminder.id), .text(reminder.text), .date(reminder.due)]
            )
        }
        for reminder in plan.recurringReminders {
            try connection.run(upsertRecurringReminder, RowCoding.recurringReminderValues(reminder))
        }
        for (id, instant) in plan.fastSchedulesDerivedThrough.sorted(by: { $0.key < $1.key }) {
            try connection.run(
                "UPDATE fast_schedules SET derived_through = max(coalesce(derived_through, ?2), ?2) WHERE id = ?1",
                [.text(id), .date(instant)]
            )
        }
        for logged in plan.intakes {
            try connection.run(
                "INSERT INTO water_intake (schedule_id, instant, amount_ml) VALUES (?, ?, ?)",
                [.text(logged.scheduleID), .date(logged.intake.instant), .integer(Int64(logged.intake.amountML))]
            )
        }
        for record in plan.deletedIntakes {
            try connection.run("DELETE FROM water_intake WHERE id = ?", [.integer(record)])
            guard connection.changedRowCount > 0 else {
                throw StoreError(.notFound, .glassGone)
            }
        }
        for edited in plan.editedIntakes {
            try connection.run(
                "UPDATE water_intake SET instant = ?, amount_ml = ? WHERE id = ?",
                [.date(edited.intake.instant), .integer(Int64(edited.intake.amountML)), .integer(edited.record)]
            )
            guard connection.changedRowCount > 0 else {
                throw StoreError(.notFound, .glassGone)
            }
        }
        for occurrence in plan.reminderOccurrences {
            try recordOccurrence(occurrence, connection)
        }
        try applySkips(of: plan, connection)
        for (key, value) in plan.settings.sorted(by: { $0.key < $1.key }) {
            if let value {
                try connection.run("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", [.text(key), .text(value)])
            } else {
                try connection.run("DELETE FROM settings WHERE key = ?", [.text(key)])
            }
        }
        for snooze in plan.snoozes {
            try connection.run("""
                INSERT INTO snoozes (identifier, group_id, kind, occurrence_due, at, from_due, until_due) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [
                .text(snooze.identifier), .text(snooze.group), .text(snooze.kind.rawValue), .date(snooze.occurrenceDue),
                .date(snooze.at), .date(snooze.from), .date(snooze.until),
            ])
        }
        try applyCalendarSteps(of: plan, connection, sequence: sequence)
        try afterStep?(.records)

        for identifier in unique(plan.cancelledIdentifiers) {
            try connection.run(cancelIdentifier, [.integer(sequence), .text(identifier)])
            guard connection.changedRowCount > 0 else {
                throw StoreError(.notFound, .nothingPendingWithIdentifier, ["identifier": identifier])
            }
        }
        for group in unique(plan.cancelledGroups) {
            try connection.run(cancelGroup, [.integer(sequence), .text(group)])
        }
        for identifier in unique(plan.withdrawnIdentifiers) {
            try connection.run(withdrawIdentifier, [.integer(sequence), .text(identifier)])
        }
        try afterStep?(.cancellations)

        for request in plan.requests {
            if followUp {
                try connection.withStatement(insertRequest) { (statement) throws(StoreError) in
                    try RowCoding.bind(request, sequence: sequence, to: statement)
                    while try statement.step() {}
                }
            } else {
                try addOrReplace(request, connection, sequence: sequence)
            }
        }
        // A nag replaces the row it shows again, even in a follow-up: it keeps the server id.
        for request in plan.repeatedRequests {
            try addOrReplace(request, connection, sequence: sequence)
        }
        for request in plan.restoredRequests {
            try connection.withStatement(restoreRequest) { (statement) throws(StoreError) in
                try RowCoding.bind(request, sequence: sequence, to: statement)
                while try statement.step() {}
            }
        }
        for missed in plan.missedRequests {
            try recordMissed(missed, connection, sequence: sequence)
        }
        for (identifier, natural) in plan.snoozedFrom.sorted(by: { $0.key < $1.key }) {
            try connection.run(
                "UPDATE requests SET snoozed_from = coalesce(snoozed_from, ?) WHERE identifier = ?", [.date(natural), .text(identifier)]
            )
        }
        try afterStep?(.requests)

        for group in unique(plan.closedGroups) {
            try connection.run(
                "UPDATE requests SET close_requested = 1, change_sequence = ? WHERE group_id = ? AND server_id IS NOT NULL AND close_requested = 0",
                [.integer(sequence), .text(group)]
            )
        }
        for identifier in unique(plan.closedIdentifiers) {
            try connection.run(
                "UPDATE requests SET close_requested = 1, change_sequence = ? WHERE identifier = ? AND server_id IS NOT NULL AND close_requested = 0",
                [.integer(sequence), .text(identifier)]
            )
        }
        try afterStep?(.closedGroups)
    }

    /// Cancels the row of one identifier: still to be shown, or shown with its bubble on screen
    /// (``StoredRequest/isOnScreen``); a row with a bubble gets its close request with it.
    static let cancelIdentifier = """
        UPDATE requests SET state = 'cancelled', close_requested = (server_id IS NOT NULL), change_sequence = ?1
        WHERE identifier = ?2 AND (state IN ('pending', 'delivering')
                                   OR (state = 'delivered' AND server_id IS NOT NULL AND close_requested = 0))
        """

    /// Withdraws the row of one identifier still to be shown: cancelled, marked as the rule's doing
    /// (not the user's), its bubble closed if it has one. Nothing when it is no longer pending.
    static let withdrawIdentifier = """
        UPDATE requests SET state = 'cancelled', withdrawn = 1, close_requested = (server_id IS NOT NULL), change_sequence = ?1
        WHERE identifier = ?2 AND state IN ('pending', 'delivering')
        """

    /// A withdrawn request given again: its row comes back pending, or a new one is added.
    static let restoreRequest = """
        INSERT INTO requests (identifier, group_id, kind, due, tolerance, content, misfire_policy, misfire_until,
                              state, attempts, change_sequence)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'pending', 0, ?9)
        ON CONFLICT (identifier) DO UPDATE SET
            group_id = ?2, kind = ?3, due = ?4, tolerance = ?5, content = ?6, misfire_policy = ?7, misfire_until = ?8,
            state = 'pending', attempts = 0, last_error = NULL, retry_at = NULL, snoozed_from = NULL, withdrawn = 0,
            change_sequence = ?9
        WHERE requests.withdrawn = 1 AND requests.state = 'cancelled'
        """

    /// Adds `missed` as a request already missed, with its history entry. One with its
    /// identifier already stored keeps what it has, unless it was cancelled: the desk records
    /// missed only an occurrence not handled, so that row was cancelled by a rule (the zone
    /// moved it), not shown or skipped.
    static func recordMissed(_ missed: ChangePlan.MissedRequest, _ connection: SQLiteConnection, sequence: Int64) throws(StoreError) {
        let rowID = try connection.withStatement("""
            INSERT INTO requests (identifier, group_id, kind, due, tolerance, content, misfire_policy, misfire_until,
                                  state, attempts, last_error, change_sequence)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'missed', 0, ?10, ?9)
            ON CONFLICT (identifier) DO UPDATE SET
                group_id = ?2, kind = ?3, due = ?4, tolerance = ?5, content = ?6, misfire_policy = ?7, misfire_until = ?8,
                state = 'missed', attempts = 0, last_error = ?10, retry_at = NULL, snoozed_from = NULL, withdrawn = 0,
                close_requested = 0, change_sequence = ?9
            WHERE requests.state = 'cancelled'
            RETURNING row_id
            """) { (statement) throws(StoreError) -> Int64? in
            try RowCoding.bind(missed.request, sequence: sequence, to: statement)
            try statement.bind(.text(missed.reason), at: 10)
            let inserted: Int64? = try statement.step() ? statement.int64(0) : nil
            // Stepped to its end: the insert is done only then.
            while try statement.step() {}
            return inserted
        }
        guard let rowID else { return }
        try connection.run("""
            INSERT INTO delivery_history (request_row_id, identifier, group_id, kind, due, outcome, at, server_id, detail)
            VALUES (?, ?, ?, ?, ?, 'missed', ?, NULL, ?)
            """, [
            .integer(rowID), .text(missed.request.identifier), .text(missed.request.group), .text(missed.request.kind.rawValue),
            .date(missed.request.due), .date(missed.at), .text(missed.reason),
        ])
    }

    /// Cancels a group's rows still to be shown; one with a bubble (a nag between its showings)
    /// gets its close request with it.
    static let cancelGroup = """
        UPDATE requests SET state = 'cancelled', close_requested = (server_id IS NOT NULL), change_sequence = ?1
        WHERE group_id = ?2 AND state IN ('pending', 'delivering')
        """

    /// The statement that inserts or updates a session. Not `INSERT OR REPLACE`: that resolves a
    /// conflict on any unique index by deleting the other row, so a second water schedule would
    /// silently remove the first instead of being refused by the one-at-a-time index.
    static let upsertSession = upsert(into: "sessions", columns: RowCoding.sessionColumns)
    /// ``upsert(into:columns:)`` for fast schedules.
    static let upsertFastSchedule = upsert(into: "fast_schedules", columns: RowCoding.fastScheduleColumns)
    /// ``upsert(into:columns:)`` for recurring reminders.
    static let upsertRecurringReminder = upsert(into: "recurring_reminders", columns: RowCoding.recurringReminderColumns)
    /// ``upsert(into:columns:)`` for water schedules.
    static let upsertSchedule = upsert(into: "water_schedules", columns: RowCoding.scheduleColumns)

    /// The statement that inserts a row of `table`, or updates the row with its `id` (the first
    /// of `columns`).
    static func upsert(into table: String, columns: String) -> String {
        let names = columns.split(separator: ",").map { $0.trimmingSpaces() }
        let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
        let updates = names.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return "INSERT INTO \(table) (\(columns)) VALUES (\(placeholders)) ON CONFLICT (\(names[0])) DO UPDATE SET \(updates)"
    }

    /// Adds `request`, or replaces the row with its identifier: the row keeps its row id and
    /// server id and becomes pending with the new content.
    ///
    /// Three statements, tried in turn, instead of one `INSERT ... ON CONFLICT DO UPDATE`: an
    /// update that names the group and the state rewrites the group index even when they do not
    /// change, and the common replacement (a pending request moved within its group) does not
    /// need to. Each statement runs only when the one before changed nothing.
    static func addOrReplace(_ request: NotificationRequest, _ connection: SQLiteConnection, sequence: Int64) throws(StoreError) {
        for sql in [insertRequest, reschedulePendingRequest, replaceRequest] {
            let changed = try connection.withStatement(sql) { (statement) throws(StoreError) -> Bool in
                try RowCoding.bind(request, sequence: sequence, to: statement)
                while try statement.step() {}
                return connection.changedRowCount > 0
            }
            if changed { return }
        }
        throw StoreError(.internalError, "the request \"\(request.identifier)\" could be neither added nor replaced: please report this as a bug")
    }

    /// A new request. Parameters as ``RowCoding/bind(_:sequence:to:)``, here and below.
    static let insertRequest = """
        INSERT INTO requests (identifier, group_id, kind, due, tolerance, content, misfire_policy, misfire_until,
                              state, attempts, change_sequence)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'pending', 0, ?9)
        ON CONFLICT (identifier) DO NOTHING
        """

    /// A pending request moved or reworded within its group and kind.
    static let reschedulePendingRequest = """
        UPDATE requests SET
            due = ?4, tolerance = ?5, content = ?6, misfire_policy = ?7, misfire_until = ?8,
            attempts = 0, last_error = NULL, retry_at = NULL, snoozed_from = NULL, withdrawn = 0, change_sequence = ?9
        WHERE identifier = ?1 AND group_id = ?2 AND kind = ?3 AND state = 'pending'
        """

    /// Any other replacement: a request shown, cancelled or missed comes back, or changes group.
    static let replaceRequest = """
        UPDATE requests SET
            group_id = ?2, kind = ?3, due = ?4, tolerance = ?5, content = ?6, misfire_policy = ?7,
            misfire_until = ?8, state = 'pending', attempts = 0, last_error = NULL, retry_at = NULL,
            snoozed_from = NULL, withdrawn = 0, change_sequence = ?9
        WHERE identifier = ?1
        """

    /// Records what became of a reminder's occurrence: an open one makes every earlier one of
    /// the same reminder still open missed (its next occurrence came); an occurrence already
    /// done or missed keeps its outcome.
    static func recordOccurrence(_ occurrence: ReminderOccurrence, _ connection: SQLiteConnection) throws(StoreError) {
        if occurrence.outcome == .open {
            try connection.run(
                "UPDATE reminder_occurrences SET outcome = 'missed' WHERE reminder_id = ? AND outcome = 'open' AND identifier <> ?",
                [.text(occurrence.reminderID), .text(occurrence.identifier)]
            )
        }
        try connection.run("""
            INSERT INTO reminder_occurrences (identifier, reminder_id, due, outcome, acknowledged_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (identifier) DO UPDATE SET outcome = excluded.outcome, acknowledged_at = excluded.acknowledged_at
            WHERE reminder_occurrences.outcome = 'open'
            """, [
            .text(occurrence.identifier), .text(occurrence.reminderID), .date(occurrence.due),
            .text(occurrence.outcome.rawValue), .date(occurrence.acknowledgedAt),
        ])
    }

    /// `values` without repetitions, in first-seen order.
    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
