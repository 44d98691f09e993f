import FoundationEssentials

/// How a recurring reminder comes back until it is acknowledged (`remind every --nag`), and
/// the one home of the rules for its showings, acknowledgement and record.
///
/// Each showing is the same request (same identifier, so the daemon replaces the bubble) with
/// its round in the content arguments; the reminder's next occurrence is pending only once the
/// nagging ends: acknowledged, shown the last time, or the next occurrence about to come.
public struct ReminderNag: Hashable, Sendable {
    /// How often the bubble comes back after the occurrence itself.
    public static let maximumRepeats = 6
    /// The shortest interval accepted.
    public static let minimumInterval: TimeInterval = 60

    /// The time between showings.
    public var interval: TimeInterval

    /// A nag every `interval`.
    public init(interval: TimeInterval) {
        self.interval = interval
    }

    /// When the bubble comes back after its showing `round` (0: the occurrence) at `shownAt`;
    /// `nil` when it does not: the last repeat was shown, or the next occurrence comes first.
    public func nextShowing(afterRound round: Int, shownAt: Date, nextOccurrence: Date?) -> Date? {
        guard round < Self.maximumRepeats else { return nil }
        let again = shownAt.addingTimeInterval(interval)
        if let nextOccurrence, again >= nextOccurrence { return nil }
        return again
    }

    /// Done on time when acknowledged before the first nag would come, late after.
    public func outcome(acknowledgedAt: Date, due: Date) -> ReminderOutcome {
        acknowledgedAt < due.addingTimeInterval(interval) ? .doneOnTime : .doneLate
    }

    /// `request` (a reminder's, one-off or an occurrence) as the first showing of its nagging.
    public func nagging(_ request: NotificationRequest) -> NotificationRequest {
        var nagging = request
        nagging.content.arguments[ContentArgument.nag] = String(Int(interval))
        nagging.content.arguments[ContentArgument.nagRound] = "0"
        nagging.content.arguments[ContentArgument.occurrence] = RequestPlanner.iso(request.due)
        return nagging
    }

    /// One showing of a nagging occurrence, read from its request.
    public struct Showing: Hashable, Sendable {
        /// The nag of the reminder.
        public var nag: ReminderNag
        /// 0 for the occurrence itself, 1... for the nags.
        public var round: Int
        /// The occurrence's own due time.
        public var occurrenceDue: Date

        /// The showing `request` is, or `nil` when it is not a nagging reminder's.
        public init?(request: NotificationRequest) {
            let arguments = request.content.arguments
            guard request.kind == .reminder,
                  let seconds = arguments[ContentArgument.nag].flatMap(Int.init), seconds > 0
            else { return nil }
            nag = ReminderNag(interval: TimeInterval(seconds))
            round = arguments[ContentArgument.nagRound].flatMap(Int.init) ?? 0
            occurrenceDue = arguments[ContentArgument.occurrence].flatMap { try? Date($0, strategy: .iso8601) } ?? request.due
        }
    }

    /// What follows the showing of `request` at `now`: the same bubble again after the
    /// interval, or else `next` (the reminder's next occurrence, `nil` when the rule ended).
    /// The occurrence's first showing records it as open, which makes any earlier one still
    /// open missed; the rule's last occurrence is missed once its last nag is shown.
    public static func planAfterShowing(_ request: NotificationRequest, _ showing: Showing, now: Date, next: NotificationRequest?) -> ChangePlan {
        var plan = ChangePlan()
        if showing.round == 0 {
            plan.reminderOccurrences = [record(request, showing, .open)]
        }
        if let again = showing.nag.nextShowing(afterRound: showing.round, shownAt: now, nextOccurrence: next?.due) {
            var repeated = request.moved(to: again)
            repeated.content.arguments[ContentArgument.nagRound] = String(showing.round + 1)
            if let next { repeated.misfirePolicy = .deliverLate(until: next.due) }
            plan.repeatedRequests = [repeated]
        } else if let next {
            plan.requests = [next]
        } else {
            plan.reminderOccurrences.append(record(request, showing, .missed))
        }
        return plan
    }

    /// What follows a showing of `request` that was dropped (too late to show): the
    /// occurrence is missed and `next` comes.
    public static func planAfterDrop(_ request: NotificationRequest, _ showing: Showing, next: NotificationRequest?) -> ChangePlan {
        var plan = ChangePlan()
        plan.reminderOccurrences = [record(request, showing, .missed)]
        plan.requests = next.map { [$0] } ?? []
        return plan
    }

    /// The change that acknowledges the occurrence of `request` at `now`: recorded done (on
    /// time or late), its bubble closed, and, when a nag was still to come (`isLive`), that nag
    /// cancelled and `next` pending instead.
    ///
    /// - Throws: `DomainError` when the occurrence is already done or missed (`recorded`).
    public static func planAcknowledging(
        _ request: NotificationRequest, _ showing: Showing, recorded: ReminderOutcome?, isLive: Bool, now: Date, next: NotificationRequest?
    ) throws(DomainError) -> ChangePlan {
        switch recorded {
        case .doneOnTime?, .doneLate?:
            throw DomainError(.conflict, .nagAlreadyDone, ["identifier": request.identifier, "group": request.group])
        case .missed?:
            throw DomainError(.conflict, .nagMissed, ["identifier": request.identifier, "group": request.group])
        case nil where showing.round == 0 && isLive:
            throw DomainError(.notFound, .nagNotShown, ["identifier": request.identifier])
        case .open?, nil:
            break
        }
        var plan = ChangePlan()
        var done = record(request, showing, showing.nag.outcome(acknowledgedAt: now, due: showing.occurrenceDue))
        done.acknowledgedAt = now
        plan.reminderOccurrences = [done]
        plan.closedGroups = [request.group]
        if isLive {
            plan.cancelledIdentifiers = [request.identifier]
            plan.requests = next.map { [$0] } ?? []
        }
        return plan
    }

    /// The record of `open` when its reminder is ended (`chime cancel ID`) before Done: missed,
    /// as after its last nag.
    public static func ended(_ open: ReminderOccurrence) -> ReminderOccurrence {
        var missed = open
        if missed.outcome == .open { missed.outcome = .missed }
        return missed
    }

    private static func record(_ request: NotificationRequest, _ showing: Showing, _ outcome: ReminderOutcome) -> ReminderOccurrence {
        ReminderOccurrence(reminderID: request.group, identifier: request.identifier, due: showing.occurrenceDue, outcome: outcome)
    }
}
