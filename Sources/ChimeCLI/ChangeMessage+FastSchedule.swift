import ChimeCore
import Foundation

/// The lines of `chime fast schedule` and of fasts started on a schedule.
extension ChangeMessage {
    /// `Fast schedule fs-3k9 set: 16:8 at daily 20:00, both ends on the local clock (replaced fs-2ab)`.
    public func fastScheduleSet(_ schedule: FastSchedule, replaced: FastSchedule? = nil) -> String {
        var line = "Fast schedule \(schedule.id) set: \(schedule.plan.displayName) at \(schedule.ruleText), both ends on the local clock"
        if let replaced { line += " (replaced \(replaced.id), \(replaced.plan.displayName) at \(replaced.ruleText))" }
        return line
    }

    /// `Fast schedule fs-3k9 turned off (16:8 at daily 20:00); fast fs-3k9.20271201-2000 goes on until 12:00`.
    public func fastScheduleOff(_ schedule: FastSchedule, goingOn: FastingSession?) -> String {
        var line = "Fast schedule \(schedule.id) turned off (\(schedule.plan.displayName) at \(schedule.ruleText))"
        if let goingOn {
            line += "; fast \(goingOn.id) goes on until \(display.clock(goingOn.cycle(0).fastEnd)): stop it with 'chime fast stop'"
        }
        return line
    }

    /// `; 15 h fast: the clocks change tonight` for a scheduled fast that a daylight-saving
    /// change makes shorter or longer in real time; `""` otherwise.
    public func clockChangeNote(_ session: FastingSession) -> String {
        FastSchedule.clockChangeNote(for: session).map { "; \($0)" } ?? ""
    }

    /// `Fast f-3k9 started 20:00, ... ; it repeats daily on the local clock as fast schedule fs-3k9`.
    public func repeatingOnLocalClock(_ schedule: FastSchedule) -> String {
        "; it repeats \(schedule.ruleText) on the local clock as fast schedule \(schedule.id) (see 'chime fast schedule')"
    }
}
