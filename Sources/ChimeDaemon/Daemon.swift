import ChimeControl
import ChimeCore
import ChimeDesk
import ChimeNotify
import ChimeStore
import ChimeSystem
import Foundation
import Glibc

/// The `chimed` process: takes the instance lock, opens the store, wires the scheduler to the
/// event loop (timer, signals, time-zone and store watches, notifier answers, control socket),
/// reports readiness and runs until `SIGTERM` or `SIGINT`.
///
/// Everything runs on the calling thread except the notifier's own; the caller must have
/// blocked the daemon's signals (``SignalSource/block(_:)``) before any thread started.
public enum Daemon {
    /// How long a stopping daemon waits for answers to deliveries already handed to the
    /// notifier, so their outcome is recorded (the notifier's watchdog is at most 5 s).
    static let stopGracePeriod: Duration = .seconds(6)

    /// The daemon's patience with another process's write lock on the store. CLI writes take
    /// milliseconds, and the scheduler's thread must not stall for long behind a stuck one:
    /// a write that fails is retried through the scheduler's recovery.
    static let storeBusyTimeout: Duration = .seconds(1)

    /// Runs `chimed` with `arguments` (without the program name) and returns its exit code:
    /// `success` after a clean stop, `usage` for bad arguments, `tryAgain` when another daemon
    /// runs, the store's code when the database cannot be used.
    public static func main(arguments: [String], environment: [String: String], log: DaemonLog = DaemonLog()) -> ExitCode {
        let command: DaemonCommand
        do {
            command = try DaemonCommandLine.parse(arguments)
        } catch {
            DaemonLog.writeToStandardError("chimed: \(error.text.text(in: language(environment: environment)))\n")
            return error.exitCode
        }
        switch command {
        case .help(let text):
            FileHandle.standardOutput.write(Data(text.text(in: language(environment: environment)).utf8))
            return .success
        case .version(let line):
            FileHandle.standardOutput.write(Data(line.utf8))
            return .success
        case .run(let options):
            return run(options: options, environment: environment, log: log)
        }
    }

    /// The language of chimed's help and usage errors, by `chime`'s rule: the store's
    /// `language` setting when the store exists, else the locale variables. Never creates the
    /// store; one it cannot read leaves the choice to the locale.
    static func language(environment: [String: String]) -> UserLanguage {
        var setting: String?
        if let path = try? StoreLocation.defaultDatabasePath(environment: environment),
           FileManager.default.fileExists(atPath: path),
           let store = try? Store(path: path, configuration: Store.Configuration(busyTimeout: storeBusyTimeout)) {
            setting = (try? store.setting(UserLanguage.settingKey)) ?? nil
        }
        return UserLanguage.resolve(setting: setting, environment: environment)
    }

    /// Runs the daemon until it is asked to stop; returns the exit code.
    public static func run(
        options: DaemonOptions,
        environment: [String: String],
        log: DaemonLog,
        makeNotifier: (DaemonOptions.NotifierChoice) throws -> any Notifier = { try $0.makeNotifier() }
    ) -> ExitCode {
        let selection = NotifierSelection(requested: options.notifier, environment: environment)
        log.notice(selection.logLine)
        // The CLI's rule for TZ: a zone the system does not know is refused (65, its message),
        // not read as UTC for every water window and text chimed derives. Only the refusal
        // matters here, so the zone it would fall back to is not read.
        do {
            _ = try LocalTimeZone.resolve(environment: environment, systemZone: .gmt)
        } catch {
            log.error(error.message)
            return .dataError
        }
        let directory = RuntimeDirectory.resolve(environment: environment)
        if directory.isFallback {
            log.warning("XDG_RUNTIME_DIR is not set: keeping the control socket in \(directory.path)")
        }
        let lock: InstanceLock
        switch takeLock(in: directory.path, log: log, { try InstanceLock(in: directory) }) {
        case .success(let taken): lock = taken
        case .failure(let failure): return failure.exitCode
        }
        // The lock is held until the daemon returns.
        defer { withExtendedLifetime(lock) {} }
        let store: Store
        do {
            store = try Store(environment: environment, configuration: Store.Configuration(busyTimeout: storeBusyTimeout))
        } catch {
            log.error(error.message)
            return error.exitCode
        }
        // One daemon per database too: another XDG_RUNTIME_DIR (or none) must not let a second
        // daemon deliver the same requests.
        // Its own name: with XDG_DATA_HOME and XDG_RUNTIME_DIR the same directory, the runtime
        // lock's file would be this one, and flock refuses a second open of it.
        let storeLock: InstanceLock
        switch takeLock(in: store.path, log: log, { try InstanceLock(path: store.path + ".chimed.lock") }) {
        case .success(let taken): storeLock = taken
        case .failure(let failure): return failure.exitCode
        }
        defer { withExtendedLifetime(storeLock) {} }
        for warning in store.warnings {
            log.warning("the database is at risk: \(warning)")
        }
        let notifier: any Notifier
        do {
            notifier = try makeNotifier(selection.choice)
        } catch {
            log.error("cannot start the \(selection.choice.rawValue) notifier: \(error)")
            return .software
        }
        defer { notifier.shutdown() }
        do {
            return try serve(store: store, notifier: notifier, directory: directory, environment: environment, log: log)
        } catch let error as StoreError {
            log.error(error.message)
            return error.exitCode
        } catch let error as RuntimeError {
            log.error(error.message)
            return error.exitCode
        } catch {
            log.error("stopped by an unexpected failure: \(error)")
            return .software
        }
    }

