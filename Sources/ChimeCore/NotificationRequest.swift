import FoundationEssentials

/// A notification Chime has promised to show at a given instant.
///
/// Requests are derived from sessions, water schedules and reminders; their identifiers are
/// deterministic, so deriving them again replaces rather than duplicates.
public struct NotificationRequest: Hashable, Codable, Sendable {
    /// Stable identifier such as `fast/f-3k9/end` (see ``RequestIdentifier``).
    public var identifier: String
    /// The session, schedule or reminder id the request belongs to.
    public var group: String
    /// What the request announces.
    public var kind: RequestKind
    /// The earliest instant it may be shown.
    public var due: Date
    /// How long after `due` it may still be shown on time; lets nearby requests share one wake-up.
    public var tolerance: TimeInterval
    /// What to say, as a template key and arguments; rendering happens at delivery.
    public var content: NotificationContent
    /// What to do when the request could not be shown by its deadline.
    public var misfirePolicy: MisfirePolicy

    /// Makes a request.
    public init(
        identifier: String,
        group: String,
        kind: RequestKind,
        due: Date,
        tolerance: TimeInterval,
        content: NotificationContent,
        misfirePolicy: MisfirePolicy
    ) {
        self.identifier = identifier
        self.group = group
        self.kind = kind
        self.due = due
        self.tolerance = max(0, tolerance)
        self.content = content
        self.misfirePolicy = misfirePolicy
    }

    /// The latest instant it counts as shown on time: `due + tolerance`.
    public var deadline: Date { due.addingTimeInterval(tolerance) }

    /// This request due at `due` instead, its misfire bound moved by as much, so a snoozed
    /// notification keeps the same grace after its new time.
    public func moved(to due: Date) -> NotificationRequest {
        let shift = due.timeIntervalSince(self.due)
        var moved = self
        moved.due = due
        switch misfirePolicy {
        case .deliverLate(let until): moved.misfirePolicy = .deliverLate(until: max(due, until.addingTimeInterval(shift)))
        case .collapse(let until): moved.misfirePolicy = .collapse(until: max(due, until.addingTimeInterval(shift)))
        case .drop: break
        }
        return moved
    }
}

/// What a notification request announces.
public enum RequestKind: String, Hashable, Codable, Sendable, CaseIterable {
    /// A fast scheduled for later begins.
    case fastStart = "fast-start"
    /// A fast is complete.
    case fastEnd = "fast-end"
    /// A nudge some time before a fast ends ("1 h left").
    case fastNudge = "fast-nudge"
    /// A rolling session's eating window closes and the next fast begins.
    case eatingEnd = "eating-end"
    /// Time to drink water.
    case water
    /// A one-off reminder with the user's text.
    case reminder
    /// An alarm of an item in a calendar the user added (`chime calendar add`): derived from
    /// the calendar's files, identified by ``CalendarAlarmIdentity``.
    case calendarAlarm = "calendar-alarm"

    /// The default tolerance for this kind; water derives its own from the interval, and a nudge
    /// less than ten minutes ahead from its lead (see ``nudgeTolerance(before:)``).
    public var defaultTolerance: TimeInterval {
        switch self {
        case .fastStart, .fastEnd, .eatingEnd: return 10
        case .fastNudge: return 60
        case .water: return 300
        case .reminder, .calendarAlarm: return 5
        }
    }

    /// The tolerance of a nudge `before` ahead of a fast's end: the 60 s default, or a tenth of
    /// the lead when that is shorter, so a nudge never shares the end's wake-up or follows it.
    public static func nudgeTolerance(before: TimeSpan) -> TimeInterval {
        min(RequestKind.fastNudge.defaultTolerance, before.timeInterval / 10)
    }

    /// The water tolerance: 10% of the reminder interval, at most five minutes.
    public static func waterTolerance(interval: TimeSpan) -> TimeInterval {
        min(300, interval.timeInterval / 10)
    }
}

/// What a notification says, before rendering: a template key and its arguments.
public struct NotificationContent: Hashable, Codable, Sendable {
    /// Which template (title and body) to render.
    public var template: TemplateKey
    /// Named values the template refers to (`plan`, `tag`, `amount_ml`, `text`, ...).
    public var arguments: [String: String]

    /// Makes content.
    public init(template: TemplateKey, arguments: [String: String] = [:]) {
        self.template = template
        self.arguments = arguments
    }

    // The shape is synthesized Codable's, `{"arguments":{...},"template":"..."}`; written out so
    // that the arguments go through a keyed container of their own: Dictionary's conformance
    // costs Foundation's coders a third more, on the path of every stored request.
    private enum CodingKeys: String, CodingKey {
        case arguments, template
    }

    /// An argument's name as a key of the `arguments` object.
    private struct ArgumentName: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads content: a known template and an object of text arguments.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        template = try container.decode(TemplateKey.self, forKey: .template)
        let names = try container.nestedContainer(keyedBy: ArgumentName.self, forKey: .arguments)
        let keys = names.allKeys
        var arguments: [String: String] = [:]
        arguments.reserveCapacity(keys.count)
        for key in keys {
            arguments[key.stringValue] = try names.decode(String.self, forKey: key)
        }
        self.arguments = arguments
    }

    /// Writes content in the shape ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var names = container.nestedContainer(keyedBy: ArgumentName.self, forKey: .arguments)
        for (name, value) in arguments {
            try names.encode(value, forKey: ArgumentName(stringValue: name))
        }
        try container.encode(template, forKey: .template)
    }
}

