import ChimeControl
import ChimeCore
import ChimeDesk
import ChimeStore
import FoundationEssentials

/// Runs a parsed ``Command`` against the store and the daemon, writing what the user sees.
///
/// Parse, desk, print: every change is decided by the ``Desk`` from what the store holds, inside
/// one write transaction under a fresh request id (``commit(now:_:lines:)``), and then announced
/// to `chimed` with a `changed` nudge; the runner only turns what was decided into lines. A
/// command that fails writes nothing. Everything from the world comes from the injected
/// ``CommandEnvironment``, so each command runs in tests without a process.
public final class CommandRunner {
    /// Where the runner gets time, zone, output, store and daemon.
    public private(set) var environment: CommandEnvironment
    /// Builds every change plan.
    let planner = FastingPlanner()
    private var openedStore: Store?
    private var openedDesk: Desk?

    /// How long the nudge after a change waits for the daemon: it only re-arms a timer.
    public static let nudgeTimeout: Duration = .milliseconds(500)
    /// How long `status` and `doctor` wait for the daemon's answer.
    public static let queryTimeout: Duration = .seconds(1)
    /// How far back intake is read to place the next water reminder.
    static let intakeLookback = WaterDay.intakeLookback

    /// The language of everything this invocation writes: the `language` setting when it names
    /// one, else the locale variables; read once, on first use.
    public private(set) lazy var language: UserLanguage = UserLanguage.resolve(
        setting: environment.storeExists() && !storeFailedToOpen ? (try? store().setting(UserLanguage.settingKey)) ?? nil : nil,
        environment: environment.variables
    )
    /// Whether opening the store failed: the error line is then said in the locale's language,
    /// without a second attempt (which could wait out a lock again).
    private var storeFailedToOpen = false

    /// Makes a runner for one invocation.
    public init(environment: CommandEnvironment) {
        self.environment = environment
    }

    /// Runs `command` and returns the exit status; failures are written to standard error as
    /// one `chime: ...` line.
    public func run(_ command: Command) -> ExitCode {
        do {
            return try execute(command)
        } catch {
            let failure: CommandFailure
            if let refusal = error as? DeskRefusal {
                let now = environment.clock()
                failure = refusal.failure { [environment] language in
                    TimeDisplay(now: now, timeZone: environment.timeZone, language: language)
                }
            } else {
                failure = Self.failure(for: error)
            }
            environment.errors.write(failure.line(in: language) + "\n")
            return failure.exitCode
        }
    }

    /// The one mapping from any error met while running to what the user sees.
    static func failure(for error: any Error) -> CommandFailure {
        switch error {
        case let failure as CommandFailure: return failure
        case let error as DomainError: return CommandFailure(error)
        case let error as StoreError: return CommandFailure(error)
        case let error as UsageError: return CommandFailure(error)
        case let error as RuntimeError: return CommandFailure(error.exitCode, error.text)
        case let refusal as DeskRefusal:
            return refusal.failure { TimeDisplay(now: Date(), timeZone: TimeZone(identifier: "UTC")!, language: $0) }
        default: return CommandFailure(.software, .unexpectedError, ["error": "\(error)"])
        }
    }

