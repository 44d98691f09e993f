import ChimeCore
import ChimeStore
import FoundationEssentials

/// What chimed asks of the desk: what follows a delivery, what a button changes, and what
/// recurs derived again at start, after downtime, after a time-zone change and on the return
/// to the desk. chimed itself only moves requests through the queue and the notifier.
extension Desk {
    /// What follows the showing (or the drop, `dropped`) of `request` at `now`, to write in the
    /// same transaction as its outcome: the next occurrence of what repeats (a water reminder,
    /// a repeating fast, a recurring reminder, a nag), and what the fast schedules now give.
    /// `nil` when nothing follows.
    ///
    /// A recurring reminder's next occurrence follows the occurrence just handled, however long
    /// ago it was due: after downtime each occurrence comes due in turn, to be shown late or
    /// recorded missed. An occurrence whose identifier was handled already (the zone moved west,
    /// and the same local time comes again) is passed over, so the reminder goes on.
    public func followUp(of request: NotificationRequest, now: Date, dropped: Bool = false) throws -> ChangePlan? {
        var plan = ChangePlan()
        if request.kind == .calendarAlarm {
            plan.merge(try calendarFollowUp(of: request, now: now, dropped: dropped))
            plan.merge(try derivedAgain(now: now))
            return plan.isEmpty ? nil : plan
        }
        let session = request.kind.isFast ? try store.session(id: request.group) ?? fastTimeline(now: now).session(id: request.group) : nil
        if session?.scheduleID == nil {
            var records = try store.followUpRecords(for: request, now: now, intakeLookback: Self.intakeLookback)
            if session != nil { records.session = session }
            // The occurrence being handled is one too: after the zone moved west its own local
            // time can come next (a snoozed one is not moved with the zone).
            if let next = planner.nextOccurrence(
                of: request, records: records, now: now, timeZone: timeZone, calendar: calendar, dropped: dropped,
                isHandled: { [self] in $0.identifier == request.identifier || isHandledOccurrence($0) }
            ) {
                plan.merge(next)
            }
        }
        // A follow-up only adds rows. A water reminder or an occurrence whose identifier was
        // used before at another instant (the zone moved west) is one of its own: it replaces
        // the old row, as a nag does, or it would never come.
        let anotherPending = try store.pendingRequests(inGroup: request.group).contains { $0.request.identifier != request.identifier }
        for next in plan.requests where isHandled(next.identifier) {
            let handled = switch next.kind {
            case .water: isHandledWater(next, whileAnotherIsPending: anotherPending)
            case .reminder: isHandledOccurrence(next)
            // A fast's notifications are never moved by a zone: one cancelled at its instant
            // was cancelled by the user.
            case .fastStart, .fastEnd, .fastNudge, .eatingEnd, .calendarAlarm:
                (try? store.request(identifier: next.identifier)).flatMap { $0 }.map { $0.state != .cancelled || $0.request.due == next.due } ?? false
            }
            guard !handled else { continue }
            plan.requests.removeAll { $0.identifier == next.identifier }
            plan.repeatedRequests.append(next)
        }
        // Occurrences older than the grace are passed over to the next one; each is recorded
        // missed, so none falls between.
        if request.kind == .reminder, let reminder = try store.recurringReminder(id: request.group), reminder.endedAt == nil {
            let occurrenceDue = ReminderNag.Showing(request: request)?.occurrenceDue ?? request.due
            plan.merge(passedOver(reminder, after: occurrenceDue, now: now))
        }
        plan.merge(try derivedAgain(now: now))
        return plan.isEmpty ? nil : plan
    }

    /// Records `stored`, due and not to be shown at `now` for `reason`, as missed, with what
    /// follows it in the same write (nothing for a collapsed reminder: its newest sibling
    /// carries the schedule on). Whether it was still to be shown. For chimed at a wake, and
    /// for readers saying what such a wake would leave (``readingDerived(now:_:)``).
    @discardableResult
    public func recordMissed(_ stored: StoredRequest, reason: MisfireResolver.DropReason, now: Date) throws -> Bool {
        try recordMissed(stored, reason: reason.rawValue, now: now, followedOn: reason != .collapsed)
    }

    /// ``recordMissed(_:reason:now:)`` for any reason said in words (a server's rejection);
    /// what follows it is derived unless `followedOn` is `false`.
    @discardableResult
    public func recordMissed(_ stored: StoredRequest, reason: String, now: Date, followedOn: Bool = true) throws -> Bool {
        let followUp = followedOn ? try followUp(of: stored.request, now: now, dropped: true) : nil
        return try store.markMissed(rowID: stored.rowID, reason: reason, at: now, followUp: followUp)
    }

