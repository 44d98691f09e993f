import FoundationEssentials

/// Derives the pending notification requests of sessions, schedules and reminders.
///
/// Every function is pure: the same inputs give the same requests with the same identifiers, so
/// deriving again after any change replaces what was derived before.
public struct RequestPlanner: Sendable {
    /// How long a missed fast end or reminder may still be shown late.
    public var grace: TimeInterval
    /// How long a missed fast start or eating-window end may still be shown late.
    public var shortGrace: TimeInterval

    /// Makes a planner; the defaults are 24 h for fast ends and reminders, 1 h for phase markers.
    public init(grace: TimeInterval = 24 * 3600, shortGrace: TimeInterval = 3600) {
        self.grace = grace
        self.shortGrace = shortGrace
    }

    /// The requests still to come after `now` for `session`: its start if in the future, the
    /// (next) end of a fast, the nudges before it, and for a rolling session the next end of an
    /// eating window. Never more than one occurrence of each kind.
    public func requests(for session: FastingSession, after now: Date) -> [NotificationRequest] {
        if let stoppedAt = session.stoppedAt, stoppedAt <= now { return [] }
        var result: [NotificationRequest] = []
        let rolling = session.mode == .rolling
        var arguments = [ContentArgument.plan: session.plan.description, ContentArgument.tag: session.tag]
        if let hours = FastSchedule.realHours(of: session) { arguments[ContentArgument.realHours] = hours }
        if let scheduleID = session.scheduleID { arguments[ContentArgument.schedule] = scheduleID }
        if let fastDays = session.plan.fastDays { arguments[ContentArgument.fastDay] = fastDays.name }

        if session.start > now {
            arguments[ContentArgument.endsAt] = Self.iso(session.cycle(0).fastEnd)
            result.append(request(
                identifier: RequestIdentifier.fastStart(session: session.id), group: session.id,
                kind: .fastStart, due: session.start, template: .fastStarted, arguments: arguments,
                policy: .deliverLate(until: session.start.addingTimeInterval(shortGrace))
            ))
        }

        // The fast whose end is the next one after `now` (the current one while fasting).
        var number = session.cycleNumber(at: now)
        if session.cycle(number).fastEnd <= now, rolling { number += 1 }
        let cycle = session.cycle(number)
        let cycleLabel: Int64? = rolling ? number : nil
        arguments[ContentArgument.endsAt] = Self.iso(cycle.fastEnd)
        if rolling { arguments[ContentArgument.cycle] = String(number) }

        if cycle.fastEnd > now {
            result.append(request(
                identifier: RequestIdentifier.fastEnd(session: session.id, cycle: cycleLabel), group: session.id,
                kind: .fastEnd, due: cycle.fastEnd, template: .fastComplete, arguments: arguments,
                policy: .deliverLate(until: cycle.fastEnd.addingTimeInterval(grace))
            ))
            for before in Set(session.remindBefore).sorted() {
                let due = cycle.fastEnd.addingTimeInterval(-before.timeInterval)
                guard due > now, due > cycle.fastStart else { continue }
                var nudge = arguments
                nudge[ContentArgument.left] = before.description
                result.append(request(
                    identifier: RequestIdentifier.fastNudge(session: session.id, before: before, cycle: cycleLabel), group: session.id,
                    kind: .fastNudge, due: due, tolerance: RequestKind.nudgeTolerance(before: before),
                    template: .fastNudge, arguments: nudge,
                    // A nudge is pointless once the fast it counts down to is over.
                    policy: .deliverLate(until: cycle.fastEnd)
                ))
            }
        }

        if rolling {
            // The next eating window to close: this cycle's if it is still open, else the next one's.
            var eatingCycle = session.cycleNumber(at: now)
            if session.cycle(eatingCycle).eatingEnd <= now { eatingCycle += 1 }
            let closing = session.cycle(eatingCycle)
            let nextFast = session.cycle(eatingCycle + 1)
            if closing.eatingEnd > now, closing.eatingEnd > session.start {
                var eatingArguments = arguments
                eatingArguments[ContentArgument.endsAt] = Self.iso(nextFast.fastEnd)
                eatingArguments[ContentArgument.cycle] = String(eatingCycle)
                result.append(request(
                    identifier: RequestIdentifier.eatingEnd(session: session.id, cycle: eatingCycle), group: session.id,
                    kind: .eatingEnd, due: closing.eatingEnd, template: .eatingWindowClosed, arguments: eatingArguments,
                    policy: .deliverLate(until: closing.eatingEnd.addingTimeInterval(shortGrace))
                ))
            }
        }
        if let stoppedAt = session.stoppedAt {
            result.removeAll { $0.due >= stoppedAt }
        }
        return result
    }

