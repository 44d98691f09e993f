import FoundationEssentials

/// Drinking reminders every so often inside daily active hours.
public struct WaterSchedule: Hashable, Codable, Sendable {
    /// The identifier the user sees and types (`w-7kq`).
    public var id: String
    /// Time between reminders.
    public var interval: TimeSpan
    /// Active hours on the wall clock.
    public var window: DailyWindow
    /// Millilitres per glass (what "Drank" logs).
    public var amountML: Int
    /// Daily goal in millilitres; once met, no more reminders that water day. Days of the
    /// week with a goal of their own (``weekdayGoals``) take theirs instead.
    public var goalML: Int?
    /// No reminders before this instant.
    public var pausedUntil: Date?
    /// The weekdays whose goal differs from ``goalML`` (`chime water goal weekends 1500`).
    public var weekdayGoals: WeekdayGoals

    /// The most millilitres accepted for one glass or a daily goal (``WaterQuantity`` checks
    /// what is typed against it).
    public static let maximumML = 20_000

    /// Makes a schedule.
    public init(
        id: String, interval: TimeSpan, window: DailyWindow, amountML: Int = 250, goalML: Int? = nil, pausedUntil: Date? = nil,
        weekdayGoals: WeekdayGoals = WeekdayGoals()
    ) {
        self.id = id
        self.interval = interval
        self.window = window
        self.amountML = amountML
        self.goalML = goalML
        self.pausedUntil = pausedUntil
        self.weekdayGoals = weekdayGoals
    }

    /// The goal of the water day that starts on `date` (``WaterDay``: the date its window
    /// opens): its weekday's own, else ``goalML``; `nil` when that day has no goal.
    public func goal(on date: LocalDate) -> Int? {
        weekdayGoals.goal(on: date.weekday, otherwise: goalML)
    }

    /// The goal of the water day holding `instant`.
    public func goal(ofWaterDayHolding instant: Date, timeZone: TimeZone, calendar: Calendar) -> Int? {
        let day = waterDay(containing: instant, timeZone: timeZone, calendar: calendar)
        return goal(on: LocalDate(of: day.start, in: timeZone, calendar: calendar))
    }

    /// The water day of this schedule's active hours that holds `instant` (see ``WaterDay``).
    public func waterDay(containing instant: Date, timeZone: TimeZone, calendar: Calendar) -> WaterDay {
        WaterDay.containing(instant, window: window, timeZone: timeZone, calendar: calendar)
    }

    /// The first reminder strictly after `now`, or `nil` when there is none to come (never for a
    /// schedule that is merely paused or has met today's goal: those resume on a later day).
    ///
    /// Reminders fall every `interval` from the window's opening, or from the last drink in the
    /// window; only instants inside the window count; while paused, none; once the goal of the
    /// window's water day (``WaterDay``: all glasses, whatever schedule they were logged under)
    /// is met, none until the next water day. A wall-clock reading the clock already showed earlier
    /// in the same water day (the second pass through a repeated autumn hour) is skipped, so
    /// each reading, and each request identifier, occurs at most once per water day, drinks or not.
    public func nextReminder(after now: Date, intakes: [WaterIntake], timeZone: TimeZone, calendar: Calendar) -> Date? {
        // A reminder must come after `now` and not before the pause ends (exactly at its end is fine).
        let notBefore = pausedUntil.map { Swift.max($0, now) } ?? now
        func isAcceptable(_ candidate: Date) -> Bool {
            candidate > now && candidate >= notBefore
        }
        let step = interval.timeInterval
        var day = window.occurrence(containing: notBefore, in: timeZone, calendar: calendar)
        // A goal can at most suppress every remaining reminder of a day; a handful of days is
        // enough to find the next one (no intake is ever logged in the future).
        for _ in 0..<4 {
            defer { day = window.occurrence(on: day.date.adding(days: 1, calendar: calendar), in: timeZone, calendar: calendar) }
            if let goal = goal(on: day.date), waterDay(containing: day.opens, timeZone: timeZone, calendar: calendar).total(of: intakes) >= goal { continue }
            let lastDrink = intakes.lazy.map(\.instant).filter { day.contains($0) }.max()
            let reference = lastDrink ?? day.opens
            let firstIndex: Double = lastDrink == nil ? 0 : 1
            // Start at the grid point at or just before `notBefore`; the loop steps past it.
            var index = Swift.max(firstIndex, (notBefore.timeIntervalSince(reference) / step).rounded(.down))
            var candidate = reference.addingTimeInterval(index * step)
            while candidate < day.closes {
                if isAcceptable(candidate), !Self.repeatsWallClock(candidate, since: day.opens, in: timeZone) {
                    return candidate
                }
                index += 1
                candidate = reference.addingTimeInterval(index * step)
            }
        }
        return nil
    }

    /// Whether `instant` shows a wall-clock reading already shown at or after `reference`.
    static func repeatsWallClock(_ instant: Date, since reference: Date, in timeZone: TimeZone) -> Bool {
        guard let earlier = LocalTimeResolver.earlierOccurrence(of: instant, in: timeZone) else { return false }
        return earlier >= reference
    }
}

/// One glass of water logged by the user.
public struct WaterIntake: Hashable, Codable, Sendable {
    /// When it was drunk.
    public var instant: Date
    /// How much, in millilitres.
    public var amountML: Int

    /// Makes an intake record.
    public init(instant: Date, amountML: Int) {
        self.instant = instant
        self.amountML = amountML
    }
}

/// A single reminder at a chosen instant, with the user's text.
public struct OneOffReminder: Hashable, Codable, Sendable {
    /// The identifier the user sees and types (`r-4tx`).
    public var id: String
    /// What to show.
    public var text: String
    /// When to show it.
    public var due: Date

    /// Makes a reminder.
    public init(id: String, text: String, due: Date) {
        self.id = id
        self.text = text
        self.due = due
    }
}
