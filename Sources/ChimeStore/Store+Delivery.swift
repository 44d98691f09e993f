import ChimeCore
import FoundationEssentials

/// What the daemon reads and writes: the queue's entries, the change stream and the delivery
/// state machine `pending -> delivering -> delivered | pending (retry) | missed`.
extension Store {
    // MARK: Reading for the queue

    /// The start-up load: one pass over the table (an index of pending rows would cost every
    /// write more than it saves this rare read).
    static let pendingLoadQuery = "SELECT row_id, due, retry_at, tolerance FROM requests WHERE state = 'pending'"

    /// The change stream: a range search of the index `requests_by_change`.
    static let changesQuery = """
        SELECT row_id, identifier, group_id, state, due, retry_at, tolerance, server_id, close_requested, change_sequence
        FROM requests WHERE change_sequence > ? ORDER BY change_sequence, row_id
        """

    /// Every pending request as a compact queue entry, with the change sequence of the snapshot.
    ///
    /// The start-up path: no content is decoded, only row ids and instants.
    public func pendingSnapshot() throws(StoreError) -> PendingSnapshot {
        var entries: [PendingEntry] = []
        let sequence = try forEachPending { entries.append($0) }
        return PendingSnapshot(entries: entries, sequence: sequence)
    }

    /// Calls `body` with every pending request, from one snapshot, without collecting them first
    /// (so a queue can be filled with no intermediate array), and returns the snapshot's change
    /// sequence. `body` runs while the store is held: it must not call the store.
    @discardableResult
    public func forEachPending(_ body: (PendingEntry) -> Void) throws(StoreError) -> Int64 {
        try withConnection { (connection) throws(StoreError) -> Int64 in
            try connection.readTransaction { () throws(StoreError) -> Int64 in
                let sequence = try Self.sequence(connection)
                try connection.withStatement(Self.pendingLoadQuery) { (row) throws(StoreError) in
                    while try row.step() {
                        let window = StoredRequest.firingWindow(due: row.date(1), retryAt: row.optionalDate(2), tolerance: row.double(3))
                        body(PendingEntry(rowID: row.int64(0), effectiveDue: window.effectiveDue, deadline: window.deadline))
                    }
                }
                return sequence
            }
        }
    }

    /// The request rows written after `sequence` (by anyone: the CLI, the daemon itself), and the
    /// sequence to ask from next time. Reads only the changed rows, through an index.
    public func changes(since sequence: Int64) throws(StoreError) -> ChangeSet {
        try read { (connection) throws(StoreError) -> ChangeSet in
            let latest = try Self.sequence(connection)
            guard latest > sequence else { return ChangeSet(changes: [], latestSequence: latest) }
            let path = connection.path
            let changes = try connection.query(Self.changesQuery, [.integer(sequence)]) { (row) throws(StoreError) -> RequestChange in
                guard let state = RequestState(rawValue: row.text(3)) else {
                    throw RowCoding.badData(path: path, what: "request \"\(row.text(1))\"", problem: "an unknown state \"\(row.text(3))\"")
                }
                let window = StoredRequest.firingWindow(due: row.date(4), retryAt: row.optionalDate(5), tolerance: row.double(6))
                return RequestChange(
                    rowID: row.int64(0), identifier: row.text(1), group: row.text(2), state: state,
                    effectiveDue: window.effectiveDue, deadline: window.deadline,
                    serverID: row.optionalInt64(7).map { UInt32(truncatingIfNeeded: $0) },
                    closeRequested: row.int64(8) != 0, sequence: row.int64(9)
                )
            }
            return ChangeSet(changes: changes, latestSequence: latest)
        }
    }

    /// A number that changes whenever another connection (another process, or another `Store`
    /// on the same file) has committed to the database since this store last looked, and stays
    /// the same for this store's own commits (SQLite's `PRAGMA data_version`): the daemon's test
    /// of whether a write seen on the files was someone else's commit.
    public func dataVersion() throws(StoreError) -> Int64 {
        try withConnection { (connection) throws(StoreError) -> Int64 in
            try connection.queryFirst("PRAGMA data_version") { $0.int64(0) } ?? 0
        }
    }