    /// The next reminder of `schedule` after `now`, or `nil` when none is to come.
    public func request(for schedule: WaterSchedule, after now: Date, intakes: [WaterIntake], timeZone: TimeZone, calendar: Calendar) -> NotificationRequest? {
        guard let due = schedule.nextReminder(after: now, intakes: intakes, timeZone: timeZone, calendar: calendar) else { return nil }
        let day = schedule.window.occurrence(containing: due, in: timeZone, calendar: calendar)
        let wall = LocalTimeResolver.wallClock(of: due, in: timeZone, calendar: calendar)
        let second = LocalTimeResolver.gregorian(from: calendar, in: timeZone).component(.second, from: due)
        var arguments = [ContentArgument.amount: String(schedule.amountML)]
        if let goal = schedule.goal(on: day.date) {
            arguments[ContentArgument.goal] = String(goal)
            arguments[ContentArgument.consumed] = String(schedule.waterDay(containing: due, timeZone: timeZone, calendar: calendar).total(of: intakes))
        }
        return request(
            identifier: RequestIdentifier.water(schedule: schedule.id, date: wall.date, time: wall.time, second: second), group: schedule.id,
            kind: .water, due: due, tolerance: RequestKind.waterTolerance(interval: schedule.interval),
            template: .waterReminder, arguments: arguments,
            policy: .collapse(until: day.closes)
        )
    }

    /// The request of a one-off reminder, or `nil` once its time has passed.
    public func request(for reminder: OneOffReminder, after now: Date) -> NotificationRequest? {
        guard reminder.due > now else { return nil }
        return request(
            identifier: RequestIdentifier.reminder(id: reminder.id), group: reminder.id,
            kind: .reminder, due: reminder.due, template: .reminder,
            arguments: [ContentArgument.text: reminder.text],
            policy: .deliverLate(until: reminder.due.addingTimeInterval(grace))
        )
    }

    /// The first occurrence of `reminder` after `now`, or `nil` once its rule has ended.
    public func request(for reminder: RecurringReminder, after now: Date, timeZone: TimeZone, calendar: Calendar) -> NotificationRequest? {
        guard let due = reminder.occurrence(after: now, in: timeZone) else { return nil }
        var arguments = [
            ContentArgument.text: reminder.text, ContentArgument.rule: reminder.rule.rruleText,
            ContentArgument.start: Self.iso(reminder.start),
        ]
        arguments[ContentArgument.urgency] = reminder.urgency
        let occurrence = request(
            identifier: occurrenceIdentifier(of: reminder, due: due, timeZone: timeZone, calendar: calendar),
            group: reminder.id, kind: .reminder, due: due, template: .reminder,
            arguments: arguments,
            policy: .deliverLate(until: lateBound(ofOccurrenceOf: reminder, due: due, timeZone: timeZone, calendar: calendar))
        )
        return reminder.nag?.nagging(occurrence) ?? occurrence
    }

    /// Until when the occurrence of `reminder` due at `due` may still be shown late: until the
    /// next occurrence with another identifier (`identifier`, by default the one `due` has in
    /// `timeZone`) is due, and within the grace. The zone may have moved west since the
    /// occurrence was made, giving its local day again under its identifier: that one is not
    /// its next. A snoozed occurrence's bound moves with the snooze
    /// (``NotificationRequest/moved(to:)``), so it is this plus the snooze's shift.
    public func lateBound(
        ofOccurrenceOf reminder: RecurringReminder, due: Date, identifier: String? = nil, timeZone: TimeZone, calendar: Calendar
    ) -> Date {
        let bound = due.addingTimeInterval(grace)
        let identifier = identifier ?? occurrenceIdentifier(of: reminder, due: due, timeZone: timeZone, calendar: calendar)
        var after = due
        while let next = reminder.occurrence(after: after, in: timeZone), next < bound {
            if occurrenceIdentifier(of: reminder, due: next, timeZone: timeZone, calendar: calendar) != identifier { return next }
            after = next
        }
        return bound
    }

    /// The identifier of the occurrence of `reminder` due at `due`: its local date and time.
    func occurrenceIdentifier(of reminder: RecurringReminder, due: Date, timeZone: TimeZone, calendar: Calendar) -> String {
        let wall = LocalTimeResolver.wallClock(of: due, in: timeZone, calendar: calendar)
        let second = LocalTimeResolver.gregorian(from: calendar, in: timeZone).component(.second, from: due)
        return RequestIdentifier.recurringReminder(id: reminder.id, date: wall.date, time: wall.time, second: second)
    }

    private func request(
        identifier: String, group: String, kind: RequestKind, due: Date, tolerance: TimeInterval? = nil,
        template: TemplateKey, arguments: [String: String], policy: MisfirePolicy
    ) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, group: group, kind: kind, due: due,
            tolerance: tolerance ?? kind.defaultTolerance,
            content: NotificationContent(template: template, arguments: arguments),
            misfirePolicy: policy
        )
    }

    /// An instant as ISO 8601 in UTC, the form content arguments carry.
    static func iso(_ instant: Date) -> String {
        instant.formatted(.iso8601)
    }
}
