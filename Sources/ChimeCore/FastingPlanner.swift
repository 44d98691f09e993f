import FoundationEssentials

/// Turns user actions on fasts, water schedules and reminders into change plans.
///
/// A session's pending requests are always cancelled before it changes, and the requests of
/// its new state derived afresh, in the same plan.
public struct FastingPlanner: Sendable {
    /// Derives the requests each change needs.
    public var requests: RequestPlanner

    /// Makes a planner.
    public init(requests: RequestPlanner = RequestPlanner()) {
        self.requests = requests
    }

    /// Starts `session`. While another session is active this fails unless `replace` is set, in
    /// which case the active ones end now and their requests are cancelled and closed.
    /// A single session still in its eating window ends without asking.
    ///
    /// Fasts never overlap: a session starting in the past (`--ago`, `--at` earlier) while
    /// another one in `existing` was still fasting is refused; with `replace`, that one ends at
    /// the new start instead (and is discarded if that leaves it under ``discardWithin``).
    /// `existing` must hold every session not ended at `now` and every one that fasted after
    /// `session.start`.
    public func start(_ session: FastingSession, existing: [FastingSession], replace: Bool, now: Date) throws(DomainError) -> ChangePlan {
        if session.mode == .rolling, session.plan.eating == nil {
            throw DomainError(.invalidPlan, .repeatingNeedsEating, ["plan": "\(session.plan)"])
        }
        // A nudge due before its fast begins would be dropped by the request planner every
        // cycle: refused here, so it is never accepted and then silently missing.
        if let lead = session.remindBefore.filter({ !session.plan.allowsNudge(before: $0) }).max() {
            throw DomainError(.invalidDuration, .nudgeNeverShown, ["lead": "\(lead)", "fasting": "\(session.plan.fasting)"])
        }
        if existing.contains(where: { $0.id == session.id && $0.status(at: now).phase != .ended }) && !replace {
            throw DomainError(.conflict, .fastIDRunning, ["id": session.id])
        }
        let running = existing.filter { $0.stoppedAt == nil && $0.status(at: now).phase != .ended }
        let conflicting = running.filter { $0.isActive(at: now) }
        if let active = conflicting.first, !replace {
            throw DomainError(.conflict, active.status(at: now).phase == .scheduled ? .fastScheduled : .fastRunning, ["id": active.id])
        }
        let overlapped = existing.filter { other in
            other.id != session.id && (other.fastedUntil(now: now).map { $0 > session.start } ?? false)
        }
        if let earlier = overlapped.first, !replace {
            throw DomainError(.conflict, .fastsOverlap, ["id": earlier.id])
        }
        var plan = ChangePlan()
        var ended = Set<String>()
        for old in overlapped where ended.insert(old.id).inserted {
            // One that began after the new start (or just before it) lies inside the new fast.
            if old.start.timeIntervalSince(session.start) > -Self.discardWithin {
                plan.merge(delete(old))
            } else {
                plan.merge(end(old, at: min(now, session.start)))
            }
        }
        for old in running where ended.insert(old.id).inserted {
            plan.merge(end(old, at: now))
        }
        // A replaced fast with the new one's id is overwritten, not deleted after it.
        plan.deletedSessions.removeAll { $0 == session.id }
        plan.sessions.append(session)
        plan.requests += requests.requests(for: session, after: now)
        return plan
    }

    /// A fast stopped or replaced this soon after it began is discarded, not recorded as
    /// stopped early: it was a mistake (a typo fixed with `--replace`), not a fast.
    public static let discardWithin: TimeInterval = 120

    /// Deletes `session` from the history: the session record goes, its pending requests are
    /// cancelled and its bubbles closed.
    public func delete(_ session: FastingSession) -> ChangePlan {
        var plan = ChangePlan()
        plan.deletedSessions = [session.id]
        plan.cancelledGroups = [session.id]
        plan.closedGroups = [session.id]
        return plan
    }

