import Foundation

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
    public func start(_ session: FastingSession, existing: [FastingSession], replace: Bool, now: Date) throws(DomainError) -> ChangePlan {
        if session.mode == .rolling, session.plan.eating == nil {
            throw DomainError(.invalidPlan, "a repeating fast needs an eating window: use a plan like 16:8 instead of \(session.plan)")
        }
        // A nudge due before its fast begins would be dropped by the request planner every
        // cycle: refused here, so it is never accepted and then silently missing.
        if let lead = session.remindBefore.filter({ !session.plan.allowsNudge(before: $0) }).max() {
            throw DomainError(
                .invalidDuration,
                "a nudge \(lead) before the end of a \(session.plan.fasting) fast would come before the fast begins and could never be shown: remind less than \(session.plan.fasting) before the end"
            )
        }
        if existing.contains(where: { $0.id == session.id && $0.status(at: now).phase != .ended }) && !replace {
            throw DomainError(.conflict, "a fast with id \"\(session.id)\" is still running: stop it first or choose another id")
        }
        let running = existing.filter { $0.stoppedAt == nil && $0.status(at: now).phase != .ended }
        let conflicting = running.filter { $0.isActive(at: now) }
        if let active = conflicting.first, !replace {
            let state = active.status(at: now).phase == .scheduled ? "is scheduled to start" : "is already running"
            throw DomainError(.conflict, "fast \(active.id) \(state): stop it with 'chime fast stop' or start with --replace")
        }
        var plan = ChangePlan()
        for old in running {
            plan.merge(end(old, at: now))
        }
        plan.sessions.append(session)
        plan.requests += requests.requests(for: session, after: now)
        return plan
    }

    /// Stops `session` now: it ends, its pending requests are cancelled and its bubbles closed.
    public func stop(_ session: FastingSession, now: Date) throws(DomainError) -> ChangePlan {
        guard session.status(at: now).phase != .ended else {
            throw DomainError(.notFound, "fast \(session.id) has already ended")
        }
        return end(session, at: now)
    }

    /// Makes the current fast of `session` longer by `span` (or the next one while eating).
    public func extend(_ session: FastingSession, by span: TimeSpan, now: Date) throws(DomainError) -> ChangePlan {
        let status = session.status(at: now)
        guard status.phase == .fasting || status.phase == .scheduled || (status.phase == .eating && session.mode == .rolling) else {
            throw DomainError(.notFound, "fast \(session.id) is not running, so there is nothing to extend: start a new fast instead")
        }
        var number = status.cycle
        if status.phase == .eating { number += 1 }
        var updated = session
        let previous = session.fastExtension.flatMap { $0.cycle == number ? $0.seconds : nil } ?? 0
        let total = previous + span.seconds
        if session.mode == .rolling, let eating = session.plan.eating, total >= eating.seconds {
            throw DomainError(.conflict, "extending by \(span) would leave no eating window before the next fast: extend by less than \(TimeSpan(seconds: eating.seconds - previous).map(\.description) ?? "0s"), or stop the fast")
        }
        updated.fastExtension = FastingSession.Extension(cycle: number, seconds: total)
        var plan = ChangePlan()
        plan.sessions = [updated]
        plan.cancelledGroups = [session.id]
        plan.requests = requests.requests(for: updated, after: now)
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

    /// Logs a glass for `schedule` at `now` and pushes its next reminder out.
    public func drink(_ amountML: Int, schedule: WaterSchedule?, intakes: [WaterIntake], now: Date, timeZone: TimeZone, calendar: Calendar) -> ChangePlan {
        let intake = WaterIntake(instant: now, amountML: amountML)
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

    /// Removes `schedule` and cancels its reminders.
    public func remove(_ schedule: WaterSchedule) -> ChangePlan {
        var plan = ChangePlan()
        plan.deletedSchedules = [schedule.id]
        plan.cancelledGroups = [schedule.id]
        plan.closedGroups = [schedule.id]
        return plan
    }

    /// Adds or replaces a one-off reminder.
    public func remind(_ reminder: OneOffReminder, now: Date) throws(DomainError) -> ChangePlan {
        guard let request = requests.request(for: reminder, after: now) else {
            throw DomainError(.invalidTime, "the reminder time \(RequestPlanner.iso(reminder.due)) has already passed: choose a time in the future")
        }
        var plan = ChangePlan()
        plan.reminders = [reminder]
        plan.cancelledGroups = [reminder.id]
        plan.requests = [request]
        return plan
    }

    /// The plan that ends `session` at `now`.
    private func end(_ session: FastingSession, at now: Date) -> ChangePlan {
        var stopped = session
        stopped.stoppedAt = now
        var plan = ChangePlan()
        plan.sessions = [stopped]
        plan.cancelledGroups = [session.id]
        plan.closedGroups = [session.id]
        return plan
    }
}

extension ChangePlan {
    /// Appends everything in `other` to this plan.
    public mutating func merge(_ other: ChangePlan) {
        sessions += other.sessions
        schedules += other.schedules
        deletedSchedules += other.deletedSchedules
        reminders += other.reminders
        intakes += other.intakes
        cancelledGroups += other.cancelledGroups
        cancelledIdentifiers += other.cancelledIdentifiers
        requests += other.requests
        closedGroups += other.closedGroups
    }
}
