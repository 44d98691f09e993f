import ChimeCore
import ChimeStore
import FoundationEssentials

/// Calendars as sources of alarms: `chime calendar add|remove|set`, and what chimed derives
/// from the calendars' files (``calendars``) when they change, at start and after downtime.
///
/// A calendar item is one more source of rules, exceptions (EXDATE, RECURRENCE-ID) and facts:
/// its firings are derived by ``CalendarAlarmPlanner``, only each item's next one is pending,
/// and what happened to a firing (shown, dismissed, snoozed, missed) is a fact in the store,
/// never a change to the calendar's files.
extension Desk {
    // MARK: chime calendar add, remove, set

    /// What `chime calendar add` asks for.
    public struct NewCalendar: Hashable, Sendable {
        /// The absolute path.
        public var path: String
        /// `--name`; `nil`: the folder's or file's name (``CalendarSource/defaultName(forPath:)``).
        public var name: String?
        /// `--default-alert`.
        public var defaultAlerts: [TimeSpan]
        /// `--no-alerts`.
        public var isMuted: Bool

        /// Makes the intent.
        public init(path: String, name: String?, defaultAlerts: [TimeSpan], isMuted: Bool) {
            self.path = path
            self.name = name
            self.defaultAlerts = defaultAlerts
            self.isMuted = isMuted
        }
    }

    /// Adds a calendar (`chime calendar add`). Its alarms are derived from now on: nothing from
    /// before it was added is shown late. A name or a path already added is refused; the path
    /// is checked first, since for a path added already another name would not help. So is a
    /// folder inside an added calendar's folder or holding one: their items would alarm twice.
    public func addCalendar(_ new: NewCalendar, now: Date) throws -> Decision<CalendarSource> {
        let name = new.name ?? CalendarSource.defaultName(forPath: new.path)
        if let taken = try store.calendar(atPath: new.path) {
            throw DeskRefusal.calendarPathTaken(path: new.path, name: taken.name)
        }
        if let overlapping = try store.calendars().first(where: { Self.nested(new.path, $0.path) }) {
            throw DeskRefusal.calendarPathOverlaps(path: new.path, name: overlapping.name, otherPath: overlapping.path)
        }
        if let taken = try store.calendar(named: name) {
            throw DeskRefusal.calendarNameTaken(name: name, path: taken.path)
        }
        let source = CalendarSource(
            name: name, path: new.path, defaultAlerts: new.defaultAlerts, isMuted: new.isMuted, addedAt: now, derivedThrough: now
        )
        var plan = ChangePlan()
        plan.calendars = [source]
        return Decision(plan, source)
    }

    /// What `chime calendar remove` did.
    public struct RemovedCalendar: Hashable, Sendable {
        /// The calendar removed.
        public var source: CalendarSource
        /// How many of its alarms were pending (now cancelled).
        public var cancelledCount: Int
    }

    /// Removes a calendar (`chime calendar remove`): its pending alarms are cancelled, its
    /// bubbles on screen closed, and what Chime kept about its alarms forgotten. Its files are
    /// left as they are.
    public func removeCalendar(named name: String, now: Date) throws -> Decision<RemovedCalendar> {
        let source = try existingCalendar(named: name)
        var plan = ChangePlan()
        let live = try store.liveCalendarRequests(calendar: name)
        plan.cancelledGroups = unique(live.map(\.stored.request.group))
        let prefix = CalendarAlarmRequest.groupPrefix(calendar: name)
        plan.closedGroups = unique(try store.bubblesOnScreen(inGroup: nil).map(\.request.group).filter { $0.hasPrefix(prefix) })
        plan.deletedCalendars = [name]
        return Decision(plan, RemovedCalendar(source: source, cancelledCount: live.count))
    }

    /// How `chime calendar set` changes a calendar's alarms.
    public enum CalendarAlertChange: Hashable, Sendable {
        /// `--default-alert`: alarms this long before the start for items without their own.
        case defaultAlerts([TimeSpan])
        /// `--no-alerts`: no alarm at all.
        case mute
        /// `--alerts`: alarms again.
        case unmute
    }

    /// Changes how a calendar gives alarms (`chime calendar set`). Muting it cancels its pending
    /// alarms (and closes their bubbles on screen) at once; the rest is derived by chimed from
    /// the calendar's files.
    public func setCalendar(named name: String, _ change: CalendarAlertChange, now: Date) throws -> Decision<CalendarSource> {
        var source = try existingCalendar(named: name)
        var plan = ChangePlan()
        switch change {
        case .defaultAlerts(let alerts): source.defaultAlerts = alerts
        case .mute:
            source.isMuted = true
            let live = try store.liveCalendarRequests(calendar: name)
            plan.cancelledGroups = unique(live.map(\.stored.request.group))
        case .unmute: source.isMuted = false
        }
        // From now on: a calendar unmuted does not bring back what came due while it was muted.
        source.derivedThrough = max(source.derivedThrough ?? now, now)
        plan.calendars = [source]
        // Read here (`chime`), its alarms are derived at once with the new alerts, as chimed
        // does when it sees the change: `list` then says the same whether or not chimed runs.
        if change != .mute, let calendarLoader {
            plan.merge(try calendarAlarmsDerived(try calendarLoader(source), uids: nil, catchUp: false, now: now))
        }
        return Decision(plan, source)
    }

