import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import Foundation

/// `chime remind`, `list`, `cancel`, `snooze` and `export`.
extension CommandRunner {
    /// Sets a reminder saying `text` at `due`; with the id of a reminder still pending, replaces it
    /// (and says so).
    func remind(_ text: String, at due: Date, id: String?, note: String = "", now: Date) throws {
        // Said here in the local zone; the planner would refuse it too, in UTC.
        guard due > now else {
            throw CommandFailure(.dataError, "the reminder time \(display(now).clock(due)) has already passed: choose a time in the future")
        }
        let reminderID: String
        var replacesPending = false
        if let id {
            try refuseIDOfAnotherKind(id, for: .reminder, now: now)
            replacesPending = try store().reminder(id: id) != nil
                && store().request(identifier: RequestIdentifier.reminder(id: id))?.state.isLive == true
            reminderID = id
        } else {
            reminderID = try generateID(prefix: "r")
        }
        let reminder = OneOffReminder(id: reminderID, text: text, due: due)
        let change = try planner.remind(reminder, now: now)
        let line = replacesPending ? messages(now).reminderReplaced(reminder) : messages(now).reminderSet(reminder)
        try commit(change, now: now, lines: [line + note])
    }

    func list(group: String?, json: Bool, now: Date) throws {
        if json {
            // Streamed in the store's order (soonest first), one row at a time: the output of
            // 100,000 notifications is never held whole.
            var writer = JSONArrayWriter(encoder: OrderedJSONEncoder(prettyPrinted: true), output: environment.output)
            let renderer = NotificationRenderer(language: notificationLanguage())
            try store().forEachPendingRequest(inGroup: group) { stored in
                let element = pendingNotification(of: stored, now: now, renderer: renderer).json(in: environment.timeZone)
                return writer.append(writtenBy: element.writePrettyElement)
            }
            writer.finish()
            return
        }
        let pending = try pendingNotifications(inGroup: group, now: now)
        write(PendingNotification.table(pending, display: display(now), style: environment.style, width: environment.terminalWidth))
    }

    func cancel(_ target: Command.CancelTarget, now: Date) throws {
        let store = try store()
        var change = ChangePlan()
        var cancelledRequests: [NotificationRequest] = []
        var scope: String?
        /// The pending requests of group `id`; throws when `id` names nothing at all.
        func pendingGroup(_ id: String) throws -> [NotificationRequest] {
            let pending = try store.pendingRequests(inGroup: id)
            if pending.isEmpty, try !namesSomething(id) {
                throw CommandFailure.unknownReference(id)
            }
            return pending.map(\.request)
        }
        switch target {
        case .references(let references):
            // Every reference is checked before anything is cancelled: one unknown id cancels nothing.
            for reference in references {
                switch reference {
                case .request(let identifier):
                    guard let stored = try store.request(identifier: identifier), stored.state.isLive else {
                        throw CommandFailure.unknownReference(identifier)
                    }
                    change.cancelledIdentifiers.append(identifier)
                    cancelledRequests.append(stored.request)
                case .group(let id):
                    cancelledRequests += try pendingGroup(id)
                    change.cancelledGroups.append(id)
                }
            }
            if references.count == 1, case .group(let id) = references[0] { scope = id }
        case .group(let id):
            cancelledRequests = try pendingGroup(id)
            change.cancelledGroups = [id]
            scope = id
        case .all:
            cancelledRequests = try store.pendingRequests().map(\.request)
            change.cancelledGroups = unique(cancelledRequests.map(\.group))
            scope = "all"
        }
        let cancelled = unique(cancelledRequests.map(\.identifier))
        var line = messages(now).cancelled(cancelled, scope: scope)
        guard !cancelled.isEmpty else {
            write(line)
            return
        }
        // A water schedule that stays on and a rolling fast that goes on keep their next
        // occurrence: cancelling skips one, it does not silence them (that is `water off`,
        // `fast stop`).
        let followUps = FollowUpPlanner(planner: planner, intakeLookback: Self.intakeLookback, store: store)
        var seen = Set(cancelled)
        for request in cancelledRequests {
            for next in try followUps.occurrencesAfterSkipping(request, now: now, timeZone: environment.timeZone)
            where seen.insert(next.identifier).inserted {
                change.requests.append(next)
            }
        }
        if let goesOn = messages(now).goesOn(after: change.requests) {
            line += "; " + goesOn
        }
        if let runsOn = messages(now).fastsRunOn(afterCancelling: cancelledRequests, next: change.requests) {
            line += "; " + runsOn
        }
        do {
            try commit(change, now: now, lines: [line])
        } catch let error as StoreError where error.kind == .notFound {
            // Shown or cancelled by someone else since the check: the store rolled back.
            throw CommandFailure.unknownReference(change.cancelledIdentifiers.first ?? cancelled[0])
        }
    }

