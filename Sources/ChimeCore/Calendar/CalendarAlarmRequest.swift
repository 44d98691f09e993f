import FoundationEssentials

/// Calendar alarms as notification requests: the request a firing becomes, the firing a request
/// stands for, and how one is snoozed.
///
/// A firing's request is named by its ``CalendarAlarmIdentity`` and grouped by its item
/// (`cal/<calendar>/<uid>`), so an item's pending alarm, and its bubble, can be found when the
/// item changes. The arguments carry everything the bubble shows, so chimed renders it, and
/// `list` shows it, without the calendar's files.
public enum CalendarAlarmRequest {
    /// How long after its firing a calendar alarm may be shown late at most when its item has
    /// neither start nor end to say when it is over.
    public static let lateGraceWithoutEnd: TimeInterval = 24 * 3600

    /// The request of `firing`: due when it fires, shown late (chimed down, the machine asleep)
    /// until its instance is over and never after (README's rule for missed alarms).
    public static func request(for firing: CalendarAlarmFiring) -> NotificationRequest {
        let instance = firing.instance
        var arguments: [String: String] = [
            ContentArgument.calendar: firing.calendar,
            ContentArgument.uid: instance.uid,
            ContentArgument.instance: instance.identifier,
            ContentArgument.trigger: iso(firing.triggerAt),
            ContentArgument.summary: instance.summary,
            ContentArgument.itemKind: instance.kind.rawValue,
            // PRIORITY 1 is the one that must come through (RFC 5545 3.8.1.9: 1 is highest).
            ContentArgument.urgency: instance.priority == 1 ? "critical" : "normal",
        ]
        if let location = instance.location, !location.isEmpty { arguments[ContentArgument.location] = location }
        if let link = instance.link, isOpenable(link) { arguments[ContentArgument.link] = link }
        if let start = instance.start { arguments[ContentArgument.startsAt] = iso(start) }
        if let end = instance.end { arguments[ContentArgument.eventEndsAt] = iso(end) }
        if let date = instance.allDayDate { arguments[ContentArgument.allDay] = date.description }
        if instance.startIsDue { arguments[ContentArgument.startIsDue] = "1" }
        let over = instance.end ?? instance.start ?? firing.triggerAt.addingTimeInterval(lateGraceWithoutEnd)
        return NotificationRequest(
            identifier: firing.identity.requestIdentifier,
            group: group(calendar: firing.calendar, uid: instance.uid),
            kind: .calendarAlarm,
            due: firing.triggerAt,
            tolerance: RequestKind.calendarAlarm.defaultTolerance,
            content: NotificationContent(template: .calendarAlarm, arguments: arguments),
            misfirePolicy: .deliverLate(until: max(firing.triggerAt, over))
        )
    }

    /// The group of an item's requests: `cal/<calendar>/<uid>`, parts written as in the
    /// identifier.
    public static func group(calendar: String, uid: String) -> String {
        groupPrefix(calendar: calendar) + CalendarAlarmIdentity.encode(uid)
    }

    /// What every group of `calendar`'s items starts with: `cal/<calendar>/`.
    public static func groupPrefix(calendar: String) -> String {
        CalendarAlarmIdentity.prefix + CalendarAlarmIdentity.encode(calendar) + "/"
    }

    /// The firing `request` stands for (its original trigger, whatever a snooze made its due
    /// time); `nil` for any other request.
    public static func key(of request: NotificationRequest) -> CalendarFiringKey? {
        guard request.kind == .calendarAlarm, let identity = CalendarAlarmIdentity(requestIdentifier: request.identifier) else { return nil }
        let trigger = request.content.arguments[ContentArgument.trigger].flatMap(parseInstant) ?? identity.trigger ?? request.due
        return CalendarFiringKey(calendar: identity.calendar, uid: identity.uid, instance: identity.instance, trigger: trigger)
    }

    /// When `request`'s instance starts (a to-do: when it is due), if it has a start.
    public static func start(of request: NotificationRequest) -> Date? {
        request.content.arguments[ContentArgument.startsAt].flatMap(parseInstant)
    }

    /// A snooze of a calendar alarm: its new due time, and whether the start capped it.
    public struct Snooze: Hashable, Sendable {
        /// When it comes again.
        public let due: Date
        /// Whether it comes at the item's start instead of `span` later (the alarm came before
        /// the start, and a snooze never goes past it).
        public let atStart: Bool
    }

    /// Snoozes `request` by `span` at `now`: from its due time while that is still to come,
    /// else from now; never past the start when the alarm fires before the start (then at the
    /// start).
    public static func snooze(_ request: NotificationRequest, by span: TimeSpan, now: Date) -> Snooze {
        let due = max(now, request.due).addingTimeInterval(span.timeInterval)
        let trigger = key(of: request)?.trigger ?? request.due
        if let start = start(of: request), trigger < start, now < start, due > start {
            return Snooze(due: start, atStart: true)
        }
        return Snooze(due: due, atStart: false)
    }

    /// Whether a Snooze pressed on `request`'s bubble at `now` would bring it back at the start
    /// rather than `span` later: what its button says.
    public static func snoozesToStart(_ request: NotificationRequest, by span: TimeSpan, now: Date) -> Bool {
        var shown = request
        shown.due = min(request.due, now)
        return snooze(shown, by: span, now: now).atStart
    }

    /// Whether `link` may be opened: an `http://` or `https://` URL of printable ASCII, at most
    /// 2,048 bytes. Nothing else is ever handed to `xdg-open`.
    public static func isOpenable(_ link: String) -> Bool {
        let lowered = link.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), link.utf8.count <= 2048 else { return false }
        return link.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    /// An instant as ISO 8601 in UTC, the form content arguments carry.
    static func iso(_ instant: Date) -> String {
        instant.formatted(.iso8601)
    }

    /// An instant written by ``iso(_:)``.
    public static func parseInstant(_ text: String) -> Date? {
        try? Date(text, strategy: .iso8601)
    }
}
