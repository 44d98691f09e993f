import ChimeBubbleText
import ChimeCore
import ChimeDesk
import ChimeStore
import FoundationEssentials

/// `chime remind`, `list`, `cancel`, `snooze` and `export`.
extension CommandRunner {
    /// Sets a reminder saying `text` at `due`; with the id of a reminder still pending, replaces it
    /// (and says so).
    ///
    /// `due` gives the time from the instant the change is decided: `remind in` counts from it,
    /// so the line it prints says the span typed however long the store took to open.
    func remind(_ text: String, at due: (Date) -> Date, id: String?, nag: TimeSpan? = nil, urgency: ConfigValue.Urgency? = nil, note: String = "", now: Date) throws {
        // Said here at once, before the store is opened: the desk refuses it too.
        guard due(now) > now else { throw DeskRefusal.reminderTimePassed(due: due(now)) }
        try commit(now: now) { desk, now in
            try desk.remind(text, at: due(now), id: id, nag: nag, urgency: urgency?.rawValue, now: now)
        } lines: { set, now in
            let line = set.replaced ? messages(now).reminderReplaced(set.reminder) : messages(now).reminderSet(set.reminder)
            return [line + note]
        }
    }

    /// Sets a reminder at each occurrence of a rule; only the next one is pending.
    func remindEvery(_ options: Command.RemindEvery, now: Date) throws {
        var rule = options.rule
        if options.until != nil || options.count != nil, rule.until != nil || rule.count != nil {
            throw DeskRefusal.ruleAlreadyEnds(rule: options.ruleText)
        }
        // A --from or --until the clocks skip is moved, and the line says so, as for remind at.
        var moved = ""
        if let until = options.until {
            let resolved = resolve(until, now: now)
            rule.until = .instant(resolved.instant)
            moved += resolved.note
        }
        if let count = options.count { rule.count = count }
        let from = options.from.map { time in
            let resolved = resolve(time, now: now)
            moved = resolved.note + moved
            return resolved.instant
        }
        let intent = Desk.RecurringReminderIntent(
            text: options.text, ruleText: options.ruleText, rule: rule, from: from, id: options.id, nag: options.nag, urgency: options.urgency?.rawValue
        )
        try commit(now: now) { desk, now in try desk.remindEvery(intent, now: now) } lines: { set, now in
            let note = try ruleZoneNote(now: now) + moved
            if set.replaced != nil {
                return [messages(now).recurringReminderReplaced(set.reminder, ruleText: options.ruleText, next: set.next) + note]
            }
            return [messages(now).recurringReminderSet(set.reminder, ruleText: options.ruleText, next: set.next) + note]
        }
    }

    func list(group: String?, json: Bool, now: Date) throws {
        // A group that names nothing is a mistyped id, not an empty list.
        if let group, try !desk().namesSomething(group, now: now), try store().pendingRequests(inGroup: group).isEmpty {
            throw CommandFailure(.dataError, .unknownGroup, ["id": group])
        }
        if json {
            // Streamed in the store's order (soonest first), one row at a time: the output of
            // 100,000 notifications is never held whole.
            var writer = JSONArrayWriter(encoder: OrderedJSONEncoder(prettyPrinted: true), output: environment.output)
            let renderer = NotificationRenderer(language: notificationLanguage())
            try desk().forEachPendingToShow(inGroup: group, now: now) { stored in
                let element = pendingNotification(of: stored, now: now, renderer: renderer).json(in: environment.timeZone)
                return writer.append(writtenBy: element.writePrettyElement)
            }
            writer.finish()
            return
        }
        let pending = try pendingNotifications(inGroup: group, now: now)
        if let group, pending.isEmpty {
            write(CommandText.nothingPendingInGroup.text(language, ["id": group]))
            return
        }
        write(PendingNotification.table(pending, display: display(now), style: environment.style, width: environment.terminalWidth))
    }

    func cancel(_ target: Command.CancelTarget, now: Date) throws {
        let deskTarget: Desk.CancelTarget
        switch target {
        case .references(let references): deskTarget = .references(references.map(\.deskReference))
        case .group(let id): deskTarget = .group(id)
        case .all: deskTarget = .all
        }
        try commit(now: now) { desk, now in try desk.cancel(deskTarget, now: now) } lines: { cancelled, now in
            [messages(now).cancelled(cancelled)]
        }
    }

    func snooze(_ reference: PendingReference, by span: TimeSpan, now: Date) throws {
        try commit(now: now) { desk, now in try desk.snooze(reference.deskReference, by: span, now: now) } lines: { request, now in
            let line = messages(now).snoozed(request.identifier, until: request.due)
            // A calendar alarm stopped at its item's start says so.
            if request.kind == .calendarAlarm, CalendarAlarmRequest.start(of: request) == request.due {
                return [CalendarCommandText.snoozedToStart.text(language, ["line": line])]
            }
            return [line]
        }
    }

    func export(format: Command.ExportFormat, what: Command.ExportSubject, now: Date) throws {
        let zone = environment.timeZone
        switch what {
        case .fasts:
            write(try ExportDocument.fasts(try fastRecords(since: .distantPast, now: now), format: format, timeZone: zone))
        case .water:
            let intakes = try store().intakes(since: .distantPast).map { LoggedWater(scheduleID: $0.scheduleID, intake: $0.intake) }
            let window = try store().waterSchedules().first?.window
            write(try ExportDocument.water(intakes, window: window, format: format, timeZone: zone, unit: waterUnit))
        case .pending:
            write(try ExportDocument.pending(try pendingNotifications(inGroup: nil, now: now), format: format, timeZone: zone))
        }
    }

    /// The requests still to be shown as chimed would have them by `now` (``Desk/pendingToShow(inGroup:now:)``),
    /// with their texts as the notification will show them.
    func pendingNotifications(inGroup group: String?, now: Date) throws -> [PendingNotification] {
        let renderer = NotificationRenderer(language: notificationLanguage())
        return try desk().pendingToShow(inGroup: group, now: now).map { pendingNotification(of: $0, now: now, renderer: renderer) }
    }

    /// One stored request as `list` shows it; `renderer` when rows are many (the language is
    /// then read from the environment once).
    func pendingNotification(of stored: StoredRequest, now: Date, renderer: NotificationRenderer? = nil) -> PendingNotification {
        let text = renderedText(of: stored.request, now: now, renderer: renderer)
        return PendingNotification(request: stored.request, title: text.title, body: text.body, state: stored.state.rawValue)
    }

    /// Title and body of `request` as its bubble will show them: rendered by chimed's renderer
    /// as of its due time (or of `now` once overdue, in the late wording it would then get).
    func renderedText(of request: NotificationRequest, now: Date, renderer: NotificationRenderer? = nil) -> (title: String, body: String) {
        let job = DeliveryJob(request: request, now: max(now, request.due), timeZone: environment.timeZone, waterUnit: waterUnit)
        do {
            let rendered = try (renderer ?? NotificationRenderer(language: notificationLanguage())).render(job)
            return (rendered.title, rendered.plainBody)
        } catch {
            // Stored text the renderer refuses would also be refused at delivery: say so.
            return (request.kind.rawValue, CommandText.cannotBeShown.text(language, ["error": "\(error)"]))
        }
    }

    /// The language the bubbles are written in: the invocation's one language (the `language`
    /// setting when it fixes one, as chimed reads it, else this process's locale variables).
    func notificationLanguage() -> NotificationLanguage {
        language
    }

}
