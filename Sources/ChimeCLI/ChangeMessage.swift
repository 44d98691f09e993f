import ChimeCore
import ChimeDesk
import FoundationEssentials

/// The one human line each change prints, e.g.
/// `Fast f-3k9 started 20:00, ends tomorrow 12:00 (16:8)`.
public struct ChangeMessage: Sendable {
    /// Where and when times are shown.
    public let display: TimeDisplay
    /// How water amounts are written (`water.unit`).
    public let water: WaterAmountText
    /// Whether lines say a fast was stopped short or early; off (`fast.streaks off`), a fast
    /// that ended before its goal is said to have ended.
    public let judgesFasts: Bool

    /// Makes the messages for `display`, in its language, water in `waterUnit`.
    public init(display: TimeDisplay, waterUnit: WaterUnit = .millilitres, judgesFasts: Bool = true) {
        self.display = display
        self.water = WaterAmountText(unit: waterUnit, language: display.language)
        self.judgesFasts = judgesFasts
    }

    /// The language of the lines.
    public var language: UserLanguage { display.language }

    /// `message` in the lines' language.
    func say(_ message: CommandText, _ values: [String: String] = [:]) -> String {
        message.text(language, values)
    }

    /// Printed (on standard error) after a saved change while `chimed` does not answer.
    public static func daemonNotRunningText(in language: UserLanguage) -> String {
        CommandText.daemonNotRunning.text(language)
    }

    /// ``daemonNotRunningText(in:)`` in English.
    public static var daemonNotRunning: String { daemonNotRunningText(in: .english) }

    /// The line `status` ends with while `chimed` does not answer (nothing was saved: no
    /// "saved" there).
    public static func daemonNotRunningStatusText(in language: UserLanguage) -> String {
        CommandText.daemonNotRunningStatus.text(language)
    }

    /// ``daemonNotRunningStatusText(in:)`` in English.
    public static var daemonNotRunningStatus: String { daemonNotRunningStatusText(in: .english) }

    /// Printed (on standard error) after a saved change when `chimed` runs but did not confirm it
    /// (it timed out or answered with an error); `reason` says which.
    public static func daemonDidNotConfirm(_ reason: String, in language: UserLanguage = .english) -> String {
        CommandText.daemonDidNotConfirm.text(language, ["reason": reason])
    }

    /// Printed instead of a change's line when its request id (`CHIME_REQUEST_ID`) was applied
    /// before: a retried command that changes nothing the second time.
    public static func alreadyApplied(requestID: String, sequence: Int64, in language: UserLanguage = .english) -> String {
        CommandText.alreadyApplied.text(language, ["request": requestID, "sequence": "\(sequence)"])
    }

    /// `Fast f-3k9 started 20:00, ends tomorrow 12:00 (16:8)`, or `... starts ...` for a fast
    /// that begins later; notes a repeating fast, its tag and any fast it replaced.
    public func fastStarted(_ session: FastingSession, replaced: [String] = [], discarded: [(id: String, reason: Desk.DiscardReason)] = []) -> String {
        let cycle = session.cycle(0)
        var details = [session.plan.displayName]
        if session.mode == .rolling { details.append(say(.repeating)) }
        if !session.tag.isEmpty { details.append(say(.taggedDetail, ["tag": session.tag])) }
        // A fast started long enough ago (--ago) may be over already.
        let message: CommandText = cycle.fastStart > display.now ? .fastStarts
            : cycle.fastEnd > display.now ? .fastStartedEnds : .fastStartedEnded
        var line = say(message, [
            "id": session.id, "start": display.clock(cycle.fastStart), "end": display.clock(cycle.fastEnd),
            "details": details.joined(separator: say(.detailSeparator)),
        ])
        if !replaced.isEmpty {
            line += say(replaced.count == 1 ? .endedFast : .endedFasts, ["ids": replaced.joined(separator: ", ")])
        }
        let tooShort = discarded.filter { $0.reason == .underTwoMinutes }.map(\.id)
        if !tooShort.isEmpty {
            line += say(tooShort.count == 1 ? .discardedFast : .discardedFasts, ["ids": tooShort.joined(separator: ", ")])
        }
        let inside = discarded.filter { $0.reason == .insideNewFast }.map(\.id)
        if !inside.isEmpty {
            line += say(inside.count == 1 ? .discardedInsideFast : .discardedInsideFasts, ["ids": inside.joined(separator: ", ")])
        }
        return line
    }

