import ChimeCore
import Foundation

/// The one human line each change prints, e.g.
/// `Fast f-3k9 started 20:00, ends tomorrow 12:00 (16:8)`.
public struct ChangeMessage: Sendable {
    /// Where and when times are shown.
    public let display: TimeDisplay

    /// Makes the messages for `display`.
    public init(display: TimeDisplay) {
        self.display = display
    }

    /// Printed (on standard error) after a saved change while `chimed` does not answer.
    public static let daemonNotRunning = "chimed is not running: saved, and notifications will fire once it runs"
        + " (start it with \"systemctl --user start chimed\" or \"chimed --foreground\")"

    /// The line `status` ends with while `chimed` does not answer (nothing was saved: no
    /// "saved" there).
    public static let daemonNotRunningStatus = "chimed is not running: no notification is shown until it runs"
        + " (start it with \"systemctl --user start chimed\" or \"chimed --foreground\")"

    /// Printed (on standard error) after a saved change when `chimed` runs but did not confirm it
    /// (it timed out or answered with an error); `reason` says which.
    public static func daemonDidNotConfirm(_ reason: String) -> String {
        "chimed did not confirm the change (\(reason)): saved, and notifications will fire once it answers"
            + " (check it with \"systemctl --user status chimed\" or \"chime doctor\")"
    }

    /// Printed instead of a change's line when its request id (`CHIME_REQUEST_ID`) was applied
    /// before: a retried command that changes nothing the second time.
    public static func alreadyApplied(requestID: String, sequence: Int64) -> String {
        "Already done: request \"\(requestID)\" was applied before (change \(sequence)); nothing changed"
    }

    /// `Fast f-3k9 started 20:00, ends tomorrow 12:00 (16:8)`, or `... starts ...` for a fast
    /// that begins later; notes a repeating fast, its tag and any fast it replaced.
    public func fastStarted(_ session: FastingSession, replaced: [String] = [], discarded: [String] = []) -> String {
        let cycle = session.cycle(0)
        let verb = cycle.fastStart > display.now ? "starts" : "started"
        var details = [session.plan.displayName]
        if session.mode == .rolling { details.append("repeating") }
        if !session.tag.isEmpty { details.append("tag \"\(session.tag)\"") }
        // A fast started long enough ago (--ago) may be over already.
        let endVerb = cycle.fastEnd > display.now ? "ends" : "ended"
        var line = "Fast \(session.id) \(verb) \(display.clock(cycle.fastStart)), \(endVerb) \(display.clock(cycle.fastEnd)) (\(details.joined(separator: ", ")))"
        if !replaced.isEmpty {
            line += "; ended \(replaced.count == 1 ? "fast" : "fasts") \(replaced.joined(separator: ", "))"
        }
        if !discarded.isEmpty {
            line += "; discarded \(discarded.count == 1 ? "fast" : "fasts") \(discarded.joined(separator: ", ")) (it would have lasted under 2 min)"
        }
        return line
    }

    /// `Fast f-3k9 discarded: stopped within its first 2 min, it is not kept in the history`.
    public func fastDiscarded(_ session: FastingSession) -> String {
        "Fast \(session.id) discarded: stopped within its first 2 min, it is not kept in the history"
    }

    /// `Fast f-3k9 stopped at 12:00, where its last cycle began (a fast of under 2 min is not kept)`.
    public func fastStoppedAtCycleStart(_ session: FastingSession, at instant: Date) -> String {
        "Fast \(session.id) stopped at \(display.clock(instant)), where its last cycle began (a fast of under 2 min is not kept)"
    }

    /// `Fast f-3k9 deleted (16:8, started 2026-03-09 20:00)`.
    public func fastDeleted(_ session: FastingSession) -> String {
        "Fast \(session.id) deleted (\(session.plan.displayName), started \(display.clock(session.start)))"
    }

    /// `Removed the 250 ml logged for 09:12: 1000 of 2000 ml today; next reminder 10:00 (in 48 min)`.
    public func waterUndone(_ intake: WaterIntake, summary: WaterSummary) -> String {
        let line = "Removed the \(intake.amountML) ml logged for \(display.clock(intake.instant)): \(summary.intakeText) today"
        guard summary.schedule != nil else { return line }
        return line + "; " + next(summary.nextReminder)
    }

