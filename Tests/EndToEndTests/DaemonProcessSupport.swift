import ChimeControl
import ChimeCore
import ChimeDaemon
import ChimeStore
import ChimeTestSupport
import Foundation
import Glibc
import Testing

/// Where the package's built executables are: next to the running test executable
/// (`.build/debug/ChimePackageTests.xctest` beside `.build/debug/chimed`).
enum DaemonBinaries {
    static let directory: String = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().path

    static func path(_ name: String) -> String { directory + "/" + name }
}

/// A private home for `chimed`: temporary XDG data and runtime directories (short, so the
/// socket path fits), UTC, and a datagram socket standing in for systemd's `NOTIFY_SOCKET`.
/// Removed on deinit, after stopping every daemon started from it.
final class DaemonSandbox {
    let root: String
    var environment: [String: String]
    private var daemons: [DaemonProcess] = []

    init(bus: NotificationServerEnvironment? = nil) throws {
        var template = Array("/tmp/chimed-e2e-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw DaemonTestFailure("cannot make a temporary directory: \(String(cString: strerror(errno)))")
        }
        root = String(cString: made)
        for directory in ["data", "run", "config"] {
            try FileManager.default.createDirectory(atPath: root + "/" + directory, withIntermediateDirectories: true)
        }
        chmod(root + "/run", 0o700)
        environment = [
            "HOME": root,
            "XDG_DATA_HOME": root + "/data",
            "XDG_RUNTIME_DIR": root + "/run",
            "TZ": "UTC",
            // A bus from the test's own environment must never be reached by accident.
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(root)/no-bus",
            "DISPLAY": "",
            // Nor the machine's system bus (logind: a locked screen would hold water reminders).
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(root)/no-system-bus",
            // Desktop settings (GNOME's show-banners) in a key file of the sandbox's own.
            "XDG_CONFIG_HOME": root + "/config",
            "GSETTINGS_BACKEND": "keyfile",
        ]
        if let bus {
            environment.merge(bus.variables) { _, new in new }
        }
    }

    deinit {
        killDaemons()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Ends every daemon started here that is still running.
    func killDaemons() {
        for daemon in daemons { daemon.kill() }
    }

    var databasePath: String { root + "/data/chime/chime.db" }
    var runtimeDirectory: RuntimeDirectory { RuntimeDirectory.resolve(environment: environment) }
    var socketPath: String { runtimeDirectory.controlSocketPath }

    /// Opens the daemon's database, as the CLI would.
    func openStore() throws -> Store {
        try Store(environment: environment)
    }

    /// Starts `chimed` with `arguments`; ``DaemonProcess/waitUntilReady(timeout:)`` tells when
    /// it has armed its timer.
    func startDaemon(_ arguments: [String] = ["--notifier", "stdout"]) throws -> DaemonProcess {
        let index = daemons.count
        let daemon = try DaemonProcess(
            arguments: arguments, environment: environment,
            outputPath: root + "/stdout-\(index)", errorPath: root + "/stderr-\(index)",
            notifySocketPath: root + "/notify-\(index).sock"
        )
        daemons.append(daemon)
        return daemon
    }

    /// Sends `request` to the daemon's control socket.
    func ask(_ request: ControlRequest) throws -> ControlResponse {
        try ControlClient(socketPath: socketPath, timeout: .seconds(5)).send(request)
    }

    /// Polls `condition` (an external process is doing the work) until it holds, for `timeout`
    /// but at least the generous deadline (it only catches a hang); whether it held.
    func waitUntil(timeout: TimeInterval, _ condition: () throws -> Bool) async throws -> Bool {
        try await Eventually.wait(within: max(.seconds(timeout), Eventually.generousDeadline)) { try condition() }
    }
}

/// The set-up most daemon tests share: a private notification server (for the libnotify
/// notifier; none for the stdout notifier) with a ``BusMonitor`` recording what it is sent, a
/// sandbox on its bus, a first `chimed` that has reported readiness, and its store open.
/// ``stop()`` (or releasing it) kills the daemons, then stops the server.
final class DaemonTestBed {
    let sandbox: DaemonSandbox
    /// The first daemon.
    let daemon: DaemonProcess
    /// The daemon's store, opened as the CLI would.
    let store: Store
    private let server: NotificationServerEnvironment?
    /// Records the server's traffic from before the first daemon started (nil without a server).
    let monitor: BusMonitor?
    private let daemonArguments: [String]

    /// With a `dunst` label, starts a private notification server (`program`; by default the
    /// one `NOTIFY_ENV_SERVER` names, dunst when unset) and `chimed --notifier libnotify` on it;
    /// without, `chimed --notifier stdout` and no bus. `environment` adds to the sandbox's;
    /// `notifyDelay` is how long a ``NotificationServerEnvironment/Server/scripted`` server
    /// takes to answer each Notify;
    /// `beforeDaemon` runs once the server is up, before chimed starts (a desk locked already).
    /// Records an issue (at the caller) when the daemon does not report readiness.
    init(
        dunst label: String? = nil, server program: NotificationServerEnvironment.Server? = nil,
        environment extra: [String: String] = [:],
        notifyDelay: TimeInterval = 0,
        beforeDaemon: (NotificationServerEnvironment?) throws -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let chosen = try program ?? .selected()
        server = try label.map { try NotificationServerEnvironment.start(label: $0, server: chosen, notifyDelay: notifyDelay) }
        monitor = try server.map { try BusMonitor(environment: $0) }
        sandbox = try DaemonSandbox(bus: server)
        sandbox.environment.merge(extra) { _, new in new }
        try beforeDaemon(server)
        daemonArguments = ["--notifier", server == nil ? "stdout" : "libnotify"]
        daemon = try await Self.startReady(in: sandbox, daemonArguments, sourceLocation: sourceLocation)
        store = try sandbox.openStore()
    }

