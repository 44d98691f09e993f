import ChimeCore
import ChimeStore
import FoundationEssentials

/// What readers (`list`, `status`, `export`, `remind list`, `water status`) say is still to
/// come, and what every intention decides against (``perform(requestID:now:clock:_:)``): the
/// store as chimed would leave it by `now`, whether or not it ran. What recurs is derived
/// again, lagging calendars are read and derived, and what a wake at `now` would not show is
/// recorded missed with what follows it (``catchUpAsAWake(now:)``). A reader does it in a transaction
/// that is rolled back, so reading records nothing; an intention writes it with its change,
/// as chimed would at its next wake anyway.
extension Desk {
    /// What `read` answers once the store is as chimed would leave it by `now`, with nothing
    /// recorded. The write lock is taken only while the store lags behind (chimed did not run
    /// to write what recurs or to drop what came due); on a store that cannot be written,
    /// `read` answers from the store as it stands.
    public func readingDerived<T>(now: Date, _ read: () throws -> T) throws -> T {
        // Inside a write deciding, or a preview already made: that view is the one wanted.
        if store.isInTransaction { return try read() }
        var lagging: [String] = []
        let asItStands: T? = try store.reading {
            guard let lag = try lag(now: now) else { return try read() }
            lagging = lag
            return nil
        }
        if let asItStands { return asItStands }
        guard store.isWritable else { return try store.reading(read) }
        // Read from their files before the write lock is taken: parsing never holds chimed up.
        try loadCalendars(lagging)
        return try store.previewing {
            try catchUpAsAWake(now: now)
            return try read()
        }
    }

    /// Reads the calendars lagging at `now` before an intention takes the write lock
    /// (``catchUpAsAWake(now:)`` reads any that lag once the lock is held, as a last resort).
    /// Whether the intention can catch up as a wake would: not when a calendar lags and its
    /// files cannot be read at all (``canReadCalendars``).
    func loadLaggingCalendars(now: Date) throws -> Bool {
        guard calendarLoader != nil, !store.isInTransaction else { return true }
        let lagging = try store.reading { try calendarsLagging(drops: dueToDrop(now: now).map(\.0.request)) }
        guard lagging.isEmpty || canReadCalendars() else { return false }
        try loadCalendars(lagging)
        return true
    }

    /// The calendars lagging behind at `now` (none may, `[]`), or `nil` when the store is as
    /// chimed would leave it by `now`: nothing recurring to derive again, nothing due that a
    /// wake would drop, no calendar lagging. Cheap by design: `status` asks every second.
    private func lag(now: Date) throws -> [String]? {
        let drops = try dueToDrop(now: now)
        let lagging = try calendarsLagging(drops: drops.map(\.0.request))
        return try lagging.isEmpty && drops.isEmpty && derivedAgainIfLagging(now: now) == nil ? nil : lagging
    }

    /// What recurs derived again at `now` (``derivedAgain(now:busyGroups:)``), or `nil` when
    /// that would change nothing but how far the fast schedules count as derived: a mark that
    /// only spares later derivations some lookback, not worth a write of its own.
    private func derivedAgainIfLagging(now: Date) throws -> ChangePlan? {
        var plan = try derivedAgain(now: now)
        let marks = plan.fastSchedulesDerivedThrough
        plan.fastSchedulesDerivedThrough = [:]
        guard !plan.isEmpty else { return nil }
        plan.fastSchedulesDerivedThrough = marks
        return plan
    }

