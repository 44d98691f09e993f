import ChimeCore
import ChimeDesk
import ChimeStore
import FoundationEssentials

/// `chime water log|history|edit|goal`: the desk reads and decides (``Desk/waterLog(days:now:)``
/// and its siblings), the runner words it.
extension CommandRunner {
    func showWaterLog(days: Int, json: Bool, now: Date) throws {
        let report = WaterLogReport(days: try desk().waterLog(days: days, now: now), display: display(now), unit: waterUnit)
        if json {
            try writeJSON(report.json)
        } else {
            write(report.text(style: environment.style))
        }
    }

    func showWaterHistory(days: Int, json: Bool, now: Date) throws {
        let report = WaterHistoryReport(days: try desk().waterHistory(days: days, now: now).days, display: display(now), unit: waterUnit)
        if json {
            try writeJSON(report.json)
        } else {
            write(report.text(style: environment.style, width: environment.terminalWidth))
        }
    }

    func editGlass(_ number: Int64, amount: WaterQuantity?, at time: TimeSpecification?, now: Date) throws {
        let amountML = try amount.map { try millilitres($0, field: .fieldAmount) }
        do {
            try commit(now: now) { desk, now in
                let instant = time.map { $0.resolve(now: now, timeZone: environment.timeZone, calendar: calendar, looking: .back) }
                return try desk.editGlass(number, amountML: amountML, at: instant, now: now)
            } lines: { edited, now in
                [messages(now).glassEdited(number: number, before: edited.before, after: edited.after, summary: WaterSummary(edited.state))]
            }
        } catch let error as StoreError where error.kind == .notFound {
            throw DeskRefusal.glassesChanged
        }
    }

    func waterGoal(_ action: Command.WaterGoalAction, now: Date) throws {
        switch action {
        case .show:
            let state = try desk().waterNow(now: now)
            let water = WaterAmountText(unit: waterUnit, language: language)
            guard let schedule = state.schedule else {
                write(CommandText.noWaterReminders.text(language, ["ml": water.number(state.consumedML), "unit": water.unitName]))
                return
            }
            let desk = try desk()
            let today = LocalDate(of: schedule.waterDay(containing: now, timeZone: desk.timeZone, calendar: desk.calendar).start, in: desk.timeZone, calendar: desk.calendar)
            let lines = WaterGoalsText(display: display(now), water: water).lines(of: schedule, today: today.weekday)
            write(([ViewText.waterGoalsHeading.text(language, ["id": schedule.id])] + lines).joined(separator: "\n"))
        case .set(let days, let goal):
            let goalML = try goal.map { try millilitres($0, field: .fieldGoal) }
            try commit(now: now) { desk, now in
                try desk.setWaterGoal(goalML.map { .millilitres($0) } ?? .none, on: days, now: now)
            } lines: { state, now in
                [messages(now).waterGoalsSet(WaterSummary(state))]
            }
        }
    }
}
