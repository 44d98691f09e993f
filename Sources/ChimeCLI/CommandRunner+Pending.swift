import ChimeCore
import ChimeNotify
import ChimeStore
import Foundation

/// `chime remind`, `list`, `cancel`, `snooze` and `export`.
extension CommandRunner {
    /// Sets a reminder saying `text` at `due`; with the id of a reminder still pending, replaces it
    /// (and says so).
    func remind(_ text: String, at due: Date, id: String?, nag: TimeSpan? = nil, urgency: ConfigValue.Urgency? = nil, note: String = "", now: Date) throws {
        // Said here in the local zone; the planner would refuse it too, in UTC.
        guard due > now else {
            throw CommandFailure(.dataError, LocalizedText { language in
                CommandText.reminderTimePassed.text(language, [
                    "due": TimeDisplay(now: now, timeZone: environment.timeZone, calendar: calendar, language: language).clock(due),
                ])
            })
        }
        try commit(now: now) { now in
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
            var change = try planner.remind(reminder, now: now)
            if let nag {
                change.requests = change.requests.map(ReminderNag(interval: nag.timeInterval).nagging)
            }
            if let urgency {
                // Carried by the request: a snooze or a nag moves it, arguments and all.
                for index in change.requests.indices {
                    change.requests[index].content.arguments[ContentArgument.urgency] = urgency.rawValue
                }
            }
            let line = replacesPending ? messages(now).reminderReplaced(reminder) : messages(now).reminderSet(reminder)
            return (change, [line + note])
        }
    }

    /// Sets a reminder at each occurrence of a rule; only the next one is pending.
    func remindEvery(_ options: Command.RemindEvery, now: Date) throws {
        var rule = options.rule
        if options.until != nil || options.count != nil, rule.until != nil || rule.count != nil {
            throw CommandFailure(.dataError, .ruleAlreadyEnds, ["rule": options.ruleText])
        }
        if let until = options.until { rule.until = .instant(resolve(until, now: now).instant) }
        if let count = options.count { rule.count = count }
        let start = options.from.map { resolve($0, now: now).instant } ?? now
        try commit(now: now) { now in
            let reminderID: String
            if let id = options.id {
                try refuseIDOfAnotherKind(id, for: .reminder, now: now)
                reminderID = id
            } else {
                reminderID = try generateID(prefix: "r")
            }
            let reminder = RecurringReminder(
                id: reminderID, text: options.text, rule: rule, start: start, nag: options.nag.map { ReminderNag(interval: $0.timeInterval) },
                urgency: options.urgency?.rawValue
            )
            let change = try planner.remind(reminder, now: now, timeZone: environment.timeZone, calendar: calendar)
            return (change, [messages(now).recurringReminderSet(reminder, ruleText: options.ruleText, next: change.requests[0])])
        }
    }

    func list(group: String?, json: Bool, now: Date) throws {
        // A group that names nothing is a mistyped id, not an empty list.
        if let group, try !namesSomething(group), try store().pendingRequests(inGroup: group).isEmpty {
            throw CommandFailure(.dataError, .unknownGroup, ["id": group])
        }
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
        if let group, pending.isEmpty {
            write(CommandText.nothingPendingInGroup.text(language, ["id": group]))
            return
        }
        write(PendingNotification.table(pending, display: display(now), style: environment.style, width: environment.terminalWidth))
    }

    func cancel(_ target: Command.CancelTarget, now: Date) throws {
        try commit(now: now) { now in try cancellation(of: target, now: now) }
    }

