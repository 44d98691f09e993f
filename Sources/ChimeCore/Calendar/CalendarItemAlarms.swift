import FoundationEssentials

/// The alarms of one calendar item, prepared once for any number of queries: its recurrence
/// set (RRULE, RDATE, EXDATE) expanded by Chime's own engine, its overrides matched to their
/// instances, and the alarms of each instance worked out as RFC 5545 section 3.8.6 and RFC 9074
/// say.
///
/// - Every instance has its alarms; one removed by `EXDATE` has none. An override
///   (`RECURRENCE-ID`) replaces its instance, alarms included; with `RANGE=THISANDFUTURE` it
///   also replaces every later one, moved by as much as it moved its own.
/// - An absolute trigger fires once, even on a recurring item (for the first instance starting
///   at or after it).
/// - A cancelled item or instance, a to-do done, a muted calendar, Chime's own exported items, and firings of
///   an alarm acknowledged (`ACKNOWLEDGED`, `X-MOZ-LASTACK`) at or after its trigger give none.
///   Repetitions of an acknowledged alarm are acknowledged with it.
/// - Floating times and dates are on the clock of `localZone`.
///
/// A class, so the lists of prepared items that chimed keeps are cheap to pass around.
public final class CalendarItemAlarms: Sendable {
    /// The most instances of one item a query looks at; an item with more in a query's window
    /// is bounded there (a `FREQ=MINUTELY` rule asked about a year).
    public static let instanceLimit = 10_000
    /// Room for daylight-saving changes and nominal days in the bounds of a search, in seconds.
    static let slack = 2 * 86_400

    /// The calendar's name.
    public let calendar: String
    /// The item's `UID`.
    public let uid: String
    /// The file it was read from.
    public let file: String
    /// The item, as read (its master is kept once, in its series when it has one: thousands of
    /// items are held at a time).
    public var item: CalendarItem {
        CalendarItem(uid: uid, master: series?.master ?? unanchoredMaster, overrides: overrides, file: file)
    }
    /// The overrides of single instances.
    private let overrides: [CalendarComponent]
    /// The master when it has no series (no start nor due date), boxed: it is rare.
    private let unanchoredMasterBox: Boxed<CalendarComponent>?
    private var unanchoredMaster: CalendarComponent? { unanchoredMasterBox?.value }
    /// The zone of floating times and dates.
    public let localZone: TimeZone

    private let context: FiringContext
    private let silent: Bool
    private let series: CalendarSeries?
    /// Exact overrides and overrides without a master: one instance each.
    private let singleOccurrences: [CalendarOccurrence]
    /// The earliest and latest relative firing of the series, from an instance's original start.
    private let offsets: (earliest: Int, latest: Int)?
    /// The firings of absolute triggers of the series, worked out once.
    private let absoluteFirings: [CalendarAlarmFiring]
    /// For an item that does not recur (no RRULE): the first and last of all its firings, or
    /// `nil` when it has none; a query outside them is answered at once, so a calendar of
    /// thousands of one-off items is listed in the time of its recurring ones.
    private let extent: Extent

    /// When an item's firings can be: anywhere (it recurs), or within known bounds.
    private enum Extent: Sendable {
        case recurring
        /// The first and last firing; `nil` for none at all.
        case finite(ClosedRange<Date>?)
    }