    /// The full request stored at `rowID`, or `nil` when there is no such row.
    public func request(rowID: Int64) throws(StoreError) -> StoredRequest? {
        let path = path
        return try withConnection { (connection) throws(StoreError) -> StoredRequest? in
            try connection.queryFirst("SELECT \(RowCoding.requestColumns) FROM requests WHERE row_id = ?", [.integer(rowID)]) {
                (row) throws(StoreError) -> StoredRequest in try RowCoding.request(row, path: path)
            }
        }
    }

    /// The full requests stored at `rowIDs` (the due entries of a wake, before the misfire
    /// policy decides), in the order asked, from one snapshot; ids without a row are skipped.
    public func requests(rowIDs: [Int64]) throws(StoreError) -> [StoredRequest] {
        let path = path
        return try read { (connection) throws(StoreError) -> [StoredRequest] in
            var found: [StoredRequest] = []
            found.reserveCapacity(rowIDs.count)
            for rowID in rowIDs {
                let row = try connection.queryFirst("SELECT \(RowCoding.requestColumns) FROM requests WHERE row_id = ?", [.integer(rowID)]) {
                    (row) throws(StoreError) -> StoredRequest in try RowCoding.request(row, path: path)
                }
                if let row { found.append(row) }
            }
            return found
        }
    }

    /// Requests left in `delivering`: after a crash, the daemon shows them again (replacing the
    /// bubble named by their server id, when known) and completes them as usual.
    public func deliveringRequests() throws(StoreError) -> [StoredRequest] {
        try requests(where: "state = 'delivering' ORDER BY due, row_id")
    }

    /// Bubbles waiting to be closed (their group was closed), for the daemon to handle at start.
    public func closeRequests() throws(StoreError) -> [ShownNotification] {
        try withConnection { (connection) throws(StoreError) -> [ShownNotification] in
            try connection.query(
                "SELECT row_id, server_id FROM requests WHERE close_requested = 1 AND server_id IS NOT NULL ORDER BY row_id"
            ) { ShownNotification(rowID: $0.int64(0), serverID: UInt32(truncatingIfNeeded: $0.int64(1))) }
        }
    }

    /// Every bubble of `group` the notification server may be showing (rows with a server id).
    public func serverIDs(inGroup group: String) throws(StoreError) -> [ShownNotification] {
        try withConnection { (connection) throws(StoreError) -> [ShownNotification] in
            try connection.query(
                "SELECT row_id, server_id FROM requests WHERE group_id = ? AND server_id IS NOT NULL ORDER BY row_id", [.text(group)]
            ) { ShownNotification(rowID: $0.int64(0), serverID: UInt32(truncatingIfNeeded: $0.int64(1))) }
        }
    }

    // MARK: The delivery state machine

    /// Moves the rows among `rowIDs` that are still pending and due at `now` to `delivering`
    /// (attempts + 1), atomically, and returns them. A row cancelled, replaced with a later due
    /// instant, or already taken is left alone: a cancelled request is never delivered.
    public func beginDelivery(rowIDs: [Int64], now: Date) throws(StoreError) -> [StoredRequest] {
        let path = path
        return try write { (connection, sequence) throws(StoreError) -> [StoredRequest] in
            var started: [StoredRequest] = []
            for rowID in rowIDs {
                let row = try connection.queryFirst("""
                    UPDATE requests SET state = 'delivering', attempts = attempts + 1, change_sequence = ?
                    WHERE row_id = ? AND state = 'pending' AND max(due, coalesce(retry_at, due)) <= ?
                    RETURNING \(RowCoding.requestColumns)
                    """, [.integer(sequence), .integer(rowID), .date(now)]) {
                    (row) throws(StoreError) -> StoredRequest in try RowCoding.request(row, path: path)
                }
                if let row { started.append(row) }
            }
            return started
        }
    }

