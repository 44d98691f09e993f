import FoundationEssentials

/// What became of one occurrence of a reminder, one-off or recurring (`chime remind history`),
/// put together from the facts the store keeps: each showing and each miss (the delivery
/// history), each snooze, the request as it stands (skipped, still to come), and for a reminder
/// set with `--nag` the record of its acknowledgement (``ReminderOccurrence``).
public struct ReminderHistoryEntry: Hashable, Sendable {
    /// What became of the occurrence, most telling first.
    public enum Outcome: String, Hashable, Sendable, CaseIterable {
        /// Nagging, shown and not acknowledged yet.
        case open
        /// Nagging, acknowledged before its first nag.
        case doneOnTime = "done-on-time"
        /// Nagging, acknowledged after that.
        case doneLate = "done-late"
        /// Shown (the last time it came).
        case shown
        /// Never shown in time: too late to show (chimed was down) or, nagging, not acknowledged.
        case missed
        /// Cancelled before it was shown.
        case skipped
        /// Snoozed, and its new time is still to come.
        case snoozed
        /// Due, not shown yet (chimed is not running).
        case pending
    }

    /// A showing, or a showing that was too late to make: the delivery history's record.
    public struct Showing: Hashable, Sendable {
        /// The request's identifier.
        public var identifier: String
        /// Its group (the reminder's id).
        public var group: String
        /// The occurrence's first due time, when recorded (before schema 9 it was not).
        public var occurrenceDue: Date?
        /// When this showing was due.
        public var due: Date
        /// When it was shown or found too late.
        public var at: Date
        /// Whether it was shown (else missed).
        public var wasShown: Bool

        /// Makes a record.
        public init(identifier: String, group: String, occurrenceDue: Date?, due: Date, at: Date, wasShown: Bool) {
            self.identifier = identifier
            self.group = group
            self.occurrenceDue = occurrenceDue
            self.due = due
            self.at = at
            self.wasShown = wasShown
        }
    }

    /// A reminder's request as it stands, when it was not shown last: cancelled, or still to come.
    public struct Unshown: Hashable, Sendable {
        /// The request's identifier.
        public var identifier: String
        /// Its group.
        public var group: String
        /// The occurrence's first due time.
        public var occurrenceDue: Date
        /// When it is due now.
        public var due: Date
        /// Whether it was cancelled (else it is still to come).
        public var isCancelled: Bool

        /// Makes a value.
        public init(identifier: String, group: String, occurrenceDue: Date, due: Date, isCancelled: Bool) {
            self.identifier = identifier
            self.group = group
            self.occurrenceDue = occurrenceDue
            self.due = due
            self.isCancelled = isCancelled
        }
    }

    /// The reminder's id (`pills`).
    public var reminderID: String
    /// The occurrence's identifier (`remind/pills/2027-03-27T08:00`, `remind/r-4tx`).
    public var identifier: String
    /// When the occurrence was due, before any snooze.
    public var due: Date
    /// What became of it.
    public var outcome: Outcome
    /// When it was acknowledged (done), `nil` otherwise.
    public var acknowledgedAt: Date?
    /// When it was shown, each time (a snooze or a nag shows it again), oldest first.
    public var shownAt: [Date]
    /// Its snoozes, oldest first.
    public var snoozes: [RequestSnooze]
    /// When it is to come (``Outcome/snoozed``, ``Outcome/pending``), else `nil`.
    public var comesAt: Date?

