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
        for directory in ["data", "run"] {
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
        ]
        if let bus {
            environment.merge(bus.variables) { _, new in new }
        }
    }

    deinit {
        for daemon in daemons { daemon.kill() }
        try? FileManager.default.removeItem(atPath: root)
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

    /// Polls `condition` (an external process is doing the work) until it holds or `timeout`
    /// passes; returns whether it held. Sleeps with `Task.sleep`, so a waiting test leaves the
    /// shared test threads to the others.
    func waitUntil(timeout: TimeInterval, _ condition: () throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return try condition()
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
        plan.requests = [NotificationRequest(
            identifier: RequestIdentifier.reminder(id: id), group: id, kind: .reminder, due: due, tolerance: tolerance,
            content: NotificationContent(template: .reminder, arguments: [ContentArgument.text: text]),
            misfirePolicy: .deliverLate(until: due.addingTimeInterval(3600))
        )]
        return plan
    }
}
