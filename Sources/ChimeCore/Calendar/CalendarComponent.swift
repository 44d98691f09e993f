import FoundationEssentials

/// One `VEVENT` or `VTODO` of a calendar file, as read: a series' master, or an override of
/// one instance (it has a `RECURRENCE-ID`).
public struct CalendarComponent: Hashable, Sendable {
    /// Event or to-do.
    public enum Kind: String, Hashable, Sendable {
        /// `VEVENT`.
        case event
        /// `VTODO`.
        case todo
    }

    /// `STATUS`.
    public enum Status: Hashable, Sendable {
        /// `TENTATIVE`, `CONFIRMED`, `NEEDS-ACTION`, `IN-PROCESS`, `COMPLETED` or another value.
        case active(String)
        /// `CANCELLED`: gives no alarm.
        case cancelled
    }

    /// `VEVENT` or `VTODO`.
    public var kind: Kind
    /// `UID`.
    public var uid: String
    /// `SUMMARY`, empty when missing.
    public var summary: String
    /// `LOCATION`.
    public var location: String?
    /// The link the bubble's Open button opens: the `URL`, else the first conference link.
    public var link: String?
    /// RFC 7986 `CONFERENCE` links (http and https only).
    public var conferenceLinks: [String]
    /// `DTSTART`.
    public var start: CalendarTime?
    /// `DTEND` (events).
    public var end: CalendarTime?
    /// `DURATION`.
    public var duration: CalendarDuration?
    /// `DUE` (to-dos).
    public var due: CalendarTime?
    /// `STATUS`, `nil` when missing.
    public var status: Status?
    /// `PRIORITY`: 1 (highest) to 9, `nil` when missing or 0 (undefined).
    public var priority: Int?
    /// `RRULE`, as Chime's own rule.
    public var rule: RecurrenceRule? {
        get { ruleBox?.value }
        set { ruleBox = newValue.map(Boxed.init) }
    }
    /// The rule, boxed: most components have none, and thousands are held at a time.
    private var ruleBox: Boxed<RecurrenceRule>?
    /// `RDATE`s: more instances (a `PERIOD` by its start).
    public var recurrenceDates: [CalendarTime]
    /// `EXDATE`s: instances removed.
    public var exceptionDates: [CalendarTime]
    /// `RECURRENCE-ID`: the original start of the instance this component overrides.
    public var recurrenceID: CalendarTime?
    /// `RANGE=THISANDFUTURE` on the `RECURRENCE-ID`: the override also applies to every later instance.
    public var overridesFutureInstances: Bool
    /// The `VALARM`s (an override's replace the master's for its instances).
    public var alarms: [CalendarAlarm]
    /// Thunderbird's `X-MOZ-LASTACK`: alarms triggered at or before it were dismissed.
    public var lastAcknowledged: Date?
    /// `SEQUENCE`: of two versions of one component in a file, the higher one is current.
    public var sequence: Int = 0

    /// Makes a component; only the kind and UID are required.
    public init(
        kind: Kind, uid: String, summary: String = "", location: String? = nil, link: String? = nil,
        conferenceLinks: [String] = [], start: CalendarTime? = nil, end: CalendarTime? = nil,
        duration: CalendarDuration? = nil, due: CalendarTime? = nil, status: Status? = nil, priority: Int? = nil,
        rule: RecurrenceRule? = nil, recurrenceDates: [CalendarTime] = [], exceptionDates: [CalendarTime] = [],
        recurrenceID: CalendarTime? = nil, overridesFutureInstances: Bool = false, alarms: [CalendarAlarm] = [],
        lastAcknowledged: Date? = nil
    ) {
        self.kind = kind
        self.uid = uid
        self.summary = summary
        self.location = location
        self.link = link
        self.conferenceLinks = conferenceLinks
        self.start = start
        self.end = end
        self.duration = duration
        self.due = due
        self.status = status
        self.priority = priority
        self.ruleBox = rule.map(Boxed.init)
        self.recurrenceDates = recurrenceDates
        self.exceptionDates = exceptionDates
        self.recurrenceID = recurrenceID
        self.overridesFutureInstances = overridesFutureInstances
        self.alarms = alarms
        self.lastAcknowledged = lastAcknowledged
    }

    /// Where each instance is anchored: `DTSTART`, or a to-do's `DUE` when it has no start.
    public var anchor: CalendarTime? { start ?? due }

    /// Whether the component gives no alarm: `STATUS:CANCELLED`, or a to-do marked
    /// `STATUS:COMPLETED` (what todoman's `todo done` writes: a done to-do reminds of nothing).
    public var givesNoAlarm: Bool {
        switch status {
        case .cancelled: return true
        case .active(let value): return kind == .todo && value.uppercased() == "COMPLETED"
        case nil: return false
        }
    }

    /// Whether this is an all-day item (its start is a date).
    public var isAllDay: Bool { anchor?.isDate ?? false }
}

/// Everything one calendar holds under one `UID`: the series (its master) and the overrides
/// of single instances (`RECURRENCE-ID`), which may come without a master (an invitation to
/// one instance).
public struct CalendarItem: Hashable, Sendable {
    /// The shared `UID`.
    public var uid: String
    /// The component without `RECURRENCE-ID`, if the file has one.
    public var master: CalendarComponent?
    /// The components with a `RECURRENCE-ID`, in file order.
    public var overrides: [CalendarComponent]
    /// The file it was read from, named in the reasons given about it.
    public var file: String

    /// Makes an item from its master and overrides, read from `file`.
    public init(uid: String, master: CalendarComponent?, overrides: [CalendarComponent] = [], file: String = "") {
        self.uid = uid
        self.master = master
        self.overrides = overrides
        self.file = file
    }

    /// The UIDs Chime gives the items it exports (`<chime id>@chime`) end with this: a
    /// calendar that holds Chime's own export gives no second alarm for them.
    public static let exportedUIDSuffix = "@chime"

    /// Whether Chime exported this item itself.
    public var isChimeExport: Bool { uid.hasSuffix(Self.exportedUIDSuffix) }
}

/// A value kept on the heap behind one reference: a large value that is mostly absent costs a
/// pointer where it is absent. Equal, and hashed, by its value.
final class Boxed<Value: Sendable>: Sendable {
    /// The value.
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

extension Boxed: Equatable where Value: Equatable {
    static func == (lhs: Boxed, rhs: Boxed) -> Bool { lhs.value == rhs.value }
}

extension Boxed: Hashable where Value: Hashable {
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