    /// The most occurrences recorded missed at once for one reminder (a minutely one after a
    /// week away would be 10,000): the rest are said in chimed's log only.
    static let passedOverLimit = 1_000

    /// The plan recording missed the occurrences of `reminder` after `occurrenceDue` that are
    /// older than the grace at `now`, or followed by one due by then: too late to show (an
    /// occurrence is shown late only until the next one is due), and passed over when its next one is
    /// derived (``FastingPlanner/nextOccurrence(of:after:now:timeZone:calendar:isHandled:)``).
    /// A live row of an identifier in `replacing` is one the same plan cancels (the zone moved
    /// it): its occurrence is recorded missed all the same.
    func passedOver(_ reminder: RecurringReminder, after occurrenceDue: Date, now: Date, replacing: Set<String> = []) -> ChangePlan {
        var plan = ChangePlan()
        let cutoff = now.addingTimeInterval(-planner.requests.grace)
        var after = occurrenceDue
        while plan.missedRequests.count < Self.passedOverLimit,
              let occurrence = planner.requests.request(for: reminder, after: after, timeZone: timeZone, calendar: calendar) {
            // Too late to show: more than a day late, or the one after it is due by now.
            let isOld = occurrence.due < cutoff
            guard isOld || planner.requests.lateBound(
                ofOccurrenceOf: reminder, due: occurrence.due, identifier: occurrence.identifier, timeZone: timeZone, calendar: calendar
            ) <= now else { break }
            after = occurrence.due
            guard !isHandledOccurrence(occurrence),
                  replacing.contains(occurrence.identifier) || (try? store.request(identifier: occurrence.identifier))??.state.isLive != true
            else { continue }
            plan.missedRequests.append(ChangePlan.MissedRequest(request: occurrence, at: now, reason: isOld ? Self.passedOverReason : Self.overtakenReason))
            if let showing = ReminderNag.Showing(request: occurrence) {
                plan.reminderOccurrences.append(ReminderOccurrence(
                    reminderID: reminder.id, identifier: occurrence.identifier, due: showing.occurrenceDue, outcome: .missed
                ))
            }
        }
        return plan
    }

    /// Why an occurrence passed over after downtime was not shown.
    public static let passedOverReason = "expired: more than a day late, nothing was running to show it"
    /// Why an occurrence passed over after downtime, less than a day late, was not shown: the
    /// next one was due by then.
    public static let overtakenReason = "expired: its next occurrence came due, nothing was running to show it"

    /// Whether a request with `identifier` was shown, missed or cancelled already.
    func isHandled(_ identifier: String) -> Bool {
        guard let stored = try? store.request(identifier: identifier) else { return false }
        return !stored.state.isLive
    }

    /// Whether the occurrence `request` was handled already, so deriving again never brings it
    /// back: shown (or missed) under its identifier, also at another instant (the zone moved
    /// west and the same local time comes again: not twice the same local day), or skipped by
    /// the user (``OccurrenceSkip``). A row of its identifier cancelled for another reason (the
    /// zone moved it, its reminder was replaced or ended and made again) is not handled: the
    /// occurrence is one of its own.
    func isHandledOccurrence(_ request: NotificationRequest) -> Bool {
        guard let stored = try? store.request(identifier: request.identifier) else { return false }
        return wasShown(stored) || (try? store.isSkipped(request.identifier)) == true
    }

    /// Whether the row `stored` stands for an occurrence shown or missed: delivered or missed,
    /// or cancelled once shown (its bubble closed by `cancel`, a nag ended by Done).
    func wasShown(_ stored: StoredRequest) -> Bool {
        switch stored.state {
        case .delivered, .missed: return true
        case .cancelled: return (try? store.wasShownOrMissed(rowID: stored.rowID)) == true
        case .pending, .delivering: return false
        }
    }

    /// The first due time of the latest occurrence of `reminder` handled already (shown, missed
    /// or skipped), from which its next one is derived; `nil` when none was.
    func lastHandledOccurrence(of reminder: RecurringReminder) throws -> Date? {
        let shown = try store.requests(inGroup: reminder.id).filter { wasShown($0.stored) }
            .map { min($0.stored.request.occurrenceDue, $0.snoozedFrom ?? .distantFuture) }
        let skipped = try store.skips(inGroup: reminder.id).map(\.due)
        return (shown + skipped).filter { $0 >= reminder.start.addingTimeInterval(-1) }.max()
    }

