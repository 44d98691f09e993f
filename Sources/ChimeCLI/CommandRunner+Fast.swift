import ChimeCore
import ChimeDesk
import ChimeStore
import FoundationEssentials

/// `chime fast start|stop|extend|status|history`.
extension CommandRunner {
    func startFast(_ options: Command.FastStart, now: Date) throws {
        let plan = try options.plan ?? defaultPlan()
        let (remindBefore, nudgeNote) = try options.remindBefore.map { ($0, "") } ?? defaultNudges(for: plan, now: now)
        var note = ""
        var at: Date?
        if case .at(let time) = options.start { (at, note) = resolve(time, now: now) }
        try commit(now: now) { desk, now in
            // Now and `--ago` count from the instant the change is decided at.
            let start: Date
            switch options.start {
            case .now: start = now
            case .at: start = at ?? now
            case .ago(let span): start = now.addingTimeInterval(-span.timeInterval)
            }
            return try desk.startFast(Desk.FastStart(
                plan: plan, remindBefore: remindBefore, id: options.id, tag: options.tag ?? "", start: start,
                repeating: options.repeating, replace: options.replace
            ), now: now)
        } lines: { started, now in
            let messages = messages(now)
            var line = messages.fastStarted(started.session, replaced: started.ended, discarded: started.discarded) + note + nudgeNote
            if let schedule = started.schedule { line += messages.repeatingOnLocalClock(schedule) }
            if !started.tookPlaceOf.isEmpty {
                line += messages.say(.takesPlaceOf, ["ids": started.tookPlaceOf.map(\.id).joined(separator: ", ")])
            }
            var lines = [line]
            if let next = started.nextScheduled {
                lines.append(messages.say(.nextScheduledFast, ["id": next.id, "start": display(now).clock(next.start)]))
            }
            return lines
        }
    }

    func stopFast(id: String?, at time: TimeSpecification? = nil, now: Date) throws {
        try commit(now: now) { desk, now in
            guard let time else { return try desk.stopFast(id: id, now: now) }
            let instant = time.resolve(now: now, timeZone: environment.timeZone, calendar: calendar, looking: .back)
            return try desk.stopFast(id: id, at: instant, now: now)
        } lines: { stopped, now in
            messages(now).fastStopped(stopped)
        }
    }

    func editFast(id: String, start: TimeSpecification?, end: TimeSpecification?, now: Date) throws {
        try commit(now: now) { desk, now in
            let (zone, calendar) = (environment.timeZone, calendar)
            let resolve = { (time: TimeSpecification) in time.resolve(now: now, timeZone: zone, calendar: calendar, looking: .back) }
            return try desk.editFast(id: id, start: start.map(resolve), end: end.map(resolve), now: now)
        } lines: { edited, now in
            [messages(now).fastEdited(edited.after)]
        }
    }

    func deleteFast(id: String, now: Date) throws {
        try commit(now: now) { desk, now in try desk.deleteFast(id: id, now: now) } lines: { deleted, now in
            switch deleted {
            case .deleted(let session): return [messages(now).fastDeleted(session)]
            case .skipped(let session): return [messages(now).scheduledFastDeleted(session)]
            case .skippedBeforeStart(let session, let next): return messages(now).fastStopped(.skipped(session, next: next))
            }
        }
    }

    func extendFast(by span: TimeSpan, id: String?, now: Date) throws {
        try commit(now: now) { desk, now in try desk.extendFast(by: span, id: id, now: now) } lines: { extended, now in
            [messages(now).fastExtended(extended, by: span)]
        }
    }

    func showFastStatus(id: String?, json: Bool, now: Date) throws {
        let desk = try desk()
        let session = try id.map { try desk.chosenSession(id: $0, in: try desk.fastTimeline(now: now), now: now) } ?? desk.currentFast(now: now)
        let report = FastStatusReport(session: session, display: display(now), judges: judgesFasts)
        if json {
            try writeJSON(report.json)
        } else {
            write(report.text(style: environment.style, width: environment.terminalWidth))
        }
    }

    func showFastHistory(days: Int, json: Bool, now: Date) throws {
        let display = display(now)
        // Reach back far enough for the streak, not only for the days summarised.
        let reach = max(days, 366)
        let since = display.startOfDay(display.today.adding(days: -reach, calendar: display.calendar))
        let history = FastHistory(records: try fastRecords(since: since, now: now), days: days, display: display, judges: judgesFasts)
        if json {
            try writeJSON(history.json)
        } else {
            write(history.text(style: environment.style, width: environment.terminalWidth))
        }
    }

    /// Fasts over by `now` that ended at or after `since`, followed by the fasts still running,
    /// as `fast history` and `export` show them (``Desk/fastRecords(since:now:)``).
    func fastRecords(since: Date, now: Date) throws -> [FastRecord] {
        try desk().fastRecords(since: since, now: now)
    }

    /// The `fast.plan` setting.
    private func defaultPlan() throws -> FastingPlan {
        if case .plan(let plan) = try setting(.fastPlan) { return plan }
        return .standard
    }

    /// The `fast.remind_before` setting.
    func defaultNudges() throws -> [TimeSpan] {
        if case .durations(let spans) = try setting(.fastRemindBefore) { return spans }
        return []
    }

    /// The nudges of the `fast.remind_before` setting that a fast of `plan` can show, and the
    /// note naming those left out: the setting is for every fast, so a short one is not refused
    /// for it (an explicit `--remind-before` is).
    func defaultNudges(for plan: FastingPlan, now: Date) throws -> ([TimeSpan], String) {
        let all = try defaultNudges()
        let unfit = all.filter { !plan.allowsNudge(before: $0) }
        guard !unfit.isEmpty else { return (all, "") }
        return (all.filter { plan.allowsNudge(before: $0) }, messages(now).defaultNudgesLeftOut(unfit, plan: plan))
    }
}
