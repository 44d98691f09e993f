import FoundationEssentials

/// The stored records a follow-up of one request depends on: its group's session, water
/// schedule or reminder (whichever its kind has), and the recent water intake.
///
/// Read from the store by whoever asks (`chime` or `chimed`), so the rules below stay pure.
public struct FollowUpRecords: Sendable {
    /// The session of a fast's request, `nil` when it is gone or the request is not a fast's.
    public var session: FastingSession?
    /// The schedule of a water reminder, `nil` when it is off or the request is not water.
    public var schedule: WaterSchedule?
    /// The record of a one-off reminder, `nil` when it is gone or the request is not one.
    public var reminder: OneOffReminder?
    /// The record of a recurring reminder (ended or not), `nil` when the request is not one.
    public var recurringReminder: RecurringReminder?
    /// Water logged since ``WaterDay/intakeLookback`` before now (empty for other kinds).
    public var intakes: [WaterIntake]

    /// Makes the records.
    public init(
        session: FastingSession? = nil, schedule: WaterSchedule? = nil, reminder: OneOffReminder? = nil,
        recurringReminder: RecurringReminder? = nil, intakes: [WaterIntake] = []
    ) {
        self.session = session
        self.schedule = schedule
        self.reminder = reminder
        self.recurringReminder = recurringReminder
        self.intakes = intakes
    }
}

extension FastingPlanner {
    /// What takes the place of `request` when the user cancels it while its water schedule
    /// stays on or its rolling fast goes on: the same reminder's next occurrence (the next water
    /// reminder, the same nudge or end in the next cycle), so that cancelling one occurrence
    /// skips it instead of silencing the schedule for good. Empty for requests that do not
    /// repeat, or whose schedule or session is gone.
    public func occurrencesAfterSkipping(
        _ request: NotificationRequest, records: FollowUpRecords, now: Date, timeZone: TimeZone, calendar: Calendar
    ) -> [NotificationRequest] {
        let after = max(now, request.due)
        switch request.kind {
        case .water:
            guard let schedule = records.schedule else { return [] }
            return requests.request(for: schedule, after: after, intakes: records.intakes, timeZone: timeZone, calendar: calendar)
                .map { [$0] } ?? []
        case .fastEnd, .fastNudge, .eatingEnd:
            guard let session = records.session, session.mode == .rolling,
                  let (slot, cycle) = Self.slotAndCycle(of: request.identifier), cycle < Int64.max
            else { return [] }
            // From the start of the next cycle on, the planner's next occurrence of this slot is
            // the same reminder one cycle later (a nudge of this cycle is due before this
            // cycle's end, so deriving from its due time would give it again).
            let from = max(after, session.cycle(cycle + 1).fastStart)
            return requests.requests(for: session, after: from).filter { Self.slotAndCycle(of: $0.identifier)?.slot == slot }
        case .reminder:
            // A recurring reminder goes on with its next occurrence; a one-off one is over.
            guard let reminder = records.recurringReminder else { return [] }
            return requests.request(for: reminder, after: after, timeZone: timeZone, calendar: calendar).map { [$0] } ?? []
        case .fastStart, .calendarAlarm:
            // A calendar alarm's next firing comes from its calendar's files (the desk's shelf).
            return []
        }
    }

    /// The next occurrence after `now` of the repeating request `request` (a water reminder,
    /// any request of a rolling fast, a recurring reminder), to persist with its delivery or
    /// drop; `nil` for requests that do not repeat, or whose schedule or session is gone.
    ///
    /// The plan only adds requests, never cancels: a sibling of the same group may be on its
    /// way to the server, and cancelling it would close its bubble. A re-derived request that
    /// is already pending keeps its row (same identifier).
    ///
    /// A nagging reminder's showing (`dropped`: it was not shown) is followed as
    /// ``ReminderNag/planAfterShowing(_:_:now:next:)`` says: the same bubble again, or the next
    /// occurrence, with the occurrence's record.
    public func nextOccurrence(
        of request: NotificationRequest, records: FollowUpRecords, now: Date, timeZone: TimeZone, calendar: Calendar, dropped: Bool = false,
        isHandled: (NotificationRequest) -> Bool = { _ in false }
    ) -> ChangePlan? {
        if let showing = ReminderNag.Showing(request: request) {
            let next = records.recurringReminder.flatMap {
                nextOccurrence(of: $0, after: showing.occurrenceDue, now: now, timeZone: timeZone, calendar: calendar, isHandled: isHandled)
            }
            let plan = dropped
                ? ReminderNag.planAfterDrop(request, showing, next: next)
                : ReminderNag.planAfterShowing(request, showing, now: now, next: next)
            return plan.isEmpty ? nil : plan
        }
        var plan = ChangePlan()
        switch request.kind {
        case .water:
            guard let schedule = records.schedule,
                  let next = requests.request(for: schedule, after: now, intakes: records.intakes, timeZone: timeZone, calendar: calendar)
            else { return nil }
            plan.requests = [next]
        case .fastStart, .fastEnd, .fastNudge, .eatingEnd:
            guard let session = records.session, session.mode == .rolling else { return nil }
            plan.requests = requests.requests(for: session, after: now)
        case .reminder:
            let occurrenceDue = ReminderNag.Showing(request: request)?.occurrenceDue ?? request.due
            guard let reminder = records.recurringReminder,
                  let next = nextOccurrence(of: reminder, after: occurrenceDue, now: now, timeZone: timeZone, calendar: calendar, isHandled: isHandled)
            else { return nil }
            plan.requests = [next]
        case .calendarAlarm:
            return nil
        }
        return plan.requests.isEmpty ? nil : plan
    }

