import ChimeCore
import ChimeDaemon
import Foundation

extension CommandRunner {
    /// Acknowledges a nagging reminder's occurrence: it stops coming back and is recorded done.
    func done(_ reference: String, now: Date) throws {
        try commit(now: now) { now in
            let store = try store()
            let followUps = FollowUpPlanner(planner: planner, intakeLookback: Self.intakeLookback, store: store)
            let plan = try followUps.acknowledge(reference, now: now, timeZone: environment.timeZone)
            guard let record = plan.reminderOccurrences.first else { return (plan, []) }
            let outcome = record.outcome == .doneOnTime ? "done on time" : "done late"
            var line = "\(record.identifier) \(outcome)"
            if let next = plan.requests.first {
                line += ", next \(next.identifier) at \(display(now).clockAndRelative(next.due))"
            }
            return (plan, [line])
        }
    }

    /// Shows what became of nagging reminders' occurrences in the last `days` days.
    func showReminderHistory(id: String?, days: Int, json: Bool, now: Date) throws {
        let display = display(now)
        let since = display.startOfDay(display.today.adding(days: -(days - 1), calendar: display.calendar))
        let history = ReminderHistory(occurrences: try store().reminderOccurrences(reminderID: id, since: since), display: display)
        if json {
            try writeJSON(history.json)
        } else {
            write(history.text)
        }
    }
}