    /// Why a lock was not taken: the exit code (`tryAgain` when another daemon holds it).
    private struct LockFailure: Error {
        let exitCode: ExitCode
    }

    /// Takes an instance lock with `take`; on failure logs why (naming `place`) and returns the
    /// exit code.
    private static func takeLock(in place: String, log: DaemonLog, _ take: () throws -> InstanceLock) -> Result<InstanceLock, LockFailure> {
        do {
            return .success(try take())
        } catch let error as RuntimeError {
            log.error(error.message)
            return .failure(LockFailure(exitCode: error.exitCode))
        } catch {
            log.error("cannot take the instance lock for \(place): \(error)")
            return .failure(LockFailure(exitCode: .unavailable))
        }
    }

    /// Wires and runs the loop; returns `success` after a clean stop.
    private static func serve(store: Store, notifier: any Notifier, directory: RuntimeDirectory, environment: [String: String], log: DaemonLog) throws -> ExitCode {
        let readiness = try ReadinessNotifier(environment: environment)
        let loop = try EventLoop()
        let signals = try SignalSource()
        let timer = try RealtimeTimer()
        let wakeups = try WakeupChannel<SchedulerMessage>()
        let timeZones = SystemTimeZoneSource()
        let shelf = CalendarShelf()
        let scheduler = Scheduler(
            store: store, notifier: notifier, clock: SystemWallClock(), timer: timer,
            timeZones: timeZones, log: log, calendars: shelf,
            post: { message in
                do {
                    try wakeups.post(message)
                } catch {
                    log.error("cannot wake the scheduler: \(error)")
                }
            }
        )

        // The calendars chimed reads, their folders watched; every decision through the desk.
        let calendars = try CalendarWatch(
            store: store, shelf: shelf, clock: SystemWallClock(), ruleZone: { Scheduler.ruleZone(store: store, system: timeZones.current) },
            loop: loop, log: log, onChange: { scheduler.storeChanged() }
        )
        try loop.register(timer.fileDescriptor) { _ in
            switch try timer.read() {
            case .fired:
                calendars.noteWake()
                scheduler.timerFired()
            case .clockChanged:
                calendars.clockChanged()
                scheduler.clockChanged()
            case nil: break
            }
        }
        try loop.register(wakeups.fileDescriptor) { _ in
            for message in try wakeups.drain() {
                scheduler.handle(message)
            }
        }
        try loop.register(signals.fileDescriptor) { _ in
            for signal in try signals.read() {
                switch signal {
                case .terminate, .interrupt:
                    log.info("stopping (\(signal == .terminate ? "SIGTERM" : "SIGINT"))")
                    try? readiness.notify(.stopping)
                    scheduler.stop()
                    loop.stop()
                case .hangup:
                    try? readiness.notify(.reloading)
                    scheduler.reload()
                    try? readiness.notify(.ready, .status(summary(of: scheduler)))
                }
            }
        }
        do {
            let zoneWatch = try FileWatch()
            try loop.register(zoneWatch.fileDescriptor) { _ in
                if try zoneWatch.readChanges() {
                    scheduler.timeZoneChanged()
                    calendars.storeChanged()
                }
            }
        } catch {
            log.warning("cannot watch \(FileWatch.localTimePath) for time-zone changes (\(error)): restart chimed after changing the zone")
        }
        // Before the first load: a commit from then on is seen, nudged or not.
        let storeWatch: StoreWatch?
        do {
            storeWatch = try StoreWatch(store: store, loop: loop, log: log) {
                scheduler.storeChanged()
                calendars.storeChanged()
            }
        } catch {
            storeWatch = nil
            log.warning("cannot watch \(store.path) for other processes' changes (\(error)): only changes announced on the control socket are seen at once")
        }
        let server = try ControlServer(directory: directory, loop: loop, log: log) { request in
            switch request {
            case .ping: return .pong(.current)
            case .status: return .status(scheduler.status())
            case .changed(let sequence):
                let answer = scheduler.applyChanges(upTo: sequence)
                calendars.storeChanged()
                return answer
            case .calendars: return .calendars(calendars.reports())
            case .calendarAlarms(let query): return .calendarAlarms(calendars.alarms(query))
            }
        }

        // Before the scheduler loads the store: the calendars' catch-up is in it then.
        calendars.start()
        try scheduler.start()
        try readiness.notify(.ready, .status(summary(of: scheduler)))
        log.info("ready: listening on \(server.socketPath); \(summary(of: scheduler))")
        try loop.run()

        // Answers for deliveries already handed over are still recorded, so the next start
        // does not show them again.
        let deadline = MonotonicClock.now() + stopGracePeriod.clampedNanoseconds
        while scheduler.deliveriesInFlight > 0, MonotonicClock.now() < deadline {
            try loop.runOnce(timeout: MonotonicClock.remaining(until: deadline))
        }
        if scheduler.deliveriesInFlight > 0 {
            log.warning("stopped with \(scheduler.deliveriesInFlight) deliveries unanswered: the next start shows them again")
        }
        withExtendedLifetime((server, storeWatch, calendars)) {}
        return .success
    }

    /// One line for `systemctl status`.
    private static func summary(of scheduler: Scheduler) -> String {
        let pending = "\(scheduler.pendingCount) pending"
        guard let wake = scheduler.armedDeadline else { return "\(pending), nothing to wake for" }
        return "\(pending), next wake at \(LogFormat.instant(wake))"
    }
}