    /// The lines of `fast stop` (or End fast): what became of the fast, and for a fast of a
    /// schedule the schedule's next one.
    public func fastStopped(_ stopped: Desk.FastStopped) -> [String] {
        let line: String
        let next: FastingSession?
        switch stopped {
        case .skipped(let session, let following):
            line = say(.fastSkipped, ["id": session.id, "start": display.clock(session.start)])
            next = following
        case .stopped(let session, _, let following):
            line = fastStopped(session)
            next = following
        case .stoppedAtCycleStart(let session, let instant, let following):
            line = fastStoppedAtCycleStart(session, at: instant)
            next = following
        case .discarded(let session, let following):
            line = fastDiscarded(session)
            next = following
        case .stoppedAt(let session, let instant, let completed):
            line = fastStopped(session, at: instant, completed: completed)
            next = nil
        }
        guard let next else { return [line] }
        return [line, say(.nextScheduledFast, ["id": next.id, "start": display.clock(next.start)])]
    }

    /// `Fast fs-3k9.20270328-2000 removed from the history (skipped); the schedule goes on`.
    public func scheduledFastDeleted(_ session: FastingSession) -> String {
        say(.scheduledFastDeleted, ["id": session.id, "plan": session.plan.displayName, "start": display.clock(session.start)])
    }

    /// `Fast f-3k9 discarded: stopped within its first 2 min, it is not kept in the history`.
    public func fastDiscarded(_ session: FastingSession) -> String {
        say(.fastDiscarded, ["id": session.id])
    }

    /// `Fast f-3k9 stopped at 12:00, where its last cycle began (a fast of under 2 min is not kept)`.
    public func fastStoppedAtCycleStart(_ session: FastingSession, at instant: Date) -> String {
        say(.fastStoppedAtCycleStart, ["id": session.id, "time": display.clock(instant)])
    }

    /// `Fast f-3k9 deleted (16:8, started 2026-03-09 20:00)`.
    public func fastDeleted(_ session: FastingSession) -> String {
        say(.fastDeleted, ["id": session.id, "plan": session.plan.displayName, "start": display.clock(session.start)])
    }

    /// `Removed glass #12, 250 ml at 09:12: 1000 of 2000 ml today; next reminder 10:00 (in 48 min)`.
    public func waterUndone(_ intake: WaterIntake, number: Int64, summary: WaterSummary) -> String {
        let line = ViewText.glassUndone.text(language, [
            "number": "\(number)", "amount": water.amount(intake.amountML), "time": display.clock(intake.instant),
            "intake": summary.intakeText(in: language, water: water),
        ])
        guard summary.schedule != nil else { return line }
        return line + say(.clauseSeparator) + next(summary.nextReminder)
    }

    /// `Glass #12 is now 300 ml at 08:00 (it was 250 ml at 08:05): 1050 of 2000 ml today; next reminder ...`.
    public func glassEdited(number: Int64, before: WaterIntake, after: WaterIntake, summary: WaterSummary) -> String {
        let line = ViewText.glassEdited.text(language, [
            "number": "\(number)", "amount": water.amount(after.amountML), "time": display.clock(after.instant),
            "before": water.amount(before.amountML), "beforeTime": display.clock(before.instant), "intake": summary.intakeText(in: language, water: water),
        ])
        guard summary.schedule != nil else { return line }
        return line + say(.clauseSeparator) + next(summary.nextReminder)
    }

