import ChimeControl
import ChimeCore
import ChimeStore
import Foundation

/// Runs a parsed ``Command`` against the store and the daemon, writing what the user sees.
///
/// Every change is built by ``FastingPlanner`` from what the store holds, validated as a whole
/// and applied in one transaction under a fresh request id (``commit(now:_:)``: the reading and
/// checking happen inside that transaction), and then announced to `chimed` with a `changed`
/// nudge. A command that fails writes nothing. Everything from the world comes from the injected
/// ``CommandEnvironment``, so each command runs in tests without a process.
public final class CommandRunner {
    /// Where the runner gets time, zone, output, store and daemon.
    public private(set) var environment: CommandEnvironment
    /// Builds every change plan.
    let planner = FastingPlanner()
    private var openedStore: Store?

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
            let failure = Self.failure(for: error)
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
        case .fastStop(let id): try stopFast(id: id, now: now)
        case .fastExtend(let span, let id): try extendFast(by: span, id: id, now: now)
        case .fastStatus(let id, let json): try showFastStatus(id: id, json: json, now: now)
        case .fastHistory(let days, let json): try showFastHistory(days: days, json: json, now: now)
        case .waterEvery(let options): try configureWater(options, now: now)
        case .fastDelete(let id): try deleteFast(id: id, now: now)
        case .fastSchedule(let action): try fastSchedule(action, now: now)
        case .waterDrink(let amount, let time): try drinkWater(amount, at: time, now: now)
        case .waterUndo: try undoWater(now: now)
        case .waterPause(let span): try pauseWater(for: span, now: now)
        case .waterResume: try resumeWater(now: now)
        case .waterOff: try turnWaterOff(now: now)
        case .waterStatus(let json): try showWaterStatus(json: json, now: now)
        case .remindIn(let span, let text, let id, let nag, let urgency):
            try remind(text, at: now.addingTimeInterval(span.timeInterval), id: id, nag: nag, urgency: urgency, now: now)
        case .remindAt(let time, let text, let id, let nag, let urgency):
            let (due, note) = resolve(time, now: now)
            try remind(text, at: due, id: id, nag: nag, urgency: urgency, note: note, now: now)
        case .remindEvery(let options): try remindEvery(options, now: now)
        case .remindHistory(let id, let days, let json): try showReminderHistory(id: id, days: days, json: json, now: now)
        case .done(let reference): try done(reference.description, now: now)
        case .explain(let options): try explain(options, now: now)
        case .list(let group, let json): try list(group: group, json: json, now: now)
        case .cancel(let target): try cancel(target, now: now)
        case .snooze(let reference, let span): try snooze(reference, by: span, now: now)
        case .status(let format, let follow):
            if follow { return try followStatus(format: format) }
            try showStatus(format: format, now: now)
        case .export(let format, let what): try export(format: format, what: what, now: now)
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
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = environment.timeZone
        return calendar
    }

    /// Times shown relative to `now` in the local zone.
    func display(_ now: Date) -> TimeDisplay {
        TimeDisplay(now: now, timeZone: environment.timeZone, language: language)
    }

    /// The human lines of changes made at `now`.
    func messages(_ now: Date) -> ChangeMessage {
        ChangeMessage(display: display(now))
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

    /// Decides a change and applies it in one write transaction, then prints its lines and
    /// nudges the daemon.
    ///
    /// `decide` runs with the database's write lock held and reads through ``store()``, so every
    /// rule it checks (one fast at a time, one water schedule, an id names one thing) is checked
    /// against what is committed and cannot change before the plan is written: of two commands
    /// racing, the second decides after the first committed and fails as if it had run later.
    /// The lines are printed only once the plan is stored. An empty plan writes nothing; its
    /// lines are printed all the same (they say why nothing changed).
    ///
    /// `decide` gets the instant read once the lock is held, not the command's `now`: a command
    /// that waited for the lock must see the fast started meanwhile as running (as a command run
    /// after it does), not as scheduled to start after its own earlier `now`.
    func commit(now: Date, _ decide: (_ now: Date) throws -> (plan: ChangePlan, lines: [String])) throws {
        let requestID = environment.makeRequestID()
        var lines: [String] = []
        let result = try store().apply(requestID: requestID, now: now) {
            let decided = try decide(max(now, environment.clock()))
            lines = decided.lines
            return decided.plan
        }
        guard let result else {
            for line in lines { write(line) }
            return
        }
        guard !result.replayed else {
            // The lines describe this run's plan (fresh ids and all), which was not applied.
            write(ChangeMessage.alreadyApplied(requestID: requestID, sequence: result.sequence, in: language))
            return
        }
        for line in lines { write(line) }
        nudgeDaemon(sequence: result.sequence)
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
            case .pong, .status: problem = ChangeMessage.daemonDidNotConfirm(CommandText.unexpectedAnswer.text(language), in: language)
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
        do {
            return try key.value(parsing: text)
        } catch {
            throw CommandFailure(.dataError, .storedSettingInvalid, ["key": key.name, "text": text])
        }
    }

    // MARK: - Ids

    /// A generated id `prefix-xxx` that names nothing yet and has no notifications.
    func generateID(prefix: String) throws -> String {
        // 32^3 ids per prefix: collisions are rare, and a few retries find a free one.
        for _ in 0..<64 {
            let id = EntityID.generate(prefix: prefix, using: &environment.randomSource)
            if try !namesSomething(id), try store().pendingRequests(inGroup: id).isEmpty { return id }
        }
        throw CommandFailure(.tryAgain, .noFreeID, ["prefix": prefix])
    }
}