    /// Whether the water reminder `request` was handled already: its identifier shown or missed
    /// at the same instant, or cancelled at the same instant while `anotherIsPending` (dropped
    /// for a snoozed reminder, or skipped: the next one is pending). The same local time at
    /// another instant (the zone moved west) is a reminder of its own, and so is one cancelled
    /// when the schedule was derived again, once nothing else of it is pending.
    func isHandledWater(_ request: NotificationRequest, whileAnotherIsPending anotherIsPending: Bool) -> Bool {
        guard let stored = try? store.request(identifier: request.identifier), stored.request.due == request.due else { return false }
        switch stored.state {
        case .delivered, .missed: return true
        case .cancelled: return anotherIsPending
        case .pending, .delivering: return false
        }
    }

    /// What a button pressed on a bubble changes.
    public struct ButtonChange: Sendable {
        /// What to apply: the action's plan, or, for an ignored press, at most the close of the
        /// bubble it came from.
        public var plan: ChangePlan
        /// Why the press changes nothing, `nil` when `plan` is the action's.
        public var ignored: String?
        /// The http(s) link to open (the Open button of a calendar alarm), `nil` for none.
        public var link: String?
    }

    /// The change `action` pressed on the bubble of the request `identifier` makes, read from the
    /// store as it stands (inside the caller's write): the action's plan when the bubble is
    /// current; otherwise nothing but closing the bubble. A bubble is not current once its
    /// request is gone, cancelled, or asked to close (``StoredRequest/staleBubbleReason``), when
    /// what it is about is gone (a schedule turned off, a fast deleted), or when the domain
    /// refuses the action (the bubble's cycle is over).
    public func button(_ action: ButtonAction, onBubbleOf identifier: String, now: Date) throws -> Decision<ButtonChange> {
        guard let stored = try store.request(identifier: identifier) else {
            return Decision(ChangePlan(), ButtonChange(plan: ChangePlan(), ignored: "its notification no longer exists"))
        }
        if let reason = stored.staleBubbleReason {
            return Decision(ChangePlan(), ButtonChange(plan: ChangePlan(), ignored: reason))
        }
        var closing = ChangePlan()
        if stored.serverID != nil { closing.closedIdentifiers = [identifier] }
        do {
            if let plan = try plan(for: action, on: stored, now: now) {
                var link: String?
                if action == .open, let candidate = stored.request.content.arguments[ContentArgument.link], CalendarAlarmRequest.isOpenable(candidate) {
                    link = candidate
                }
                return Decision(plan, ButtonChange(plan: plan, ignored: nil, link: link))
            }
            return Decision(closing, ButtonChange(plan: closing, ignored: "its fast, water schedule or reminder is gone"))
        } catch let refusal as DomainError {
            return Decision(closing, ButtonChange(plan: closing, ignored: refusal.message))
        } catch let refusal as DeskRefusal {
            return Decision(closing, ButtonChange(plan: closing, ignored: refusal.description))
        }
    }

    /// How long the Snooze button of a reminder or a calendar alarm puts it off: the `snooze`
    /// setting (``SnoozeSetting``).
    public func snoozeSpan() throws -> TimeSpan {
        SnoozeSetting.span(bySetting: try store.setting(SnoozeSetting.settingKey))
    }

    /// The actions a bubble offers, as the desk knows them (the notifier's keys map onto these).
    public enum ButtonAction: Hashable, Sendable {
        /// Snooze by a span.
        case snooze(TimeSpan)
        /// Snooze by the `snooze` setting (``SnoozeSetting``), as the store holds it when pressed.
        case snoozeAsSet
        /// Log a glass of the schedule's amount.
        case drank
        /// End the fast of this bubble's cycle.
        case endFast
        /// Make the fast of this bubble longer.
        case extend(TimeSpan)
        /// Acknowledge a nagging reminder.
        case done
        /// Skip this scheduled fast.
        case skipFast
        /// Dismiss a calendar alarm: as `chime cancel` of it.
        case dismiss
        /// Open a calendar alarm's link, dismissing it.
        case open
    }

