import FoundationEssentials

/// One instance of a calendar item, with the component that describes it.
struct CalendarOccurrence {
    /// The component in force: the master, or an override.
    let component: CalendarComponent
    /// The identifier of the instance (its original start, as `RECURRENCE-ID` writes it).
    let identifier: String
    /// When it starts (or a to-do is due, without a start).
    let start: Date?
    /// When it ends (a to-do: when it is due).
    let end: Date?
    /// The zone on whose clock the instance's nominal days count.
    let anchorZone: ZoneRules?
    /// When set, the one alarm of the component that fires here (an absolute trigger, which
    /// fires once for the whole series).
    var onlyAlarm: CalendarAlarm?

    init(component: CalendarComponent, identifier: String, start: Date?, end: Date?, anchorZone: ZoneRules?) {
        self.component = component
        self.identifier = identifier
        self.start = start
        self.end = end
        self.anchorZone = anchorZone
    }

    /// The single instance an override describes, at its own times.
    init(override component: CalendarComponent, localZone: TimeZone) {
        let recurrenceID = component.recurrenceID!
        let anchor = component.anchor ?? recurrenceID
        let start = anchor.instant(localZone: localZone)
        let span = CalendarSeries.span(of: component)
        self.init(
            component: component,
            identifier: CalendarSeries.identifier(of: recurrenceID.instant(localZone: localZone), form: recurrenceID, localZone: localZone),
            start: start,
            end: CalendarSeries.end(of: component, start: start, span: span, localZone: localZone),
            anchorZone: anchor.zone(localZone: localZone)
        )
    }

    /// An item without a start or due date: only its absolute alarms can fire.
    init(unanchored component: CalendarComponent) {
        self.init(component: component, identifier: "once", start: nil, end: nil, anchorZone: nil)
    }

    /// The zone of nominal days: the anchor's, or the local one.
    func zone(localZone: TimeZone) -> ZoneRules {
        anchorZone ?? .system(localZone)
    }

    /// What listings and bubbles show about it.
    func instance(uid: String, localZone: TimeZone) -> CalendarInstance {
        let allDay = component.anchor?.isDate == true
        return CalendarInstance(
            uid: uid, identifier: identifier, kind: component.kind, summary: component.summary,
            location: component.location, link: component.link, priority: component.priority, start: start,
            end: end, allDayDate: allDay ? start.map { LocalDateTime(of: $0, in: .system(localZone)).date } : nil,
            startIsDue: component.start == nil && component.due != nil
        )
    }
}

/// The recurrence set of a master component (DTSTART, RRULE, RDATE less EXDATE) with its
/// overrides, as instants on the item's clock. A class: prepared once, read by every query.
final class CalendarSeries: Sendable {
    let master: CalendarComponent
    let localZone: TimeZone
    /// How the start is written, which the instances' identifiers follow.
    let anchor: CalendarTime
    let anchorZone: ZoneRules
    /// DTSTART (or a to-do's DUE), seconds since 1970.
    let startSeconds: Int
    /// The rule's expander, boxed: most items do not recur, and an absent expander inline
    /// would still take its whole size in each of thousands of series.
    private let expanderBox: Boxed<RecurrenceExpander>?
    /// The rule's expander, `nil` without RRULE.
    var expander: RecurrenceExpander? { expanderBox?.value }
    /// RDATEs and DTSTART, ascending, without repeats.
    let extraOriginals: [Int]
    let exceptions: Set<Int>
    /// EXDATEs written as dates on an item with times: every instance on that local date.
    let exceptionDays: Set<LocalDate>
    /// Original starts replaced by an exact override (given as single occurrences).
    let overridden: Set<Int>
    /// `RANGE=THISANDFUTURE` overrides by original start, ascending, with how far each moves its instances.
    let futureOverrides: [(original: Int, component: CalendarComponent, shift: Int)]
    /// The master's instance length, and its own DTEND or DUE (exact for the first instance).
    let span: CalendarDuration?
    let masterEnd: Date?

