import ChimeCore
import ChimeStore
import Foundation

/// `chime water every|drink|pause|resume|off|status`.
///
/// One water schedule at a time: `water every` changes the schedule that is on (without `--id`
/// or with its id) and refuses to start a second one; `drink` counts toward it; `pause`,
/// `resume` and `off` act on it. The check runs inside the write (``commit(now:_:)``), and since
/// schema 4 the database refuses a second schedule too (opening an older database that held
/// several keeps the newest). The code below still copes with several (`--id` picks one,
/// `pause`, `resume` and `off` act on all) rather than assume what the schema guarantees.
extension CommandRunner {
    func configureWater(_ options: Command.WaterEvery, now: Date) throws {
        try commit(now: now) { now in
            let store = try store()
            let schedules = try store.waterSchedules()
            let existing: WaterSchedule?
            let id: String
            if let given = options.id {
                try refuseIDOfAnotherKind(given, for: .waterSchedule, now: now)
                existing = schedules.first { $0.id == given }
                if existing == nil, !schedules.isEmpty {
                    let names = schedules.map(\.id).joined(separator: ", ")
                    throw CommandFailure(.dataError, schedules.count == 1 ? .waterScheduleOn : .waterSchedulesOn, [
                        "ids": names, "interval": "\(options.interval)",
                    ])
                }
                id = given
            } else if schedules.count > 1 {
                throw CommandFailure(.dataError, .waterSchedules, ["count": "\(schedules.count)", "ids": schedules.map(\.id).joined(separator: ", ")])
            } else if let only = schedules.first {
                id = only.id
                existing = only
            } else {
                id = try generateID(prefix: "w")
                existing = nil
            }
            let window = DailyWindow(
                from: options.from ?? existing?.window.from ?? Command.WaterEvery.defaultFrom,
                until: options.until ?? existing?.window.until ?? Command.WaterEvery.defaultUntil
            )
            let amount = try options.amountML ?? existing?.amountML ?? defaultAmount()
            let goal: Int?
            if let given = options.goalML {
                goal = given
            } else if let existing {
                goal = existing.goalML
            } else {
                goal = try defaultGoal()
            }
            let schedule = WaterSchedule(id: id, interval: options.interval, window: window, amountML: amount, goalML: goal, pausedUntil: existing?.pausedUntil)
            let intakes = try recentIntakes(now: now)
            let change = planner.configure(schedule, intakes: intakes, now: now, timeZone: environment.timeZone, calendar: calendar)
            let consumed = waterConsumed(intakes, schedule: schedule, now: now)
            return (change, [messages(now).waterConfigured(schedule, nextReminder: change.requests.first?.due, consumedToday: consumed)])
        }
    }

    func drinkWater(_ amountML: Int?, at time: TimeSpecification? = nil, now: Date) throws {
        try commit(now: now) { now in
            let schedule = try store().waterSchedules().first
            let amount = try amountML ?? schedule?.amountML ?? defaultAmount()
            let instant = time.map { $0.resolve(now: now, timeZone: environment.timeZone, calendar: calendar, looking: .back) }
            if let instant, instant > now {
                throw CommandFailure(.dataError, LocalizedText { language in
                    CommandText.glassInFuture.text(language, [
                        "time": TimeDisplay(now: now, timeZone: environment.timeZone, calendar: calendar, language: language).clock(instant),
                    ])
                })
            }
            let intakes = try recentIntakes(now: now)
            let change = planner.drink(amount, at: instant, schedule: schedule, intakes: intakes, now: now, timeZone: environment.timeZone, calendar: calendar)
            let consumed = waterConsumed(intakes + change.intakes.map(\.intake), schedule: schedule, now: now)
            let summary = WaterSummary(schedule: schedule, consumedML: consumed, nextReminder: change.requests.first?.due)
            return (change, [messages(now).waterDrank(amount, at: instant, summary: summary)])
        }
    }

    func undoWater(now: Date) throws {
        do {
            try commit(now: now) { now in
                let store = try store()
                guard let last = try store.lastLoggedIntake() else {
                    throw CommandFailure(.dataError, .nothingToUndo)
                }
                let schedule = try store.waterSchedules().first
                var intakes = try recentIntakes(now: now)
                if let index = intakes.firstIndex(of: last.logged.intake) { intakes.remove(at: index) }
                let change = planner.undoDrink(record: last.record, schedule: schedule, intakes: intakes, now: now, timeZone: environment.timeZone, calendar: calendar)
                let summary = WaterSummary(schedule: schedule, consumedML: waterConsumed(intakes, schedule: schedule, now: now), nextReminder: change.requests.first?.due)
                return (change, [messages(now).waterUndone(last.logged.intake, summary: summary)])
            }
        } catch let error as StoreError where error.kind == .notFound {
            // Inside the write lock the glass read is the one deleted; kept for a plan that
            // still finds it gone (a database changed outside chime).
            throw CommandFailure(.tryAgain, .glassesChanged)
        }
    }

