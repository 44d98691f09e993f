import ChimeCore
import FoundationEssentials

/// How domain values map to columns and back. Reading refuses values that do not decode rather
/// than guessing, with a ``StoreError/Kind/badData`` naming the row.
enum RowCoding {
    // MARK: Requests

    /// The columns ``request(_:path:)`` reads, in order.
    static let requestColumns = """
        row_id, identifier, group_id, kind, due, tolerance, content, misfire_policy, misfire_until, \
        state, server_id, attempts, last_error, retry_at, close_requested, change_sequence
        """
    /// How many columns ``requestColumns`` names: a column selected after them is at this index.
    static let requestColumnCount: Int32 = 16

    /// A stored request from a row holding ``requestColumns``.
    static func request(_ row: SQLiteStatement, path: String) throws(StoreError) -> StoredRequest {
        let identifier = row.text(1)
        func bad(_ what: String) -> StoreError {
            badData(path: path, what: "request \"\(identifier)\"", problem: what)
        }
        guard let kind = RequestKind(rawValue: row.text(3)) else { throw bad("an unknown kind \"\(row.text(3))\"") }
        guard let state = RequestState(rawValue: row.text(9)) else { throw bad("an unknown state \"\(row.text(9))\"") }
        guard let content = decodeContent(row.text(6)) else { throw bad("content that is not valid JSON") }
        guard let policy = misfirePolicy(name: row.text(7), until: row.optionalDate(8)) else {
            throw bad("an unknown misfire policy \"\(row.text(7))\"")
        }
        let request = NotificationRequest(
            identifier: identifier, group: row.text(2), kind: kind, due: row.date(4),
            tolerance: row.double(5), content: content, misfirePolicy: policy
        )
        return StoredRequest(
            rowID: row.int64(0), request: request, state: state,
            serverID: row.optionalInt64(10).map { UInt32(truncatingIfNeeded: $0) },
            attempts: Int(row.int64(11)), lastError: row.optionalText(12), retryAt: row.optionalDate(13),
            closeRequested: row.int64(14) != 0, changeSequence: row.int64(15)
        )
    }

    /// Binds `request` to parameters 1-8 (`identifier, group_id, kind, due, tolerance, content,
    /// misfire_policy, misfire_until`) and `sequence` to parameter 9, without building an array:
    /// this runs once per request of every plan.
    static func bind(_ request: NotificationRequest, sequence: Int64, to statement: SQLiteStatement) throws(StoreError) {
        let (policy, until) = misfireColumns(request.misfirePolicy)
        try statement.bind(.text(request.identifier), at: 1)
        try statement.bind(.text(request.group), at: 2)
        try statement.bind(.text(request.kind.rawValue), at: 3)
        try statement.bind(.date(request.due), at: 4)
        try statement.bind(.real(request.tolerance), at: 5)
        try statement.bind(.text(try encodeContent(request.content)), at: 6)
        try statement.bind(.text(policy), at: 7)
        try statement.bind(.date(until), at: 8)
        try statement.bind(.integer(sequence), at: 9)
    }

    /// The policy's name and instant, as stored.
    static func misfireColumns(_ policy: MisfirePolicy) -> (String, Date?) {
        switch policy {
        case .deliverLate(let until): return ("deliver-late", until)
        case .collapse(let until): return ("collapse", until)
        case .drop: return ("drop", nil)
        }
    }

    /// The policy from its stored name and instant, `nil` when they do not make one.
    static func misfirePolicy(name: String, until: Date?) -> MisfirePolicy? {
        switch (name, until) {
        case ("deliver-late", let until?): return .deliverLate(until: until)
        case ("collapse", let until?): return .collapse(until: until)
        case ("drop", _): return .drop
        default: return nil
        }
    }

    // MARK: Content as JSON

    /// `content` as the store keeps it: ``JSONCoding``'s JSON of `NotificationContent`'s
    /// `Codable` shape, `{"arguments":{...},"template":"..."}` with keys sorted, which every
    /// release has written.
    static func encodeContent(_ content: NotificationContent) throws(StoreError) -> String {
        do {
            return String(decoding: try JSONCoding.encode(content), as: UTF8.self)
        } catch {
            // Content holds only text, which always encodes.
            throw StoreError(.internalError, "Chime could not encode a notification's content (\(error)): please report this as a bug")
        }
    }

