import ChimeCore
import ChimeStore
import FoundationEssentials

/// `chime cancel` and `chime snooze`: skipping, ending and moving what is pending.
extension Desk {
    /// What `cancel` or `snooze` names: one notification, or the id of what it belongs to.
    public enum Reference: Hashable, Sendable {
        /// A request identifier such as `fast/f-3k9/end`.
        case request(String)
        /// The id of a fast, water schedule or reminder.
        case group(String)
    }

    /// What `cancel` takes.
    public enum CancelTarget: Hashable, Sendable {
        /// The listed notifications or ids.
        case references([Reference])
        /// Everything pending of one id (`--group ID`).
        case group(String)
        /// Everything pending (`--all`).
        case all
    }

    /// What `cancel` did.
    public struct Cancelled: Sendable {
        /// The notifications cancelled before they were shown.
        public var cancelled: [NotificationRequest]
        /// The notifications already shown whose bubbles are closed.
        public var closedOnScreen: [NotificationRequest]
        /// The one id the command named (`--group`, or a single id), or `nil`.
        public var group: String?
        /// Whether it was `--all`.
        public var all: Bool
        /// What takes the place of what was skipped: the same reminder's next occurrence (water,
        /// a repeating fast, a recurring reminder's occurrence).
        public var following: [NotificationRequest]
        /// Fasts of a schedule skipped (not started yet), and the schedule's next fast after.
        public var skippedFasts: [FastingSession]
        /// The schedule's next fast once those are skipped.
        public var nextScheduledFast: FastingSession?
        /// Recurring reminders ended.
        public var endedReminders: [String]

        /// Whether nothing was cancelled or closed.
        public var isEmpty: Bool { cancelled.isEmpty && closedOnScreen.isEmpty && skippedFasts.isEmpty && endedReminders.isEmpty }
    }

    /// Cancels notifications (`chime cancel`). An identifier cancels that one notification, or
    /// closes its bubble when it is on screen; an id cancels what is pending of its thing, with
    /// its bubbles on screen. Cancelling a fast of a schedule not started yet (its id or its
    /// start notification) skips that fast; cancelling a recurring reminder's id ends it;
    /// cancelling one notification of a water schedule, a repeating fast or a recurring
    /// reminder skips it, and the same reminder's next occurrence takes its place. Every
    /// reference is checked before anything is cancelled.
    public func cancel(_ target: CancelTarget, now: Date) throws -> Decision<Cancelled> {
        var change = ChangePlan()
        var cancelled: [NotificationRequest] = []
        var onScreen: [NotificationRequest] = []
        var groups: [String] = []
        let timeline = try fastTimeline(now: now)
        /// The pending requests of group `id`, its bubbles on screen into `onScreen`; refuses an
        /// id that names nothing at all.
        func pendingGroup(_ id: String) throws -> [NotificationRequest] {
            let pending = try store.pendingRequests(inGroup: id)
            let shown = try store.bubblesOnScreen(inGroup: id)
            if pending.isEmpty, shown.isEmpty, try !namesSomething(id, now: now) {
                throw DeskRefusal.unknownReference(id)
            }
            onScreen += shown.map(\.request)
            return pending.map(\.request)
        }
        var single: String?
        var all = false
        switch target {
        case .references(let references):
            for reference in references {
                switch reference {
                case .request(let identifier):
                    guard let stored = try store.request(identifier: identifier), stored.state.isLive || stored.isOnScreen else {
                        throw DeskRefusal.unknownReference(identifier)
                    }
                    if stored.state.isLive {
                        change.cancelledIdentifiers.append(identifier)
                        cancelled.append(stored.request)
                    } else {
                        onScreen.append(stored.request)
                    }
                case .group(let id):
                    cancelled += try pendingGroup(id)
                    groups.append(id)
                }
            }
            if references.count == 1, case .group(let id) = references[0] { single = id }
        case .group(let id):
            cancelled = try pendingGroup(id)
            groups = [id]
            single = id
        case .all:
            cancelled = try store.pendingRequests().map(\.request)
            onScreen = try store.bubblesOnScreen(inGroup: nil).map(\.request)
            groups = unique(cancelled.map(\.group))
            all = true
        }
        change.cancelledGroups = groups
        change.cancelledIdentifiers = unique(change.cancelledIdentifiers + onScreen.map(\.identifier))
        cancelled = unique(cancelled)
        var outcome = Cancelled(
            cancelled: cancelled, closedOnScreen: unique(onScreen), group: single, all: all, following: [],
            skippedFasts: [], nextScheduledFast: nil, endedReminders: []
        )
        // A fast of a schedule not started yet is skipped when its id or its start
        // notification is cancelled: the rule would give it again otherwise.
        var skipGroups = Set(groups)
        for request in cancelled where request.kind == .fastStart { skipGroups.insert(request.group) }
        var skippedSchedules = Set<String>()
        for id in skipGroups.sorted() {
            guard let instance = timeline.session(id: id), let scheduleID = instance.scheduleID,
                  instance.status(at: now).phase == .scheduled, !instance.wasCancelledBeforeStart
            else { continue }
            change.merge(skip(instance))
            outcome.skippedFasts.append(instance)
            skippedSchedules.insert(scheduleID)
        }
        // A recurring reminder's id ends it; a nagging occurrence waiting for Done is missed.
        for id in groups {
            guard let reminder = try store.recurringReminder(id: id), reminder.endedAt == nil else { continue }
            change.merge(planner.end(reminder, now: now))
            outcome.endedReminders.append(id)
            if let open = try store.openReminderOccurrence(reminderID: id) {
                change.reminderOccurrences.append(ReminderNag.ended(open))
            }
        }
        // One-off nagging reminders ended while waiting for Done.
        for group in unique(groups) where !outcome.endedReminders.contains(group)
            && (cancelled + onScreen).contains(where: { $0.kind == .reminder && $0.group == group }) {
            if let open = try store.openReminderOccurrence(reminderID: group) {
                change.reminderOccurrences.append(ReminderNag.ended(open))
            }
        }
        guard !outcome.isEmpty else { return Decision(ChangePlan(), outcome) }
        // A calendar alarm cancelled is dismissed (a fact, never a change to the calendar's
        // file), and its item's next alarm takes its place.
        let dismissed = try calendarAlarmsDismissed(unique(cancelled + onScreen), now: now)
        change.merge(dismissed.plan)
        outcome.following += dismissed.following
        // A water schedule that stays on, a repeating fast that goes on and a recurring reminder
        // keep their next occurrence: cancelling one skips it, it does not silence them.
        var seen = Set(cancelled.map(\.identifier) + dismissed.following.map(\.identifier))
        for request in cancelled where request.kind != .calendarAlarm {
            if request.kind == .reminder, groups.contains(request.group) { continue }
            let records = try store.followUpRecords(for: request, now: now)
            var following = planner.occurrencesAfterSkipping(request, records: records, now: now, timeZone: timeZone, calendar: calendar)
            if request.kind == .reminder, let reminder = records.recurringReminder, reminder.endedAt == nil {
                // The occurrence skipped, or one handled, can come next under its identifier
                // (a snoozed one moved by the zone since): the one after it takes the place.
                following = planner.nextOccurrence(
                    of: reminder, after: max(now, request.due), now: now, timeZone: timeZone, calendar: calendar,
                    isHandled: { [self] in $0.identifier == request.identifier || isHandledOccurrence($0) }
                ).map { [$0] } ?? []
            }
            for next in following where seen.insert(next.identifier).inserted {
                change.requests.append(next)
                outcome.following.append(next)
            }
            // An occurrence of a recurring reminder skipped: an exception to its rule, so
            // deriving it again (in another zone, after downtime) never brings it back. (A water
            // reminder follows the last glass, not a rule's local times: a skipped one is
            // passed by the next one pending.)
            if request.kind == .reminder, let reminder = records.recurringReminder, reminder.endedAt == nil {
                change.skips.append(OccurrenceSkip(identifier: request.identifier, group: request.group, due: request.occurrenceDue, at: now))
            }
        }
        for scheduleID in skippedSchedules.sorted() {
            guard let schedule = timeline.schedule(id: scheduleID) else { continue }
            outcome.nextScheduledFast = fastTimeline(timeline, after: change).nextInstance(of: schedule, after: now)
        }
        return Decision(change, outcome)
    }

