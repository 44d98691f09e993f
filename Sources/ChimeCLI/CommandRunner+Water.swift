import ChimeCore
import ChimeDesk
import ChimeStore
import FoundationEssentials

/// `chime water every|drink|undo|edit|goal|pause|resume|off|status`: the desk decides
/// (``Desk/configureWater(_:defaults:now:)`` and its siblings), the runner words it.
extension CommandRunner {
    func configureWater(_ options: Command.WaterEvery, now: Date) throws {
        let defaults = Desk.WaterDefaults(
            amountML: try defaultAmount(), goalML: try defaultGoal(),
            from: Command.WaterEvery.defaultFrom, until: Command.WaterEvery.defaultUntil
        )
        let intent = Desk.WaterEvery(
            interval: options.interval, from: options.from, until: options.until,
            amountML: try options.amount.map { try millilitres($0, field: .fieldAmount) }, goalML: try options.goal.map { try millilitres($0, field: .fieldGoal) },
            id: options.id
        )
        try commit(now: now) { desk, now in
            let decision = try desk.configureWater(intent, defaults: defaults, now: now)
            let consumed = desk.waterConsumed(try desk.recentIntakes(now: now), schedule: decision.outcome, now: now)
            let goal = decision.outcome.goal(ofWaterDayHolding: now, timeZone: desk.timeZone, calendar: desk.calendar)
            return Desk.Decision(decision.plan, (decision.outcome, decision.plan.requests.first?.due, consumed, goal))
        } lines: { configured, now in
            [messages(now).waterConfigured(configured.0, nextReminder: configured.1, consumedToday: configured.2, goalToday: configured.3)]
        }
    }

    func drinkWater(_ amount: WaterQuantity?, at time: TimeSpecification? = nil, now: Date) throws {
        let defaultAmount = try defaultAmount()
        let amountML = try amount.map { try millilitres($0, field: .fieldAmount) }
        try commit(now: now) { desk, now in
            let instant = time.map { $0.resolve(now: now, timeZone: environment.timeZone, calendar: calendar, looking: .back) }
            let decision = try desk.drink(amountML, at: instant, defaultAmount: defaultAmount, now: now)
            return Desk.Decision(decision.plan, (decision.outcome, instant))
        } lines: { drank, now in
            [messages(now).waterDrank(drank.0.amountML, at: drank.1, summary: WaterSummary(drank.0.state))]
        }
    }

    func undoWater(number: Int64? = nil, now: Date) throws {
        do {
            try commit(now: now) { desk, now in try desk.undoDrink(record: number, now: now) } lines: { undone, now in
                [messages(now).waterUndone(undone.undone, number: undone.record, summary: WaterSummary(undone.state))]
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
            try writeJSON(summary.json(display: display(now), unit: waterUnit))
        } else {
            write(summary.text(display: display(now), style: environment.style, width: environment.terminalWidth, unit: waterUnit))
        }
    }

    /// The water state at `now` (``Desk/waterNow(now:)``), as chimed would have it by now.
    func waterSummary(now: Date) throws -> WaterSummary {
        let desk = try desk()
        return WaterSummary(try desk.readingDerived(now: now) { try desk.waterNow(now: now) })
    }

    /// Every glass recent enough to place a schedule's next reminder and count its water day.
    func recentIntakes(now: Date) throws -> [WaterIntake] {
        try desk().recentIntakes(now: now)
    }

    /// Millilitres of `intakes` in the water day of `schedule` (``WaterDay``) at `now`.
    func waterConsumed(_ intakes: [WaterIntake], schedule: WaterSchedule?, now: Date) throws -> Int {
        try desk().waterConsumed(intakes, schedule: schedule, now: now)
    }

    /// The `water.amount` setting, in millilitres.
    private func defaultAmount() throws -> Int {
        try setting(.waterAmount).millilitres ?? 250
    }

    /// The `water.goal` setting, in millilitres.
    private func defaultGoal() throws -> Int? {
        try setting(.waterGoal).millilitres
    }

    /// The millilitres of an amount typed, a number alone in the unit the user reads in.
    func millilitres(_ amount: WaterQuantity, field: CommandText) throws -> Int {
        try amount.millilitres(bareIn: waterUnit, field: field.localized)
    }
}

extension WaterSummary {
    /// The summary of what a water change left.
    init(_ state: Desk.WaterState) {
        self.init(schedule: state.schedule, consumedML: state.consumedML, nextReminder: state.nextReminder, goalML: .some(state.goalML))
    }
}