    /// Content decoded from its JSON the way ``encodeContent(_:)`` encodes it, `nil` when the
    /// text is not JSON of that shape or names a template this version does not know.
    static func decodeContent(_ json: String) -> NotificationContent? {
        try? JSONCoding.decode(NotificationContent.self, from: Data(json.utf8))
    }

    // MARK: Sessions

    /// The columns ``session(_:path:)`` reads, in order.
    static let sessionColumns = "id, plan, start, tag, mode, stopped_at, remind_before, extension_cycle, extension_seconds, schedule_id, local_fast_end, local_eating_end, instance_key"

    /// A session from a row holding ``sessionColumns``.
    static func session(_ row: SQLiteStatement, path: String) throws(StoreError) -> FastingSession {
        let id = row.text(0)
        func bad(_ what: String) -> StoreError { badData(path: path, what: "fast \"\(id)\"", problem: what) }
        let plan: FastingPlan
        do { plan = try FastingPlan(storedText: row.text(1)) } catch { throw bad("an unreadable plan \"\(row.text(1))\"") }
        guard let mode = FastingSession.Mode(rawValue: row.text(4)) else { throw bad("an unknown mode \"\(row.text(4))\"") }
        var remindBefore: [TimeSpan] = []
        for part in row.text(6).split(separator: ",") {
            guard let seconds = Int64(part), let span = TimeSpan(seconds: seconds) else {
                throw bad("an unreadable reminder offset \"\(part)\"")
            }
            remindBefore.append(span)
        }
        let fastExtension: FastingSession.Extension? = row.isNull(7) || row.isNull(8)
            ? nil : FastingSession.Extension(cycle: row.int64(7), seconds: row.int64(8))
        let localEnds: FastingSession.LocalEnds? = row.isNull(10) || row.isNull(11)
            ? nil : FastingSession.LocalEnds(fastEnd: row.date(10), eatingEnd: row.date(11))
        return FastingSession(
            id: id, plan: plan, start: row.date(2), tag: row.text(3), mode: mode,
            stoppedAt: row.optionalDate(5), remindBefore: remindBefore, fastExtension: fastExtension,
            scheduleID: row.isNull(9) ? nil : row.text(9), localEnds: localEnds, instanceKey: row.optionalText(12)
        )
    }

    /// The values bound for ``sessionColumns`` of `session`.
    static func sessionValues(_ session: FastingSession) -> [SQLiteValue] {
        [
            .text(session.id), .text(session.plan.storedText), .date(session.start), .text(session.tag),
            .text(session.mode.rawValue), .date(session.stoppedAt),
            .text(session.remindBefore.map { String($0.seconds) }.joined(separator: ",")),
            .integer(session.fastExtension?.cycle), .integer(session.fastExtension?.seconds),
            .text(session.scheduleID), .date(session.localEnds?.fastEnd), .date(session.localEnds?.eatingEnd),
            .text(session.instanceKey),
        ]
    }

    // MARK: Fast schedules

    /// The columns ``fastSchedule(_:path:)`` reads, in order.
    static let fastScheduleColumns = "id, plan, rule, start, tag, remind_before, ended_at"

    /// A fast schedule from a row holding ``fastScheduleColumns``.
    static func fastSchedule(_ row: SQLiteStatement, path: String) throws(StoreError) -> FastSchedule {
        let id = row.text(0)
        func bad(_ what: String) -> StoreError { badData(path: path, what: "fast schedule \"\(id)\"", problem: what) }
        var remindBefore: [TimeSpan] = []
        for part in row.text(5).split(separator: ",") {
            guard let seconds = Int64(part), let span = TimeSpan(seconds: seconds) else {
                throw bad("an unreadable reminder offset \"\(part)\"")
            }
            remindBefore.append(span)
        }
        do {
            let plan = try FastingPlan(storedText: row.text(1))
            var schedule = try FastSchedule(id: id, plan: plan, ruleText: row.text(2), start: row.date(3), tag: row.text(4), remindBefore: remindBefore)
            schedule.endedAt = row.optionalDate(6)
            // A plan of fast days keeps its rule as RRULE; its days are said from it.
            if plan.fastDays != nil { schedule.ruleText = FastSchedule.fastDayText(of: schedule.rule) }
            return schedule
        } catch {
            throw bad("an unreadable plan or rule (\(error.message))")
        }
    }

