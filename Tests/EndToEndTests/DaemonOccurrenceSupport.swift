import ChimeTestSupport
import Foundation
import Glibc
import Testing

/// A private `/etc` for the processes of one test: a copy of the machine's, bind-mounted over
/// `/etc` in a mount namespace of each process's own (`unshare -m`), whose `localtime` the test
/// points at a zone and changes while `chimed` runs, as `timedatectl set-timezone` does (a new
/// symlink renamed over the old one). Needs root (`mount`).
final class PrivateEtc {
    /// The copy of `/etc`.
    let directory: String

    /// Copies `/etc` to `root/etc`, its `localtime` naming `zone`.
    init(in root: URL, zone: String) throws {
        directory = root.appendingPathComponent("etc").path
        try ChildProcess.run("/usr/bin/cp", ["-a", "/etc", directory], deadline: .seconds(60))
        try setZone(zone)
    }

    /// Points `localtime` at `zone`: a new symlink renamed over the old one.
    func setZone(_ zone: String) throws {
        let staged = directory + "/localtime.chime-test"
        unlink(staged)
        guard symlink("/usr/share/zoneinfo/\(zone)", staged) == 0, rename(staged, directory + "/localtime") == 0 else {
            throw DaemonTestFailure("cannot point \(directory)/localtime at \(zone): \(String(cString: strerror(errno)))")
        }
    }

    /// The program and arguments that run `executable` with `arguments` in a mount namespace
    /// where this copy is `/etc`.
    func wrapping(_ executable: String, _ arguments: [String]) -> (String, [String]) {
        MountNamespace.wrapping(executable, arguments, after: "/usr/bin/mount --bind \"$1\" /etc", on: [directory])
    }
}

/// A `chimed --foreground` of a ``CliSandbox``, its output and log in one file, optionally
/// inside a ``PrivateEtc``; with the stdout notifier (the default) it prints one JSON line per
/// bubble.
final class SandboxDaemon {
    private let child: ChildProcess
    private let sandbox: CliSandbox
    private let logPath: String

    /// Starts chimed; `extra` adds to the sandbox's environment.
    init(sandbox: CliSandbox, notifier: String = "stdout", extra: [String: String] = [:], etc: PrivateEtc? = nil) throws {
        self.sandbox = sandbox
        logPath = sandbox.root.appendingPathComponent("chimed-\(UUID().uuidString.prefix(6)).log").path
        let options = ["--foreground", "--notifier", notifier]
        let (executable, arguments) = etc?.wrapping(CliBinaries.path("chimed"), options) ?? (CliBinaries.path("chimed"), options)
        child = try ChildProcess.spawn(
            executable, arguments, environment: sandbox.environment.merging(extra) { $1 }, inheritsEnvironment: false,
            standardOutput: .appendingToFile(logPath), standardError: .appendingToFile(logPath)
        )
    }

    deinit {
        stop()
    }

    /// What chimed printed and logged so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// The bubbles shown so far: the stdout notifier's `shown` lines, parsed.
    var shown: [[String: Any]] {
        log.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("{") else { return nil }
            return cliJSONObject(String(line)).flatMap { $0["event"] as? String == "shown" ? $0 : nil }
        }
    }

    /// The identifiers of ``shown``, in order.
    var shownIdentifiers: [String] { shown.compactMap { $0["identifier"] as? String } }

    /// Polls (chimed is another process) until `condition` holds or `seconds` pass; whether it held.
    func waitUntil(within seconds: TimeInterval, _ condition: () async -> Bool) async -> Bool {
        _ = await Eventually.wait(within: max(.seconds(seconds), Eventually.generousDeadline), checkingEvery: .milliseconds(50)) {
            if child.hasExited { return true }
            return await condition()
        }
        return await condition()
    }

    /// Waits until chimed's control socket answers `chime status`; throws (with its log) when it
    /// does not within `seconds`.
    func waitUntilAnswering(within seconds: TimeInterval = 60, etc: PrivateEtc? = nil) async throws {
        let answering = await waitUntil(within: seconds) {
            let outcome: CliOutcome
            if let etc {
                let (executable, arguments) = etc.wrapping(CliBinaries.path("chime"), ["status", "--format", "json"])
                outcome = await sandbox.run(executable, arguments)
            } else {
                outcome = await sandbox.chime("status", "--format", "json")
            }
            return cliJSONObject(outcome.output)?["daemon_answers"] as? Bool == true
        }
        guard answering else { throw DaemonTestFailure("chimed did not answer within \(seconds) s: \(log)") }
    }

    /// Sends `signal` (SIGSTOP, SIGCONT).
    func send(_ signal: Int32) {
        child.send(signal)
    }

    /// Stops chimed (SIGTERM, then SIGKILL after 10 s) and reaps it.
    func stop() {
        guard !child.hasExited else { return }
        child.send(SIGCONT)
        child.terminate()
        _ = Eventually.waitBlocking(within: .seconds(10)) { child.hasExited }
        child.kill()
    }
}

extension CliSandbox {
    /// Runs `chime` inside `etc` (its own mount namespace over the same copy of `/etc`).
    @discardableResult
    func chime(in etc: PrivateEtc, _ arguments: String...) async -> CliOutcome {
        let (executable, wrapped) = etc.wrapping(CliBinaries.path("chime"), arguments)
        return await run(executable, wrapped)
    }

    /// `chime list --json` as parsed JSON, run inside `etc` when given.
    func pendingRows(in etc: PrivateEtc?) async -> [[String: Any]] {
        guard let etc else { return await pending() }
        return cliJSONArray(await chime(in: etc, "list", "--json").output) ?? []
    }
}