    /// Stops `session` now: it ends, its pending requests are cancelled and its bubbles closed.
    /// A session stopped within its first ``discardWithin`` is discarded instead (no fast).
    ///
    /// - Parameter cycle: the cycle the user meant (the one a bubble's "End fast" belongs to);
    ///   when the session has moved on to another cycle, nothing is stopped.
    public func stop(_ session: FastingSession, now: Date, cycle: Int64? = nil) throws(DomainError) -> ChangePlan {
        let status = session.status(at: now)
        guard status.phase != .ended else {
            throw DomainError(.notFound, .fastAlreadyEnded, ["id": session.id])
        }
        if let cycle, session.mode == .rolling, status.cycle != cycle {
            throw DomainError(.conflict, .fastCycleOver, ["cycle": "\(cycle)", "id": session.id, "current": "\(status.cycle)"])
        }
        return end(session, at: now)
    }

    /// Makes a fast of `session` longer by `span`: the current one while fasting (or before
    /// it starts); while eating, the one that just ended, so that it goes on (what "Extend 1 h"
    /// on a "fast complete" bubble means), when it would then end after `now`; otherwise, for a
    /// repeating session, the next one. A fast extended after it completed stays completed:
    /// completion counts against the plan's own length (``FastingSession/Cycle/plannedFastEnd``).
    /// The fast's bubbles on screen are closed ("Fast complete" would no longer be true).
    ///
    /// - Parameter cycle: the cycle the user meant (a bubble's); `nil` picks it as above.
    public func extend(_ session: FastingSession, by span: TimeSpan, now: Date, cycle: Int64? = nil) throws(DomainError) -> ChangePlan {
        let status = session.status(at: now)
        guard status.phase != .ended else {
            throw DomainError(.notFound, .fastNotRunningToExtend, ["id": session.id])
        }
        func total(for number: Int64) -> Int64 {
            (session.fastExtension.flatMap { $0.cycle == number ? $0.seconds : nil } ?? 0) + span.seconds
        }
        /// Whether extending cycle `number` makes its fast go on past `now`.
        func goesOn(_ number: Int64) -> Bool {
            var updated = session
            updated.fastExtension = FastingSession.Extension(cycle: number, seconds: total(for: number))
            return updated.cycle(number).fastEnd > now
        }
        var number = status.cycle
        if let cycle {
            guard cycle == status.cycle, status.phase != .eating || goesOn(cycle) else {
                throw DomainError(.conflict, .fastCannotExtend, ["id": session.id, "span": "\(span)"])
            }
            number = cycle
        } else if status.phase == .eating, !goesOn(number) {
            guard session.mode == .rolling else {
                throw DomainError(.notFound, .fastEndedLongAgo, ["id": session.id, "span": "\(span)"])
            }
            number += 1
        }
        let previous = total(for: number) - span.seconds
        if session.mode == .rolling, let eating = session.plan.eating, total(for: number) >= eating.seconds {
            throw DomainError(.conflict, .extendLeavesNoEating, ["span": "\(span)", "limit": TimeSpan(seconds: eating.seconds - previous).map(\.description) ?? "0s"])
        }
        var updated = session
        updated.fastExtension = FastingSession.Extension(cycle: number, seconds: total(for: number))
        var plan = ChangePlan()
        plan.sessions = [updated]
        plan.cancelledGroups = [session.id]
        plan.requests = requests.requests(for: updated, after: now)
        // "Fast complete" or "1 h to go" no longer holds: the new end comes as a new bubble.
        plan.closedGroups = [session.id]
        return plan
    }

    /// Shows `request` again `span` later: a notification still to come moves from its due
    /// time, one already due or shown comes back `span` from `now`; its misfire bound moves as
    /// much. Its bubble on screen, if any, is closed now; it comes back as a new one. A
    /// one-off reminder's own time moves too (`reminder`, its record). For a water reminder use
    /// ``snooze(_:by:now:schedule:intakes:timeZone:calendar:)``.
    public func snooze(_ request: NotificationRequest, by span: TimeSpan, now: Date, reminder: OneOffReminder? = nil) -> ChangePlan {
        let due = max(request.due, now).addingTimeInterval(span.timeInterval)
        var plan = ChangePlan()
        plan.requests = [request.moved(to: due)]
        plan.closedIdentifiers = [request.identifier]
        if request.kind == .reminder, var reminder, reminder.id == request.group {
            reminder.due = due
            plan.reminders = [reminder]
        }
        return plan
    }

