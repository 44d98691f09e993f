import ChimeCore
import Foundation

extension CommandRunner {
    /// Acknowledges a nagging reminder's occurrence: it stops coming back and is recorded done.
    func done(_ reference: String, now: Date) throws {
        try commit(now: now) { now in
            let store = try store()
            let stored = try store.nagShowing(named: reference)
            let recorded = try stored.flatMap { try store.reminderOccurrence(identifier: $0.request.identifier)?.outcome }
            let plan = try planner.acknowledge(
                stored?.request, named: reference, recorded: recorded, isLive: stored?.state.isLive ?? false,
                now: now, timeZone: environment.timeZone, calendar: calendar
            )
            guard let record = plan.reminderOccurrences.first else { return (plan, []) }
            let outcome: CommandText = record.outcome == .doneOnTime ? .outcomeOnTime : .outcomeLate
            var line = messages(now).say(.acknowledged, ["identifier": record.identifier, "outcome": messages(now).say(outcome)])
            if let next = plan.requests.first {
                line += messages(now).say(.nextOccurrence, ["identifier": next.identifier, "due": display(now).clockAndRelative(next.due)])
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