    /// Prepares `item` of calendar `calendar` (its name, default alerts and mute).
    public init(item: CalendarItem, calendar: CalendarContents, localZone: TimeZone) {
        self.calendar = calendar.name
        uid = item.uid
        file = item.file
        overrides = item.overrides
        self.localZone = localZone
        let defaultAlarms = calendar.defaultAlerts.map { before in
            CalendarAlarm(action: .display, trigger: .relative(CalendarDuration(days: -abs(before.days), seconds: -abs(before.seconds)), to: .start))
        }
        context = FiringContext(calendar: calendar.name, uid: item.uid, masterAcknowledged: item.master?.lastAcknowledged, localZone: localZone, defaultAlarms: defaultAlarms)
        silent = calendar.isMuted || item.isChimeExport || item.master?.givesNoAlarm == true
        let series = item.master.flatMap { CalendarSeries(master: $0, overrides: item.overrides, localZone: localZone) }
        self.series = series
        unanchoredMasterBox = series == nil ? item.master.map(Boxed.init) : nil
        var singles: [CalendarOccurrence] = []
        for component in item.overrides where component.recurrenceID != nil {
            let original = Int(component.recurrenceID!.instant(localZone: localZone).timeIntervalSince1970.rounded(.down))
            if let series {
                if series.isExcluded(original) { continue }
                // A RANGE=THISANDFUTURE override moves the series from its instance on
                // (``CalendarSeries/futureOverrides``); one whose RECURRENCE-ID names no instance
                // is still an instance of its own at its own time, as RFC 5545 reads it (and
                // recurring-ical-events).
                if component.overridesFutureInstances, series.isInstance(original) { continue }
            }
            singles.append(CalendarOccurrence(override: component, localZone: localZone))
        }
        if let master = item.master, master.anchor == nil {
            singles.append(CalendarOccurrence(unanchored: master))
        }
        singleOccurrences = singles
        offsets = series?.relativeOffsets(defaults: defaultAlarms)
        let absolute = silent ? [] : series?.absoluteOccurrences() ?? []
        // The master's absolute alarm and a THISANDFUTURE override's copy of it can fall on the
        // same instance at the same instant: one firing, as an absolute trigger fires once.
        var seenAbsolute = Set<AbsoluteKey>()
        let absoluteFirings = absolute.flatMap { [context] in context.firings(of: $0, relative: false, absolute: true) }
            .filter { seenAbsolute.insert(AbsoluteKey($0)).inserted }
        self.absoluteFirings = absoluteFirings
        if !silent, series?.expander == nil {
            let all = Self.collect(
                series: series, offsets: offsets, singles: singles, absolute: absoluteFirings, context: context,
                from: .distantPast, until: .distantFuture
            ).firings.map(\.triggerAt)
            extent = .finite(all.min().map { $0...all.max()! })
        } else {
            extent = .recurring
        }
    }

    /// Every firing with `from <= trigger < until`, in no particular order, and whether the
    /// item had more than ``instanceLimit`` instances to look at there (then only those were).
    public func firings(from: Date, until: Date) -> (firings: [CalendarAlarmFiring], bounded: Bool) {
        guard !silent, from < until else { return ([], false) }
        if case .finite(let bounds) = extent {
            guard let bounds, bounds.lowerBound < until, bounds.upperBound >= from else { return ([], false) }
        }
        return Self.collect(
            series: series, offsets: offsets, singles: singleOccurrences, absolute: absoluteFirings, context: context, from: from, until: until
        )
    }

    /// Whether the single occurrence `occurrence` fires its own absolute alarms: not a
    /// THISANDFUTURE override of `series`, whose absolute alarms the series fires once, on the
    /// first instance at or after them (``CalendarSeries/absoluteOccurrences()``).
    private static func firesOwnAbsolute(_ occurrence: CalendarOccurrence, series: CalendarSeries?) -> Bool {
        series == nil || !occurrence.component.overridesFutureInstances
    }

    /// What makes two absolute firings one: the same instant, repetition and action on the
    /// same instance.
    private struct AbsoluteKey: Hashable {
        let triggerAt: Date
        let repetition: Int
        let action: CalendarAlarm.Action
        let instance: CalendarInstance

        init(_ firing: CalendarAlarmFiring) {
            triggerAt = firing.triggerAt
            repetition = firing.repetition
            action = firing.action
            instance = firing.instance
        }
    }

    /// Every firing of a series, its single occurrences and absolute firings in `[from, until)`.
    private static func collect(
        series: CalendarSeries?, offsets: (earliest: Int, latest: Int)?, singles: [CalendarOccurrence], absolute: [CalendarAlarmFiring],
        context: FiringContext, from: Date, until: Date
    ) -> (firings: [CalendarAlarmFiring], bounded: Bool) {
        func inWindow(_ firing: CalendarAlarmFiring) -> Bool { firing.triggerAt >= from && firing.triggerAt < until }
        var found = absolute.filter(inWindow)
        for occurrence in singles {
            found += context.firings(of: occurrence, relative: true, absolute: Self.firesOwnAbsolute(occurrence, series: series)).filter(inWindow)
        }
        var bounded = false
        if let series, let bounds = offsets {
            let lower = Int(from.timeIntervalSince1970.rounded(.down)) - bounds.latest - Self.slack
            let upper = Int(until.timeIntervalSince1970.rounded(.up)) - bounds.earliest + Self.slack
            var count = 0
            series.forEachOriginal(from: lower) { original in
                guard original <= upper else { return false }
                count += 1
                guard count <= Self.instanceLimit else {
                    bounded = true
                    return false
                }
                found += context.firings(of: series.occurrence(original: original), relative: true, absolute: false).filter(inWindow)
                return true
            }
        }
        return (found, bounded)
    }

