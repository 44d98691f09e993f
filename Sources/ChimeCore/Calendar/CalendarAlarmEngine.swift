import FoundationEssentials

/// The alarms of whole calendars: every firing in a window, in order, and each item's next
/// firing. Pure: the same calendars, window and zone always give the same answer.
public struct CalendarAlarmEngine: Sendable {
    /// The zone of floating times and dates.
    public var localZone: TimeZone

    /// Makes an engine reading floating times and dates on the clock of `localZone`.
    public init(localZone: TimeZone) {
        self.localZone = localZone
    }

    /// The prepared alarms of every item of `calendars`, to query many times.
    public func prepare(_ calendars: [CalendarContents]) -> [CalendarItemAlarms] {
        calendars.flatMap { calendar in
            calendar.items.map { CalendarItemAlarms(item: $0, calendar: calendar, localZone: localZone) }
        }
    }

    /// Every firing with `from <= trigger < until`, in listing order (trigger, then UID), each
    /// `REPEAT` its own row, EMAIL and other actions included (``CalendarAlarmFiring/isShown``
    /// says which are skipped); and a reason for each item that had too many instances there.
    public func firings(in calendars: [CalendarContents], from: Date, until: Date) -> (firings: [CalendarAlarmFiring], problems: [CalendarProblem]) {
        firings(of: prepare(calendars), from: from, until: until)
    }

    /// The same for items prepared before.
    public func firings(of items: [CalendarItemAlarms], from: Date, until: Date) -> (firings: [CalendarAlarmFiring], problems: [CalendarProblem]) {
        var found: [CalendarAlarmFiring] = []
        var problems: [CalendarProblem] = []
        for item in items {
            let result = item.firings(from: from, until: until)
            found += result.firings
            if result.bounded {
                problems.append(CalendarProblem(
                    file: item.file, uid: item.uid, kind: .bounded,
                    detail: LocalizedText(CalendarText.tooManyInstances, ["limit": "\(CalendarItemAlarms.instanceLimit)"])
                ))
            }
        }
        found.sort(by: CalendarAlarmFiring.listedBefore)
        return (found, problems)
    }

    /// Each item's next firing after `instant` (items with none left out), soonest first: all
    /// that chimed keeps pending for calendars.
    public func nextFirings(of items: [CalendarItemAlarms], after instant: Date) -> [CalendarAlarmFiring] {
        items.compactMap { $0.nextFiring(after: instant) }.sorted(by: CalendarAlarmFiring.listedBefore)
    }
}
