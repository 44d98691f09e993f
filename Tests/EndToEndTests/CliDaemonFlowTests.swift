import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// The whole path a user takes: `chime` writes, `chimed` (with its default libnotify notifier)
/// shows the notification on a real server (dunst, or the one `NOTIFY_ENV_SERVER` names), and
/// `chime` reads the outcome back.
@Suite("chime with chimed and a notification server", .serialized)
struct CliDaemonFlowTests {
    @Test("a 30s:5s fast: listed, its end notification reaches the server, and it shows in fast history")
    func fastFlow() async throws {
        let bed = try await CliDesktopBed.start(label: "cli-flow")
        defer { bed.stop() }
        let (desktop, monitor, sandbox, daemon) = (bed.desktop, bed.monitor, bed.sandbox, bed.daemon)

        let doctor = await sandbox.chime("doctor")
        #expect(doctor.status == 0, "\(doctor.output)")
        #expect(doctor.output.contains("notification server  \(desktop.server.reportedName) "), "\(doctor.output)")

        let started = await sandbox.succeed("fast", "start", "30s:5s", "--id", "f-flow")
        #expect(started.output.hasPrefix("Fast f-flow started "))
        #expect(started.output.hasSuffix("(30s:5s)\n"))
        // chimed confirmed the nudge: no line about it not running.
        #expect(started.errors == "")

        let listed = try #require(cliJSONArray(await sandbox.succeed("list", "--json").output))
        #expect(listed.map { $0["id"] as? String } == ["fast/f-flow/end"])
        #expect(listed.first?["kind"] as? String == "fast-end")
        #expect(listed.first?["title"] as? String == "Fast complete")
        #expect(await sandbox.succeed("list").output.contains("fast/f-flow/end"))

        // The fast ends 30 s after it started: time enough for both lists above on a loaded machine.
        #expect(await monitor.waitUntil(timeout: 90) { $0.bubbles.contains { $0.call.summary == "Fast complete" } }, "chimed log: \(daemon.log)")
        let delivered = monitor.bubbles.filter { $0.call.summary == "Fast complete" }
        #expect(delivered.count == 1, "chimed log: \(daemon.log)")
        #expect(delivered.first?.call.appName == "Chime")
        // The server answered; chimed records that just after.
        try await Self.waitUntilDelivered("fast/f-flow/end", in: sandbox)
        #expect(await sandbox.succeed("list", "--json").output == "[]\n")

        // Its end has passed: history counts it as completed (the eating window may still run).
        let history = try #require(cliJSONObject(await sandbox.succeed("fast", "history", "--json").output))
        #expect(history["total"] as? Int == 1)
        #expect(history["completed"] as? Int == 1)
        let fasts = try #require(history["fasts"] as? [[String: Any]])
        #expect(fasts.first?["id"] as? String == "f-flow")
        #expect(fasts.first?["duration_seconds"] as? Int == 30)
        #expect(await sandbox.succeed("fast", "history").output.hasPrefix("Last 30 days: 1 fast, 1 completed (100%), current streak 1 day\n"))

        let status = try #require(cliJSONObject(await sandbox.succeed("status", "--format", "json").output))
        #expect(status["daemon_running"] as? Bool == true)
        #expect(status["daemon_answers"] as? Bool == true)
        #expect(await sandbox.succeed("status").output.contains("\nchimed is running and answers (pid "))
    }

    @Test("a reminder whose nudge cannot reach chimed (another XDG_RUNTIME_DIR, the same data) is still shown: the store watch sees it")
    func unnudgedChangeIsShown() async throws {
        let bed = try await CliDesktopBed.start(label: "cli-unnudged")
        defer { bed.stop() }
        let (monitor, sandbox, daemon) = (bed.monitor, bed.sandbox, bed.daemon)

        // No socket there: the command saves, finds no chimed, and says so.
        let elsewhere = sandbox.root.appendingPathComponent("other-run").path
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        chmod(elsewhere, 0o700)
        let added = await sandbox.chime("remind", "in", "3s", "unnudged tea", "--id", "r-unnudged", extra: ["XDG_RUNTIME_DIR": elsewhere])
        #expect(added.status == 0, "\(added.errors)")
        #expect(added.errors.hasPrefix("chimed is not running"), "\(added.errors)")

        #expect(await monitor.waitUntil(timeout: 30) { $0.bubbles.contains { $0.call.body.contains("unnudged tea") } }, "chimed log: \(daemon.log)")
        #expect(monitor.bubbles.filter { $0.call.body.contains("unnudged tea") }.count == 1, "chimed log: \(daemon.log)")
        // chimed saw the change through its store watch: nothing else was armed to wake it,
        // so without the watch the reminder would not have been shown at all.
        let delivered = try await Self.waitUntilDelivered("remind/r-unnudged", in: sandbox)
        #expect(delivered.count == 1)
    }