    deinit {
        stop()
    }

    /// The private dunst; throws when this bed was set up without one.
    func dunst() throws -> NotificationServerEnvironment {
        try notificationServer()
    }

    /// The private notification server, whichever program it is; throws when this bed was set
    /// up without one.
    func notificationServer() throws -> NotificationServerEnvironment {
        guard let server else { throw DaemonTestFailure("this test bed has no notification server: give DaemonTestBed a dunst label") }
        return server
    }

    /// The bubbles the server has given out so far (one per server id, with its latest text).
    func shown() throws -> [BusMonitor.Bubble] {
        guard let monitor else { throw DaemonTestFailure("this test bed has no notification server: give DaemonTestBed a dunst label") }
        return monitor.bubbles
    }

    /// Closes every bubble still on screen, as a user dismissing them would.
    func dismissAll() async throws {
        guard let monitor else { throw DaemonTestFailure("this test bed has no notification server: give DaemonTestBed a dunst label") }
        try await notificationServer().dismissAll(shownIn: monitor)
    }

    /// Starts another `chimed` with the same notifier; records an issue (at the caller) when it
    /// does not report readiness.
    func startDaemon(sourceLocation: SourceLocation = #_sourceLocation) async throws -> DaemonProcess {
        try await Self.startReady(in: sandbox, daemonArguments, sourceLocation: sourceLocation)
    }

    /// Writes `plan` to the daemon's store and nudges the daemon, as `chime` does.
    func write(_ plan: ChangePlan) throws {
        let result = try store.apply(plan, now: Date())
        let answer = try sandbox.ask(.changed(sequence: result.sequence))
        guard case .changeApplied(let applied) = answer, applied >= result.sequence else {
            throw DaemonTestFailure("the nudge was answered with \(answer)")
        }
    }

    /// The delivered history entries of `identifier`.
    func deliveries(of identifier: String) throws -> [DeliveryRecord] {
        try store.deliveryHistory(limit: 1000).filter { $0.identifier == identifier && $0.outcome == .delivered }
    }

    /// Kills every daemon still running, then stops the server.
    func stop() {
        sandbox.killDaemons()
        monitor?.stop()
        server?.stop()
    }

    private static func startReady(in sandbox: DaemonSandbox, _ arguments: [String], sourceLocation: SourceLocation) async throws -> DaemonProcess {
        let daemon = try sandbox.startDaemon(arguments)
        #expect(await daemon.waitUntilReady(), "chimed did not report readiness: \(daemon.errors)", sourceLocation: sourceLocation)
        return daemon
    }
}

/// One `chimed` process, its output in files, and the readiness datagrams it sends.
final class DaemonProcess {
    let outputPath: String
    let errorPath: String
    private let child: ChildProcess
    private let readiness: ReadinessListener

    init(arguments: [String], environment: [String: String], outputPath: String, errorPath: String, notifySocketPath: String) throws {
        self.outputPath = outputPath
        self.errorPath = errorPath
        readiness = try ReadinessListener(path: notifySocketPath)
        var variables = environment
        variables["NOTIFY_SOCKET"] = notifySocketPath
        child = try ChildProcess.spawn(
            DaemonBinaries.path("chimed"), arguments, environment: variables,
            standardOutput: .file(outputPath), standardError: .file(errorPath)
        )
    }

    deinit {
        kill()
    }

    /// The daemon's process id.
    var pid: pid_t { child.pid }
    /// What the daemon printed on standard output (the stdout notifier's lines).
    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    /// What the daemon logged.
    var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Waits for `READY=1` on the notify socket; false when it did not come in time or the
    /// daemon exited first.
    func waitUntilReady(timeout: TimeInterval = 10) async -> Bool {
        await readiness.waitForReady(timeout: .seconds(timeout)) { child.hasExited }
    }

    /// Whether the process has ended (reaping it if so).
    var hasExited: Bool { child.hasExited }

    /// Waits up to `timeout` for the process to end; its exit status (128 + signal when a
    /// signal ended it), or nil when it is still running.
    func waitForExit(timeout: TimeInterval = 10) async -> Int32? {
        await child.waitForExit(timeout: .seconds(timeout))
    }

    /// Sends `signal`.
    func send(_ signal: Int32) {
        child.send(signal)
    }

    /// Ends the process at once and reaps it.
    func kill() {
        child.kill()
    }
}

/// A step of a daemon test that could not be carried out.
struct DaemonTestFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Requests for daemon tests.
enum DaemonRequests {
    /// A one-off reminder due at `due` saying `text`.
    static func reminder(_ id: String, text: String, due: Date, tolerance: TimeInterval = 1) -> ChangePlan {
        var plan = ChangePlan()
        plan.reminders = [OneOffReminder(id: id, text: text, due: due)]
        plan.requests = [Fixture.reminder(
            RequestIdentifier.reminder(id: id), group: id, text: text, due: due, tolerance: tolerance,
            policy: .deliverLate(until: due.addingTimeInterval(3600))
        )]
        return plan
    }
}
