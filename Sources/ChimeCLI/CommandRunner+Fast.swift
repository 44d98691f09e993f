import ChimeCore
import ChimeStore
import Foundation

/// `chime fast start|stop|extend|status|history`.
extension CommandRunner {
    func startFast(_ options: Command.FastStart, now: Date) throws {
        try commit(now: now) { now in
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
            // Those running, and those a fast started in the past would overlap.
            var existing = try store.sessions(notEndedAt: now)
            for earlier in try store.sessions(fastedAfter: start, now: now) where !existing.contains(where: { $0.id == earlier.id }) {
                existing.append(earlier)
            }
            let change = try planner.start(session, existing: existing, replace: options.replace, now: now)
            // The planner ends every running fast first; the new session comes last.
            let replaced = change.sessions.dropLast().map(\.id)
            return (change, [messages(now).fastStarted(session, replaced: replaced, discarded: change.deletedSessions) + note + nudgeNote])
        }
    }

    func stopFast(id: String?, now: Date) throws {
        try commit(now: now) { now in
            let session = try chosenSession(id: id, now: now)
            let change = try planner.stop(session, now: now)
            let line: String
            if change.deletedSessions.contains(session.id) {
                line = messages(now).fastDiscarded(session)
            } else if let stopped = change.sessions.first(where: { $0.id == session.id })?.stoppedAt, stopped < now {
                // A repeating fast stopped just after a new cycle began: it ends where the cycle began.
                line = messages(now).fastStoppedAtCycleStart(session, at: stopped)
            } else {
                line = messages(now).fastStopped(session)
            }
            return (change, [line])
        }
    }

    func deleteFast(id: String, now: Date) throws {
        try commit(now: now) { now in
            guard let session = try store().session(id: id) else {
                throw CommandFailure(.dataError, "no fast has the id \"\(id)\": see \"chime fast history --json\" for the ids")
            }
            return (planner.delete(session), [messages(now).fastDeleted(session)])
        }
    }

    func extendFast(by span: TimeSpan, id: String?, now: Date) throws {
        try commit(now: now) { now in
            let session = try chosenSession(id: id, now: now)
            let change = try planner.extend(session, by: span, now: now)
            let extended = change.sessions.first { $0.id == session.id } ?? session
            return (change, [messages(now).fastExtended(extended, by: span)])
        }
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