    /// The calendar named `name`; refuses a name no calendar has.
    public func existingCalendar(named name: String) throws -> CalendarSource {
        guard let source = try store.calendar(named: name) else {
            throw DeskRefusal.unknownCalendar(name: name, known: try store.calendars().map(\.name))
        }
        return source
    }

    // MARK: What chimed derives

    /// The change that leaves `calendar`'s items (those named in `uids`, else all of them) with
    /// the right alarm pending, as ``CalendarAlarmPlanner`` says.
    ///
    /// - Parameters:
    ///   - uids: the items to derive again (a file's items, old and new); `nil` for all of
    ///     them, when items gone from the calendar also lose their pending alarms.
    ///   - changed: the items whose contents changed or which went: their bubbles on screen close.
    ///   - catchUp: whether firings since the calendar was last derived came due unseen
    ///     (chimed started, the clock jumped, the machine resumed): the latest of each item's
    ///     is shown once, late, when its instance is not over.
    public func calendarAlarmsDerived(
        _ calendar: PreparedCalendar, uids: Set<String>?, changed: Set<String> = [], catchUp: Bool, now: Date
    ) throws -> ChangePlan {
        let name = calendar.name
        guard let source = try store.calendar(named: name) else { return ChangePlan() }
        let since = catchUp ? min(now, source.derivedThrough ?? source.addedAt) : now
        var live: [String: [CalendarAlarmPlanner.LiveRequest]] = [:]
        var earliestLive = since
        func note(_ row: RequestRecord) {
            guard row.stored.state.isLive else { return }
            live[row.stored.request.group, default: []].append(CalendarAlarmPlanner.LiveRequest(
                request: row.stored.request, isDelivering: row.stored.state == .delivering, isSnoozed: row.snoozedFrom != nil
            ))
            earliestLive = min(earliestLive, CalendarAlarmRequest.key(of: row.stored.request)?.trigger ?? since)
        }
        var handled = Set<CalendarFiringKey>()
        if let uids, uids.count <= 64 {
            // A few items (a file changed): their own rows and facts, through the indexes.
            for uid in uids {
                try store.requests(inGroup: CalendarAlarmRequest.group(calendar: name, uid: uid)).forEach(note)
            }
            for uid in uids {
                handled.formUnion(try store.calendarAlarmFacts(calendar: name, uid: uid, triggeredAfter: earliestLive.addingTimeInterval(-1)).map(\.key))
            }
        } else {
            try store.liveCalendarRequests(calendar: name).forEach(note)
            handled = Set(try store.calendarAlarmFacts(calendar: name, triggeredAfter: earliestLive.addingTimeInterval(-1)).map(\.key))
        }
        var plan = ChangePlan()
        var groups: [String: CalendarItemAlarms?] = [:]
        if let uids {
            for uid in uids { groups[CalendarAlarmRequest.group(calendar: name, uid: uid)] = calendar.itemsByUID[uid] }
        } else {
            for item in calendar.items { groups[CalendarAlarmRequest.group(calendar: name, uid: item.uid)] = item }
            for group in live.keys where groups[group] == nil { groups[group] = .some(nil) }
        }
        let changedGroups = Set(changed.map { CalendarAlarmRequest.group(calendar: name, uid: $0) })
        for (group, item) in groups.sorted(by: { $0.key < $1.key }) {
            plan.merge(CalendarAlarmPlanner.plan(
                for: item, group: group, live: live[group] ?? [], since: since, now: now,
                changed: changedGroups.contains(group), isHandled: { handled.contains($0) }
            ))
        }
        plan.calendarsDerivedThrough[name] = now
        return plan
    }

    /// What follows the showing (or, `dropped`, the drop) of the calendar alarm `request`: the
    /// fact of its firing, and the item's next firing when the calendar is on the shelf.
    func calendarFollowUp(of request: NotificationRequest, now: Date, dropped: Bool) throws -> ChangePlan {
        guard let key = CalendarAlarmRequest.key(of: request) else { return ChangePlan() }
        var plan = ChangePlan()
        plan.calendarAlarmFacts = [CalendarAlarmFact(key: key, outcome: dropped ? .missed : .shown, at: now)]
        plan.merge(try nextCalendarAlarm(after: request, handled: key, now: now))
        return plan
    }

