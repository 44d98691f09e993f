import FoundationEssentials

/// The stretch of local time whose drinks count toward one day's water goal: the one rule
/// behind "today" wherever Chime counts water (status, bubbles, the goal check, exports).
///
/// A water day starts at local midnight, or, when the active hours run past midnight (or take
/// the whole day), at the time they close. Either way it starts outside the active hours, so
/// it holds one whole window, and a glass drunk before the window opens (06:56 before a 07:00
/// start) counts toward that window's goal. Every glass logged in it counts, whatever schedule
/// was on when it was logged, and glasses logged with no schedule at all.
public struct WaterDay: Hashable, Sendable {
    /// When the water day starts.
    public let start: Date
    /// When the next one starts.
    public let end: Date

    /// How far before now intake is read so that the current water day is complete, whatever
    /// its active hours: a water day lasts at most a day (25 h across a clock change).
    public static let intakeLookback: TimeInterval = 2 * 86_400

    /// The wall-clock time at which water days of `window` start (midnight without a window).
    public static func boundary(of window: DailyWindow?) -> WallClockTime {
        guard let window, window.crossesMidnight else { return WallClockTime(hour: 0, minute: 0)! }
        return window.until
    }

    /// The water day holding `instant` for active hours `window` (`nil`: no schedule).
    public static func containing(_ instant: Date, window: DailyWindow?, timeZone: TimeZone, calendar: Calendar) -> WaterDay {
        let boundary = boundary(of: window)
        let today = LocalDate(of: instant, in: timeZone, calendar: calendar)
        var startDate = today
        if LocalTimeResolver.instant(of: boundary, on: today, in: timeZone, calendar: calendar) > instant {
            startDate = today.adding(days: -1, calendar: calendar)
        }
        let start = LocalTimeResolver.instant(of: boundary, on: startDate, in: timeZone, calendar: calendar)
        let end = LocalTimeResolver.instant(of: boundary, on: startDate.adding(days: 1, calendar: calendar), in: timeZone, calendar: calendar)
        return WaterDay(start: start, end: end)
    }

    /// Whether `instant` lies in this water day.
    public func contains(_ instant: Date) -> Bool { instant >= start && instant < end }

    /// Millilitres of `intakes` logged in this water day.
    public func total(of intakes: [WaterIntake]) -> Int {
        intakes.lazy.filter { contains($0.instant) }.reduce(0) { $0 + $1.amountML }
    }

    /// Millilitres logged in the current water day at `now`: everything from its start up to
    /// and including `now` (a glass logged for later does not count yet).
    public static func consumed(_ intakes: [WaterIntake], at now: Date, window: DailyWindow?, timeZone: TimeZone, calendar: Calendar) -> Int {
        let day = containing(now, window: window, timeZone: timeZone, calendar: calendar)
        return intakes.lazy.filter { $0.instant >= day.start && $0.instant <= now }.reduce(0) { $0 + $1.amountML }
    }
}