    /// What stopping `session` at `display.now` did, worded from the session before the stop.
    public func fastStopped(_ session: FastingSession) -> String {
        let status = session.status(at: display.now)
        let cycle = session.cycle(status.cycle)
        switch status.phase {
        case .scheduled:
            return "Fast \(session.id) cancelled before it started (it was due \(display.clock(cycle.fastStart)))"
        case .fasting where display.now >= cycle.plannedFastEnd:
            // Stopped during time added by extending: the plan's fast was done.
            let fasted = display.now.timeIntervalSince(cycle.fastStart)
            return "Fast \(session.id) stopped after \(TimeDisplay.duration(fasted)), completed (\(session.plan.displayName), extended)"
        case .fasting:
            let fasted = display.now.timeIntervalSince(cycle.fastStart)
            let goal = cycle.fastEnd.timeIntervalSince(cycle.fastStart)
            return "Fast \(session.id) stopped after \(TimeDisplay.duration(fasted)), \(TimeDisplay.duration(goal - fasted)) short of \(TimeDisplay.duration(goal)) (\(session.plan.displayName))"
        case .eating:
            return "Fast \(session.id) stopped in its eating window; the last fast of \(TimeDisplay.duration(cycle.fastEnd.timeIntervalSince(cycle.fastStart))) was completed (\(session.plan.displayName))"
        case .ended:
            return "Fast \(session.id) had already ended"
        }
    }

    /// `Fast f-3k9 extended by 1 h, now ends tomorrow 13:00 (in 15 h 2 min)`, from the session
    /// after the change.
    public func fastExtended(_ session: FastingSession, by span: TimeSpan) -> String {
        let status = session.status(at: display.now)
        var number = status.cycle
        if status.phase == .eating { number += 1 }
        let end = session.cycle(number).fastEnd
        return "Fast \(session.id) extended by \(TimeDisplay.duration(span.timeInterval)), now ends \(display.clockAndRelative(end))"
    }

    /// `; the 17h nudge of fast.remind_before is left out: a 16h fast is too short for it`,
    /// appended to `fast start` when the setting's nudges include some the plan cannot show.
    public func defaultNudgesLeftOut(_ leads: [TimeSpan], plan: FastingPlan) -> String {
        let names = leads.map(\.description).joined(separator: ", ")
        let noun = leads.count == 1 ? "nudge" : "nudges"
        return "; the \(names) \(noun) of fast.remind_before \(leads.count == 1 ? "is" : "are") left out: a \(plan.fasting) fast is too short for \(leads.count == 1 ? "it" : "them")"
    }

    /// `Water w-7kq: every 1 h, 09:00-21:00, 250 ml a glass, goal 2000 ml; next reminder 14:00
    /// (in 32 min)`; a window across midnight is named so (`22:00-08:00 overnight, until 08:00
    /// the next day`), as the user may have swapped the times by mistake.
    public func waterConfigured(_ schedule: WaterSchedule, nextReminder: Date?) -> String {
        var window = schedule.window.description
        if schedule.window.until < schedule.window.from {
            window += " overnight, until \(schedule.window.until) the next day"
        }
        var line = "Water \(schedule.id): every \(TimeDisplay.duration(schedule.interval.timeInterval)), \(window), \(schedule.amountML) ml a glass"
        if let goal = schedule.goalML { line += ", goal \(goal) ml" }
        return line + "; " + next(nextReminder)
    }

    /// `Logged 250 ml: 1250 of 2000 ml today; next reminder 15:00 (in 1 h)`.
    /// With `at` (a glass logged for earlier): `Logged 250 ml for 07:15: ...`.
    public func waterDrank(_ amountML: Int, at instant: Date? = nil, summary: WaterSummary) -> String {
        var line = "Logged \(amountML) ml\(instant.map { " for \(display.clock($0))" } ?? ""): \(summary.intakeText) today"
        if let goal = summary.goalML, summary.consumedML >= goal { line += ", goal reached" }
        guard summary.schedule != nil else { return line }
        return line + "; " + next(summary.nextReminder)
    }

    /// `Water reminders paused until 16:30 (in 2 h)`.
    public func waterPaused(until end: Date) -> String {
        "Water reminders paused until \(display.clockAndRelative(end))"
    }

    /// `Water reminders resumed; next reminder 14:00 (in 32 min)`.
    public func waterResumed(nextReminder: Date?) -> String {
        "Water reminders resumed; " + next(nextReminder)
    }

    /// Printed by `water resume` when no pause is in effect (nothing is written).
    public static let waterNotPaused = "Water reminders are not paused; nothing changed"

    /// `Water reminders w-7kq turned off`.
    public func waterOff(scheduleID: String) -> String {
        "Water reminders \(scheduleID) turned off"
    }