    /// Polls chimed's store (another process writes it) until it records `identifier` as
    /// delivered; the delivered records.
    @discardableResult
    static func waitUntilDelivered(_ identifier: String, in sandbox: CliSandbox) async throws -> [DeliveryRecord] {
        let store = try Store(environment: sandbox.environment)
        let delivered = { try store.deliveryHistory(limit: 100).filter { $0.identifier == identifier && $0.outcome == .delivered } }
        _ = try await Eventually.wait { try !delivered().isEmpty }
        return try delivered()
    }

    @Test("chimed refuses a TZ the CLI refuses, with the CLI's message and exit code, and creates nothing", arguments: ["Garbage/Zone", "/etc/passwd"])
    func unknownZone(_ zone: String) async {
        let sandbox = CliSandbox()
        let cli = await sandbox.chime("list", extra: ["TZ": zone])
        #expect(cli.status == 65)
        let message = String(cli.errors.dropFirst("chime: ".count))
        #expect(message.hasPrefix("unknown time zone \"\(zone)\" in TZ"))
        let daemon = await sandbox.run(CliBinaries.path("chimed"), ["--foreground", "--notifier", "stdout"], extra: ["TZ": zone], timeout: 20)
        #expect(daemon.status == 65, "\(daemon.errors)")
        #expect(daemon.errors.contains(message.trimmingCharacters(in: .newlines)), "\(daemon.errors)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath))
    }