    /// What `snooze` did: the notification as it now stands.
    public func snooze(_ reference: Reference, by span: TimeSpan, now: Date) throws -> Decision<NotificationRequest> {
        let stored: StoredRequest
        switch reference {
        case .request(let identifier):
            // A notification already shown can be snoozed too: that is what snoozing is mostly
            // for. Only one the user cancelled stays cancelled.
            guard let found = try store.request(identifier: identifier), found.state != .cancelled else {
                throw DeskRefusal.unknownReference(identifier)
            }
            stored = found
        case .group(let id):
            // An id means what its user just saw: a reminder's bubble on screen (a recurring
            // reminder's occurrence, not the next one), else the group's next notification, else
            // the reminder shown last (a one-off one whose bubble is gone).
            if let shown = try store.bubblesOnScreen(inGroup: id).last(where: { $0.request.kind == .reminder || $0.request.kind == .calendarAlarm }) {
                stored = shown
            } else if let next = try store.pendingRequests(inGroup: id).first {
                stored = next
            } else if let last = try store.lastShownRequest(inGroup: id), last.request.kind == .reminder || last.request.kind == .calendarAlarm {
                stored = last
            } else {
                throw DeskRefusal.unknownReference(id)
            }
        }
        return try snooze(stored, by: span, now: now)
    }

    /// Snoozes `stored` by `span`: the same rule for `chime snooze` and a bubble's Snooze button.
    func snooze(_ stored: StoredRequest, by span: TimeSpan, now: Date) throws -> Decision<NotificationRequest> {
        if stored.request.kind == .calendarAlarm { return try snoozeCalendarAlarm(stored, by: span, now: now) }
        // A reminder brought back must not share its id with what took the id since it was shown.
        if stored.request.kind == .reminder, !stored.state.isLive {
            let kind: IDKind = try store.recurringReminder(id: stored.request.group) != nil ? .recurringReminder : .reminder
            if let owner = try liveOwner(of: stored.request.group, otherThan: kind, now: now) {
                throw DeskRefusal.reminderCannotComeBack(group: stored.request.group, owner: owner)
            }
        }
        let records = try store.followUpRecords(for: stored.request, now: now)
        guard var plan = planner.snooze(stored.request, by: span, records: records, now: now, timeZone: timeZone, calendar: calendar) else {
            throw DeskRefusal.waterReminderOff(identifier: stored.request.identifier)
        }
        // Deriving its schedule again keeps the new time: the request remembers its own.
        plan.snoozedFrom[stored.request.identifier] = stored.request.due
        return Decision(plan, plan.requests[0])
    }

    /// `values` without repetitions, in first-seen order.
    func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    /// `requests` without repeated identifiers, in first-seen order.
    func unique(_ requests: [NotificationRequest]) -> [NotificationRequest] {
        var seen = Set<String>()
        return requests.filter { seen.insert($0.identifier).inserted }
    }
}