    init?(master: CalendarComponent, overrides: [CalendarComponent], localZone: TimeZone) {
        guard let anchor = master.anchor else { return nil }
        self.master = master
        self.localZone = localZone
        self.anchor = anchor
        anchorZone = anchor.zone(localZone: localZone)
        let start = anchor.instant(localZone: localZone)
        startSeconds = Int(start.timeIntervalSince1970.rounded(.down))
        expanderBox = master.rule.map {
            Boxed(RecurrenceExpander(rule: $0, start: anchor.reading, zone: anchor.zone(localZone: localZone), skippedTimes: .offsetBeforeGap))
        }
        func seconds(_ time: CalendarTime) -> Int { Int(time.instant(localZone: localZone).timeIntervalSince1970.rounded(.down)) }
        extraOriginals = Array(Set(master.recurrenceDates.map(seconds) + [startSeconds])).sorted()
        let dayExceptions = !anchor.isDate ? master.exceptionDates.filter(\.isDate) : []
        exceptions = Set(master.exceptionDates.filter { anchor.isDate || !$0.isDate }.map(seconds))
        exceptionDays = Set(dayExceptions.map(\.reading.date))
        var overridden = Set<Int>()
        var future: [(Int, CalendarComponent, Int)] = []
        for component in overrides {
            guard let recurrenceID = component.recurrenceID else { continue }
            let original = seconds(recurrenceID)
            if component.overridesFutureInstances {
                let moved = component.anchor.map(seconds) ?? original
                future.append((original, component, moved - original))
            } else {
                overridden.insert(original)
            }
        }
        self.overridden = overridden
        futureOverrides = future.sorted { $0.0 < $1.0 }
        span = Self.span(of: master)
        masterEnd = Self.end(of: master, start: start, span: span, localZone: localZone)
    }

    /// Whether EXDATE removes the instance starting at `original`.
    func isExcluded(_ original: Int) -> Bool {
        if exceptions.contains(original) { return true }
        guard !exceptionDays.isEmpty else { return false }
        return exceptionDays.contains(LocalDateTime(of: Date(timeIntervalSince1970: TimeInterval(original)), in: anchorZone).date)
    }

    /// Whether the recurrence set has an instance starting at `original` (less EXDATEs and
    /// exact overrides).
    func isInstance(_ original: Int) -> Bool {
        var found = false
        forEachOriginal(from: original) { first in
            found = first == original
            return false
        }
        return found
    }

    /// Calls `body` with the original start of each instance at or after `lower`, ascending,
    /// until it returns `false`: DTSTART, the rule's and the RDATEs, less EXDATEs and the
    /// instances exact overrides replace.
    func forEachOriginal(from lower: Int, _ body: (Int) -> Bool) {
        let extras = extraOriginals
        // The first extra at or after `lower`.
        var next = 0, high = extras.count
        while next < high {
            let middle = (next + high) / 2
            if extras[middle] < lower { next = middle + 1 } else { high = middle }
        }
        var last = Int.min
        var stopped = false
        func emit(_ original: Int) -> Bool {
            guard original > last else { return true }
            last = original
            if isExcluded(original) || overridden.contains(original) { return true }
            return body(original)
        }
        if let expander {
            expander.forEachOccurrence(from: Date(timeIntervalSince1970: TimeInterval(lower))) { instant in
                let original = Int(instant.timeIntervalSince1970)
                while next < extras.count, extras[next] < original {
                    defer { next += 1 }
                    if !emit(extras[next]) {
                        stopped = true
                        return false
                    }
                }
                if !emit(original) {
                    stopped = true
                    return false
                }
                return true
            }
        }
        while !stopped, next < extras.count {
            if !emit(extras[next]) { return }
            next += 1
        }
    }

    /// The instance whose original start is `original`, with the override in force.
    func occurrence(original: Int) -> CalendarOccurrence {
        let identifier = Self.identifier(of: Date(timeIntervalSince1970: TimeInterval(original)), form: anchor, localZone: localZone)
        if let future = futureOverrides.last(where: { $0.original <= original }) {
            let start = Date(timeIntervalSince1970: TimeInterval(original + future.shift))
            let zone = future.component.anchor?.zone(localZone: localZone) ?? anchorZone
            let end = Self.span(of: future.component).map { $0.added(to: start, in: zone) }
            return CalendarOccurrence(component: future.component, identifier: identifier, start: start, end: end, anchorZone: zone)
        }
        let start = Date(timeIntervalSince1970: TimeInterval(original))
        let end = original == startSeconds ? masterEnd : span.map { $0.added(to: start, in: anchorZone) }
        return CalendarOccurrence(component: master, identifier: identifier, start: start, end: end, anchorZone: anchorZone)
    }