    /// `Water w-7kq: goal 2000 ml Mon-Fri, 1500 ml Sat-Sun; today 750 of 1500 ml; next reminder 14:00 (in 32 min)`.
    public func waterGoalsSet(_ summary: WaterSummary) -> String {
        guard let schedule = summary.schedule else { return "" }
        let goals = WaterGoalsText(display: display, water: water).summary(of: schedule) ?? ViewText.noGoal.text(language)
        var line = ViewText.waterGoalsSet.text(language, ["id": schedule.id, "goals": goals])
        line += say(.clauseSeparator) + say(.today, ["intake": summary.intakeText(in: language, water: water)])
        if let goal = summary.goalML, summary.consumedML >= goal { line += say(.goalReached) }
        return line + say(.clauseSeparator) + next(summary.nextReminder)
    }

    /// What stopping `session` at `display.now` did, worded from the session before the stop.
    public func fastStopped(_ session: FastingSession) -> String {
        let status = session.status(at: display.now)
        let cycle = session.cycle(status.cycle)
        switch status.phase {
        case .scheduled:
            return say(.fastCancelledBeforeStart, ["id": session.id, "due": display.clock(cycle.fastStart)])
        case .fasting where display.now >= cycle.plannedFastEnd:
            // Stopped during time added by extending: the plan's fast was done.
            let fasted = display.now.timeIntervalSince(cycle.fastStart)
            return say(.fastStoppedExtended, ["id": session.id, "fasted": display.span(fasted), "plan": session.plan.displayName])
        case .fasting where !judgesFasts:
            let fasted = display.now.timeIntervalSince(cycle.fastStart)
            return ViewText.fastEndedAfter.text(language, ["id": session.id, "fasted": display.span(fasted), "plan": session.plan.displayName])
        case .fasting:
            let fasted = display.now.timeIntervalSince(cycle.fastStart)
            let goal = cycle.fastEnd.timeIntervalSince(cycle.fastStart)
            return say(.fastStoppedShort, [
                "id": session.id, "fasted": display.span(fasted), "short": display.span(goal - fasted),
                "goal": display.span(goal), "plan": session.plan.displayName,
            ])
        case .eating:
            return say(.fastStoppedEating, [
                "id": session.id, "fasted": display.span(cycle.fastEnd.timeIntervalSince(cycle.fastStart)), "plan": session.plan.displayName,
            ])
        case .ended:
            return say(.fastHadEnded, ["id": session.id])
        }
    }

    /// What stopping `session` at the earlier `instant` did (`fast stop --at`): `Fast f-3k9
    /// stopped at 11:30 after 15 h 30 min, 30 min short of 16 h (16:8)`, or completed.
    public func fastStopped(_ session: FastingSession, at instant: Date, completed: Bool) -> String {
        let cycle = session.cycle(session.cycleNumber(at: instant))
        let fasted = min(instant, cycle.fastEnd).timeIntervalSince(cycle.fastStart)
        var values = ["id": session.id, "time": display.clock(instant), "fasted": display.span(fasted), "plan": session.plan.displayName]
        if completed { return ViewText.fastStoppedAtCompleted.text(language, values) }
        guard judgesFasts else { return ViewText.fastEndedAt.text(language, values) }
        let goal = cycle.plannedFastEnd.timeIntervalSince(cycle.fastStart)
        values["short"] = display.span(goal - fasted)
        values["goal"] = display.span(goal)
        return ViewText.fastStoppedAtShort.text(language, values)
    }

    /// `Fast f-3k9 now ran from 19:00 to 11:30, 16 h 30 min (16:8), completed`, from the session
    /// as corrected (`fast edit`); a fast still fasting: `Fast f-3k9 now started 19:00, ends 11:00 (16:8)`.
    public func fastEdited(_ session: FastingSession) -> String {
        let cycle = session.cycle(0)
        let end = min(session.stoppedAt ?? cycle.fastEnd, cycle.fastEnd)
        guard end <= display.now else {
            return ViewText.fastEditedRunning.text(language, [
                "id": session.id, "start": display.clock(cycle.fastStart), "end": display.clockAndRelative(end), "plan": session.plan.displayName,
            ])
        }
        let completed = cycle.isCompleted(endingAt: end)
        let outcome = completed ? say(.completed) : judgesFasts ? say(.stoppedEarly) : ViewText.ended.text(language)
        return ViewText.fastEdited.text(language, [
            "id": session.id, "start": display.clock(cycle.fastStart), "end": display.clock(end), "fasted": display.span(end.timeIntervalSince(cycle.fastStart)),
            "plan": session.plan.displayName, "outcome": outcome,
        ])
    }