    /// Snoozes the water reminder `request` of `schedule`: it becomes the schedule's next
    /// reminder, and what was planned after it is dropped; the reminders after the snoozed
    /// one keep at least one interval from it (snoozing a reminder of an `every 10m` schedule
    /// by 15 min leaves no reminder in between).
    public func snooze(
        _ request: NotificationRequest, by span: TimeSpan, now: Date,
        schedule: WaterSchedule, intakes: [WaterIntake], timeZone: TimeZone, calendar: Calendar
    ) -> ChangePlan {
        var plan = snooze(request, by: span, now: now)
        let snoozed = plan.requests[0]
        plan.cancelledGroups = [request.group]
        // The next reminder after the snoozed one, no sooner than an interval after it: the
        // planner's own rule, as if the schedule were paused until then.
        var spaced = schedule
        let resume = snoozed.due.addingTimeInterval(schedule.interval.timeInterval)
        spaced.pausedUntil = max(schedule.pausedUntil ?? resume, resume)
        if let next = requests.request(for: spaced, after: snoozed.due, intakes: intakes, timeZone: timeZone, calendar: calendar),
           next.identifier != snoozed.identifier {
            plan.requests.append(next)
        }
        return plan
    }

    /// Creates or reconfigures `schedule`, replacing its pending reminder.
    public func configure(_ schedule: WaterSchedule, intakes: [WaterIntake], now: Date, timeZone: TimeZone, calendar: Calendar) -> ChangePlan {
        var plan = ChangePlan()
        plan.schedules = [schedule]
        plan.cancelledGroups = [schedule.id]
        if let next = requests.request(for: schedule, after: now, intakes: intakes, timeZone: timeZone, calendar: calendar) {
            plan.requests = [next]
        }
        return plan
    }

    /// Logs a glass for `schedule` drunk at `instant` (default `now`; earlier for a glass the
    /// user forgot to log) and derives its next reminder again: the glass counts toward its
    /// water day at once, and the reminders after it keep an interval from it.
    public func drink(_ amountML: Int, at instant: Date? = nil, schedule: WaterSchedule?, intakes: [WaterIntake], now: Date, timeZone: TimeZone, calendar: Calendar) -> ChangePlan {
        let intake = WaterIntake(instant: min(instant ?? now, now), amountML: amountML)
        guard let schedule else {
            var plan = ChangePlan()
            plan.intakes = [ChangePlan.LoggedIntake(scheduleID: nil, intake: intake)]
            return plan
        }
        var plan = configure(schedule, intakes: intakes + [intake], now: now, timeZone: timeZone, calendar: calendar)
        plan.intakes = [ChangePlan.LoggedIntake(scheduleID: schedule.id, intake: intake)]
        plan.closedGroups = [schedule.id]
        return plan
    }

    /// Deletes the logged glass numbered `record` (`intake`) and derives the next reminder of
    /// `schedule` again from the glasses left (`intakes`, without it): a goal no longer met
    /// brings the reminders back.
    public func undoDrink(record: Int64, schedule: WaterSchedule?, intakes: [WaterIntake], now: Date, timeZone: TimeZone, calendar: Calendar) -> ChangePlan {
        var plan = schedule.map { configure($0, intakes: intakes, now: now, timeZone: timeZone, calendar: calendar) } ?? ChangePlan()
        plan.deletedIntakes = [record]
        return plan
    }

    /// Removes `schedule` and cancels its reminders.
    public func remove(_ schedule: WaterSchedule) -> ChangePlan {
        var plan = ChangePlan()
        plan.deletedSchedules = [schedule.id]
        plan.cancelledGroups = [schedule.id]
        plan.closedGroups = [schedule.id]
        return plan
    }

    /// Adds or replaces a one-off reminder; a replaced one's bubble on screen is closed.
    public func remind(_ reminder: OneOffReminder, now: Date) throws(DomainError) -> ChangePlan {
        guard let request = requests.request(for: reminder, after: now) else {
            throw DomainError(.invalidTime, .reminderPassed, ["due": RequestPlanner.iso(reminder.due)])
        }
        var plan = ChangePlan()
        plan.reminders = [reminder]
        plan.cancelledGroups = [reminder.id]
        plan.requests = [request]
        // A reminder replaced under its id: the old one's bubble goes with it.
        plan.closedGroups = [reminder.id]
        return plan
    }

