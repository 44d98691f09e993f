import ChimeCore
import ChimeDesk
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

    private func setFastSchedule(_ plan: FastingPlan, ruleText: String, now: Date) throws {
        let remindBefore = try defaultNudges(for: plan, now: now).0
        try commit(now: now) { desk, now in
            try desk.setFastSchedule(plan: plan, ruleText: ruleText, remindBefore: remindBefore, now: now)
        } lines: { set, now in
            var lines = [messages(now).fastScheduleSet(set.schedule, replaced: set.replaced) + (try ruleZoneNote(now: now))]
            if let first = set.first {
                lines.append(messages(now).fastStarted(first) + messages(now).clockChangeNote(first))
            }
            return lines
        }
    }

    private func turnFastScheduleOff(now: Date) throws {
        try commit(now: now) { desk, now in try desk.turnFastScheduleOff(now: now) } lines: { off, now in
            switch off {
            case .nothingOn: return [messages(now).say(.noScheduleToTurnOff)]
            case .ended(let schedule, let goingOn): return [messages(now).fastScheduleOff(schedule, goingOn: goingOn)]
            }
        }
    }

    private func showFastSchedule(json: Bool, now: Date) throws {
        let desk = try desk()
        let shown = try desk.fastScheduleNow(now: now)
        let report = FastScheduleReport(schedule: shown.schedule, current: shown.current, display: display(now), ruleTimeZone: desk.timeZone)
        if json {
            try writeJSON(report.json)
        } else {
            write(report.text)
        }
    }
}