    /// `Reminder r-4tx at 15:00 (in 2 h): call mom`.
    public func reminderSet(_ reminder: OneOffReminder) -> String {
        "Reminder \(reminder.id) at \(display.clockAndRelative(reminder.due)): \(reminder.text)"
    }

    /// `Reminder r-4tx every weekdays 09:30, next remind/r-4tx/2027-03-29T09:30 at Mon 09:30 (in 2 d 22 h): stand-up`.
    public func recurringReminderSet(_ reminder: RecurringReminder, ruleText: String, next: NotificationRequest) -> String {
        "Reminder \(reminder.id) every \(ruleText), next \(next.identifier) at \(display.clockAndRelative(next.due)): \(reminder.text)"
    }

    /// `Reminder r-4tx replaced: due 15:00 (in 2 h): call mom`, for a reminder set with the id of
    /// one still pending.
    public func reminderReplaced(_ reminder: OneOffReminder) -> String {
        "Reminder \(reminder.id) replaced: due \(display.clockAndRelative(reminder.due)): \(reminder.text)"
    }

    /// `; note: 02:30 does not exist on 2027-03-14 in America/New_York (the clocks skip it), so
    /// it was moved to 03:00`: appended to the line of a change whose TIME fell in a
    /// daylight-saving gap.
    public func skippedTimeNote(_ reading: WallClockTime, on date: LocalDate, movedTo instant: Date) -> String {
        let moved = LocalTimeResolver.wallClock(of: instant, in: display.timeZone, calendar: display.calendar).time
        return "; note: \(reading) does not exist on \(display.date(date)) in \(display.timeZone.displayName) (the clocks skip it), so it was moved to \(moved)"
    }

    /// `Cancelled 3 pending notifications (f-3k9)`, `Cancelled fast/f-3k9/end`, or `Nothing to cancel`.
    public func cancelled(_ identifiers: [String], scope: String? = nil) -> String {
        switch identifiers.count {
        case 0: return "Nothing to cancel" + (scope.map { " (\($0))" } ?? "")
        case 1 where scope == nil: return "Cancelled \(identifiers[0])"
        default: return "Cancelled \(identifiers.count) pending \(identifiers.count == 1 ? "notification" : "notifications")" + (scope.map { " (\($0))" } ?? "")
        }
    }

    /// What still comes after a cancellation that skipped occurrences of a repeating schedule
    /// or fast (`nextRequests`, their next occurrences): `water reminders w-7kq stay on, next at
    /// 14:45 (in 45 min): turn them off with "chime water off"`; `nil` when nothing repeats.
    public func goesOn(after nextRequests: [NotificationRequest]) -> String? {
        var parts: [String] = []
        var groups: [String] = []
        for request in nextRequests where !groups.contains(request.group) {
            groups.append(request.group)
        }
        for group in groups {
            let requests = nextRequests.filter { $0.group == group }
            guard let next = requests.map(\.due).min() else { continue }
            if requests.contains(where: { $0.kind == .reminder }) {
                parts.append("reminder \(group) goes on, next at \(display.clockAndRelative(next)): end it with \"chime cancel \(group)\"")
            } else if requests.contains(where: { $0.kind == .water }) {
                parts.append("water reminders \(group) stay on, next at \(display.clockAndRelative(next)): turn them off with \"chime water off\"")
            } else {
                parts.append("fast \(group) repeats, the same reminder comes next at \(display.clockAndRelative(next)): end it with \"chime fast stop --id \(group)\"")
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
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
            "fast \(group) keeps running without its end notification: stop it with \"chime fast stop --id \(group)\""
        }.joined(separator: "; ")
    }

    /// `Snoozed remind/r-4tx until 15:10 (in 10 min)`.
    public func snoozed(_ identifier: String, until due: Date) -> String {
        "Snoozed \(identifier) until \(display.clockAndRelative(due))"
    }

    /// `fast.plan set to 18:6`.
    public func configSet(_ key: ConfigKey, _ value: ConfigValue) -> String {
        "\(key.name) set to \(value.storedText)"
    }

    /// `fast.plan unset: back to its default, 16:8`.
    public static func configUnset(_ key: ConfigKey) -> String {
        "\(key.name) unset: back to its default, \(key.defaultValue.storedText)"
    }

    /// Printed by `config unset` for a key with no stored value (nothing is written).
    public static func configNotSet(_ key: ConfigKey) -> String {
        "\(key.name) is not set: it has its default, \(key.defaultValue.storedText); nothing changed"
    }

    private func next(_ reminder: Date?) -> String {
        reminder.map { "next reminder \(display.clockAndRelative($0))" } ?? "no reminder to come"
    }
}
