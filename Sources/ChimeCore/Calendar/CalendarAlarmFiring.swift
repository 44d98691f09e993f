import FoundationEssentials

/// One instance of a calendar item: what an alarm's bubble and listing show about it.
public struct CalendarInstance: Hashable, Sendable {
    /// The item's `UID`.
    public let uid: String
    /// The instance's identifier (see ``CalendarAlarmIdentity/instance``).
    public let identifier: String
    /// Event or to-do.
    public let kind: CalendarComponent.Kind
    /// `SUMMARY`.
    public let summary: String
    /// `LOCATION`.
    public let location: String?
    /// The http(s) link to open, if any.
    public let link: String?
    /// `PRIORITY`, 1 (highest) to 9.
    public let priority: Int?
    /// When it starts (a to-do without `DTSTART`: when it is due); `nil` when it has neither.
    public let start: Date?
    /// When it ends (a to-do: when it is due), if known.
    public let end: Date?
    /// The date of an all-day instance; `nil` for timed ones.
    public let allDayDate: LocalDate?
    /// Whether `start` is a to-do's `DUE` (it has no `DTSTART`).
    public let startIsDue: Bool

    /// Makes an instance from its parts.
    public init(
        uid: String, identifier: String, kind: CalendarComponent.Kind, summary: String, location: String?, link: String?, priority: Int?,
        start: Date?, end: Date?, allDayDate: LocalDate?, startIsDue: Bool
    ) {
        self.uid = uid
        self.identifier = identifier
        self.kind = kind
        self.summary = summary
        self.location = location
        self.link = link
        self.priority = priority
        self.start = start
        self.end = end
        self.allDayDate = allDayDate
        self.startIsDue = startIsDue
    }

    /// Whether the instance is over at `now`: nothing is shown late for it any more.
    public func isOver(at now: Date) -> Bool {
        guard let last = end ?? start else { return false }
        return last <= now
    }
}

/// One firing of a calendar alarm: a row of `calendar alarms`, or what chimed keeps pending.
public struct CalendarAlarmFiring: Hashable, Sendable {
    /// The calendar's name.
    public let calendar: String
    /// The instance it is for.
    public let instance: CalendarInstance
    /// The alarm's action: only shown ones (``CalendarAlarm/Action/isShown``) become bubbles.
    public let action: CalendarAlarm.Action
    /// When this firing is due.
    public let triggerAt: Date
    /// 0 for the alarm's trigger, then 1, 2, ... for its `REPEAT`s.
    public let repetition: Int
    /// Which firing this is: its request identifier and the key of its snoozes and dismissals.
    public let identity: CalendarAlarmIdentity

    /// Makes a firing from its parts.
    public init(calendar: String, instance: CalendarInstance, action: CalendarAlarm.Action, triggerAt: Date, repetition: Int, identity: CalendarAlarmIdentity) {
        self.calendar = calendar
        self.instance = instance
        self.action = action
        self.triggerAt = triggerAt
        self.repetition = repetition
        self.identity = identity
    }

    /// Whether Chime shows it (EMAIL and other actions are listed as skipped).
    public var isShown: Bool { action.isShown }

    /// In the order `calendar alarms` lists: by trigger, then UID, then calendar, instance and repetition.
    public static func listedBefore(_ lhs: CalendarAlarmFiring, _ rhs: CalendarAlarmFiring) -> Bool {
        if lhs.triggerAt != rhs.triggerAt { return lhs.triggerAt < rhs.triggerAt }
        if lhs.instance.uid != rhs.instance.uid { return lhs.instance.uid < rhs.instance.uid }
        if lhs.calendar != rhs.calendar { return lhs.calendar < rhs.calendar }
        if lhs.instance.identifier != rhs.instance.identifier { return lhs.instance.identifier < rhs.instance.identifier }
        return lhs.repetition < rhs.repetition
    }
}

/// A calendar as the alarm engine reads it: its name, its items and its alert settings.
public struct CalendarContents: Hashable, Sendable {
    /// The calendar's name (`chime calendar add --name`).
    public var name: String
    /// Its items.
    public var items: [CalendarItem]
    /// Alarms for items with none of their own (`--default-alert`), each before the start.
    public var defaultAlerts: [CalendarDuration]
    /// Whether the calendar gives no alarms at all (`--no-alerts`).
    public var isMuted: Bool

    /// Makes a calendar.
    public init(name: String, items: [CalendarItem], defaultAlerts: [CalendarDuration] = [], isMuted: Bool = false) {
        self.name = name
        self.items = items
        self.defaultAlerts = defaultAlerts
        self.isMuted = isMuted
    }
}