    /// `Fast f-3k9 extended by 1 h, now ends tomorrow 13:00 (in 15 h 2 min)`, from the session
    /// after the change.
    public func fastExtended(_ session: FastingSession, by span: TimeSpan) -> String {
        let status = session.status(at: display.now)
        var number = status.cycle
        if status.phase == .eating { number += 1 }
        let end = session.cycle(number).fastEnd
        return say(.fastExtended, ["id": session.id, "span": display.span(span.timeInterval), "end": display.clockAndRelative(end)])
    }

    /// `; the 17h nudge of fast.remind_before is left out: a 16h fast is too short for it`,
    /// appended to `fast start` when the setting's nudges include some the plan cannot show.
    public func defaultNudgesLeftOut(_ leads: [TimeSpan], plan: FastingPlan) -> String {
        let names = leads.map(\.description).joined(separator: ", ")
        return say(leads.count == 1 ? .nudgeLeftOut : .nudgesLeftOut, ["leads": names, "fasting": "\(plan.fasting)"])
    }

    /// `Water w-7kq: every 1 h, 09:00-21:00, 250 ml a glass, goal 2000 ml; next reminder 14:00
    /// (in 32 min)`; a window across midnight is named so (`22:00-08:00 overnight, until 08:00
    /// the next day`), as the user may have swapped the times by mistake.
    ///
    /// When today's goal is already met (`consumedToday`), the line says that this is why the
    /// next reminder waits for the next water day.
    public func waterConfigured(_ schedule: WaterSchedule, nextReminder: Date?, consumedToday: Int = 0, goalToday: Int? = nil) -> String {
        var window = display.window(schedule.window)
        if schedule.window.until < schedule.window.from {
            window += say(.overnightUntil, ["until": "\(schedule.window.until)"])
        }
        var line = say(.waterConfigured, [
            "id": schedule.id, "interval": display.span(schedule.interval.timeInterval), "window": window,
            "ml": water.number(schedule.amountML), "unit": water.unitName,
        ])
        if let goals = WaterGoalsText(display: display, water: water).summary(of: schedule) { line += say(.waterGoalPart, ["goal": goals]) }
        if let goal = goalToday, consumedToday >= goal {
            let intake = say(.intakeOfGoal, ["ml": water.number(consumedToday), "goal": water.number(goal), "unit": water.unitName])
            let next = nextReminder.map(display.clockAndRelative) ?? say(.noReminderToCome)
            return line + say(.clauseSeparator) + say(.goalMetNextReminder, ["intake": intake, "next": next])
        }
        return line + say(.clauseSeparator) + next(nextReminder)
    }

    /// `Logged 250 ml: 1250 of 2000 ml today; next reminder 15:00 (in 1 h)`.
    /// With `at` (a glass logged for earlier): `Logged 250 ml for 07:15: ...`.
    public func waterDrank(_ amountML: Int, at instant: Date? = nil, summary: WaterSummary) -> String {
        let values = [
            "ml": water.number(amountML), "unit": water.unitName, "time": instant.map(display.clock) ?? "",
            "intake": summary.intakeText(in: language, water: water),
        ]
        var line = say(instant == nil ? .waterLogged : .waterLoggedFor, values)
        if let goal = summary.goalML, summary.consumedML >= goal { line += say(.goalReached) }
        guard summary.schedule != nil else { return line }
        return line + say(.clauseSeparator) + next(summary.nextReminder)
    }

    /// `Water reminders paused until 16:30 (in 2 h)`.
    public func waterPaused(until end: Date) -> String {
        say(.waterPaused, ["until": display.clockAndRelative(end)])
    }