    /// The first firing strictly after `instant` (the earliest in listing order when several
    /// are due at once), or `nil` when the item has none: what chimed keeps pending for it.
    public func nextFiring(after instant: Date) -> CalendarAlarmFiring? {
        guard !silent else { return nil }
        if case .finite(let bounds) = extent {
            guard let bounds, bounds.upperBound > instant else { return nil }
        }
        var best: CalendarAlarmFiring?
        func consider(_ firing: CalendarAlarmFiring) {
            guard firing.triggerAt > instant else { return }
            if let current = best, !CalendarAlarmFiring.listedBefore(firing, current) { return }
            best = firing
        }
        absoluteFirings.forEach(consider)
        for occurrence in singleOccurrences {
            context.firings(of: occurrence, relative: true, absolute: Self.firesOwnAbsolute(occurrence, series: series)).forEach(consider)
        }
        if let series, let bounds = offsets {
            let lower = Int(instant.timeIntervalSince1970.rounded(.down)) - bounds.latest - Self.slack
            var count = 0
            series.forEachOriginal(from: lower) { original in
                // Every firing of this instance and the later ones comes after the best so far.
                if let best, TimeInterval(original + bounds.earliest - Self.slack) > best.triggerAt.timeIntervalSince1970 { return false }
                count += 1
                guard count <= Self.instanceLimit else { return false }
                context.firings(of: series.occurrence(original: original), relative: true, absolute: false).forEach(consider)
                return true
            }
        }
        return best
    }

    /// What the firings of the item's instances are made with.
    private struct FiringContext: Sendable {
        let calendar: String
        let uid: String
        let masterAcknowledged: Date?
        let localZone: TimeZone
        let defaultAlarms: [CalendarAlarm]

        /// The firings of one instance: its relative alarms, its absolute ones, or both.
        func firings(of occurrence: CalendarOccurrence, relative: Bool, absolute: Bool) -> [CalendarAlarmFiring] {
            let component = occurrence.component
            guard !component.givesNoAlarm else { return [] }
            let alarms = component.alarms.isEmpty ? defaultAlarms : component.alarms
            let zone = occurrence.zone(localZone: localZone)
            // Several firings in one instance each name their trigger in the identifier.
            let discriminated = alarms.reduce(0) { $0 + 1 + $1.repeatCount } > 1
            let firing = occurrence.onlyAlarm.map { [$0] } ?? alarms
            let lastAcknowledged = [component.lastAcknowledged, masterAcknowledged].compactMap { $0 }.max()
            var found: [CalendarAlarmFiring] = []
            for alarm in firing {
                let first: Date
                switch alarm.trigger {
                case .relative(let offset, let edge):
                    guard relative, let base = edge == .start ? occurrence.start : occurrence.end else { continue }
                    first = offset.added(to: base, in: zone)
                case .absolute(let time):
                    guard absolute else { continue }
                    first = time.instant(localZone: localZone)
                }
                if let acknowledged = [alarm.acknowledged, lastAcknowledged].compactMap({ $0 }).max(), acknowledged >= first { continue }
                for repetition in 0...alarm.repeatCount {
                    let trigger = alarm.repeatInterval.times(repetition).added(to: first, in: zone)
                    let identity = CalendarAlarmIdentity(
                        calendar: calendar, uid: uid, instance: occurrence.identifier, trigger: discriminated ? trigger : nil
                    )
                    found.append(CalendarAlarmFiring(
                        calendar: calendar, instance: occurrence.instance(uid: uid, localZone: localZone),
                        action: alarm.action, triggerAt: trigger, repetition: repetition, identity: identity
                    ))
                }
            }
            return found
        }
    }
}