    /// The instances absolute triggers belong to: for each absolute alarm of the master and
    /// of the future overrides, the first instance starting at or after it (else the first
    /// instance), carrying only that alarm so it fires once.
    func absoluteOccurrences() -> [CalendarOccurrence] {
        var found: [CalendarOccurrence] = []
        let owners = [(master, startSeconds)] + futureOverrides.map { ($0.component, $0.original) }
        for (component, first) in owners {
            for alarm in component.alarms {
                guard case .absolute(let time) = alarm.trigger else { continue }
                let instant = time.instant(localZone: localZone)
                var owner = first
                forEachOriginal(from: max(first, Int(instant.timeIntervalSince1970.rounded(.up)))) { original in
                    owner = original
                    return false
                }
                var occurrence = occurrence(original: owner)
                occurrence.onlyAlarm = alarm
                found.append(occurrence)
            }
        }
        return found
    }

    /// The earliest and latest firing of any relative alarm of the series, in seconds from an
    /// instance's original start (approximate: nominal days as 86,400 s); `nil` when none has one.
    func relativeOffsets(defaults: [CalendarAlarm]) -> (earliest: Int, latest: Int)? {
        var earliest = Int.max, latest = Int.min
        let components = [(master, 0)] + futureOverrides.map { ($0.component, $0.shift) }
        for (component, shift) in components where !component.givesNoAlarm {
            let length = Self.span(of: component)?.approximateSeconds ?? 0
            for alarm in component.alarms.isEmpty ? defaults : component.alarms {
                guard case .relative(let offset, let edge) = alarm.trigger else { continue }
                let first = shift + offset.approximateSeconds + (edge == .end ? length : 0)
                earliest = min(earliest, first)
                latest = max(latest, first + alarm.repeatCount * alarm.repeatInterval.approximateSeconds)
            }
        }
        return earliest == Int.max ? nil : (earliest, latest)
    }

    /// How long each instance lasts, from the anchor to its end (DTEND, DURATION or DUE): nominal
    /// days when both ends are on one clock; `nil` when it has no end.
    static func span(of component: CalendarComponent) -> CalendarDuration? {
        if let duration = component.duration { return duration }
        guard let anchor = component.anchor else { return nil }
        let other = component.kind == .todo ? (component.start != nil ? component.due : nil) : component.end
        guard let other else {
            // An event without an end lasts a day when all-day, else no time; a to-do ends when due.
            if component.kind == .event { return anchor.isDate ? CalendarDuration(days: 1) : .zero }
            return component.due != nil ? .zero : nil
        }
        switch (anchor, other) {
        case (.utc(let from), .utc(let to)):
            return CalendarDuration(seconds: Int(to.timeIntervalSince(from)))
        case (.zoned(_, let from), .zoned(_, let to)) where from == to:
            break
        case (.floating, .floating), (.date, .date), (.date, .floating), (.floating, .date):
            break
        default:
            // Different clocks: the exact difference, read in UTC (the local zone does not matter for zoned and UTC times).
            let utc = TimeZone(identifier: "UTC")!
            return CalendarDuration(seconds: Int(other.instant(localZone: utc).timeIntervalSince(anchor.instant(localZone: utc))))
        }
        let difference = other.reading.secondsSince1970 - anchor.reading.secondsSince1970
        let days = difference / 86_400
        return CalendarDuration(days: days, seconds: difference - days * 86_400)
    }

    /// The end of an instance of `component` starting at `start`: its own DTEND or DUE for its
    /// first instance, else `start` plus `span`.
    static func end(of component: CalendarComponent, start: Date, span: CalendarDuration?, localZone: TimeZone) -> Date? {
        if component.duration == nil, let end = component.kind == .todo ? component.due : component.end {
            return end.instant(localZone: localZone)
        }
        guard let span, let anchor = component.anchor else { return nil }
        return span.added(to: start, in: anchor.zone(localZone: localZone))
    }

    /// The identifier of the instance starting at `instant`, written as `form` (a RECURRENCE-ID
    /// or DTSTART) writes times: `YYYYMMDD`, floating `YYYYMMDDTHHMMSS` or UTC `...Z`.
    static func identifier(of instant: Date, form: CalendarTime, localZone: TimeZone) -> String {
        switch form {
        case .date:
            return String(LocalDateTime(of: instant, in: .system(localZone)).basicText.prefix(8))
        case .floating:
            return LocalDateTime(of: instant, in: .system(localZone)).basicText
        case .utc, .zoned:
            return CalendarAlarmIdentity.basicUTCText(instant)
        }
    }
}
