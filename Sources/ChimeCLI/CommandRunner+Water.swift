import ChimeCore
import ChimeDesk
import ChimeStore
import Foundation

/// `chime water every|drink|undo|pause|resume|off|status`: the desk decides
/// (``Desk/configureWater(_:defaults:now:)`` and its siblings), the runner words it.
extension CommandRunner {
    func configureWater(_ options: Command.WaterEvery, now: Date) throws {
        let defaults = Desk.WaterDefaults(
            amountML: try defaultAmount(), goalML: try defaultGoal(),
            from: Command.WaterEvery.defaultFrom, until: Command.WaterEvery.defaultUntil
        )
        let intent = Desk.WaterEvery(
            interval: options.interval, from: options.from, until: options.until, amountML: options.amountML, goalML: options.goalML, id: options.id
        )
        try commit(now: now) { desk, now in
            let decision = try desk.configureWater(intent, defaults: defaults, now: now)
            let consumed = desk.waterConsumed(try desk.recentIntakes(now: now), schedule: decision.outcome, now: now)
            return Desk.Decision(decision.plan, (decision.outcome, decision.plan.requests.first?.due, consumed))
        } lines: { configured, now in
            [messages(now).waterConfigured(configured.0, nextReminder: configured.1, consumedToday: configured.2)]
        }
    }

    func drinkWater(_ amountML: Int?, at time: TimeSpecification? = nil, now: Date) throws {
        let defaultAmount = try defaultAmount()
        try commit(now: now) { desk, now in
            let instant = time.map { $0.resolve(now: now, timeZone: environment.timeZone, calendar: calendar, looking: .back) }
            let decision = try desk.drink(amountML, at: instant, defaultAmount: defaultAmount, now: now)
            return Desk.Decision(decision.plan, (decision.outcome, instant))
        } lines: { drank, now in
            [messages(now).waterDrank(drank.0.amountML, at: drank.1, summary: WaterSummary(drank.0.state))]
        }
    }

    func undoWater(now: Date) throws {
        do {
            try commit(now: now) { desk, now in try desk.undoDrink(now: now) } lines: { undone, now in
                [messages(now).waterUndone(undone.undone, summary: WaterSummary(undone.state))]
            }
        } catch let error as StoreError where error.kind == .notFound {
            // Inside the write lock the glass read is the one deleted; kept for a plan that
            // still finds it gone (a database changed outside chime).
            throw DeskRefusal.glassesChanged
        }
    }

    func pauseWater(for span: TimeSpan, now: Date) throws {
        let end = now.addingTimeInterval(span.timeInterval)
        try commit(now: now) { desk, now in try desk.pauseWater(until: end, now: now) } lines: { end, now in
            [messages(now).waterPaused(until: end)]
        }
    }

    func resumeWater(now: Date) throws {
        try commit(now: now) { desk, now in try desk.resumeWater(now: now) } lines: { resumed, now in
            guard let next = resumed else { return [ChangeMessage.waterNotPaused(in: language)] }
            return [messages(now).waterResumed(nextReminder: next)]
        }
    }

    func turnWaterOff(now: Date) throws {
        try commit(now: now) { desk, now in try desk.turnWaterOff(now: now) } lines: { ids, now in
            ids.isEmpty ? [messages(now).say(.waterAlreadyOff)] : ids.map { messages(now).waterOff(scheduleID: $0) }
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

    /// The water state at `now` (``Desk/waterNow(now:)``).
    func waterSummary(now: Date) throws -> WaterSummary {
        WaterSummary(try desk().waterNow(now: now))
    }

    /// Every glass recent enough to place a schedule's next reminder and count its water day.
    func recentIntakes(now: Date) throws -> [WaterIntake] {
        try desk().recentIntakes(now: now)
    }

    /// Millilitres of `intakes` in the water day of `schedule` (``WaterDay``) at `now`.
    func waterConsumed(_ intakes: [WaterIntake], schedule: WaterSchedule?, now: Date) throws -> Int {
        try desk().waterConsumed(intakes, schedule: schedule, now: now)
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

extension WaterSummary {
    /// The summary of what a water change left.
    init(_ state: Desk.WaterState) {
        self.init(schedule: state.schedule, consumedML: state.consumedML, nextReminder: state.nextReminder)
    }
}