    /// The change the user asked for by picking `action` on the bubble of `stored`, or `nil`
    /// when there is nothing to do (a schedule or session that is gone).
    private func plan(for action: ButtonAction, on stored: StoredRequest, now: Date) throws -> ChangePlan? {
        let request = stored.request
        switch action {
        case .snooze(let span):
            do {
                return try snooze(stored, by: span, now: now).plan
            } catch DeskRefusal.waterReminderOff {
                return nil
            }
        case .snoozeAsSet:
            return try plan(for: .snooze(try snoozeSpan()), on: stored, now: now)
        case .drank:
            guard let schedule = try store.waterSchedule(id: request.group) else { return nil }
            var plan = planner.drink(schedule.amountML, schedule: schedule, intakes: try recentIntakes(now: now), now: now, timeZone: timeZone, calendar: calendar)
            // The schedule itself did not change: writing it again could bring back one the
            // user removed a moment ago.
            plan.schedules = []
            return plan
        case .endFast:
            // Only the fast this bubble is about: never a later cycle of a repeating one.
            let timeline = try fastTimeline(now: now)
            guard let session = timeline.session(id: request.group) else { return nil }
            return try stop(session, cycle: session.cycleNumber(at: request.due), timeline: timeline, now: now).plan
        case .extend(let span):
            guard let session = try fastTimeline(now: now).session(id: request.group) else { return nil }
            return try planner.extend(session, by: span, now: now, cycle: session.cycleNumber(at: request.due))
        case .done:
            return try done(request.identifier, now: now).plan
        case .skipFast:
            guard let session = try fastTimeline(now: now).session(id: request.group), session.scheduleID != nil,
                  !session.wasCancelledBeforeStart
            else { return nil }
            return skip(session)
        case .dismiss, .open:
            guard request.kind == .calendarAlarm else { return nil }
            return try cancel(.references([.request(request.identifier)]), now: now).plan
        }
    }

    /// Everything that recurs derived again at `now`, for chimed's start and its reload after a
    /// clock change or a suspend: the fast schedules' notifications, and each recurring
    /// reminder, water schedule or repeating fast with nothing pending gets its next occurrence
    /// (a recurring reminder's from the occurrence it had last, so the ones that came due
    /// meanwhile are caught up).
    public func catchUp(now: Date) throws -> ChangePlan {
        var plan = try derivedAgain(now: now)
        for reminder in try store.recurringReminders() where reminder.endedAt == nil {
            guard try store.pendingRequests(inGroup: reminder.id).isEmpty else { continue }
            let last = try lastHandledOccurrence(of: reminder) ?? reminder.start.addingTimeInterval(-1)
            plan.merge(passedOver(reminder, after: last, now: now))
            if let next = planner.nextOccurrence(
                of: reminder, after: last, now: now, timeZone: timeZone, calendar: calendar, isHandled: isHandledOccurrence
            ) {
                plan.requests.append(next)
            }
        }
        let intakes = try recentIntakes(now: now)
        for schedule in try store.waterSchedules() where try store.pendingRequests(inGroup: schedule.id).isEmpty {
            if let next = planner.requests.request(for: schedule, after: now, intakes: intakes, timeZone: timeZone, calendar: calendar),
               !isHandledWater(next, whileAnotherIsPending: false) {
                plan.requests.append(next)
            }
        }
        return plan
    }

    /// What recurs derived again in the zone now followed (``follow(_:)``): the water
    /// reminders and recurring reminders still to come (not snoozed, and not of `busyGroups`,
    /// whose notification is on its way: its follow-up derives in the new zone) move to where
    /// their rules now put them, and the fast schedules' next fasts with them. A fast already
    /// fasting keeps its ends.
    public func timeZoneChanged(now: Date, busyGroups: Set<String>) throws -> ChangePlan {
        var plan = ChangePlan()
        plan.sessions = try fastsNotBegunMoved(now: now)
        let intakes = try recentIntakes(now: now)
        for schedule in try store.waterSchedules() where !busyGroups.contains(schedule.id) {
            var configured = planner.configure(schedule, intakes: intakes, now: now, timeZone: timeZone, calendar: calendar)
            configured.schedules = []
            plan.merge(configured)
        }
        for reminder in try store.recurringReminders() where reminder.endedAt == nil && !busyGroups.contains(reminder.id) {
            let rows = try store.requests(inGroup: reminder.id)
            plan.merge(snoozedRebound(rows, of: reminder))
            let pending = rows.filter { $0.stored.state == .pending && $0.snoozedFrom == nil }
            // Nagging: the showings go on as they are; the next occurrence comes after them.
            guard !pending.isEmpty, pending.allSatisfy({ (ReminderNag.Showing(request: $0.stored.request)?.round ?? 0) == 0 }) else { continue }
            // From the last occurrence handled, not from now: one the new zone puts between
            // them came due unseen (the zone moved east, or back), and is shown late or
            // recorded missed as after downtime, never passed over.
            let after = try lastHandledOccurrence(of: reminder) ?? reminder.start.addingTimeInterval(-1)
            let next = planner.nextOccurrence(of: reminder, after: after, now: now, timeZone: timeZone, calendar: calendar, isHandled: isHandledOccurrence)
            // The rows pending on the old clock that the new one does not give next are
            // cancelled below: one of them passed over on the new clock came due unseen there
            // and is recorded missed in its place, never left as cancelled (a skip it was not).
            let replaced = next.map { next in Set(pending.map(\.stored.request.identifier).filter { $0 != next.identifier }) } ?? []
            plan.merge(passedOver(reminder, after: after, now: now, replacing: replaced))
            guard let next else { continue }
            for old in pending where old.stored.request.identifier != next.identifier {
                plan.cancelledIdentifiers.append(old.stored.request.identifier)
            }
            if !pending.contains(where: { $0.stored.request == next }) { plan.requests.append(next) }
        }
        return plan
    }