    /// Records that the request at `rowID` was shown, with the bubble's `serverID`, and applies
    /// `followUp` (the next water reminder, the next rolling occurrence) in the same transaction.
    ///
    /// Only a row in `delivering` becomes `delivered` (with a history entry) and only then is
    /// `followUp` applied. A row cancelled meanwhile keeps its state and gets the server id with a
    /// close request, so the daemon closes the bubble that slipped out; a row replaced meanwhile
    /// (pending again) keeps the server id, so its next delivery replaces the bubble in place.
    /// A row shown while the close of its earlier bubble still waits (the close failed, and it
    /// came due again) replaced that bubble: its close is no longer asked for, so a retry of
    /// the close cannot take the new bubble away.
    ///
    /// - Returns: whether the row was marked delivered.
    @discardableResult
    public func completeDelivery(rowID: Int64, serverID: UInt32?, at instant: Date, followUp: ChangePlan? = nil) throws(StoreError) -> Bool {
        let hook = configuration.afterApplyStep
        return try write { (connection, sequence) throws(StoreError) -> Bool in
            let serverColumn = SQLiteValue.integer(serverID.map { Int64($0) })
            let delivered = try connection.queryFirst("""
                UPDATE requests SET state = 'delivered', server_id = ?, last_error = NULL, close_requested = 0, change_sequence = ?
                WHERE row_id = ? AND state = 'delivering'
                RETURNING \(Self.historyColumns)
                """, [serverColumn, .integer(sequence), .integer(rowID)]) { Self.historyValues($0) }
            guard let delivered else {
                guard serverID != nil else { return false }
                try connection.run("""
                    UPDATE requests SET server_id = ?, close_requested = (state = 'cancelled'), change_sequence = ?
                    WHERE row_id = ? AND state IN ('cancelled', 'pending')
                    """, [serverColumn, .integer(sequence), .integer(rowID)])
                return false
            }
            try Self.recordHistory(connection, rowID: rowID, row: delivered, outcome: .delivered, at: instant, serverID: serverColumn, detail: nil)
            if let followUp {
                try Self.applySteps(of: followUp, connection, sequence: sequence, afterStep: hook, followUp: true)
            }
            return true
        }
    }

    /// Puts the request at `rowID` back to `pending` after a failed attempt, not before `retryAt`;
    /// it is not counted as delivered. Only a row in `delivering` changes.
    ///
    /// - Returns: whether the row changed.
    @discardableResult
    public func retryDelivery(rowID: Int64, retryAt: Date, error: String) throws(StoreError) -> Bool {
        try write { (connection, sequence) throws(StoreError) -> Bool in
            try connection.run("""
                UPDATE requests SET state = 'pending', retry_at = ?, last_error = ?, change_sequence = ?
                WHERE row_id = ? AND state = 'delivering'
                """, [.date(retryAt), .text(error), .integer(sequence), .integer(rowID)])
            return connection.changedRowCount > 0
        }
    }

    /// Moves every waiting retry forward to `now`: a notification server has appeared, and
    /// waiting out the rest of a backoff (up to a minute) would only delay what it can show.
    ///
    /// - Returns: how many requests were waiting.
    @discardableResult
    public func expediteRetries(at now: Date) throws(StoreError) -> Int {
        try write { (connection, sequence) throws(StoreError) -> Int in
            try connection.run(
                "UPDATE requests SET retry_at = ?, change_sequence = ? WHERE state = 'pending' AND retry_at > ?",
                [.date(now), .integer(sequence), .date(now)]
            )
            return connection.changedRowCount
        }
    }

    /// Moves forward to `now` the waiting retries whose last error is `reason` (requests that
    /// waited for do-not-disturb to end, or for room on a full server): what they waited for
    /// came.
    ///
    /// - Returns: how many requests were waiting.
    @discardableResult
    public func expediteRetries(at now: Date, waitingFor reason: String) throws(StoreError) -> Int {
        try write { (connection, sequence) throws(StoreError) -> Int in
            try connection.run(
                "UPDATE requests SET retry_at = ?, change_sequence = ? WHERE state = 'pending' AND retry_at > ? AND last_error = ?",
                [.date(now), .integer(sequence), .date(now), .text(reason)]
            )
            return connection.changedRowCount
        }
    }

