import ChimeCore
import ChimeDesk
import FoundationEssentials

extension CommandRunner {
    /// Acknowledges a nagging reminder's occurrence: it stops coming back and is recorded done.
    func done(_ reference: String, now: Date) throws {
        try commit(now: now) { desk, now in try desk.done(reference, now: now) } lines: { done, now in
            guard let record = done.record else { return [] }
            let outcome: CommandText = record.outcome == .doneOnTime ? .outcomeOnTime : .outcomeLate
            var line = messages(now).say(.acknowledged, ["identifier": record.identifier, "outcome": messages(now).say(outcome)])
            if let next = done.next {
                line += messages(now).say(.nextOccurrence, ["identifier": next.identifier, "due": display(now).clockAndRelative(next.due)])
            }
            return [line]
        }
    }

    /// Changes a reminder's text, time or rule by its id (`remind edit`), keeping its history.
    func editReminder(_ options: Command.RemindEdit, now: Date) throws {
        let due = options.at.map { resolve($0, now: now) }
        var rule: (text: String, rule: RecurrenceRule)?
        if let text = options.ruleText, let read = options.rule { rule = (text, read) }
        try commit(now: now) { desk, now in
            try desk.editReminder(options.id, Desk.ReminderChange(text: options.text, due: due?.instant, rule: rule), now: now)
        } lines: { edited, now in
            [messages(now).reminderEdited(edited) + (due?.note ?? "")]
        }
    }

    /// Shows what became of every reminder's occurrences due in the last `days` days.
    func showReminderHistory(id: String?, days: Int, json: Bool, now: Date) throws {
        let display = display(now)
        let since = display.startOfDay(display.today.adding(days: -(days - 1), calendar: display.calendar))
        let desk = try desk()
        // What became of each occurrence as chimed would have recorded it by now, whether or not it ran.
        let occurrences = try desk.readingDerived(now: now) { try desk.reminderHistory(id: id, since: since, now: now) }
        let history = ReminderHistory(occurrences: occurrences, display: display, days: days)
        if json {
            try writeJSON(history.json)
        } else {
            write(history.text(width: environment.terminalWidth))
        }
    }

    /// Shows the recurring reminders with their rules, next occurrences and how many are left.
    func showRecurringReminders(all: Bool, json: Bool, now: Date) throws {
        let desk = try desk()
        // As chimed would have them by now, whether or not it ran.
        let reminders = try desk.readingDerived(now: now) { try desk.recurringReminders(now: now, includingEnded: all) }
        let list = RecurringReminderList(reminders: reminders, display: display(now))
        if json {
            try writeJSON(list.json)
        } else {
            write(list.text(style: environment.style, width: environment.terminalWidth))
        }
    }
}