    /// The snoozed occurrences of `reminder` among `rows`, shown late on the clock followed now
    /// until its next occurrence is due (``RequestPlanner/lateBound(ofOccurrenceOf:due:identifier:timeZone:calendar:)``,
    /// moved by the snoozes). A snooze keeps its time, but its next occurrence moves with the
    /// zone: flying east, the next morning comes sooner, and once it is due the snoozed one is
    /// missed, not shown with it.
    func snoozedRebound(_ rows: [RequestRecord], of reminder: RecurringReminder) -> ChangePlan {
        var plan = ChangePlan()
        for row in rows where row.stored.state == .pending {
            guard let snoozedFrom = row.snoozedFrom, case .deliverLate(let until) = row.stored.request.misfirePolicy,
                  (ReminderNag.Showing(request: row.stored.request)?.round ?? 0) == 0 else { continue }
            var request = row.stored.request
            let original = min(request.occurrenceDue, snoozedFrom)
            let bound = planner.requests.lateBound(
                ofOccurrenceOf: reminder, due: original, identifier: request.identifier, timeZone: timeZone, calendar: calendar
            )
            let moved = max(request.due, bound.addingTimeInterval(request.due.timeIntervalSince(original)))
            guard moved != until else { continue }
            request.misfirePolicy = .deliverLate(until: moved)
            plan.requests.append(request)
            plan.snoozedFrom[request.identifier] = snoozedFrom
        }
        return plan
    }

    /// The schedules' fasts recorded before they began (extended or skipped ahead) moved to
    /// where their rules put them on the clock followed now, with what was recorded about them:
    /// tonight's 20:00 fast, extended by an hour, is tonight's 20:00 wherever the user is.
    /// One the new clock puts before now has begun then (flying east).
    func fastsNotBegunMoved(now: Date) throws -> [FastingSession] {
        let timeline = try fastTimeline(now: now)
        var moved: [FastingSession] = []
        for session in timeline.recorded where session.start > now {
            guard let id = session.scheduleID, let key = session.instanceKey, let schedule = timeline.schedule(id: id),
                  let rule = timeline.ruleInstance(of: schedule, key: key, near: session.start), rule.start != session.start
            else { continue }
            var instance = session
            instance.start = rule.start
            instance.localEnds = rule.localEnds
            if session.wasCancelledBeforeStart { instance.stoppedAt = rule.start }
            moved.append(instance)
        }
        return moved
    }

    /// The next reminder of every water schedule but those in `busyGroups` made due one
    /// interval after `returned`, when the user is back at the desk (the rule is
    /// ``WaterHold/planAfterReturn(of:at:intakes:timeZone:calendar:planner:)``).
    public func planAfterReturn(at returned: Date, skipping busyGroups: Set<String>) throws -> ChangePlan {
        var plan = ChangePlan()
        let schedules = try store.waterSchedules().filter { !busyGroups.contains($0.id) }
        guard !schedules.isEmpty else { return plan }
        let intakes = try recentIntakes(now: returned)
        for schedule in schedules {
            plan.merge(WaterHold.planAfterReturn(of: schedule, at: returned, intakes: intakes, timeZone: timeZone, calendar: calendar, planner: planner))
        }
        return plan
    }

    /// Whether `request` is a water reminder whose schedule is gone: `chime water off` cancels a
    /// schedule's requests, but one derived just before in a transaction of its own can come
    /// after; it is recorded missed, never shown.
    public func isOrphanedWaterReminder(_ request: NotificationRequest) throws -> Bool {
        try request.kind == .water && store.waterSchedule(id: request.group) == nil
    }
}

extension RequestKind {
    /// Whether requests of this kind belong to a fast.
    public var isFast: Bool {
        switch self {
        case .fastStart, .fastEnd, .fastNudge, .eatingEnd: return true
        case .water, .reminder, .calendarAlarm: return false
        }
    }
}
