import ChimeCore
import FoundationEssentials

/// The lines of `chime fast schedule` and of fasts started on a schedule.
extension ChangeMessage {
    /// `Fast schedule fs-3k9 set: 16:8 at daily 20:00, both ends on the local clock (replaced fs-2ab)`.
    public func fastScheduleSet(_ schedule: FastSchedule, replaced: [FastSchedule] = [], alongside: [FastSchedule] = []) -> String {
        var line = say(schedule.plan.fastDays == nil ? .fastScheduleSet : .fastDaysScheduleSet, [
            "id": schedule.id, "plan": schedule.plan.displayName, "rule": schedule.ruleText,
        ])
        for old in replaced {
            line += say(.fastScheduleReplaced, ["id": old.id, "plan": old.plan.displayName, "rule": old.ruleText])
        }
        if !alongside.isEmpty {
            line += say(.fastScheduleAlongside, ["ids": alongside.map(\.id).joined(separator: ", ")])
        }
        return line
    }

    /// `Fast schedule fs-3k9 turned off (16:8 at daily 20:00); fast fs-3k9.20271201-2000 goes on until 12:00`.
    public func fastScheduleOff(_ schedule: FastSchedule, goingOn: FastingSession?) -> String {
        var line = say(.fastScheduleOff, ["id": schedule.id, "plan": schedule.plan.displayName, "rule": schedule.ruleText])
        if let goingOn {
            line += say(.fastGoesOn, ["id": goingOn.id, "end": display.clock(goingOn.cycle(0).fastEnd)])
        }
        return line
    }

    /// `; 15 h fast: the clocks change tonight` for a scheduled fast that a daylight-saving
    /// change makes shorter or longer in real time (`...: the clocks change during it` when the
    /// change is more than a day away, `...: the clocks changed during it` once it is behind);
    /// `""` otherwise.
    public func clockChangeNote(_ session: FastingSession) -> String {
        guard let hours = FastSchedule.realHours(of: session) else { return "" }
        let note: CommandText = switch FastSchedule.clockChange(now: display.now, fastEnd: session.cycle(0).fastEnd, in: display.timeZone) {
        case .tonight: .clockChangeNote
        case .ahead: .clockChangeAheadNote
        case .past: .clockChangedNote
        }
        return say(note, ["hours": hours])
    }

    /// `Fast f-3k9 started 20:00, ... ; it repeats daily on the local clock as fast schedule fs-3k9`.
    public func repeatingOnLocalClock(_ schedule: FastSchedule) -> String {
        say(.repeatsOnLocalClock, ["rule": schedule.ruleText, "id": schedule.id])
    }
}
