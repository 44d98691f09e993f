import ChimeCore
import ChimeStore
import Foundation

/// What readers (`list`, `status`, `export`, `remind list`, `water status`) say is still to
/// come: the store as chimed would leave it by `now`, whether or not it ran. What recurs is
/// derived again, and what a wake at `now` would not show is recorded missed with what follows
/// it, in a transaction that is rolled back: nothing a reader shows depends on chimed having
/// run, and reading records nothing.
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
            let drops = try dueToDrop(now: now)
            lagging = try calendarsLagging(drops: drops.map(\.0.request))
            return try lagging.isEmpty && drops.isEmpty && derivedAgain(now: now).isEmpty ? try read() : nil
        }
        if let asItStands { return asItStands }
        guard store.isWritable else { return try store.reading(read) }
        // Read from their files before the write lock is taken: parsing never holds chimed up.
        try loadCalendars(lagging)
        return try store.previewing {
            let plan = try derivedAgain(now: now)
            if !plan.isEmpty { try store.apply(plan, now: now) }
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
            return try read()
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

    /// How many rounds of drops a reader follows: more than any chain of follow-ups a wake
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
