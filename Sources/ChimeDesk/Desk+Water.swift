import ChimeCore
import ChimeStore
import FoundationEssentials

/// Water: the one schedule, the glasses drunk, pauses.
///
/// One water schedule at a time: `water every` changes the one that is on (without `--id` or
/// with its id) and refuses to start a second one; `drink` counts toward it; `pause`, `resume`
/// and `off` act on it. Since schema 4 the database refuses a second schedule too; the code
/// still copes with several (a store changed outside Chime) rather than assume it.
extension Desk {
    /// `chime water every`, as given (values not given keep the schedule's, else the defaults).
    public struct WaterEvery: Sendable {
        /// The interval.
        public var interval: TimeSpan
        /// `--from`.
        public var from: WallClockTime?
        /// `--until`.
        public var until: WallClockTime?
        /// `--amount`.
        public var amountML: Int?
        /// `--goal`.
        public var goalML: Int?
        /// `--id`.
        public var id: String?

        /// Makes the intention.
        public init(interval: TimeSpan, from: WallClockTime?, until: WallClockTime?, amountML: Int?, goalML: Int?, id: String?) {
            self.interval = interval
            self.from = from
            self.until = until
            self.amountML = amountML
            self.goalML = goalML
            self.id = id
        }
    }

    /// What a water change leaves: the schedule, what was drunk in its water day, and its next
    /// reminder.
    public struct WaterState: Sendable {
        /// The schedule (`nil` without one).
        public var schedule: WaterSchedule?
        /// Millilitres drunk in the current water day.
        public var consumedML: Int
        /// The next reminder.
        public var nextReminder: Date?
        /// The goal of the current water day (its weekday's, else the schedule's), `nil` without one.
        public var goalML: Int?

        /// Makes a state.
        public init(schedule: WaterSchedule?, consumedML: Int, nextReminder: Date?, goalML: Int?) {
            self.schedule = schedule
            self.consumedML = consumedML
            self.nextReminder = nextReminder
            self.goalML = goalML
        }
    }

    /// The settings `water every` falls back on for a new schedule.
    public struct WaterDefaults: Sendable {
        /// Millilitres a glass (`water.amount`).
        public var amountML: Int
        /// The daily goal (`water.goal`).
        public var goalML: Int?
        /// Active hours.
        public var from: WallClockTime
        /// Active hours' end.
        public var until: WallClockTime

        /// Makes the defaults.
        public init(amountML: Int, goalML: Int?, from: WallClockTime, until: WallClockTime) {
            self.amountML = amountML
            self.goalML = goalML
            self.from = from
            self.until = until
        }
    }

    /// Creates or changes the water schedule (`chime water every`).
    public func configureWater(_ intent: WaterEvery, defaults: WaterDefaults, now: Date) throws -> Decision<WaterSchedule> {
        let schedules = try store.waterSchedules()
        let existing: WaterSchedule?
        let id: String
        if let given = intent.id {
            try refuseIDOfAnotherKind(given, for: .waterSchedule, now: now)
            existing = schedules.first { $0.id == given }
            if existing == nil, !schedules.isEmpty {
                throw DeskRefusal.waterScheduleOn(ids: schedules.map(\.id), interval: intent.interval)
            }
            id = given
        } else if schedules.count > 1 {
            throw DeskRefusal.severalWaterSchedules(ids: schedules.map(\.id))
        } else if let only = schedules.first {
            id = only.id
            existing = only
        } else {
            id = try generateID(prefix: "w", now: now)
            existing = nil
        }
        let window = DailyWindow(
            from: intent.from ?? existing?.window.from ?? defaults.from,
            until: intent.until ?? existing?.window.until ?? defaults.until
        )
        let amount = intent.amountML ?? existing?.amountML ?? defaults.amountML
        let goal: Int?
        // `--goal` is every day's goal: weekdays with their own lose it.
        var weekdayGoals = existing?.weekdayGoals ?? WeekdayGoals()
        if let given = intent.goalML {
            goal = given
            weekdayGoals = WeekdayGoals()
        } else if let existing {
            goal = existing.goalML
        } else {
            goal = defaults.goalML
        }
        let schedule = WaterSchedule(
            id: id, interval: intent.interval, window: window, amountML: amount, goalML: goal, pausedUntil: existing?.pausedUntil,
            weekdayGoals: weekdayGoals
        )
        return Decision(planner.configure(schedule, intakes: try recentIntakes(now: now), now: now, timeZone: timeZone, calendar: calendar), schedule)
    }

    /// Logs a glass (`chime water drink`), at `instant` (earlier, for one forgotten) or now.
    public func drink(_ amountML: Int?, at instant: Date?, defaultAmount: Int, now: Date) throws -> Decision<(amountML: Int, state: WaterState)> {
        let schedule = try store.waterSchedules().first
        let amount = amountML ?? schedule?.amountML ?? defaultAmount
        if let instant, instant > now { throw DeskRefusal.glassInFuture(instant) }
        let intakes = try recentIntakes(now: now)
        let plan = planner.drink(amount, at: instant, schedule: schedule, intakes: intakes, now: now, timeZone: timeZone, calendar: calendar)
        let consumed = waterConsumed(intakes + plan.intakes.map(\.intake), schedule: schedule, now: now)
        return Decision(plan, (amount, waterState(schedule, consumedML: consumed, nextReminder: plan.requests.first?.due, now: now)))
    }

