import FoundationEssentials

/// One thing of Chime's as an iCalendar event (`chime export --format ics`): a reminder, a
/// recurring reminder or the fast schedule, under the UID `<chime id>@chime`, so a calendar
/// that holds the export gives no second alarm (``CalendarItem/isChimeExport``).
public struct CalendarExportItem: Hashable, Sendable {
    /// An alarm of the event.
    public struct Alarm: Hashable, Sendable {
        /// Seconds after the start (or the end, `fromEnd`) it fires; negative before.
        public var offset: Int
        /// Whether it counts from the end (`RELATED=END`).
        public var fromEnd: Bool
        /// What it says.
        public var text: String

        /// Makes an alarm.
        public init(offset: Int = 0, fromEnd: Bool = false, text: String) {
            self.offset = offset
            self.fromEnd = fromEnd
            self.text = text
        }
    }

    /// The Chime id (`r-4tx`, `pills`, `fs-3k9`).
    public var id: String
    /// `SUMMARY`.
    public var summary: String
    /// The first instance's start.
    public var start: Date
    /// The zone the event's local times are on (its `TZID` and `VTIMEZONE`; UTC is written as such).
    public var timeZone: TimeZone
    /// `RRULE`, for what recurs.
    public var rule: RecurrenceRule?
    /// Each instance's length in seconds (`DURATION`).
    public var duration: Int
    /// The `VALARM`s.
    public var alarms: [Alarm]

    /// Makes an item.
    public init(id: String, summary: String, start: Date, timeZone: TimeZone, rule: RecurrenceRule? = nil, duration: Int = 0, alarms: [Alarm]) {
        self.id = id
        self.summary = summary
        self.start = start
        self.timeZone = timeZone
        self.rule = rule
        self.duration = duration
        self.alarms = alarms
    }

    /// `<id>@chime`.
    public var uid: String { id + CalendarItem.exportedUIDSuffix }

    /// The name of the item's file in a vdir: its UID, with `/` and NUL (which no id holds)
    /// never in it, then `.ics`.
    public var fileName: String { uid + ".ics" }
}