    /// The occurrence of `reminder` that follows the one due at `occurrenceDue`, however long
    /// ago that was: after downtime each occurrence that came due is derived in turn, so
    /// chimed's catch-up shows it late or records it missed (README's rule) and none falls
    /// between. Occurrences that could no longer be shown at `now` (older than the grace, or
    /// followed by one due by then) would only be recorded missed and are passed over
    /// (``RequestPlanner/lateBound(ofOccurrenceOf:due:identifier:timeZone:calendar:)``), and so
    /// is an occurrence handled already (`isHandled`: the zone moved west and the
    /// same local time comes again), so the reminder goes on. `nil` once the rule or the
    /// reminder has ended.
    public func nextOccurrence(
        of reminder: RecurringReminder, after occurrenceDue: Date, now: Date, timeZone: TimeZone, calendar: Calendar,
        isHandled: (NotificationRequest) -> Bool = { _ in false }
    ) -> NotificationRequest? {
        var after = max(occurrenceDue, now.addingTimeInterval(-requests.grace))
        // A handful of repeated local times at most (one per zone change).
        var handled = 0
        while handled < 16 {
            guard let next = requests.request(for: reminder, after: after, timeZone: timeZone, calendar: calendar) else { return nil }
            if isHandled(next) {
                handled += 1
            } else if requests.lateBound(ofOccurrenceOf: reminder, due: next.due, identifier: next.identifier, timeZone: timeZone, calendar: calendar) > now {
                return next
            }
            // Handled, or past showing late (the one after it is due by now): the one after it.
            after = next.due
        }
        return nil
    }

    /// The change that snoozes `request` by `span`, the same for `chime snooze` and a bubble's
    /// Snooze button: ``snooze(_:by:now:reminder:)``, or for water
    /// ``snooze(_:by:now:schedule:intakes:timeZone:calendar:)``; `nil` for a water reminder
    /// whose schedule was turned off meanwhile (it stays off).
    ///
    /// The snooze is recorded as what happened (``ChangePlan/snoozes``), and a reminder moved by
    /// it carries its occurrence's first due time (``ContentArgument/occurrence``), so its
    /// showings and later snoozes are known to be of that occurrence.
    public func snooze(
        _ request: NotificationRequest, by span: TimeSpan, records: FollowUpRecords, now: Date, timeZone: TimeZone, calendar: Calendar
    ) -> ChangePlan? {
        var plan: ChangePlan
        switch request.kind {
        case .water:
            guard let schedule = records.schedule else { return nil }
            plan = snooze(request, by: span, now: now, schedule: schedule, intakes: records.intakes, timeZone: timeZone, calendar: calendar)
        case .reminder:
            plan = snooze(request, by: span, now: now, reminder: records.reminder)
            if plan.requests[0].content.arguments[ContentArgument.occurrence] == nil {
                plan.requests[0].content.arguments[ContentArgument.occurrence] = RequestPlanner.iso(request.due)
            }
        case .fastStart, .fastEnd, .fastNudge, .eatingEnd:
            plan = snooze(request, by: span, now: now)
        case .calendarAlarm:
            // Never past the start: the desk's own rule (``CalendarAlarmRequest/snooze(_:by:now:)``).
            return nil
        }
        plan.snoozes = [RequestSnooze(
            identifier: request.identifier, group: request.group, kind: request.kind, occurrenceDue: request.occurrenceDue,
            at: now, from: request.due, until: plan.requests[0].due
        )]
        return plan
    }

    /// A rolling request's identifier split into the part every cycle shares and the cycle
    /// number of its `/<cycle>` suffix.
    static func slotAndCycle(of identifier: String) -> (slot: Substring, cycle: Int64)? {
        guard let slash = identifier.lastIndex(of: "/"), let cycle = Int64(identifier[identifier.index(after: slash)...]) else {
            return nil
        }
        return (identifier[..<slash], cycle)
    }

    /// The change that acknowledges the nagging reminder showing `request` (the rule is
    /// ``ReminderNag/planAcknowledging(_:_:recorded:isLive:now:next:)``), the same for
    /// `chime done` and a bubble's Done button; `recorded` is its occurrence's outcome so far,
    /// `reminder` the recurring reminder it is an occurrence of (`nil` for a one-off one).
    ///
    /// - Throws: `DomainError` when `request` is no nagging reminder's showing, or there is
    ///   nothing to acknowledge.
    public func acknowledge(
        _ request: NotificationRequest?, named identifier: String, recorded: ReminderOutcome?, isLive: Bool,
        reminder: RecurringReminder?, now: Date, timeZone: TimeZone, calendar: Calendar
    ) throws(DomainError) -> ChangePlan {
        guard let request, let showing = ReminderNag.Showing(request: request) else {
            throw DomainError(.notFound, .nagOccurrenceUnknown, ["identifier": identifier])
        }
        let next = reminder.flatMap { requests.request(for: $0, after: max(now, showing.occurrenceDue), timeZone: timeZone, calendar: calendar) }
        return try ReminderNag.planAcknowledging(request, showing, recorded: recorded, isLive: isLive, now: now, next: next)
    }
}