    @Test("chimed refuses a lock file that is a FIFO or a symbolic link: exit 69, naming it, the file left as it is")
    func unusualLockFiles() async throws {
        let sandbox = CliSandbox()
        let runtime = sandbox.environment["XDG_RUNTIME_DIR"]! + "/chime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        chmod(runtime, 0o700)
        let fifo = runtime + "/chimed.lock"
        #expect(mkfifo(fifo, 0o600) == 0)
        let refused = await sandbox.run(CliBinaries.path("chimed"), ["--foreground", "--notifier", "stdout"], timeout: 20)
        #expect(refused.status == 69, "\(refused.errors)")
        #expect(refused.errors.contains("\(fifo) is not a regular file (it is a FIFO), so chimed will not use it or change it"), "\(refused.errors)")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        unlink(fifo)

        // The lock beside the database, as a link to a file of the user's: not followed.
        let target = sandbox.root.appendingPathComponent("precious").path
        #expect(FileManager.default.createFile(atPath: target, contents: Data("keep".utf8), attributes: [.posixPermissions: 0o644]))
        let storeLock = sandbox.databasePath + ".chimed.lock"
        try FileManager.default.createDirectory(atPath: (storeLock as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(symlink(target, storeLock) == 0)
        let linked = await sandbox.run(CliBinaries.path("chimed"), ["--foreground", "--notifier", "stdout"], timeout: 20)
        #expect(linked.status == 69, "\(linked.errors)")
        #expect(linked.errors.contains("\(storeLock) is a symbolic link to \(target)"), "\(linked.errors)")
        #expect(FileManager.default.contents(atPath: target) == Data("keep".utf8))
        #expect(stat(target, &info) == 0 && info.st_mode & 0o777 == 0o644)
    }

    @Test("status and doctor tell a stopped (SIGSTOP) chimed from one that is not running")
    func frozenDaemon() async throws {
        let sandbox = CliSandbox()
        let daemon = try CliDaemonProcess(sandbox: sandbox, arguments: ["--foreground", "--notifier", "stdout"])
        defer { daemon.stop() }
        try await daemon.waitUntilAnswering(within: 60)

        daemon.send(SIGSTOP)
        defer { daemon.send(SIGCONT) }
        let text = await sandbox.succeed("status").output
        #expect(text.contains("\nchimed is running but does not answer (it did not answer within 1 s)"), "\(text)")
        #expect(!text.contains("not running"))
        let json = try #require(cliJSONObject(await sandbox.succeed("status", "--format", "json").output))
        #expect(json["daemon_running"] as? Bool == true)
        #expect(json["daemon_answers"] as? Bool == false)
        let doctor = await sandbox.chime("doctor")
        #expect(doctor.output.contains("chimed is running but does not answer"))

        daemon.send(SIGCONT)
        try await daemon.waitUntilAnswering(within: 60)
        daemon.stop()
        let stopped = await sandbox.succeed("status").output
        #expect(stopped.hasSuffix("chimed is not running: no notification is shown until it runs (start it with \"systemctl --user start chimed\" or \"chimed --foreground\")\n"))
    }
}

/// A private notification server (the one `NOTIFY_ENV_SERVER` names), a sandbox on its bus,
/// and `chimed` with its default notifier answering there; ``stop()`` ends all of them.
struct CliDesktopBed {
    let desktop: NotificationServerEnvironment
    let monitor: BusMonitor
    let sandbox: CliSandbox
    let daemon: CliDaemonProcess

    static func start(label: String) async throws -> CliDesktopBed {
        let desktop = try NotificationServerEnvironment.start(label: label, server: .selected())
        let monitor: BusMonitor
        do {
            monitor = try BusMonitor(environment: desktop)
        } catch {
            desktop.stop()
            throw error
        }
        let sandbox = CliSandbox()
        sandbox.environment.merge(desktop.variables) { $1 }
        let bed: CliDesktopBed
        do {
            bed = CliDesktopBed(desktop: desktop, monitor: monitor, sandbox: sandbox, daemon: try CliDaemonProcess(sandbox: sandbox))
        } catch {
            monitor.stop()
            desktop.stop()
            throw error
        }
        do {
            try await bed.daemon.waitUntilAnswering(within: 60)
        } catch {
            bed.stop()
            throw error
        }
        return bed
    }

    /// Stops chimed, then the bus monitor, then the server.
    func stop() {
        daemon.stop()
        monitor.stop()
        desktop.stop()
    }
}

/// `chimed --foreground` (default notifier) running in a sandbox, stopped with SIGTERM (then
/// SIGKILL) at the end; its output goes to a log file.
final class CliDaemonProcess {
    private let child: ChildProcess
    private let sandbox: CliSandbox
    private let logPath: String

    init(sandbox: CliSandbox, arguments: [String] = ["--foreground"]) throws {
        self.sandbox = sandbox
        logPath = sandbox.root.appendingPathComponent("chimed.log").path
        child = try sandbox.start(
            CliBinaries.path("chimed"), arguments,
            standardOutput: .appendingToFile(logPath), standardError: .appendingToFile(logPath)
        )
    }

    /// What chimed logged so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Polls (chimed is another process) until `chime status` finds chimed answering; the
    /// deadline only catches a chimed that never answers, so it is generous for a loaded machine.
    func waitUntilAnswering(within seconds: TimeInterval) async throws {
        let answers = { [sandbox] in cliJSONObject(await sandbox.chime("status", "--format", "json").output)?["daemon_answers"] as? Bool == true }
        let answering = await Eventually.wait(within: max(.seconds(seconds), Eventually.generousDeadline), checkingEvery: .milliseconds(50)) {
            if child.hasExited { return true }
            return await answers()
        }
        if answering, await answers() { return }
        throw CliDaemonFailure(description: "chimed did not answer within \(seconds) s: \(log)")
    }

    /// Sends `signal` (SIGSTOP, SIGCONT) to chimed.
    func send(_ signal: Int32) {
        child.send(signal)
    }

    func stop() {
        child.terminate()
        _ = Eventually.waitBlocking(within: .seconds(10)) { child.hasExited }
        child.kill()
    }
}

struct CliDaemonFailure: Error, CustomStringConvertible {
    let description: String
}