    /// `Water reminders resumed; next reminder 14:00 (in 32 min)`.
    public func waterResumed(nextReminder: Date?) -> String {
        say(.waterResumed) + next(nextReminder)
    }

    /// Printed by `water resume` when no pause is in effect (nothing is written).
    public static func waterNotPaused(in language: UserLanguage = .english) -> String {
        CommandText.waterNotPaused.text(language)
    }

    /// `Water reminders w-7kq turned off`.
    public func waterOff(scheduleID: String) -> String {
        say(.waterOff, ["id": scheduleID])
    }

    /// `Reminder r-4tx at 15:00 (in 2 h): call mom`.
    public func reminderSet(_ reminder: OneOffReminder) -> String {
        say(.reminderSet, ["id": reminder.id, "due": display.clockAndRelative(reminder.due), "text": reminder.text])
    }

    /// `Reminder r-4tx every weekdays 09:30, next remind/r-4tx/2027-03-29T09:30 at Mon 09:30 (in 2 d 22 h): stand-up`.
    public func recurringReminderSet(_ reminder: RecurringReminder, ruleText: String, next: NotificationRequest) -> String {
        // `every hour` reads `Reminder r-4tx every hour`, not `every every hour`.
        let startsWithEvery = display.language == .english && ruleText.lowercased().hasPrefix("every ")
        return say(.recurringReminderSet, [
            "id": reminder.id, "rule": startsWithEvery ? String(ruleText.dropFirst(6)) : ruleText, "next": next.identifier,
            "due": display.clockAndRelative(next.due), "text": reminder.text,
        ])
    }

    /// `Reminder pills replaced: every daily 08:00, next remind/pills/2027-03-27T08:00 at
    /// tomorrow 08:00 (in 22 h): take the pills`, for a recurring reminder set with the id of
    /// one that went on.
    public func recurringReminderReplaced(_ reminder: RecurringReminder, ruleText: String, next: NotificationRequest) -> String {
        // As ``recurringReminderSet``: `every hour` reads `replaced: every hour`.
        let startsWithEvery = display.language == .english && ruleText.lowercased().hasPrefix("every ")
        return say(.recurringReminderReplaced, [
            "id": reminder.id, "rule": startsWithEvery ? String(ruleText.dropFirst(6)) : ruleText, "next": next.identifier, "due": display.clockAndRelative(next.due), "text": reminder.text,
        ])
    }

    /// `Reminder r-4tx replaced: due 15:00 (in 2 h): call mom`, for a reminder set with the id of
    /// one still pending.
    public func reminderReplaced(_ reminder: OneOffReminder) -> String {
        say(.reminderReplaced, ["id": reminder.id, "due": display.clockAndRelative(reminder.due), "text": reminder.text])
    }

    /// `; note: 02:30 does not exist on 2027-03-14 in America/New_York (the clocks skip it), so
    /// it was moved to 03:00`: appended to the line of a change whose TIME fell in a
    /// daylight-saving gap.
    public func skippedTimeNote(_ reading: WallClockTime, on date: LocalDate, movedTo instant: Date) -> String {
        let moved = LocalTimeResolver.wallClock(of: instant, in: display.timeZone, calendar: display.calendar).time
        return say(.skippedTimeNote, [
            "reading": "\(reading)", "date": display.date(date), "zone": display.timeZone.displayName, "moved": "\(moved)",
        ])
    }

    /// `Cancelled 3 pending notifications (f-3k9)`, `Cancelled fast/f-3k9/end`, or `Nothing to cancel`.
    public func cancelled(_ identifiers: [String], scope: String? = nil) -> String {
        let scoped = scope.map { say(.scope, ["scope": $0]) } ?? ""
        switch identifiers.count {
        case 0: return say(.nothingToCancel) + scoped
        case 1 where scope == nil: return say(.cancelledOne, ["identifier": identifiers[0]])
        default: return say(identifiers.count == 1 ? .cancelledCountOne : .cancelledCount, ["count": "\(identifiers.count)"]) + scoped
        }
    }

