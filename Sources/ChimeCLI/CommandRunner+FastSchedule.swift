import ChimeCore
import ChimeStore
import Foundation

/// `chime fast schedule [PLAN RULE | off]`.
extension CommandRunner {
    func fastSchedule(_ action: Command.FastScheduleAction, now: Date) throws {
        switch action {
        case .show(let json): try showFastSchedule(json: json, now: now)
        case .off: try turnFastScheduleOff(now: now)
        case .set(let plan, let ruleText): try setFastSchedule(plan, ruleText: ruleText, now: now)
        }
    }

    /// `change` with the fast schedule's next occurrence added when none would be waiting
    /// (``Store/continuingFastSchedule(after:planner:replacedDay:skippedEnd:now:timeZone:calendar:)``, as chimed applies it).
    func continuingSchedule(after change: ChangePlan, replacedDay: LocalDate? = nil, skippedEnd: String? = nil, now: Date) throws -> ChangePlan {
        try store().continuingFastSchedule(
            after: change, planner: planner, replacedDay: replacedDay, skippedEnd: skippedEnd,
            now: now, timeZone: environment.timeZone, calendar: calendar
        )
    }

    private func setFastSchedule(_ plan: FastingPlan, ruleText: String, now: Date) throws {
        try commit(now: now) { now in
            let store = try store()
            let running = try store.sessions(notEndedAt: now)
            if let rolling = running.first(where: { $0.mode == .rolling }) {
                throw CommandFailure(.dataError, .rollingOverlapsSchedule, ["id": rolling.id])
            }
            let old = try store.fastSchedule()
            let schedule = try FastSchedule(
                id: try generateID(prefix: "fs"), plan: plan, ruleText: ruleText, start: now, remindBefore: try defaultNudges(for: plan, now: now).0
            )
            let occurrences = try old.map { old throws in try store.sessions(ofSchedule: old.id, startingAtOrAfter: now) } ?? []
            let change = try planner.setSchedule(
                schedule, replacing: old, oldOccurrences: occurrences, sessions: running,
                now: now, timeZone: environment.timeZone, calendar: calendar
            )
            var lines = [messages(now).fastScheduleSet(schedule, replaced: old)]
            if let first = change.sessions.last(where: { $0.scheduleID == schedule.id }) {
                lines.append(messages(now).fastStarted(first) + messages(now).clockChangeNote(first))
            }
            return (change, lines)
        }
    }

    private func turnFastScheduleOff(now: Date) throws {
        try commit(now: now) { now in
            let store = try store()
            guard let schedule = try store.fastSchedule() else {
                return (ChangePlan(), [messages(now).say(.noScheduleToTurnOff)])
            }
            let occurrences = try store.sessions(ofSchedule: schedule.id, startingAtOrAfter: .distantPast)
            let change = planner.remove(schedule, occurrences: occurrences, now: now)
            let goingOn = occurrences.first { $0.status(at: now).phase == .fasting }
            return (change, [messages(now).fastScheduleOff(schedule, goingOn: goingOn)])
        }
    }

    private func showFastSchedule(json: Bool, now: Date) throws {
        let store = try store()
        let schedule = try store.fastSchedule()
        let next = try schedule.flatMap { schedule throws in
            try store.sessions(notEndedAt: now).first { $0.scheduleID == schedule.id }
        }
        let report = FastScheduleReport(schedule: schedule, current: next, display: display(now))
        if json {
            try writeJSON(report.json)
        } else {
            write(report.text)
        }
    }
}
