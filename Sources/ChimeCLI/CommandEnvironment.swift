import ChimeBubbleText
import ChimeBusProbe
import ChimeControl
import ChimeCore
import ChimeDesk
import ChimeStore
import FoundationEssentials

/// Everything a ``CommandRunner`` takes from the world: the clock, the zone, the environment
/// variables, where text goes, how to reach the store and the daemon, and where ids come from.
///
/// ``live(variables:)`` wires the real ones; tests inject a fixed clock and zone, buffers, a
/// store in a temporary directory, a daemon double and a seeded random source, and run every
/// command without starting a process.
public struct CommandEnvironment {
    /// The current instant; read once per command (and once per print of `status --follow`).
    public var clock: () -> Date
    /// The zone times are read and shown in.
    public var timeZone: TimeZone { zones.reading.zone }
    /// The system's zone as `/etc/localtime` names it, whatever `TZ` says: what rules follow
    /// unless the `time_zone` setting names another (``ChimeTimeZone``), for `chime` and chimed
    /// alike.
    public var systemTimeZone: TimeZone { zones.reading.system }
    /// Why `TZ` could not be used, when it names an unknown zone: every command that reads or
    /// shows times then fails with exit 65, and `doctor` reports it (``timeZone`` is the fallback).
    public var timeZoneError: DomainError? { zones.reading.error }
    /// Where the three zone values come from: given, or (``live(variables:)``) read from the
    /// system on first use, so `chime --version` and `--help` read no zone at all.
    private var zones: ZoneReading
    /// The environment variables (`XDG_DATA_HOME`, `XDG_RUNTIME_DIR`, `TZ`, `NO_COLOR`).
    public var variables: [String: String]
    /// Standard output: results and the one line per change (through ``BidiBalancingOutput``).
    public var output: any TextOutput
    /// Standard error: error lines and notices (through ``BidiBalancingOutput``).
    public var errors: any TextOutput
    /// Whether standard output gets colour.
    public var style: TerminalStyle
    /// Opens the store (called at most once per run, and only by commands that need it).
    public var openStore: () throws(StoreError) -> Store
    /// Connects to the daemon with the given answer timeout.
    public var openDaemon: (Duration) throws -> any DaemonLink
    /// Where generated ids (`f-3k9`) come from.
    public var randomSource: any RandomNumberGenerator
    /// Makes the request id of one invocation's write, so a retried write is applied once.
    public var makeRequestID: () -> String
    /// Sleeps between two looks of `status --follow`, or reports that the user asked to stop.
    public var pause: (TimeInterval) -> FollowPause
    /// Makes ``pause`` end with ``FollowPause/storeWritten`` when another process writes the
    /// store at the path given; `false` when it cannot, and `status --follow` then polls.
    public var watchStore: (String) -> Bool
    /// Asks the session bus who serves notifications and what it can do (for `doctor`).
    public var probeNotificationServer: () -> ServerProbe
    /// The columns of the terminal standard output is, so tables fit it; `nil` when standard
    /// output is not a terminal, and lines are then whole (see ``TerminalWidth``).
    public var terminalWidth: Int?
    /// Whether the store's database exists, so the `language` setting is read from it without
    /// creating one for `chime --help`.
    public var storeExists: () -> Bool

    /// Makes an environment from its parts.
    public init(
        clock: @escaping () -> Date,
        timeZone: TimeZone,
        systemTimeZone: TimeZone? = nil,
        timeZoneError: DomainError? = nil,
        variables: [String: String],
        output: any TextOutput,
        errors: any TextOutput,
        style: TerminalStyle,
        openStore: @escaping () throws(StoreError) -> Store,
        openDaemon: @escaping (Duration) throws -> any DaemonLink,
        randomSource: any RandomNumberGenerator,
        makeRequestID: @escaping () -> String,
        pause: @escaping (TimeInterval) -> FollowPause,
        watchStore: @escaping (String) -> Bool = { _ in false },
        probeNotificationServer: @escaping () -> ServerProbe,
        terminalWidth: Int? = nil,
        storeExists: @escaping () -> Bool = { true }
    ) {
        self.clock = clock
        zones = ZoneReading(fixed: .init(zone: timeZone, system: systemTimeZone ?? timeZone, error: timeZoneError))
        self.variables = variables
        // Everything chime prints passes here: no text of the user's can reverse a line.
        self.output = BidiBalancingOutput(output)
        self.errors = BidiBalancingOutput(errors)
        self.style = style
        self.openStore = openStore
        self.openDaemon = openDaemon
        self.randomSource = randomSource
        self.makeRequestID = makeRequestID
        self.pause = pause
        self.watchStore = watchStore
        self.probeNotificationServer = probeNotificationServer
        self.terminalWidth = terminalWidth
        self.storeExists = storeExists
    }

    /// The real environment of this process: the system clock, `TZ` (else the system zone),
    /// standard output and error, the store and daemon the variables point at.
    public static func live(variables: [String: String] = ProcessInfo.processInfo.environment) -> CommandEnvironment {
        let output = FileDescriptorOutput.standardOutput()
        let waiter = FollowStopWaiter(output: output.descriptor)
        var environment = CommandEnvironment(
            clock: { Date() },
            // Replaced below by the zones read on first use.
            timeZone: TimeZone.gmt,
            variables: variables,
            output: output,
            errors: FileDescriptorOutput.standardError(),
            style: TerminalStyle(environment: variables, isTerminal: output.isTerminal),
            openStore: { () throws(StoreError) -> Store in try Store(environment: variables) },
            openDaemon: { timeout in
                try ControlClient(directory: RuntimeDirectory.resolve(environment: variables), timeout: timeout)
            },
            randomSource: SystemRandomNumberGenerator(),
            makeRequestID: { requestID(from: variables) },
            pause: { seconds in waiter.pause(for: seconds) },
            watchStore: { path in waiter.watchStore(databasePath: path) },
            probeNotificationServer: { BusServerProbe.probe(environment: variables, timeout: probeWatchdog) },
            terminalWidth: output.isTerminal ? TerminalWidth.of(descriptor: output.descriptor, environment: variables) : nil,
            storeExists: {
                guard let path = try? StoreLocation.defaultDatabasePath(environment: variables) else { return false }
                return FileManager.default.fileExists(atPath: path)
            }
        )
        // `TZ`, else the system zone; read when a command first shows or reads a time. The
        // system zone is the one reading of /etc/localtime that chimed follows too, so without
        // `TZ` the CLI cannot show times in a zone other than the one chimed derives in.
        environment.zones = ZoneReading {
            let system = SystemTimeZone.read()
            do throws(DomainError) {
                return .init(zone: try LocalTimeZone.resolve(environment: variables, systemZone: system), system: system, error: nil)
            } catch {
                return .init(zone: system, system: system, error: error)
            }
        }
        return environment
    }

    /// The request id a change is written under: `CHIME_REQUEST_ID` when a script sets it, so
    /// running the same command again after a lost answer applies nothing twice; else a fresh one.
    static func requestID(from variables: [String: String]) -> String {
        if let chosen = variables["CHIME_REQUEST_ID"], !chosen.isEmpty { return chosen }
        return UUID().uuidString.lowercased()
    }

    /// How long `doctor` lets the notification server take to answer each question.
    static let probeWatchdog: TimeInterval = 3
}