    /// What still comes after a cancellation that skipped occurrences of a repeating schedule
    /// or fast, or a calendar alarm (`nextRequests`, their next occurrences): `water reminders
    /// w-7kq stay on, next at 14:45 (in 45 min): turn them off with "chime water off"`; `nil`
    /// when nothing repeats.
    public func goesOn(after nextRequests: [NotificationRequest]) -> String? {
        var parts: [String] = []
        var groups: [String] = []
        for request in nextRequests where !groups.contains(request.group) {
            groups.append(request.group)
        }
        for group in groups {
            let requests = nextRequests.filter { $0.group == group }
            guard let next = requests.map(\.due).min() else { continue }
            let values = ["group": group, "next": display.clockAndRelative(next)]
            if requests.contains(where: { $0.kind == .calendarAlarm }) {
                parts.append(CalendarCommandText.calendarAlarmNext.text(language, values))
                continue
            }
            let message: CommandText = requests.contains(where: { $0.kind == .reminder }) ? .reminderGoesOn
                : requests.contains(where: { $0.kind == .water }) ? .waterStaysOn : .fastRepeats
            parts.append(say(message, values))
        }
        return parts.isEmpty ? nil : parts.joined(separator: say(.clauseSeparator))
    }

    /// What a cancelled fast end leaves behind: `fast f-3k9 keeps running without its end
    /// notification: stop it with "chime fast stop --id f-3k9"`, for each fast whose end
    /// notification is among `cancelled` and does not come again among `nextRequests`;
    /// `nil` when no such fast.
    public func fastsRunOn(afterCancelling cancelled: [NotificationRequest], next nextRequests: [NotificationRequest]) -> String? {
        var groups: [String] = []
        for request in cancelled where request.kind == .fastEnd && !groups.contains(request.group) {
            guard !nextRequests.contains(where: { $0.group == request.group && $0.kind == .fastEnd }) else { continue }
            groups.append(request.group)
        }
        guard !groups.isEmpty else { return nil }
        return groups.map { group in
            say(.fastRunsOn, ["group": group])
        }.joined(separator: say(.clauseSeparator))
    }

    /// `Snoozed remind/r-4tx until 15:10 (in 10 min)`.
    public func snoozed(_ identifier: String, until due: Date) -> String {
        say(.snoozed, ["identifier": identifier, "until": display.clockAndRelative(due)])
    }

    /// `fast.plan set to 18:6`.
    public func configSet(_ key: ConfigKey, _ value: ConfigValue) -> String {
        say(.configSet, ["key": key.name, "value": value.storedText])
    }

    /// `Reminder r-4tx changed: at 15:00 (in 2 h): call mom` (`remind edit`).
    public func reminderEdited(_ edited: Desk.ReminderEdited) -> String {
        switch edited {
        case .oneOff(let reminder, _):
            return ViewText.reminderEdited.text(language, ["id": reminder.id, "due": display.clockAndRelative(reminder.due), "text": reminder.text])
        case .recurring(let reminder, let next):
            let rule = reminder.ruleText ?? reminder.rule.rruleText
            guard let next else { return ViewText.recurringReminderEditedNoNext.text(language, ["id": reminder.id, "rule": rule, "text": reminder.text]) }
            return ViewText.recurringReminderEdited.text(language, [
                "id": reminder.id, "rule": rule, "next": next.identifier, "due": display.clockAndRelative(next.due), "text": reminder.text,
            ])
        }
    }

    /// `fast.plan unset: back to its default, 16:8`.
    public static func configUnset(_ key: ConfigKey, in language: UserLanguage = .english) -> String {
        CommandText.configUnset.text(language, ["key": key.name, "value": key.defaultValue.storedText])
    }

    /// Printed by `config unset` for a key with no stored value (nothing is written).
    public static func configNotSet(_ key: ConfigKey, in language: UserLanguage = .english) -> String {
        CommandText.configNotSet.text(language, ["key": key.name, "value": key.defaultValue.storedText])
    }

    private func next(_ reminder: Date?) -> String {
        reminder.map { say(.nextReminder, ["next": display.clockAndRelative($0)]) } ?? say(.noReminderToCome)
    }
}