    /// Adds or replaces a recurring reminder: its record under its id, and its first
    /// occurrence's request; the bubbles of the reminder it replaces are closed.
    public func remind(_ reminder: RecurringReminder, now: Date, timeZone: TimeZone, calendar: Calendar) throws(DomainError) -> ChangePlan {
        // The start itself counts when the rule puts an occurrence there (`--from 09:00`).
        guard let request = requests.request(for: reminder, after: min(now, reminder.start).addingTimeInterval(-1), timeZone: timeZone, calendar: calendar)
            .flatMap({ $0.due >= now ? $0 : requests.request(for: reminder, after: now, timeZone: timeZone, calendar: calendar) })
        else {
            throw DomainError(.invalidRule, .ruleNoOccurrence, ["rule": reminder.rule.rruleText])
        }
        var plan = ChangePlan()
        plan.recurringReminders = [reminder]
        plan.cancelledGroups = [reminder.id]
        plan.requests = [request]
        plan.closedGroups = [reminder.id]
        return plan
    }

    /// Ends the recurring reminder `reminder` at `now` (`chime cancel ID`): its record stays,
    /// ended, with its history; what is pending of it is cancelled and its bubbles closed.
    public func end(_ reminder: RecurringReminder, now: Date) -> ChangePlan {
        var ended = reminder
        ended.endedAt = min(reminder.endedAt ?? now, now)
        var plan = ChangePlan()
        plan.recurringReminders = [ended]
        plan.cancelledGroups = [reminder.id]
        plan.closedGroups = [reminder.id]
        return plan
    }

    /// The plan that ends `session` at `instant`. Ended within ``discardWithin`` of its start,
    /// it is deleted; a repeating one ended that soon after a later cycle's fast began ends
    /// at that cycle's start instead, so the cycle is no fast either. Ended before it started
    /// (a scheduled fast cancelled), it is kept as cancelled.
    func end(_ session: FastingSession, at instant: Date) -> ChangePlan {
        var plan = ChangePlan()
        plan.cancelledGroups = [session.id]
        plan.closedGroups = [session.id]
        let fastStart = session.cycle(session.cycleNumber(at: instant)).fastStart
        if instant >= fastStart, instant.timeIntervalSince(fastStart) < Self.discardWithin {
            if fastStart <= session.start {
                plan.deletedSessions = [session.id]
                return plan
            }
            var stopped = session
            stopped.stoppedAt = fastStart
            plan.sessions = [stopped]
            return plan
        }
        var stopped = session
        stopped.stoppedAt = instant
        plan.sessions = [stopped]
        return plan
    }
}

extension ChangePlan {
    /// Appends everything in `other` to this plan.
    public mutating func merge(_ other: ChangePlan) {
        sessions += other.sessions
        deletedSessions += other.deletedSessions
        schedules += other.schedules
        deletedSchedules += other.deletedSchedules
        reminders += other.reminders
        fastSchedules += other.fastSchedules
        deletedFastSchedules += other.deletedFastSchedules
        intakes += other.intakes
        deletedIntakes += other.deletedIntakes
        editedIntakes += other.editedIntakes
        snoozes += other.snoozes
        cancelledGroups += other.cancelledGroups
        cancelledIdentifiers += other.cancelledIdentifiers
        requests += other.requests
        closedGroups += other.closedGroups
        closedIdentifiers += other.closedIdentifiers
        repeatedRequests += other.repeatedRequests
        reminderOccurrences += other.reminderOccurrences
        recurringReminders += other.recurringReminders
        forgottenSkipGroups += other.forgottenSkipGroups
        skips += other.skips
        fastSchedulesDerivedThrough.merge(other.fastSchedulesDerivedThrough) { max($0, $1) }
        snoozedFrom.merge(other.snoozedFrom) { first, _ in first }
        withdrawnIdentifiers += other.withdrawnIdentifiers
        restoredRequests += other.restoredRequests
        missedRequests += other.missedRequests
        settings.merge(other.settings) { _, last in last }
        calendars += other.calendars
        deletedCalendars += other.deletedCalendars
        calendarAlarmFacts += other.calendarAlarmFacts
        calendarsDerivedThrough.merge(other.calendarsDerivedThrough) { max($0, $1) }
    }
}