    private func execute(_ command: Command) throws -> ExitCode {
        switch command {
        case .help(let path):
            write(HelpFormatter.help(for: CommandTable.command(at: path) ?? CommandTable.root, language: language))
            return .success
        case .version(let text):
            write(text)
            return .success
        case .completions(let shell):
            write(CompletionScript.script(for: shell, language: language))
            return .success
        case .doctor:
            return try doctor()
        case .completionCandidates(let what):
            try writeCompletionCandidates(what)
            return .success
        default:
            break
        }
        // Every other command reads or shows times: a zone we cannot honour is bad input.
        if let zoneError = environment.timeZoneError {
            throw CommandFailure(zoneError)
        }
        let now = environment.clock()
        switch command {
        case .help, .version, .completions, .doctor, .completionCandidates:
            return .success
        case .fastStart(let options): try startFast(options, now: now)
        case .fastStop(let id, let at): try stopFast(id: id, at: at, now: now)
        case .fastEdit(let id, let start, let end): try editFast(id: id, start: start, end: end, now: now)
        case .fastExtend(let span, let id): try extendFast(by: span, id: id, now: now)
        case .fastStatus(let id, let json): try showFastStatus(id: id, json: json, now: now)
        case .fastHistory(let days, let json): try showFastHistory(days: days, json: json, now: now)
        case .waterEvery(let options): try configureWater(options, now: now)
        case .fastDelete(let id): try deleteFast(id: id, now: now)
        case .fastSchedule(let action): try fastSchedule(action, now: now)
        case .waterDrink(let amount, let time): try drinkWater(amount, at: time, now: now)
        case .waterUndo(let number): try undoWater(number: number, now: now)
        case .waterEdit(let number, let amount, let time): try editGlass(number, amount: amount, at: time, now: now)
        case .waterLog(let days, let json): try showWaterLog(days: days, json: json, now: now)
        case .waterHistory(let days, let json): try showWaterHistory(days: days, json: json, now: now)
        case .waterGoal(let action): try waterGoal(action, now: now)
        case .waterPause(let span): try pauseWater(for: span, now: now)
        case .waterResume: try resumeWater(now: now)
        case .waterOff: try turnWaterOff(now: now)
        case .waterStatus(let json): try showWaterStatus(json: json, now: now)
        case .remindIn(let span, let text, let id, let nag, let urgency):
            try remind(text, at: { $0.addingTimeInterval(span.timeInterval) }, id: id, nag: nag, urgency: urgency, now: now)
        case .remindAt(let time, let text, let id, let nag, let urgency):
            let (due, note) = resolve(time, now: now)
            try remind(text, at: { _ in due }, id: id, nag: nag, urgency: urgency, note: note, now: now)
        case .remindEvery(let options): try remindEvery(options, now: now)
        case .remindHistory(let id, let days, let json): try showReminderHistory(id: id, days: days, json: json, now: now)
        case .remindList(let all, let json): try showRecurringReminders(all: all, json: json, now: now)
        case .remindEdit(let options): try editReminder(options, now: now)
        case .done(let reference): try done(reference.description, now: now)
        case .explain(let options): try explain(options, now: now)
        case .list(let group, let json): try list(group: group, json: json, now: now)
        case .cancel(let target): try cancel(target, now: now)
        case .snooze(let reference, let span): try snooze(reference, by: span, now: now)
        case .status(let format, let follow):
            if follow { return try followStatus(format: format) }
            try showStatus(format: format, now: now)
        case .export(.ics, _, let folder):
            try loadLibical()
            try exportCalendar(to: folder, now: now)
        case .export(let format, let what, _): try export(format: format, what: what, now: now)
        case .calendarAdd(let path, let name, let alerts, let muted): try addCalendar(path: path, name: name, defaultAlerts: alerts, muted: muted, now: now)
        case .calendarList(let json):
            try loadLibical()
            try listCalendars(json: json, now: now)
        case .calendarRemove(let name): try removeCalendar(named: name, now: now)
        case .calendarSet(let name, let setting): try setCalendar(named: name, setting, now: now)
        case .calendarAlarms(let from, let until, let calendar, let json):
            try loadLibical()
            try showCalendarAlarms(from: from, until: until, calendar: calendar, json: json, now: now)
        case .configGet(let key): try showSetting(key)
        case .configSet(let key, let value): try changeSetting(key, to: value, now: now)
        case .configList: try listSettings()
        case .configUnset(let key): try unsetSetting(key, now: now)
        }
        return .success
    }

    // MARK: - Output