    func pauseWater(for span: TimeSpan, now: Date) throws {
        let end = now.addingTimeInterval(span.timeInterval)
        try commit(now: now) { now in
            let change = try reconfigureEverySchedule(now: now, verb: .noWaterToPause) { $0.pausedUntil = end }
            return (change, [messages(now).waterPaused(until: end)])
        }
    }

    func resumeWater(now: Date) throws {
        try commit(now: now) { now in
            let schedules = try store().waterSchedules()
            // A pause that already ended is no pause: resuming it would only rewrite the schedule.
            if !schedules.isEmpty, !schedules.contains(where: { $0.pausedUntil.map { $0 > now } ?? false }) {
                return (ChangePlan(), [ChangeMessage.waterNotPaused(in: language)])
            }
            let change = try reconfigureEverySchedule(now: now, verb: .noWaterToResume) { $0.pausedUntil = nil }
            return (change, [messages(now).waterResumed(nextReminder: change.requests.map(\.due).min())])
        }
    }

    func turnWaterOff(now: Date) throws {
        try commit(now: now) { now in
            let schedules = try store().waterSchedules()
            guard !schedules.isEmpty else {
                return (ChangePlan(), [messages(now).say(.waterAlreadyOff)])
            }
            var change = ChangePlan()
            for schedule in schedules {
                change.merge(planner.remove(schedule))
            }
            return (change, schedules.map { messages(now).waterOff(scheduleID: $0.id) })
        }
    }

    func showWaterStatus(json: Bool, now: Date) throws {
        let summary = try waterSummary(now: now)
        if json {
            try writeJSON(summary.json(display: display(now)))
        } else {
            write(summary.text(display: display(now), style: environment.style, width: environment.terminalWidth))
        }
    }

    /// The water state at `now`: the first schedule, what was drunk in the current water day
    /// (``WaterDay``), and its next pending reminder.
    func waterSummary(now: Date) throws -> WaterSummary {
        let store = try store()
        let schedule = try store.waterSchedules().first
        let consumed = waterConsumed(try recentIntakes(now: now), schedule: schedule, now: now)
        guard let schedule else {
            return WaterSummary(schedule: nil, consumedML: consumed, nextReminder: nil)
        }
        let next = try store.pendingRequests(inGroup: schedule.id).map(\.request.due).min()
        return WaterSummary(schedule: schedule, consumedML: consumed, nextReminder: next)
    }

    /// The plan that changes every schedule with `change` and re-derives its next reminder;
    /// fails (65) when there is no schedule to `verb`.
    private func reconfigureEverySchedule(now: Date, verb: CommandText, _ change: (inout WaterSchedule) -> Void) throws -> ChangePlan {
        let schedules = try store().waterSchedules()
        guard !schedules.isEmpty else {
            throw CommandFailure(.dataError, verb)
        }
        var plan = ChangePlan()
        for var schedule in schedules {
            change(&schedule)
            plan.merge(planner.configure(schedule, intakes: try recentIntakes(now: now), now: now, timeZone: environment.timeZone, calendar: calendar))
        }
        return plan
    }

    /// Every glass recent enough to place a schedule's next reminder and count its water day.
    func recentIntakes(now: Date) throws -> [WaterIntake] {
        try store().waterIntakes(since: now.addingTimeInterval(-Self.intakeLookback))
    }

    /// Millilitres of `intakes` in the water day of `schedule` (``WaterDay``) at `now`.
    func waterConsumed(_ intakes: [WaterIntake], schedule: WaterSchedule?, now: Date) -> Int {
        WaterDay.consumed(intakes, at: now, window: schedule?.window, timeZone: environment.timeZone, calendar: calendar)
    }

    /// The `water.amount` setting.
    private func defaultAmount() throws -> Int {
        if case .millilitres(let amount) = try setting(.waterAmount) { return amount }
        return 250
    }

    /// The `water.goal` setting.
    private func defaultGoal() throws -> Int? {
        if case .optionalMillilitres(let goal) = try setting(.waterGoal) { return goal }
        return nil
    }
}