    /// The request of the item's next firing after `request` (shown, dismissed or snoozed:
    /// `handled`), as the plan that adds it; empty when the calendar is not on the shelf or
    /// the item has no firing left.
    func nextCalendarAlarm(after request: NotificationRequest, handled key: CalendarFiringKey, snoozedUntil: Date? = nil, now: Date) throws -> ChangePlan {
        guard let item = try calendarItem(calendar: key.calendar, uid: key.uid) else { return ChangePlan() }
        let facts = Set(try store.calendarAlarmFacts(calendar: key.calendar, uid: key.uid, triggeredAfter: key.trigger).map(\.key))
        // Firings between this one and now came due while it waited: the latest of them is next.
        let after = max(key.trigger, snoozedUntil ?? request.due)
        guard let next = CalendarAlarmPlanner.pendingFiring(
            of: item, since: min(after, now), after: after, now: now, isHandled: { facts.contains($0) || $0 == key }
        ) else { return ChangePlan() }
        var plan = ChangePlan()
        let nextRequest = CalendarAlarmRequest.request(for: next)
        if nextRequest.identifier != request.identifier { plan.requests = [nextRequest] }
        return plan
    }

    /// The item `uid` of calendar `name` as its files hold it: from the shelf, else read by the
    /// ``calendarLoader`` (`chime cancel` or `snooze` of a calendar alarm while chimed is down
    /// then still gives the item's next alarm).
    func calendarItem(calendar name: String, uid: String) throws -> CalendarItemAlarms? {
        try loadCalendars([name])
        return calendars?.item(calendar: name, uid: uid)
    }

    /// Puts on the shelf (made when there is none) the calendars named `names` it does not
    /// hold, read from their files by the ``calendarLoader``; nothing without a loader.
    public func loadCalendars(_ names: some Sequence<String>) throws {
        guard let calendarLoader else { return }
        for name in names where !(calendars?.holds(name) ?? false) {
            guard let source = try store.calendar(named: name) else { continue }
            let shelf = calendars ?? CalendarShelf()
            calendars = shelf
            shelf.put(try calendarLoader(source))
        }
    }

    /// The facts and follow-ups of calendar alarms cancelled or closed by `chime cancel` (or
    /// Dismiss): each firing is dismissed, and its item's next alarm takes its place.
    func calendarAlarmsDismissed(_ requests: [NotificationRequest], now: Date) throws -> (plan: ChangePlan, following: [NotificationRequest]) {
        var plan = ChangePlan()
        var following: [NotificationRequest] = []
        let dismissed = Set(requests.map(\.identifier))
        for request in requests where request.kind == .calendarAlarm {
            guard let key = CalendarAlarmRequest.key(of: request) else { continue }
            plan.calendarAlarmFacts.append(CalendarAlarmFact(key: key, outcome: .dismissed, at: now))
            let next = try nextCalendarAlarm(after: request, handled: key, now: now)
            for request in next.requests where !dismissed.contains(request.identifier) && !following.contains(request) {
                following.append(request)
                plan.requests.append(request)
            }
        }
        return (plan, following)
    }

    /// Snoozes the calendar alarm `stored` by `span`: from its due time while still to come,
    /// else from now, and never past the start of an alarm that came before it (then at the
    /// start). Its item's next alarm comes after the snoozed one.
    func snoozeCalendarAlarm(_ stored: StoredRequest, by span: TimeSpan, now: Date) throws -> Decision<NotificationRequest> {
        let request = stored.request
        guard let key = CalendarAlarmRequest.key(of: request) else { throw DeskRefusal.unknownReference(request.identifier) }
        let snooze = CalendarAlarmRequest.snooze(request, by: span, now: now)
        var moved = request
        moved.due = snooze.due
        if case .deliverLate(let until) = request.misfirePolicy { moved.misfirePolicy = .deliverLate(until: max(until, snooze.due)) }
        var plan = ChangePlan()
        plan.requests = [moved]
        if stored.isOnScreen { plan.closedIdentifiers = [request.identifier] }
        plan.snoozedFrom[request.identifier] = request.due
        plan.calendarAlarmFacts = [CalendarAlarmFact(key: key, outcome: .snoozed, snoozedUntil: snooze.due, at: now)]
        let next = try nextCalendarAlarm(after: moved, handled: key, snoozedUntil: snooze.due, now: now)
        plan.merge(next)
        // The item's next alarm comes after the snoozed one: one pending before it gives way
        // (when the calendar is on the shelf, so its place is taken).
        if try calendarItem(calendar: key.calendar, uid: key.uid) != nil {
            let keep = Set([request.identifier] + next.requests.map(\.identifier))
            for row in try store.requests(inGroup: request.group)
            where row.stored.state == .pending && row.snoozedFrom == nil && !keep.contains(row.stored.request.identifier) {
                plan.cancelledIdentifiers.append(row.stored.request.identifier)
            }
        }
        return Decision(plan, moved)
    }

    /// Whether one of two folders holds the other (they are different paths).
    static func nested(_ first: String, _ second: String) -> Bool {
        func holds(_ outer: String, _ inner: String) -> Bool {
            inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
        }
        return holds(first, second) || holds(second, first)
    }
}