    /// Writes `text` to standard output, adding the final newline when it lacks one.
    @discardableResult
    func write(_ text: String) -> Bool {
        environment.output.write(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Writes a notice line to standard error.
    func notice(_ text: String) {
        environment.errors.write(text + "\n")
    }

    /// Encodes `value` as JSON (pretty unless `oneLine`) and writes it.
    func writeJSON<Value: Encodable>(_ value: Value, oneLine: Bool = false) throws {
        write(try OrderedJSONEncoder(prettyPrinted: !oneLine).encode(value))
    }

    // MARK: - Time

    /// The instant `time` names at `now`, and the note to add to the change's line when the
    /// local clock skips that reading (a daylight-saving gap) so it was moved; `""` otherwise.
    func resolve(_ time: TimeSpecification, now: Date) -> (instant: Date, note: String) {
        let instant = time.resolve(now: now, timeZone: environment.timeZone, calendar: calendar)
        guard let skipped = time.skippedReading(resolvedTo: instant, timeZone: environment.timeZone, calendar: calendar) else {
            return (instant, "")
        }
        return (instant, messages(now).skippedTimeNote(skipped.time, on: skipped.date, movedTo: instant))
    }

    /// A Gregorian calendar in the local zone.
    var calendar: Calendar {
        LocalTimeResolver.gregorian(in: environment.timeZone)
    }

    /// Times shown relative to `now` in the local zone.
    func display(_ now: Date) -> TimeDisplay {
        TimeDisplay(now: now, timeZone: environment.timeZone, language: language)
    }

    /// The human lines of changes made at `now`, water in the unit the user reads in, fasts
    /// judged or neutral as `fast.streaks` says.
    func messages(_ now: Date) -> ChangeMessage {
        ChangeMessage(display: display(now), waterUnit: waterUnit, judgesFasts: judgesFasts)
    }

    /// The unit water amounts are shown and typed in (`water.unit`); millilitres without a store.
    private(set) lazy var waterUnit: WaterUnit = WaterUnit.chosen(bySetting: storedSetting(WaterUnit.settingKey))

    /// Whether fasts are judged (`fast.streaks on`): streaks, "stopped early", "short of".
    private(set) lazy var judgesFasts: Bool = storedSetting(ConfigKey.fastStreaks.name).map { $0 != ConfigValue.switchWords[1] } ?? true

    /// The stored value of setting `key`, without making a store where there is none; `nil`
    /// when it is not set or cannot be read (the command that needs the store says why).
    private func storedSetting(_ key: String) -> String? {
        guard environment.storeExists() else { return nil }
        return (try? store().setting(key)) ?? nil
    }

    // MARK: - Store and daemon

    /// The store, opened on first use; its warnings (data at risk) go to standard error once.
    func store() throws -> Store {
        if let openedStore { return openedStore }
        let store: Store
        do {
            store = try environment.openStore()
        } catch {
            storeFailedToOpen = true
            throw error
        }
        // Kept before the warnings are said: choosing their language reads the setting from it.
        openedStore = store
        for warning in store.localizedWarnings {
            notice(ErrorLine.text(CommandText.warning.text(language, ["warning": warning.text(in: language)])))
        }
        return store
    }

    /// The desk every change goes through, opened on first use; its rules follow the
    /// `time_zone` setting, else the system's zone (never this process's `TZ` alone: chimed
    /// must agree).
    func desk() throws -> Desk {
        if let openedDesk { return openedDesk }
        let store = try store()
        let desk = Desk(store: store, timeZone: try ruleTimeZone(), planner: planner, randomSource: environment.randomSource)
        // The calendars are read from their files only when the store lags behind them (chimed
        // did not run) or a command acts on a calendar alarm: as chimed reads them.
        desk.calendarLoader = { [unowned self] source in
            // Without libical no command that needs a calendar's files can give a true answer:
            // the failure (69, one line) ends the command, its transaction rolled back.
            try loadLibical()
            return readCalendar(source)
        }
        desk.canReadCalendars = { [unowned self] in (try? loadLibical()) != nil }
        openedDesk = desk
        return desk
    }

    /// The zone rules follow (``ChimeTimeZone``): the `time_zone` setting, else the system's.
    func ruleTimeZone() throws -> TimeZone {
        ChimeTimeZone.resolve(setting: try store().setting(ChimeTimeZone.settingKey), system: environment.systemTimeZone)
    }

    /// `; note: rules follow UTC (the system's zone), not TZ=Europe/Berlin ...`, appended to the
    /// line of a change that sets a rule when this shell's `TZ` keeps another clock than the
    /// zone rules follow (chimed does not see `TZ`); `""` when they agree.
    func ruleZoneNote(now: Date) throws -> String {
        let rules = try ruleTimeZone()
        guard environment.variables["TZ"] != nil, !Self.sameRules(environment.timeZone, rules, from: now) else { return "" }
        let source = (try store().setting(ChimeTimeZone.settingKey)).flatMap(ChimeTimeZone.zone(named:)) == nil
            ? CommandText.ruleZoneFromSystem : .ruleZoneFromSetting
        return CommandText.ruleZoneNote.text(language, [
            "rules": rules.displayName, "source": source.text(language), "tz": environment.timeZone.displayName,
        ])
    }

    /// ``ruleTimeZone()`` without making a store where there is none (the system's zone then).
    func knownRuleTimeZone() throws -> TimeZone {
        environment.storeExists() ? try ruleTimeZone() : environment.systemTimeZone
    }

    /// Decides a change through the desk and applies it in one write transaction, then prints
    /// its lines and nudges the daemon.
    ///
    /// `decide` runs with the database's write lock held (``Desk/perform(requestID:now:clock:_:)``),
    /// so every rule it checks (one fast at a time, one water schedule, an id names one thing)
    /// is checked against what is committed and cannot change before the plan is written: of two
    /// commands racing, the second decides after the first committed and fails as if it had run
    /// later. It gets the instant read once the lock is held, not the command's `now`. The lines
    /// (`lines`, from what was decided and that instant) are printed only once the plan is
    /// stored. An empty plan writes nothing; its lines are printed all the same (they say why
    /// nothing changed).
    func commit<Outcome>(
        now: Date, _ decide: (Desk, Date) throws -> Desk.Decision<Outcome>, lines: (Outcome, Date) throws -> [String]
    ) throws {
        let requestID = environment.makeRequestID()
        let desk = try desk()
        let performed = try desk.perform(requestID: requestID, now: now, clock: environment.clock) { now in try decide(desk, now) }
        if let result = performed.result, result.replayed {
            // The lines would describe this run's decision (fresh ids and all), which was not applied.
            write(ChangeMessage.alreadyApplied(requestID: requestID, sequence: result.sequence, in: language))
            return
        }
        if let outcome = performed.outcome {
            for line in try lines(outcome, performed.decidedAt) { write(line) }
        }
        if let result = performed.result { nudgeDaemon(sequence: result.sequence) }
    }

    /// Tells `chimed` the store changed up to `sequence`; when it does not answer, says that the
    /// change is saved and how to start it (unless `quietly`). Never fails the command.
    func nudgeDaemon(sequence: Int64, quietly: Bool = false) {
        let problem: String
        do {
            let daemon = try environment.openDaemon(Self.nudgeTimeout)
            switch try daemon.send(.changed(sequence: sequence)) {
            case .changeApplied: return
            case .error(let error): problem = ChangeMessage.daemonDidNotConfirm(error.text(in: language), in: language)
            case .pong, .status, .calendars, .calendarAlarms:
                problem = ChangeMessage.daemonDidNotConfirm(CommandText.unexpectedAnswer.text(language), in: language)
            }
        } catch let error as RuntimeError where error.kind == .daemonNotRunning {
            problem = ChangeMessage.daemonNotRunningText(in: language)
        } catch let error as RuntimeError where error.kind == .daemonTimedOut {
            problem = ChangeMessage.daemonDidNotConfirm(CommandText.noAnswerWithin.text(language, ["timeout": "\(Self.nudgeTimeout)"]), in: language)
        } catch let error as RuntimeError {
            problem = ChangeMessage.daemonDidNotConfirm(error.text.text(in: language), in: language)
        } catch {
            problem = ChangeMessage.daemonDidNotConfirm("\(error)", in: language)
        }
        if !quietly { notice(problem) }
    }

    // MARK: - Settings

    /// The value of `key` in effect: stored, else its default.
    func setting(_ key: ConfigKey) throws -> ConfigValue {
        guard let text = try store().setting(key.name) else { return key.defaultValue }
        // A plan kept by an earlier Chime (`5:2` was a 5-hour fast) reads as it was written.
        if key == .fastPlan, let plan = try? FastingPlan(storedText: text), plan.fastDays == nil { return .plan(plan) }
        do {
            return try key.value(parsing: text)
        } catch {
            throw CommandFailure(.dataError, .storedSettingInvalid, ["key": key.name, "text": text])
        }
    }

}
