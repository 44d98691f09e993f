import ChimeCore
import ChimeStore
import Foundation

/// `chime fast start|stop|extend|status|history`.
extension CommandRunner {
    func startFast(_ options: Command.FastStart, now: Date) throws {
        let store = try store()
        let plan = try options.plan ?? defaultPlan()
        let (remindBefore, nudgeNote) = try options.remindBefore.map { ($0, "") } ?? defaultNudges(for: plan, now: now)
        if let id = options.id {
            try refuseIDOfAnotherKind(id, for: .fast, now: now)
        }
        let id = try options.id ?? generateID(prefix: "f")
        // Reusing the id of a fast that is over would overwrite it in the history.
        if options.id != nil, !options.replace, let earlier = try store.session(id: id), earlier.status(at: now).phase == .ended {
            throw CommandFailure(.dataError, "there already was a fast with id \"\(id)\": choose another id, or add --replace to overwrite it")
        }
        let start: Date
        var note = ""
        switch options.start {
        case .now: start = now
        case .at(let time): (start, note) = resolve(time, now: now)
        case .ago(let span): start = now.addingTimeInterval(-span.timeInterval)
        }
        let session = FastingSession(
            id: id, plan: plan, start: start, tag: options.tag ?? "",
            mode: options.repeating ? .rolling : .single, remindBefore: remindBefore
        )
        let change = try planner.start(session, existing: try store.sessions(notEndedAt: now), replace: options.replace, now: now)
        // The planner ends every running fast first; the new session comes last.
        let replaced = change.sessions.dropLast().map(\.id)
        try commit(change, now: now, lines: [messages(now).fastStarted(session, replaced: replaced) + note + nudgeNote])
    }

    func stopFast(id: String?, now: Date) throws {
        let session = try chosenSession(id: id, now: now)
        let change = try planner.stop(session, now: now)
        try commit(change, now: now, lines: [messages(now).fastStopped(session)])
    }

    func extendFast(by span: TimeSpan, id: String?, now: Date) throws {
        let session = try chosenSession(id: id, now: now)
        let change = try planner.extend(session, by: span, now: now)
        let extended = change.sessions.first { $0.id == session.id } ?? session
        try commit(change, now: now, lines: [messages(now).fastExtended(extended, by: span)])
    }

    func showFastStatus(id: String?, json: Bool, now: Date) throws {
        let session: FastingSession?
        if let id {
            session = try chosenSession(id: id, now: now)
        } else {
            let running = try store().sessions(notEndedAt: now)
            if running.count > 1 { throw severalRunning(running) }
            session = try currentSession(now: now)
        }
        let report = FastStatusReport(session: session, display: display(now))
        if json {
            try writeJSON(report.json)
        } else {
            write(report.text(style: environment.style))
        }
    }

    func showFastHistory(days: Int, json: Bool, now: Date) throws {
        let display = display(now)
        // Reach back far enough for the streak, not only for the days summarised.
        let reach = max(days, 366)
        let since = display.startOfDay(display.today.adding(days: -reach, calendar: display.calendar))
        let history = FastHistory(records: try fastRecords(since: since, now: now), days: days, display: display)
        if json {
            try writeJSON(history.json)
        } else {
            write(history.text(style: environment.style, width: environment.terminalWidth))
        }
    }

    /// Fasts over by `now` that ended at or after `since` (from the store's history), followed
    /// by the fasts still running, as `fast history` and `export` show them.
    func fastRecords(since: Date, now: Date) throws -> [FastRecord] {
        let store = try store()
        let finished = try store.fastHistory(since: since, now: now)
        let running = FastRecord.records(from: try store.sessions(notEndedAt: now), now: now, since: since).filter { !$0.isFinished }
        return finished + running
    }

    /// The fast `id` names, or without an id the one running fast.
    func chosenSession(id: String?, now: Date) throws -> FastingSession {
        let store = try store()
        if let id {
            guard let session = try store.session(id: id) else {
                throw CommandFailure(.dataError, "no fast has the id \"\(id)\": see \"chime fast history\" or \"chime status\"")
            }
            return session
        }
        let running = try store.sessions(notEndedAt: now)
        guard let session = running.first else {
            throw CommandFailure(.dataError, "no fast is running: start one with \"chime fast start\"")
        }
        if running.count > 1 { throw severalRunning(running) }
        return session
    }

    private func severalRunning(_ sessions: [FastingSession]) -> CommandFailure {
        CommandFailure(.dataError, "\(sessions.count) fasts are running (\(sessions.map(\.id).joined(separator: ", "))): choose one with --id")
    }

    /// The `fast.plan` setting.
    private func defaultPlan() throws -> FastingPlan {
        if case .plan(let plan) = try setting(.fastPlan) { return plan }
        return .standard
    }

    /// The `fast.remind_before` setting.
    private func defaultNudges() throws -> [TimeSpan] {
        if case .durations(let spans) = try setting(.fastRemindBefore) { return spans }
        return []
    }

    /// The nudges of the `fast.remind_before` setting that a fast of `plan` can show, and the
    /// note naming those left out: the setting is for every fast, so a short one is not refused
    /// for it (an explicit `--remind-before` is).
    private func defaultNudges(for plan: FastingPlan, now: Date) throws -> ([TimeSpan], String) {
        let all = try defaultNudges()
        let unfit = all.filter { !plan.allowsNudge(before: $0) }
        guard !unfit.isEmpty else { return (all, "") }
        return (all.filter { plan.allowsNudge(before: $0) }, messages(now).defaultNudgesLeftOut(unfit, plan: plan))
    }
}