    /// The occurrences due in `[since, now]`, oldest first, from the facts: `showings` (the
    /// delivery history), `records` (acknowledgements of nagging reminders), `snoozes`, and
    /// `unshown` (the requests cancelled or still to come). A recurring reminder's occurrence is
    /// its identifier; a one-off reminder's identifier may come back (set again with its id), so
    /// its occurrences are told apart by their first due time.
    public static func entries(
        showings: [Showing], records: [ReminderOccurrence], snoozes: [RequestSnooze], unshown: [Unshown], since: Date, now: Date
    ) -> [ReminderHistoryEntry] {
        struct Key: Hashable {
            var identifier: String
            /// A one-off reminder's occurrence's first due time; `nil` for a recurring one's.
            var due: Date?
        }
        var keys: [Key] = []
        /// Recurring occurrences are one per identifier; one-off ones one per first due time,
        /// within two seconds (a snoozed or nagging one carries it to the second).
        func key(_ identifier: String, _ due: Date) -> Key {
            guard !RequestIdentifier.isRecurringReminderOccurrence(identifier) else { return Key(identifier: identifier, due: nil) }
            if let known = keys.first(where: { $0.identifier == identifier && abs($0.due!.timeIntervalSince(due)) < 2 }) { return known }
            keys.append(Key(identifier: identifier, due: due))
            return keys.last!
        }
        var entries: [Key: ReminderHistoryEntry] = [:]
        func entry(_ key: Key, group: String, due: Date) -> ReminderHistoryEntry {
            if var found = entries[key] {
                found.due = min(found.due, due)
                return found
            }
            return ReminderHistoryEntry(
                reminderID: group, identifier: key.identifier, due: due, outcome: .pending, acknowledgedAt: nil, shownAt: [], snoozes: [], comesAt: nil
            )
        }
        // The last fact decides, whatever its kind: a snooze after the last showing, say.
        var lastShowing: [Key: Showing] = [:]
        for showing in showings.sorted(by: { ($0.at, $0.due) < ($1.at, $1.due) }) {
            let occurrenceDue = showing.occurrenceDue ?? showing.due
            let key = key(showing.identifier, occurrenceDue)
            var found = entry(key, group: showing.group, due: occurrenceDue)
            if showing.wasShown { found.shownAt.append(showing.at) }
            entries[key] = found
            lastShowing[key] = showing
        }
        for snooze in snoozes.sorted(by: { $0.at < $1.at }) where snooze.kind == .reminder {
            let key = key(snooze.identifier, snooze.occurrenceDue)
            var found = entry(key, group: snooze.group, due: snooze.occurrenceDue)
            found.snoozes.append(snooze)
            entries[key] = found
        }
        var current: [Key: Unshown] = [:]
        for request in unshown {
            let key = key(request.identifier, request.occurrenceDue)
            entries[key] = entry(key, group: request.group, due: request.occurrenceDue)
            current[key] = request
        }
        for key in entries.keys {
            var found = entries[key]!
            let shownLast = lastShowing[key]
            let snoozedSince = found.snoozes.contains { snooze in shownLast.map { snooze.at >= $0.at } ?? true }
            if let request = current[key], !request.isCancelled, shownLast.map({ request.due > $0.due }) ?? true {
                // Snoozed to a time already past and not shown: chimed was not running.
                found.outcome = snoozedSince && request.due > now ? .snoozed : .pending
                found.comesAt = request.due
            } else if let shownLast {
                found.outcome = shownLast.wasShown ? .shown : .missed
            } else {
                // Cancelled before it was shown (snoozed first, or not).
                found.outcome = .skipped
            }
            entries[key] = found
        }
        for record in records {
            let key = key(record.identifier, record.due)
            var found = entry(key, group: record.reminderID, due: record.due)
            switch record.outcome {
            case .open: found.outcome = .open
            case .doneOnTime: found.outcome = .doneOnTime
            case .doneLate: found.outcome = .doneLate
            case .missed: found.outcome = .missed
            }
            found.acknowledgedAt = record.acknowledgedAt
            found.comesAt = nil
            entries[key] = found
        }
        return entries.values.filter { $0.due >= since && $0.due <= now }
            .sorted { ($0.due, $0.identifier) < ($1.due, $1.identifier) }
    }
}

extension NotificationRequest {
    /// When the occurrence this request shows was first due: a nag's or a snoozed reminder's
    /// occurrence (``ContentArgument/occurrence``), else its own due time.
    public var occurrenceDue: Date {
        content.arguments[ContentArgument.occurrence].flatMap { try? Date($0, strategy: .iso8601) } ?? due
    }
}
