import ChimeCore
import ChimeDesk
import ChimeStore
import FoundationEssentials

/// `chime fast schedule [PLAN RULE | off]`.
extension CommandRunner {
    func fastSchedule(_ action: Command.FastScheduleAction, now: Date) throws {
        switch action {
        case .show(let json): try showFastSchedule(json: json, now: now)
        case .off(let id): try turnFastScheduleOff(id: id, now: now)
        case .set(let plan, let ruleText, let evening): try setFastSchedule(plan, ruleText: ruleText, evening: evening, now: now)
        }
    }

    private func setFastSchedule(_ plan: FastingPlan, ruleText: String?, evening: WallClockTime?, now: Date) throws {
        // A fast day has no end to nudge before: the day's end is its end.
        let remindBefore = plan.fastDays == nil ? try defaultNudges(for: plan, now: now).0 : []
        try commit(now: now) { desk, now in
            try desk.setFastSchedule(plan: plan, ruleText: ruleText, evening: evening, remindBefore: remindBefore, now: now)
        } lines: { set, now in
            var lines = [messages(now).fastScheduleSet(set.schedule, replaced: set.replaced, alongside: set.alongside) + (try ruleZoneNote(now: now))]
            if let first = set.first {
                lines.append(messages(now).fastStarted(first) + messages(now).clockChangeNote(first))
            }
            return lines
        }
    }

    private func turnFastScheduleOff(id: String?, now: Date) throws {
        try commit(now: now) { desk, now in try desk.turnFastScheduleOff(id: id, now: now) } lines: { off, now in
            switch off {
            case .nothingOn: return [messages(now).say(id == nil ? .noScheduleToTurnOff : .noScheduleWithID, ["id": id ?? ""])]
            case .ended(let schedules, let goingOn):
                return schedules.map { schedule in
                    messages(now).fastScheduleOff(schedule, goingOn: goingOn.first { $0.scheduleID == schedule.id })
                }
            }
        }
    }

    private func showFastSchedule(json: Bool, now: Date) throws {
        let desk = try desk()
        let report = FastScheduleReport(schedules: try desk.fastSchedulesNow(now: now), display: display(now), ruleTimeZone: desk.timeZone)
        if json {
            try writeJSON(report.json)
        } else {
            write(report.text)
        }
    }
}
