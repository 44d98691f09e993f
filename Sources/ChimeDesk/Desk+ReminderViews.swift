import ChimeCore
import ChimeStore
import FoundationEssentials

/// Reminders looked back at and changed: the history of every occurrence, one-off or
/// recurring, and editing a reminder by its id while it keeps its history.
extension Desk {
    /// How long after its occurrence was due a showing may still come (a nag, a snooze, a late
    /// showing after downtime): how far before the period the delivery history is read.
    static let showingReach: TimeInterval = 7 * 86_400

    /// What became of each occurrence of reminder `id` (or of all) due in `[since, now]`, oldest
    /// first (`chime remind history`), from what the store recorded as it happened.
    public func reminderHistory(id: String?, since: Date, now: Date) throws -> [ReminderHistoryEntry] {
        ReminderHistoryEntry.entries(
            showings: try store.reminderShowings(since: since.addingTimeInterval(-Self.showingReach), reminderID: id),
            records: try store.reminderOccurrences(reminderID: id, since: since),
            snoozes: try store.reminderSnoozes(since: since.addingTimeInterval(-Self.showingReach), reminderID: id),
            unshown: try store.unshownReminders(since: since, reminderID: id),
            since: since, now: now
        )
    }

    /// What `remind edit` changes; `nil` keeps it.
    public struct ReminderChange: Sendable {
        /// The new text.
        public var text: String?
        /// The new time of a one-off reminder.
        public var due: Date?
        /// The new rule of a recurring reminder, as written and read.
        public var rule: (text: String, rule: RecurrenceRule)?

        /// Makes a change.
        public init(text: String?, due: Date?, rule: (text: String, rule: RecurrenceRule)?) {
            self.text = text
            self.due = due
            self.rule = rule
        }
    }

    /// What `remind edit` did.
    public enum ReminderEdited: Sendable {
        /// A one-off reminder, as it now is; `isPending`: it is still to come.
        case oneOff(OneOffReminder, isPending: Bool)
        /// A recurring reminder, as it now is, and its next occurrence.
        case recurring(RecurringReminder, next: NotificationRequest?)
    }

    /// Changes the text, time or rule of the reminder `id` (`chime remind edit`): its id, its
    /// history, its nagging and urgency stay. A new time brings a one-off reminder back (it must
    /// be to come); a new rule makes a recurring reminder start again from now; a new text
    /// alone rewrites what is pending of it where it stands (its time, its nag, its snooze).
    public func editReminder(_ id: String, _ change: ReminderChange, now: Date) throws -> Decision<ReminderEdited> {
        // An id names one live thing: a recurring reminder that goes on, else a one-off one.
        if let recurring = try store.recurringReminder(id: id), recurring.endedAt == nil {
            return try editRecurring(recurring, change, now: now)
        }
        if let oneOff = try store.reminder(id: id) {
            let isPending = try store.request(identifier: RequestIdentifier.reminder(id: id))?.state.isLive == true
            return try editOneOff(oneOff, isPending: isPending, change, now: now)
        }
        if try store.recurringReminder(id: id) != nil { throw DeskRefusal.reminderEnded(id: id) }
        throw DeskRefusal.noReminderWithID(id: id)
    }

    private func editOneOff(_ reminder: OneOffReminder, isPending: Bool, _ change: ReminderChange, now: Date) throws -> Decision<ReminderEdited> {
        if change.rule != nil { throw DeskRefusal.ruleForOneOffReminder(id: reminder.id) }
        var edited = reminder
        if let text = change.text { edited.text = text }
        let rows = try store.requests(inGroup: reminder.id)
        let current = rows.last { $0.stored.request.identifier == RequestIdentifier.reminder(id: reminder.id) }
        guard let due = change.due else {
            var plan = ChangePlan()
            plan.reminders = [edited]
            if isPending, let current {
                plan.merge(reworded(current, text: edited.text))
            }
            return Decision(plan, .oneOff(edited, isPending: isPending))
        }
        guard due > now else { throw DeskRefusal.reminderTimePassed(due: due) }
        edited.due = due
        var plan = try planner.remind(edited, now: now)
        // The reminder comes as it came before: nagging, with its urgency.
        if let arguments = current?.stored.request.content.arguments {
            for index in plan.requests.indices {
                if let nag = arguments[ContentArgument.nag].flatMap(Int.init), nag > 0 {
                    plan.requests[index] = ReminderNag(interval: TimeInterval(nag)).nagging(plan.requests[index])
                }
                plan.requests[index].content.arguments[ContentArgument.urgency] = arguments[ContentArgument.urgency]
            }
        }
        return Decision(plan, .oneOff(edited, isPending: true))
    }

    private func editRecurring(_ reminder: RecurringReminder, _ change: ReminderChange, now: Date) throws -> Decision<ReminderEdited> {
        if change.due != nil { throw DeskRefusal.timeForRecurringReminder(id: reminder.id) }
        guard reminder.endedAt == nil else { throw DeskRefusal.reminderEnded(id: reminder.id) }
        var edited = reminder
        if let text = change.text { edited.text = text }
        guard let rule = change.rule else {
            var plan = ChangePlan()
            plan.recurringReminders = [edited]
            for row in try store.requests(inGroup: reminder.id) where row.stored.state.isLive {
                plan.merge(reworded(row, text: edited.text))
            }
            let next = try store.pendingRequests(inGroup: reminder.id).first?.request
            return Decision(plan, .recurring(edited, next: next))
        }
        edited.rule = rule.rule
        edited.ruleText = rule.text
        edited.start = RecurringReminder.implicitStart(of: rule.rule, madeAt: now)
        var plan = try planner.remind(edited, now: now, timeZone: timeZone, calendar: calendar)
        // The nag of an occurrence waiting for Done goes with the old rule.
        if let open = try store.openReminderOccurrence(reminderID: reminder.id) {
            plan.reminderOccurrences.append(ReminderNag.ended(open))
        }
        return Decision(plan, .recurring(edited, next: plan.requests.first))
    }

    /// `row`'s request saying `text`, where and as it stands (its time, nag and snooze kept).
    private func reworded(_ row: RequestRecord, text: String) -> ChangePlan {
        var plan = ChangePlan()
        var request = row.stored.request
        request.content.arguments[ContentArgument.text] = text
        if row.stored.state == .pending {
            plan.requests = [request]
            if let snoozedFrom = row.snoozedFrom { plan.snoozedFrom[request.identifier] = snoozedFrom }
        }
        return plan
    }
}