    /// Writes what a wake of chimed at `now` would leave, inside the write transaction open (a
    /// preview, or an intention deciding): what recurs derived again, each lagging calendar
    /// read (unless on the shelf already) and its alarms caught up as at chimed's start, and
    /// each request due that such a wake would not show recorded missed with what follows it.
    /// Writes nothing when the store does not lag.
    ///
    /// It cannot race chimed: the write lock is held, a row chimed claimed to show (`delivering`)
    /// is never dropped, and ``MisfireResolver`` drops only what chimed would drop at `now`.
    func catchUpAsAWake(now: Date) throws {
        let lagging = try calendarsLagging(drops: dueToDrop(now: now).map(\.0.request))
        try loadCalendars(lagging)
        if let plan = try derivedAgainIfLagging(now: now) { try store.apply(plan, now: now) }
        // As chimed would at its start: each calendar read and its alarms caught up.
        for name in lagging {
            guard let calendar = calendars?.calendars[name] else { continue }
            let derived = try calendarAlarmsDerived(calendar, uids: nil, catchUp: true, now: now)
            if !derived.isEmpty { try store.apply(derived, now: now) }
        }
        // Each follow-up may come due itself and be dropped in turn (the next occurrence
        // of a reminder after downtime): a bounded number of rounds, as wakes would.
        for _ in 0..<Self.wakeRounds {
            let drops = try dueToDrop(now: now)
            guard !drops.isEmpty else { break }
            for (stored, reason) in drops { try recordMissed(stored, reason: reason, now: now) }
        }
    }

    /// The requests still to be shown at `now`, soonest first, optionally only `group`'s.
    public func pendingToShow(inGroup group: String? = nil, now: Date) throws -> [StoredRequest] {
        try readingDerived(now: now) { try store.pendingRequests(inGroup: group) }
    }

    /// The request to be shown soonest at `now`, or `nil`.
    public func soonestToShow(now: Date) throws -> StoredRequest? {
        try readingDerived(now: now) { try store.nextPendingRequest() }
    }

    /// Hands each request still to be shown at `now` to `body`, soonest first, one at a time
    /// (never all held at once); stops when `body` returns `false`.
    public func forEachPendingToShow(inGroup group: String? = nil, now: Date, _ body: (StoredRequest) -> Bool) throws {
        try readingDerived(now: now) { try store.forEachPendingRequest(inGroup: group, body) }
    }

    /// The calendars whose alarms the store does not hold as chimed would by now, by name:
    /// those added and never derived since (chimed did not run), and those with an alarm that
    /// a wake at now would drop (the item's next alarm comes from the calendar's files). Only
    /// calendars this desk can read (its shelf, or its ``calendarLoader``) count.
    ///
    /// Cheap by design, as `status` runs every second: one query of the calendars' records and
    /// the drops already found, never a file read or a stat. A file changed while chimed is down
    /// is seen by chimed's stat pass when it starts, and by readers only when the calendar lags
    /// for one of these reasons (its files are read whole then).
    private func calendarsLagging(drops: [NotificationRequest]) throws -> [String] {
        guard calendarLoader != nil || calendars != nil else { return [] }
        var names = Set(try store.calendarsNeverDerived())
        for request in drops where request.kind == .calendarAlarm {
            if let key = CalendarAlarmRequest.key(of: request) { names.insert(key.calendar) }
        }
        return names.sorted().filter { calendarLoader != nil || calendars?.holds($0) == true }
    }

    /// How many rounds of drops ``catchUpAsAWake(now:)`` follows: more than any chain of follow-ups a wake
    /// makes (a reminder's missed occurrences are recorded in one follow-up).
    static let wakeRounds = 16

    /// The requests due by `now` that a wake of chimed at `now` would not show
    /// (``MisfireResolver``), each with why; one on its way to the server is being shown.
    private func dueToDrop(now: Date) throws -> [(StoredRequest, MisfireResolver.DropReason)] {
        var due: [StoredRequest] = []
        try store.forEachPendingRequest { row in
            guard row.request.due <= now else { return false }
            if row.state == .pending { due.append(row) }
            return true
        }
        guard !due.isEmpty else { return [] }
        let byIdentifier = Dictionary(due.map { ($0.request.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        return MisfireResolver.resolve(due.map(\.request), now: now).drops.compactMap { drop in
            byIdentifier[drop.request.identifier].map { ($0, drop.reason) }
        }
    }
}