    /// Deletes a logged glass (`chime water undo [N]`): the one numbered `record`, else the one
    /// logged last.
    public func undoDrink(record: Int64? = nil, now: Date) throws -> Decision<(undone: WaterIntake, record: Int64, state: WaterState)> {
        let glass: (record: Int64, logged: ChangePlan.LoggedIntake)
        if let record {
            guard let numbered = try store.numberedIntake(record: record) else { throw DeskRefusal.noGlassNumbered(record) }
            glass = (numbered.record, numbered.logged)
        } else {
            guard let last = try store.lastLoggedIntake() else { throw DeskRefusal.nothingToUndo }
            glass = last
        }
        let schedule = try store.waterSchedules().first
        var intakes = try recentIntakes(now: now)
        if let index = intakes.firstIndex(of: glass.logged.intake) { intakes.remove(at: index) }
        let plan = planner.undoDrink(record: glass.record, schedule: schedule, intakes: intakes, now: now, timeZone: timeZone, calendar: calendar)
        let state = waterState(schedule, consumedML: waterConsumed(intakes, schedule: schedule, now: now), nextReminder: plan.requests.first?.due, now: now)
        return Decision(plan, (glass.logged.intake, glass.record, state))
    }

    /// Pauses water reminders until `end` (`chime water pause`).
    public func pauseWater(until end: Date, now: Date) throws -> Decision<Date> {
        Decision(try reconfigureEverySchedule(now: now, refusal: .noWaterToPause) { $0.pausedUntil = end }, end)
    }

    /// Ends a pause (`chime water resume`); `nil` outcome when no pause was in effect.
    public func resumeWater(now: Date) throws -> Decision<Date??> {
        let schedules = try store.waterSchedules()
        // A pause that already ended is no pause: resuming it would only rewrite the schedule.
        if !schedules.isEmpty, !schedules.contains(where: { $0.pausedUntil.map { $0 > now } ?? false }) {
            return Decision(ChangePlan(), nil)
        }
        let plan = try reconfigureEverySchedule(now: now, refusal: .noWaterToResume) { $0.pausedUntil = nil }
        return Decision(plan, .some(plan.requests.map(\.due).min()))
    }

    /// Turns water reminders off (`chime water off`): the ids turned off, empty when none was on.
    public func turnWaterOff(now: Date) throws -> Decision<[String]> {
        let schedules = try store.waterSchedules()
        var plan = ChangePlan()
        for schedule in schedules { plan.merge(planner.remove(schedule)) }
        return Decision(plan, schedules.map(\.id))
    }

    /// The water state at `now`: the first schedule, what was drunk in the current water day
    /// (``WaterDay``), and its next pending reminder.
    public func waterNow(now: Date) throws -> WaterState {
        let schedule = try store.waterSchedules().first
        let consumed = waterConsumed(try recentIntakes(now: now), schedule: schedule, now: now)
        guard let schedule else { return WaterState(schedule: nil, consumedML: consumed, nextReminder: nil, goalML: nil) }
        let next = try store.pendingRequests(inGroup: schedule.id).map(\.request.due).min()
        return waterState(schedule, consumedML: consumed, nextReminder: next, now: now)
    }

    /// The state of `schedule` with the goal of the water day holding `now`.
    func waterState(_ schedule: WaterSchedule?, consumedML: Int, nextReminder: Date?, now: Date) -> WaterState {
        WaterState(
            schedule: schedule, consumedML: consumedML, nextReminder: nextReminder,
            goalML: schedule?.goal(ofWaterDayHolding: now, timeZone: timeZone, calendar: calendar)
        )
    }

    /// Millilitres of `intakes` in the water day of `schedule` (``WaterDay``) at `now`.
    public func waterConsumed(_ intakes: [WaterIntake], schedule: WaterSchedule?, now: Date) -> Int {
        WaterDay.consumed(intakes, at: now, window: schedule?.window, timeZone: timeZone, calendar: calendar)
    }

    /// The plan that changes every schedule with `change` and derives its next reminder again;
    /// refuses with `refusal` when there is no schedule.
    private func reconfigureEverySchedule(now: Date, refusal: DeskRefusal, _ change: (inout WaterSchedule) -> Void) throws -> ChangePlan {
        let schedules = try store.waterSchedules()
        guard !schedules.isEmpty else { throw refusal }
        var plan = ChangePlan()
        for var schedule in schedules {
            change(&schedule)
            plan.merge(planner.configure(schedule, intakes: try recentIntakes(now: now), now: now, timeZone: timeZone, calendar: calendar))
        }
        return plan
    }
}