    func snooze(_ reference: PendingReference, by span: TimeSpan, now: Date) throws {
        let store = try store()
        let stored: StoredRequest
        switch reference {
        case .request(let identifier):
            // A notification already shown can be snoozed too: that is what snoozing is mostly
            // for. Only one the user cancelled stays cancelled.
            guard let found = try store.request(identifier: identifier), found.state != .cancelled else {
                throw CommandFailure.unknownReference(identifier)
            }
            stored = found
        case .group(let id):
            // An id snoozes the group's next notification (a reminder has exactly one).
            guard let next = try store.pendingRequests(inGroup: id).first else {
                throw CommandFailure.unknownReference(id)
            }
            stored = next
        }
        // Later than it would have come: a notification still to come moves from its due time
        // (from now, it could come sooner, as when the next one is due in an hour and is
        // snoozed by 15 min), one already due or shown comes back DURATION from now.
        let due = max(stored.request.due, now).addingTimeInterval(span.timeInterval)
        let request = Self.moved(stored.request, to: due)
        var change = ChangePlan()
        change.requests = [request]
        if request.kind == .reminder, var reminder = try store.reminder(id: request.group) {
            reminder.due = due
            change.reminders = [reminder]
        }
        try commit(change, now: now, lines: [messages(now).snoozed(request.identifier, until: due)])
    }

    func export(format: Command.ExportFormat, what: Command.ExportSubject, now: Date) throws {
        let zone = environment.timeZone
        switch what {
        case .fasts:
            write(try ExportDocument.fasts(try fastRecords(since: .distantPast, now: now), format: format, timeZone: zone))
        case .water:
            let intakes = try store().intakes(since: .distantPast).map { LoggedWater(scheduleID: $0.scheduleID, intake: $0.intake) }
            write(try ExportDocument.water(intakes, format: format, timeZone: zone))
        case .pending:
            write(try ExportDocument.pending(try pendingNotifications(inGroup: nil, now: now), format: format, timeZone: zone))
        }
    }

    /// The pending (and delivering) requests, with their texts as the notification will show them.
    func pendingNotifications(inGroup group: String?, now: Date) throws -> [PendingNotification] {
        let renderer = NotificationRenderer(language: notificationLanguage())
        return try store().pendingRequests(inGroup: group).map { pendingNotification(of: $0, now: now, renderer: renderer) }
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
        let job = DeliveryJob(request: request, now: max(now, request.due), timeZone: environment.timeZone)
        do {
            let rendered = try (renderer ?? NotificationRenderer(language: notificationLanguage())).render(job)
            return (rendered.title, rendered.plainBody)
        } catch {
            // Stored text the renderer refuses would also be refused at delivery: say so.
            return (request.kind.rawValue, "cannot be shown: \(error)")
        }
    }

    /// The language the bubbles are written in: the `language` setting when it fixes one (as
    /// chimed reads it), else this process's locale variables.
    func notificationLanguage() -> NotificationLanguage {
        let setting = try? store().setting(NotificationLanguage.settingKey)
        return NotificationLanguage.chosen(bySetting: setting ?? nil) ?? environment.notificationLanguage
    }

    /// `request` due at `due` instead, its misfire bounds moved by as much, so a snoozed
    /// notification keeps the same grace after its new time.
    static func moved(_ request: NotificationRequest, to due: Date) -> NotificationRequest {
        let shift = due.timeIntervalSince(request.due)
        var moved = request
        moved.due = due
        switch request.misfirePolicy {
        case .deliverLate(let until): moved.misfirePolicy = .deliverLate(until: max(due, until.addingTimeInterval(shift)))
        case .collapse(let until): moved.misfirePolicy = .collapse(until: max(due, until.addingTimeInterval(shift)))
        case .drop: break
        }
        return moved
    }

    /// `values` without repetitions, in first-seen order.
    private func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