    /// Moves forward to `now` the waiting retry of the row `rowID`, if it waits for one.
    ///
    /// - Returns: whether it did.
    @discardableResult
    public func expediteRetry(rowID: Int64, at now: Date) throws(StoreError) -> Bool {
        try write { (connection, sequence) throws(StoreError) -> Bool in
            try connection.run(
                "UPDATE requests SET retry_at = ?, change_sequence = ? WHERE row_id = ? AND state = 'pending' AND retry_at > ?",
                [.date(now), .integer(sequence), .integer(rowID), .date(now)]
            )
            return connection.changedRowCount > 0
        }
    }

    /// Records that the request at `rowID` will not be shown, and why (a misfire drop reason such
    /// as `expired`), with a history entry, and applies `followUp` (the next water reminder, the
    /// next rolling occurrence) in the same transaction. Only a `pending` or `delivering` row
    /// changes, and only then is `followUp` applied.
    ///
    /// - Returns: whether the row changed.
    @discardableResult
    public func markMissed(rowID: Int64, reason: String, at instant: Date, followUp: ChangePlan? = nil) throws(StoreError) -> Bool {
        let hook = configuration.afterApplyStep
        return try write { (connection, sequence) throws(StoreError) -> Bool in
            let missed = try connection.queryFirst("""
                UPDATE requests SET state = 'missed', last_error = ?, change_sequence = ?
                WHERE row_id = ? AND state IN ('pending', 'delivering')
                RETURNING \(Self.historyColumns)
                """, [.text(reason), .integer(sequence), .integer(rowID)]) { Self.historyValues($0) }
            guard let missed else { return false }
            try Self.recordHistory(connection, rowID: rowID, row: missed, outcome: .missed, at: instant, serverID: .null, detail: reason)
            if let followUp {
                try Self.applySteps(of: followUp, connection, sequence: sequence, afterStep: hook, followUp: true)
            }
            return true
        }
    }

    /// Forgets every server id: the notification server restarted, its ids now mean other bubbles.
    /// Pending close requests go too (their bubbles went with the server).
    public func forgetServerIDs() throws(StoreError) {
        try write { (connection, sequence) throws(StoreError) in
            try connection.run(
                "UPDATE requests SET server_id = NULL, close_requested = 0, change_sequence = ? WHERE server_id IS NOT NULL",
                [.integer(sequence)]
            )
        }
    }

    /// Records that the bubble of `rowID` was closed: its close request and its server id go.
    public func clearCloseRequest(rowID: Int64) throws(StoreError) {
        try write { (connection, sequence) throws(StoreError) in
            try connection.run(
                "UPDATE requests SET close_requested = 0, server_id = NULL, change_sequence = ? WHERE row_id = ? AND close_requested = 1",
                [.integer(sequence), .integer(rowID)]
            )
        }
    }

    /// What a history entry takes from its request row: identifier, group, kind, due instant, and
    /// the first due time of the occurrence it shows (a nag's or a snoozed reminder's own, else its due).
    private static let historyColumns = "identifier, group_id, kind, due, json_extract(content, '$.arguments.\(ContentArgument.occurrence)')"

    /// The values ``recordHistory(_:rowID:row:outcome:at:serverID:detail:)`` binds, from a row
    /// holding ``historyColumns``.
    private static func historyValues(_ row: SQLiteStatement) -> [SQLiteValue] {
        let due = row.date(3)
        let occurrence = row.optionalText(4).flatMap { try? Date($0, strategy: .iso8601) } ?? due
        return [.text(row.text(0)), .text(row.text(1)), .text(row.text(2)), .date(due), .date(occurrence)]
    }

    /// Appends a history entry; `row` holds ``historyValues(_:)``.
    private static func recordHistory(
        _ connection: SQLiteConnection, rowID: Int64, row: [SQLiteValue], outcome: DeliveryRecord.Outcome,
        at instant: Date, serverID: SQLiteValue, detail: String?
    ) throws(StoreError) {
        try connection.run("""
            INSERT INTO delivery_history (request_row_id, identifier, group_id, kind, due, occurrence_due, outcome, at, server_id, detail)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.integer(rowID)] + row + [.text(outcome.rawValue), .date(instant), serverID, .text(detail)])
    }
}
