import ChimeCore
import ChimeStore
import FoundationEssentials

/// Reminders: one-off (`remind in`, `remind at`), recurring (`remind every`), and Done.
extension Desk {
    /// What `remind in`/`remind at` did.
    public struct ReminderSet: Sendable {
        /// The reminder.
        public var reminder: OneOffReminder
        /// Whether it replaced a pending reminder with its id.
        public var replaced: Bool
    }

    /// Sets a one-off reminder saying `text` at `due`; with the id of a one-off reminder still
    /// pending, replaces it. An id naming a live thing of another kind (a recurring reminder
    /// among them) is refused.
    public func remind(
        _ text: String, at due: Date, id: String?, nag: TimeSpan?, urgency: String?, now: Date
    ) throws -> Decision<ReminderSet> {
        guard due > now else { throw DeskRefusal.reminderTimePassed(due: due) }
        let reminderID: String
        var replaced = false
        if let id {
            try refuseIDOfAnotherKind(id, for: .reminder, now: now)
            replaced = try store.reminder(id: id) != nil && store.request(identifier: RequestIdentifier.reminder(id: id))?.state.isLive == true
            reminderID = id
        } else {
            reminderID = try generateID(prefix: "r", now: now)
        }
        let reminder = OneOffReminder(id: reminderID, text: text, due: due)
        var plan = try planner.remind(reminder, now: now)
        if let nag {
            plan.requests = plan.requests.map(ReminderNag(interval: nag.timeInterval).nagging)
        }
        if let urgency {
            // Carried by the request: a snooze or a nag moves it, arguments and all.
            for index in plan.requests.indices {
                plan.requests[index].content.arguments[ContentArgument.urgency] = urgency
            }
        }
        return Decision(plan, ReminderSet(reminder: reminder, replaced: replaced))
    }

    /// `chime remind every`, with its values resolved.
    public struct RecurringReminderIntent: Sendable {
        /// The reminder's text.
        public var text: String
        /// The rule as written.
        public var ruleText: String
        /// The rule, `--until`/`--count` applied.
        public var rule: RecurrenceRule
        /// `--from`, or `nil` for now (``RecurringReminder/implicitStart(of:madeAt:)``).
        public var from: Date?
        /// The id asked for, else one is generated.
        public var id: String?
        /// `--nag`.
        public var nag: TimeSpan?
        /// `--urgency`.
        public var urgency: String?

        /// Makes the intention.
        public init(text: String, ruleText: String, rule: RecurrenceRule, from: Date?, id: String?, nag: TimeSpan?, urgency: String?) {
            self.text = text
            self.ruleText = ruleText
            self.rule = rule
            self.from = from
            self.id = id
            self.nag = nag
            self.urgency = urgency
        }
    }

    /// What `remind every` did.
    public struct RecurringReminderSet: Sendable {
        /// The reminder.
        public var reminder: RecurringReminder
        /// Its first occurrence.
        public var next: NotificationRequest
        /// The recurring reminder with its id it replaced, if one went on.
        public var replaced: RecurringReminder?
    }

    /// Sets a reminder at each occurrence of a rule (`chime remind every`); with the id of a
    /// recurring reminder that goes on, replaces it. An id naming a live thing of another kind
    /// (a one-off reminder still to come among them) is refused.
    public func remindEvery(_ intent: RecurringReminderIntent, now: Date) throws -> Decision<RecurringReminderSet> {
        let reminderID: String
        var replaced: RecurringReminder?
        if let id = intent.id {
            try refuseIDOfAnotherKind(id, for: .recurringReminder, now: now)
            replaced = try store.recurringReminder(id: id).flatMap { $0.endedAt == nil ? $0 : nil }
            reminderID = id
        } else {
            reminderID = try generateID(prefix: "r", now: now)
        }
        let reminder = RecurringReminder(
            id: reminderID, text: intent.text, rule: intent.rule,
            start: intent.from ?? RecurringReminder.implicitStart(of: intent.rule, madeAt: now),
            nag: intent.nag.map { ReminderNag(interval: $0.timeInterval) }, urgency: intent.urgency, ruleText: intent.ruleText
        )
        var plan = try planner.remind(reminder, now: now, timeZone: timeZone, calendar: calendar)
        // A reminder made anew under an id: what was skipped of the one before is not its own.
        plan.forgottenSkipGroups = [reminderID]
        // The nag of an occurrence of the replaced reminder waiting for Done goes with it.
        if replaced != nil, let open = try store.openReminderOccurrence(reminderID: reminderID) {
            plan.reminderOccurrences.append(ReminderNag.ended(open))
        }
        return Decision(plan, RecurringReminderSet(reminder: reminder, next: plan.requests[0], replaced: replaced))
    }

