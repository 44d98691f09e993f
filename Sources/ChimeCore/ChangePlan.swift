import FoundationEssentials

/// Everything one user action changes, as data, to be applied in a single transaction.
///
/// Order of application: records (sessions, schedules, reminders, intake, deletions) first, then
/// cancellations, then the added requests, so a group can be cancelled and re-derived in one plan.
///
/// A bubble never outlives what it shows: a cancelled request's bubble is closed (the store
/// applies that with the cancellation), and a plan that moves, extends or replaces a request
/// that may be on screen names it in ``closedIdentifiers`` or its group in ``closedGroups``,
/// so the old bubble goes in the same transaction (its buttons would act on what is no longer
/// there).
public struct ChangePlan: Hashable, Sendable {
    /// Sessions to insert or replace (by id).
    public var sessions: [FastingSession] = []
    /// Sessions to delete (by id): fasts discarded or deleted, gone from the history.
    public var deletedSessions: [String] = []
    /// Water schedules to insert or replace (by id).
    public var schedules: [WaterSchedule] = []
    /// Water schedules to delete (by id).
    public var deletedSchedules: [String] = []
    /// Fast schedules to insert or replace (by id); one at a time.
    public var fastSchedules: [FastSchedule] = []
    /// Fast schedules to delete (by id).
    public var deletedFastSchedules: [String] = []
    /// One-off reminders to insert or replace (by id).
    public var reminders: [OneOffReminder] = []
    /// Intake to log: (schedule id, intake).
    public var intakes: [LoggedIntake] = []
    /// Logged glasses to delete, by the record number the store gave them; deleting one that
    /// is no longer there fails the whole plan.
    public var deletedIntakes: [Int64] = []
    /// Logged glasses changed in place (amount, time), by the record number the store gave
    /// them, which they keep; changing one that is no longer there fails the whole plan.
    public var editedIntakes: [EditedIntake] = []
    /// Snoozes to record, as what happened to the requests they moved (`chime remind history`).
    public var snoozes: [RequestSnooze] = []
    /// Groups whose pending requests are all cancelled (and closed, when one has a bubble on
    /// screen: a nag between its showings).
    public var cancelledGroups: [String] = []
    /// Individual requests cancelled by identifier: a pending one, one on its way to the
    /// server, or one shown whose bubble is still on screen, which is closed.
    public var cancelledIdentifiers: [String] = []
    /// Requests to add; an existing identifier is replaced.
    public var requests: [NotificationRequest] = []
    /// Groups whose notifications already on screen should be closed.
    public var closedGroups: [String] = []
    /// Requests whose bubble on screen should be closed, by identifier: one notification of a
    /// group changed (snoozed), the others keep theirs.
    public var closedIdentifiers: [String] = []
    /// Requests shown again under their identifier (a nag): they replace their row whatever its
    /// state, even in a daemon's follow-up, so the row keeps its server id and the next showing
    /// replaces the bubble.
    public var repeatedRequests: [NotificationRequest] = []
    /// What became of recurring reminders' occurrences (`chime remind history`), recorded with
    /// the records; an occurrence already done or missed keeps its outcome.
    public var reminderOccurrences: [ReminderOccurrence] = []
    /// Recurring reminders to insert or replace (by id): made, replaced or ended.
    public var recurringReminders: [RecurringReminder] = []
    /// Groups made anew under their id (a recurring reminder made again or replaced): what the
    /// user skipped of what had the id before is forgotten. Applied before ``skips``.
    public var forgottenSkipGroups: [String] = []
    /// Occurrences the user skipped (``OccurrenceSkip``); a later skip of one replaces the earlier.
    public var skips: [OccurrenceSkip] = []
    /// How far each fast schedule's notifications are now derived (by schedule id): the next
    /// derivation (catch-up after downtime) starts there.
    public var fastSchedulesDerivedThrough: [String: Date] = [:]
    /// Requests moved by a snooze (by identifier), with the time each had before: deriving
    /// its schedule again keeps the snooze. Applied after ``requests``.
    public var snoozedFrom: [String: Date] = [:]
    /// Requests cancelled because the rule that gave them no longer does (not by the user):
    /// withdrawn, they come back when it gives them again (``restoredRequests``). One no
    /// longer pending is left as it is.
    public var withdrawnIdentifiers: [String] = []
    /// Requests a rule gives again after they were withdrawn: each replaces its withdrawn row.
    public var restoredRequests: [NotificationRequest] = []
    /// Occurrences that came due while nothing ran, too long ago to be shown: recorded missed
    /// (with a history entry) as they are added.
    public var missedRequests: [MissedRequest] = []
    /// Calendars to add or change (by name): `chime calendar add`, `calendar set`.
    public var calendars: [CalendarSource] = []
    /// Calendars to remove (by name), with the facts kept about their alarms.
    public var deletedCalendars: [String] = []
    /// What happened to calendar alarms' firings (shown, dismissed, snoozed, missed), by
    /// calendar, UID, instance and trigger; a later fact of a firing replaces the earlier.
    public var calendarAlarmFacts: [CalendarAlarmFact] = []
    /// How far each calendar's alarms are now derived (by name): the next catch-up starts there.
    public var calendarsDerivedThrough: [String: Date] = [:]
    /// Settings to write (a value) or remove (`nil`), by key: what the desk keeps for itself.
    public var settings: [String: String?] = [:]

    /// An occurrence recorded missed when it is added: what, when, and why.
    public struct MissedRequest: Hashable, Sendable {
        /// The request.
        public var request: NotificationRequest
        /// When it was found missed.
        public var at: Date
        /// Why (the history's detail).
        public var reason: String

        /// Makes a record.
        public init(request: NotificationRequest, at: Date, reason: String) {
            self.request = request
            self.at = at
            self.reason = reason
        }
    }

    /// An empty plan.
    public init() {}

    /// Whether the plan changes nothing.
    public var isEmpty: Bool { self == ChangePlan() }

    /// A logged glass changed in place: its record number and what it now says.
    public struct EditedIntake: Hashable, Sendable {
        /// The record number the store gave the glass.
        public var record: Int64
        /// The glass as it now is.
        public var intake: WaterIntake

        /// Makes a change.
        public init(record: Int64, intake: WaterIntake) {
            self.record = record
            self.intake = intake
        }
    }

    /// One intake record and the schedule it belongs to.
    public struct LoggedIntake: Hashable, Sendable {
        /// The schedule the glass counts toward (`nil` without a schedule).
        public var scheduleID: String?
        /// The glass.
        public var intake: WaterIntake

        /// Makes a record.
        public init(scheduleID: String?, intake: WaterIntake) {
            self.scheduleID = scheduleID
            self.intake = intake
        }
    }
}