    /// The plan and line of `cancel`, decided inside its write transaction.
    private func cancellation(of target: Command.CancelTarget, now: Date) throws -> (plan: ChangePlan, lines: [String]) {
        let store = try store()
        var change = ChangePlan()
        var cancelledRequests: [NotificationRequest] = []
        // Shown already, with the bubble still on screen: cancelled too (by identifier; a
        // group's cancellation takes only what is to come), so the bubble closes and its
        // buttons do nothing any more.
        var onScreen: [NotificationRequest] = []
        var scope: String?
        /// The pending requests of group `id`, its bubbles on screen into `onScreen`; throws
        /// when `id` names nothing at all.
        func pendingGroup(_ id: String) throws -> [NotificationRequest] {
            let pending = try store.pendingRequests(inGroup: id)
            let shown = try store.bubblesOnScreen(inGroup: id)
            if pending.isEmpty, shown.isEmpty, try !namesSomething(id) {
                throw CommandFailure.unknownReference(id)
            }
            onScreen += shown.map(\.request)
            return pending.map(\.request)
        }
        switch target {
        case .references(let references):
            // Every reference is checked before anything is cancelled: one unknown id cancels nothing.
            for reference in references {
                switch reference {
                case .request(let identifier):
                    guard let stored = try store.request(identifier: identifier), stored.state.isLive || stored.isOnScreen else {
                        throw CommandFailure.unknownReference(identifier)
                    }
                    if stored.state.isLive {
                        change.cancelledIdentifiers.append(identifier)
                        cancelledRequests.append(stored.request)
                    } else {
                        onScreen.append(stored.request)
                    }
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
            onScreen = try store.bubblesOnScreen(inGroup: nil).map(\.request)
            change.cancelledGroups = unique(cancelledRequests.map(\.group))
            scope = messages(now).say(.scopeAll)
        }
        let cancelled = unique(cancelledRequests.map(\.identifier))
        let closed = unique(onScreen.map(\.identifier))
        change.cancelledIdentifiers = unique(change.cancelledIdentifiers + closed)
        var line = messages(now).cancelled(cancelled, onScreen: closed, scope: scope)
        guard !cancelled.isEmpty || !closed.isEmpty else {
            return (ChangePlan(), [line])
        }
        // A water schedule that stays on and a rolling fast that goes on keep their next
        // occurrence: cancelling skips one, it does not silence them (that is `water off`,
        // `fast stop`).
        var seen = Set(cancelled)
        for request in cancelledRequests {
            // Cancelling a recurring reminder's id ends it; cancelling one occurrence skips it.
            if request.kind == .reminder, change.cancelledGroups.contains(request.group) { continue }
            let records = try store.followUpRecords(for: request, now: now)
            for next in planner.occurrencesAfterSkipping(request, records: records, now: now, timeZone: environment.timeZone, calendar: calendar)
            where seen.insert(next.identifier).inserted {
                change.requests.append(next)
            }
        }
        // A nagging reminder ended while its occurrence waits for Done: it will not come back.
        for group in unique(change.cancelledGroups) where (cancelledRequests + onScreen).contains(where: { $0.kind == .reminder && $0.group == group }) {
            if let open = try store.openReminderOccurrence(reminderID: group) {
                change.reminderOccurrences.append(ReminderNag.ended(open))
            }
        }
        // A scheduled fast's end brings the schedule's next fast: cancelled, the next comes now.
        for request in cancelledRequests where request.kind == .fastEnd || change.cancelledGroups.contains(request.group) {
            guard let session = try store.session(id: request.group), session.scheduleID != nil else { continue }
            change = try continuingSchedule(after: change, skippedEnd: session.id, now: now)
        }
        if let goesOn = messages(now).goesOn(after: change.requests) {
            line += messages(now).say(.clauseSeparator) + goesOn
        }
        if let runsOn = messages(now).fastsRunOn(afterCancelling: cancelledRequests, next: change.requests) {
            line += messages(now).say(.clauseSeparator) + runsOn
        }
        return (change, [line])
    }

    func snooze(_ reference: PendingReference, by span: TimeSpan, now: Date) throws {
        try commit(now: now) { now in try snoozing(reference, by: span, now: now) }
    }

    /// The plan and line of `snooze`, decided inside its write transaction.
    private func snoozing(_ reference: PendingReference, by span: TimeSpan, now: Date) throws -> (plan: ChangePlan, lines: [String]) {
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
            // An id means what its user just saw: a reminder's bubble on screen (a recurring
            // reminder's occurrence, not the next one), else the group's next notification, else
            // the reminder shown last (a one-off one whose bubble is gone).
            if let shown = try store.bubblesOnScreen(inGroup: id).last(where: { $0.request.kind == .reminder }) {
                stored = shown
            } else if let next = try store.pendingRequests(inGroup: id).first {
                stored = next
            } else if let last = try store.lastShownRequest(inGroup: id), last.request.kind == .reminder {
                stored = last
            } else {
                throw CommandFailure.unknownReference(id)
            }
        }
        // A reminder brought back must not share its id with what took the id since it was shown.
        if stored.request.kind == .reminder, !stored.state.isLive,
           let owner = try liveOwner(of: stored.request.group, otherThan: .reminder, now: now) {
            throw CommandFailure(.dataError, LocalizedText(CommandText.reminderCannotComeBack, localized: [
                "group": LocalizedText(verbatim: stored.request.group), "owner": owner,
            ]))
        }
        // The same rule as a bubble's Snooze button: later than it would have come (a
        // notification still to come moves from its due time), a water reminder becoming its
        // schedule's next one.
        let records = try store.followUpRecords(for: stored.request, now: now)
        guard let change = planner.snooze(stored.request, by: span, records: records, now: now, timeZone: environment.timeZone, calendar: calendar) else {
            throw CommandFailure(.dataError, .waterReminderOff, ["identifier": stored.request.identifier])
        }
        let request = change.requests[0]
        return (change, [messages(now).snoozed(request.identifier, until: request.due)])
    }

    func export(format: Command.ExportFormat, what: Command.ExportSubject, now: Date) throws {
        let zone = environment.timeZone
        switch what {
        case .fasts:
            write(try ExportDocument.fasts(try fastRecords(since: .distantPast, now: now), format: format, timeZone: zone))
        case .water:
            let intakes = try store().intakes(since: .distantPast).map { LoggedWater(scheduleID: $0.scheduleID, intake: $0.intake) }
            let window = try store().waterSchedules().first?.window
            write(try ExportDocument.water(intakes, window: window, format: format, timeZone: zone))
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
            return (request.kind.rawValue, CommandText.cannotBeShown.text(language, ["error": "\(error)"]))
        }
    }

    /// The language the bubbles are written in: the invocation's one language (the `language`
    /// setting when it fixes one, as chimed reads it, else this process's locale variables).
    func notificationLanguage() -> NotificationLanguage {
        language
    }

    /// `values` without repetitions, in first-seen order.
    private func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