    /// The values bound for ``fastScheduleColumns`` of `schedule`.
    static func fastScheduleValues(_ schedule: FastSchedule) -> [SQLiteValue] {
        [
            .text(schedule.id), .text(schedule.plan.storedText),
            .text(schedule.plan.fastDays == nil ? schedule.ruleText : schedule.rule.rruleText), .date(schedule.start),
            .text(schedule.tag), .text(schedule.remindBefore.map { String($0.seconds) }.joined(separator: ",")),
            .date(schedule.endedAt),
        ]
    }

    // MARK: Recurring reminders

    /// The columns ``recurringReminder(_:path:)`` reads, in order.
    static let recurringReminderColumns = "id, text, rule, start, nag_seconds, urgency, ended_at, rule_text"

    /// A recurring reminder from a row holding ``recurringReminderColumns``.
    static func recurringReminder(_ row: SQLiteStatement, path: String) throws(StoreError) -> RecurringReminder {
        let id = row.text(0)
        let rule: RecurrenceRule
        do { rule = try RecurrenceRule(parsing: row.text(2)) } catch {
            throw badData(path: path, what: "recurring reminder \"\(id)\"", problem: "an unreadable rule \"\(row.text(2))\"")
        }
        return RecurringReminder(
            id: id, text: row.text(1), rule: rule, start: row.date(3),
            nag: row.optionalInt64(4).map { ReminderNag(interval: TimeInterval($0)) }, urgency: row.optionalText(5),
            endedAt: row.optionalDate(6), ruleText: row.optionalText(7)
        )
    }

    /// The values bound for ``recurringReminderColumns`` of `reminder`.
    static func recurringReminderValues(_ reminder: RecurringReminder) -> [SQLiteValue] {
        [
            .text(reminder.id), .text(reminder.text), .text(reminder.rule.rruleText), .date(reminder.start),
            .integer(reminder.nag.map { Int64($0.interval) }), .text(reminder.urgency), .date(reminder.endedAt),
            .text(reminder.ruleText),
        ]
    }

    // MARK: Water schedules and reminders

    /// The columns ``schedule(_:path:)`` reads, in order.
    static let scheduleColumns = "id, interval_seconds, window_from, window_until, amount_ml, goal_ml, paused_until, weekday_goals"

    /// A water schedule from a row holding ``scheduleColumns``.
    static func schedule(_ row: SQLiteStatement, path: String) throws(StoreError) -> WaterSchedule {
        let id = row.text(0)
        func bad(_ what: String) -> StoreError { badData(path: path, what: "water schedule \"\(id)\"", problem: what) }
        guard let interval = TimeSpan(seconds: row.int64(1)) else { throw bad("an interval out of range") }
        let from: WallClockTime, until: WallClockTime
        do {
            from = try WallClockTime(parsing: row.text(2))
            until = try WallClockTime(parsing: row.text(3))
        } catch {
            throw bad("an unreadable window \"\(row.text(2))-\(row.text(3))\"")
        }
        guard let weekdayGoals = WeekdayGoals(storedText: row.text(7)) else { throw bad("unreadable goals by weekday \"\(row.text(7))\"") }
        return WaterSchedule(
            id: id, interval: interval, window: DailyWindow(from: from, until: until),
            amountML: Int(row.int64(4)), goalML: row.optionalInt64(5).map { Int($0) }, pausedUntil: row.optionalDate(6),
            weekdayGoals: weekdayGoals
        )
    }

    /// The values bound for ``scheduleColumns`` of `schedule`.
    static func scheduleValues(_ schedule: WaterSchedule) -> [SQLiteValue] {
        [
            .text(schedule.id), .integer(schedule.interval.seconds), .text(schedule.window.from.description),
            .text(schedule.window.until.description), .integer(Int64(schedule.amountML)),
            .integer(schedule.goalML.map { Int64($0) }), .date(schedule.pausedUntil), .text(schedule.weekdayGoals.storedText),
        ]
    }

    /// A reminder from a row holding `id, text, due`.
    static func reminder(_ row: SQLiteStatement) -> OneOffReminder {
        OneOffReminder(id: row.text(0), text: row.text(1), due: row.date(2))
    }

    // MARK: Errors

    /// The error for a stored row that does not decode.
    static func badData(path: String, what: String, problem: String) -> StoreError {
        StoreError(.badData, "the Chime database \(path) holds \(what) with \(problem), which this version of Chime cannot read: remove or replace it (chime cancel), or report this as a bug")
    }
}
