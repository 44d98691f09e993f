import FoundationEssentials

/// Active hours on the wall clock, such as 09:00-21:00 or 22:00-02:00 (across midnight).
///
/// Equal `from` and `until` mean the whole day.
public struct DailyWindow: Hashable, Codable, Sendable, CustomStringConvertible {
    /// When the window opens each day.
    public let from: WallClockTime
    /// When it closes (on the next day when not after `from`).
    public let until: WallClockTime

    /// Makes a window.
    public init(from: WallClockTime, until: WallClockTime) {
        self.from = from
        self.until = until
    }

    /// Whether the window closes on the day after it opens.
    public var crossesMidnight: Bool { until <= from }

    /// `09:00-21:00`.
    public var description: String { "\(from)-\(until)" }

    /// The window that opens on `date`, as instants, together with when the next one opens.
    ///
    /// Which glasses count toward the goal of this window is ``WaterDay``'s rule, not this
    /// interval's: a water day starts outside the window (at midnight, or where it closes).
    public struct Occurrence: Hashable, Sendable {
        /// The local date the window opens on.
        public let date: LocalDate
        /// When the window opens.
        public let opens: Date
        /// When it closes.
        public let closes: Date
        /// When the next day's window opens.
        public let nextOpens: Date

        /// Whether `instant` lies inside the window itself.
        public func contains(_ instant: Date) -> Bool { instant >= opens && instant < closes }
    }

    /// The window that opens on local `date` in `timeZone`.
    public func occurrence(on date: LocalDate, in timeZone: TimeZone, calendar: Calendar) -> Occurrence {
        let next = date.adding(days: 1, calendar: calendar)
        let opens = LocalTimeResolver.instant(of: from, on: date, in: timeZone, calendar: calendar)
        let nextOpens = LocalTimeResolver.instant(of: from, on: next, in: timeZone, calendar: calendar)
        let closes = from == until
            ? nextOpens
            : LocalTimeResolver.instant(of: until, on: crossesMidnight ? next : date, in: timeZone, calendar: calendar)
        // On a change day the closing time can resolve before the opening (both inside one gap).
        return Occurrence(date: date, opens: opens, closes: max(opens, min(closes, nextOpens)), nextOpens: nextOpens)
    }

    /// The latest window that opened at or before `instant`.
    public func occurrence(containing instant: Date, in timeZone: TimeZone, calendar: Calendar) -> Occurrence {
        let today = LocalDate(of: instant, in: timeZone, calendar: calendar)
        let candidate = occurrence(on: today, in: timeZone, calendar: calendar)
        if candidate.opens <= instant { return candidate }
        return occurrence(on: today.adding(days: -1, calendar: calendar), in: timeZone, calendar: calendar)
    }
}