    /// Acknowledges a nagging reminder's occurrence (`chime done`, the Done button): it stops
    /// coming back and is recorded done; a recurring reminder's next occurrence comes.
    public func done(_ reference: String, now: Date) throws -> Decision<(record: ReminderOccurrence?, next: NotificationRequest?)> {
        let stored = try store.nagShowing(named: reference)
        let recorded = try stored.flatMap { try store.reminderOccurrence(identifier: $0.request.identifier)?.outcome }
        let reminder = try stored.flatMap { try store.recurringReminder(id: $0.request.group) }
        let plan = try planner.acknowledge(
            stored?.request, named: reference, recorded: recorded, isLive: stored?.state.isLive ?? false,
            reminder: reminder, now: now, timeZone: timeZone, calendar: calendar
        )
        return Decision(plan, (plan.reminderOccurrences.first, plan.requests.first))
    }
}

extension Desk {
    /// A recurring reminder as `remind list` shows it.
    public struct RecurringReminderState: Sendable {
        /// The reminder.
        public var reminder: RecurringReminder
        /// Its next occurrence: the one pending, else the one its rule gives next; `nil` once over.
        public var next: Date?
        /// How many occurrences are left, the next included, when its rule ends (COUNT or
        /// UNTIL); counted up to ``countLimit``; `nil` for a rule without end.
        public var left: Int?
    }

    /// The most occurrences `remind list` counts ahead.
    public static let countLimit = 1000

    /// Every recurring reminder that goes on (and, with `includingEnded`, those ended), with
    /// its next occurrence and how many are left: derived from its rule and what happened. A
    /// reminder whose rule has no occurrence left has ended too, whether or not anything wrote
    /// that down; one ended has none left.
    public func recurringReminders(now: Date, includingEnded: Bool) throws -> [RecurringReminderState] {
        let states = try store.recurringReminders().filter { includingEnded || $0.endedAt == nil }.map { reminder in
            if reminder.endedAt != nil { return RecurringReminderState(reminder: reminder, next: nil, left: 0) }
            let rows = try store.requests(inGroup: reminder.id)
            var next = rows.filter { $0.stored.state.isLive }.map(\.stored.request.due).min()
            if next == nil, reminder.endedAt == nil {
                let last = try lastHandledOccurrence(of: reminder)
                next = planner.nextOccurrence(
                    of: reminder, after: max(last ?? reminder.start.addingTimeInterval(-1), now), now: now,
                    timeZone: timeZone, calendar: calendar, isHandled: isHandledOccurrence
                )?.due
            }
            var left: Int?
            if let next, reminder.rule.count != nil || reminder.rule.until != nil {
                left = RecurrenceExpander(rule: reminder.rule, start: reminder.start, timeZone: timeZone)
                    .occurrences(from: next, limit: Self.countLimit).count
            } else if next == nil, reminder.rule.count != nil || reminder.rule.until != nil {
                left = 0
            }
            return RecurringReminderState(reminder: reminder, next: next, left: left)
        }
        return includingEnded ? states : states.filter { $0.next != nil }
    }
}