/// The templates Chime renders, one per kind of message.
public enum TemplateKey: String, Hashable, Codable, Sendable, CaseIterable {
    /// "Fast started": arguments `plan`, `tag`, `ends_at` (ISO 8601).
    case fastStarted = "fast.started"
    /// "Fast complete": arguments `plan`, `tag`, `ended_at`.
    case fastComplete = "fast.complete"
    /// "1 h left": arguments `plan`, `tag`, `left` (a duration), `ends_at`.
    case fastNudge = "fast.nudge"
    /// "Eating window closed": arguments `plan`, `tag`, `ends_at` (the next fast's end).
    case eatingWindowClosed = "fast.eating-closed"
    /// "Time to drink": arguments `amount_ml`, `consumed_ml`, `goal_ml` (optional).
    case waterReminder = "water.reminder"
    /// The user's own reminder: argument `text`.
    case reminder = "reminder"
    /// "3 water reminders while you were busy": arguments `count`, `consumed_ml`, `goal_ml`
    /// (optional); sent once when do-not-disturb ends, for the reminders held meanwhile.
    case waterHeld = "water.held"
    /// A calendar item's alarm: arguments ``ContentArgument/summary``, ``ContentArgument/startsAt``,
    /// ``ContentArgument/location``, ``ContentArgument/link``, ... (see ``CalendarAlarmRequest``).
    case calendarAlarm = "calendar.alarm"
}

/// Argument names used in ``NotificationContent/arguments``, spelled once.
public enum ContentArgument {
    /// The plan as typed (`16:8`).
    public static let plan = "plan"
    /// The hours a scheduled fast really lasts when a daylight-saving change makes it differ
    /// from its plan (`15`); absent otherwise. The bubble says so in its own language.
    public static let realHours = "real_hours"
    /// The session's tag (user text).
    public static let tag = "tag"
    /// When the fast ends, ISO 8601.
    public static let endsAt = "ends_at"
    /// How long before the end a nudge comes (`1h`).
    public static let left = "left"
    /// Millilitres per glass.
    public static let amount = "amount_ml"
    /// Millilitres drunk so far in the water day.
    public static let consumed = "consumed_ml"
    /// The daily goal in millilitres.
    public static let goal = "goal_ml"
    /// A reminder's text (user text).
    public static let text = "text"
    /// The rolling cycle number.
    public static let cycle = "cycle"
    /// A recurring reminder's rule, as canonical RRULE text.
    public static let rule = "rule"
    /// A recurring reminder's start, ISO 8601.
    public static let start = "start"
    /// How many notifications a summary stands for.
    public static let count = "count"
    /// A nagging reminder's interval between showings, in whole seconds (`remind every --nag`).
    public static let nag = "nag"
    /// Which showing of its occurrence a nagging request is: 0 the occurrence, 1 the first nag.
    public static let nagRound = "nag-round"
    /// The due time of the occurrence a nagging request shows, ISO 8601 (a nag is due later).
    public static let occurrence = "occurrence"
    /// The plan of fast days a fast day belongs to (`5:2`), for a fast day only: its start
    /// says how a fast day is kept.
    public static let fastDay = "fast_day"
    /// The fast schedule a fast's requests belong to (its id), for a fast of a schedule: its
    /// start offers to skip it.
    public static let schedule = "schedule"
    /// The urgency a reminder asked for (`remind ... --urgency critical`): `low`, `normal` or
    /// `critical`; absent, the kind's setting (`notify.urgency.reminder`) decides.
    public static let urgency = "urgency"
    /// The calendar a calendar alarm comes from (its name in `chime calendar list`).
    public static let calendar = "calendar"
    /// A calendar item's `UID`.
    public static let uid = "uid"
    /// Which instance of a calendar item an alarm is for (``CalendarAlarmIdentity/instance``).
    public static let instance = "instance"
    /// When a calendar alarm's firing was due by the calendar, ISO 8601 (a snooze moves the
    /// request, never this).
    public static let trigger = "trigger"
    /// A calendar item's `SUMMARY`.
    public static let summary = "summary"
    /// A calendar item's `LOCATION`.
    public static let location = "location"
    /// The http(s) link a calendar alarm's Open button opens.
    public static let link = "link"
    /// When a calendar item's instance starts (a to-do without a start: when it is due), ISO 8601.
    public static let startsAt = "starts_at"
    /// When a calendar item's instance ends, ISO 8601.
    public static let eventEndsAt = "event_ends_at"
    /// The date of an all-day calendar item (`2027-03-15`).
    public static let allDay = "all_day"
    /// `event` or `todo`.
    public static let itemKind = "item_kind"
    /// `1` when a to-do's time is its `DUE` (it has no `DTSTART`).
    public static let startIsDue = "start_is_due"
}

/// What to do with a request whose deadline passed before it could be shown (downtime, suspend,
/// a clock jump).
public enum MisfirePolicy: Hashable, Codable, Sendable {
    /// Show it once, late and saying so, if the wake comes before `until`; otherwise drop it.
    case deliverLate(until: Date)
    /// Missed reminders of one group collapse into one, shown only before `until` (the end of the
    /// active window the reminder belonged to).
    case collapse(until: Date)
    /// Never show it late.
    case drop
}
