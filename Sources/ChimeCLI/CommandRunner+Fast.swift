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
                throw CommandFailure(.dataError, .fastIDUsed, ["id": id])
            }
            let start: Date
            var note = ""
            switch options.start {
            case .now: start = now
            case .at(let time): (start, note) = resolve(time, now: now)
            case .ago(let span): start = now.addingTimeInterval(-span.timeInterval)
            }
            var session = FastingSession(
                id: id, plan: plan, start: start, tag: options.tag ?? "",
                mode: options.repeating ? .rolling : .single, remindBefore: remindBefore
            )
            let oldSchedule = try store.fastSchedule()
            // A repeating plan of exactly a day repeats on the local clock, as a fast schedule.
            var newSchedule: FastSchedule?
            if options.repeating, FastSchedule.isDaily(plan) {
                if let oldSchedule, !options.replace {
                    throw CommandFailure(.dataError, .fastScheduleIsSet, [
                        "id": oldSchedule.id, "plan": oldSchedule.plan.displayName, "rule": oldSchedule.ruleText,
                    ])
                }
                let schedule = try FastSchedule(
                    id: try generateID(prefix: "fs"), plan: plan,
                    ruleText: FastSchedule.dailyRuleText(at: start, timeZone: environment.timeZone, calendar: calendar),
                    start: start, tag: session.tag, remindBefore: remindBefore
                )
                var first = schedule.session(startingAt: start, timeZone: environment.timeZone, calendar: calendar)
                first.id = id
                session = first
                newSchedule = schedule
            }
            // Those running, and those a fast started in the past would overlap.
            var existing = try store.sessions(notEndedAt: now)
            for earlier in try store.sessions(fastedAfter: start, now: now) where !existing.contains(where: { $0.id == earlier.id }) {
                existing.append(earlier)
            }
            // A fast started by hand takes the place of the schedule's fasts not started yet: they
            // are made again after it, that day's left out.
            var change = ChangePlan()
            if let oldSchedule, newSchedule == nil {
                for waiting in existing where waiting.scheduleID == oldSchedule.id && waiting.status(at: now).phase == .scheduled {
                    change.merge(planner.delete(waiting))
                }
                existing.removeAll { change.deletedSessions.contains($0.id) }
            }
            let skipped = change.deletedSessions
            change.merge(try planner.start(session, existing: existing, replace: options.replace, now: now))
            if let newSchedule {
                if let oldSchedule {
                    change.merge(planner.remove(oldSchedule, occurrences: existing.filter { $0.scheduleID == oldSchedule.id }, now: now))
                }
                change.fastSchedules = [newSchedule]
            } else if oldSchedule != nil {
                change = try continuingSchedule(
                    after: change, replacedDay: LocalDate(of: start, in: environment.timeZone, calendar: calendar), now: now
                )
            }
            // The planner ends every running fast first; the new session comes after them.
            let started = change.sessions.firstIndex { $0.id == session.id } ?? change.sessions.endIndex
            let replaced = change.sessions[..<started].map(\.id)
            let discarded = change.deletedSessions.filter { !skipped.contains($0) }
            var line = messages(now).fastStarted(session, replaced: replaced, discarded: discarded) + note + nudgeNote
            if let newSchedule { line += messages(now).repeatingOnLocalClock(newSchedule) }
            if !skipped.isEmpty { line += messages(now).say(.takesPlaceOf, ["ids": skipped.joined(separator: ", ")]) }
            var lines = [line]
            if let next = change.sessions.last(where: { $0.scheduleID != nil && $0.id != session.id && $0.status(at: now).phase == .scheduled }) {
                lines.append(messages(now).say(.nextScheduledFast, ["id": next.id, "start": display(now).clock(next.start)]))
            }
            return (change, lines)
        }
    }

    func stopFast(id: String?, now: Date) throws {
        try commit(now: now) { now in
            let session = try chosenSession(id: id, now: now)
            var change = try planner.stop(session, now: now)
            // Stopping a scheduled fast skips it, not the schedule.
            if session.scheduleID != nil {
                change = try continuingSchedule(after: change, now: now)
            }
            let line: String
            if change.deletedSessions.contains(session.id) {
                line = messages(now).fastDiscarded(session)
            } else if let stopped = change.sessions.first(where: { $0.id == session.id })?.stoppedAt, stopped < now {
                // A repeating fast stopped just after a new cycle began: it ends where the cycle began.
                line = messages(now).fastStoppedAtCycleStart(session, at: stopped)
            } else {
                line = messages(now).fastStopped(session)
            }
            var lines = [line]
            if let next = change.sessions.first(where: { $0.scheduleID != nil && $0.id != session.id }) {
                lines.append(messages(now).say(.nextScheduledFast, ["id": next.id, "start": display(now).clock(next.start)]))
            }
            return (change, lines)
        }
    }

    func deleteFast(id: String, now: Date) throws {
        try commit(now: now) { now in
            guard let session = try store().session(id: id) else {
                throw CommandFailure(.dataError, .noFastWithIDHistory, ["id": id])
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
            let running = FastingSession.choosable(among: try store().sessions(notEndedAt: now), at: now)
            if running.count > 1 { throw severalRunning(running) }
            session = try currentSession(now: now)
        }
        let report = FastStatusReport(session: session, display: display(now))
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
                throw CommandFailure(.dataError, .noFastWithID, ["id": id])
            }
            return session
        }
        let running = FastingSession.choosable(among: try store.sessions(notEndedAt: now), at: now)
        guard let session = running.first else {
            throw CommandFailure(.dataError, .noFastRunning)
        }
        if running.count > 1 { throw severalRunning(running) }
        return session
    }

    private func severalRunning(_ sessions: [FastingSession]) -> CommandFailure {
        CommandFailure(.dataError, .fastsRunning, ["count": "\(sessions.count)", "ids": sessions.map(\.id).joined(separator: ", ")])
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
