import Foundation
import Glibc
import Synchronization

/// A child process started with `posix_spawn`, for test helpers and benchmarks.
///
/// Foundation's `Process.waitUntilExit()` was seen to hang forever inside Swift Testing here
/// after its child had exited; `waitpid` on our own child cannot. The child gets only standard
/// input, output and error: every other descriptor is closed (`closefrom`), so a daemon it
/// starts can never hold one of the test process's pipes open.
///
/// Sendable: the exit status, once reaped, is kept behind a lock, so any thread may ask.
public final class ChildProcess: Sendable {
    /// A failure to start or run a program.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed and why.
        public let description: String
    }

    /// What a finished program printed, and how it ended.
    public struct Result: Sendable {
        /// The exit status (128 + signal number when a signal ended it).
        public var status: Int32
        /// Its standard output.
        public var output: String
        /// Its standard error.
        public var errors: String
    }

    /// Where the child's standard output or error goes.
    public enum Output: Sendable {
        /// To /dev/null.
        case discarded
        /// To an open descriptor of the caller's (which stays the caller's to close).
        case descriptor(Int32)
        /// To the file at this path, created (0600) or emptied first.
        case file(String)
        /// To the end of the file at this path, created (0600) if missing; several children
        /// (or a child's output and error) may share it.
        case appendingToFile(String)
    }

    /// The child's process id.
    public let pid: pid_t
    /// The exit status once the child has been reaped.
    private let reapedStatus = Mutex<Int32?>(nil)

    private init(pid: pid_t) {
        self.pid = pid
    }

    /// Starts `executable` (a path; `/usr/bin/env` finds programs on `PATH`) with `arguments`,
    /// standard input from /dev/null, and standard output and error going where given. Its
    /// environment is the current one plus `environment`, or exactly `environment` when
    /// `inheritsEnvironment` is false.
    public static func spawn(
        _ executable: String, _ arguments: [String],
        environment: [String: String] = [:], inheritsEnvironment: Bool = true,
        standardOutput: Output = .discarded, standardError: Output = .discarded
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (target, output) in [(Int32(1), standardOutput), (Int32(2), standardError)] {
            switch output {
            case .discarded:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            case .descriptor(let source):
                posix_spawn_file_actions_adddup2(&actions, source, target)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .appendingToFile(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            }
        }
        guard closeFrom(&actions, 3) == 0 else {
            throw Failure(description: "cannot prepare to start \(executable)")
        }

        let variables = inheritsEnvironment
            ? ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            : environment
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The calling thread may block signals (Dispatch and Swift Testing threads do): a child
        // inheriting that mask would never see SIGTERM. Start it with none blocked, defaults.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return ChildProcess(pid: pid)
    }

    /// Runs `executable` to completion and returns what it printed; throws when it exits with a
    /// status other than 0, or when it has not finished within `deadline` (it is killed then,
    /// so a hung program fails the test instead of hanging the run).
    @discardableResult
    public static func run(
        _ executable: String, _ arguments: [String],
        environment: [String: String] = [:], inheritsEnvironment: Bool = true,
        deadline: Duration = .seconds(60)
    ) throws -> Result {
        let output = try Pipe.make()
        let errors = try Pipe.make()
        let child: ChildProcess
        do {
            child = try spawn(
                executable, arguments, environment: environment, inheritsEnvironment: inheritsEnvironment,
                standardOutput: .descriptor(output.write), standardError: .descriptor(errors.write)
            )
        } catch {
            [output.read, output.write, errors.read, errors.write].forEach { close($0) }
            throw error
        }
        close(output.write)
        close(errors.write)
        let timedOut = Mutex(false)
        let watchdog = DispatchWorkItem {
            timedOut.withLock { $0 = true }
            child.send(SIGKILL)
        }
        let (seconds, attoseconds) = deadline.components
        DispatchQueue.global().asyncAfter(deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18, execute: watchdog)
        // Drain both pipes to the end, so a chatty program never blocks on a full one.
        let errorData = Mutex(Data())
        let drained = DispatchGroup()
        DispatchQueue.global().async(group: drained) {
            let data = Pipe.readAll(errors.read)
            errorData.withLock { $0 = data }
        }
        let outputData = Pipe.readAll(output.read)
        drained.wait()
        close(output.read)
        close(errors.read)
        let result = Result(
            status: child.wait(),
            output: String(decoding: outputData, as: UTF8.self),
            errors: errorData.withLock { String(decoding: $0, as: UTF8.self) }
        )
        watchdog.cancel()
        if result.status == 128 + SIGKILL, timedOut.withLock({ $0 }) {
            throw Failure(description: "\(([executable] + arguments).joined(separator: " ")) did not finish within \(deadline) and was killed: \(result.errors)\(result.output)")
        }
        guard result.status == 0 else {
            throw Failure(description: "\(([executable] + arguments).joined(separator: " ")) exited with \(result.status): \(result.errors)\(result.output)")
        }
        return result
    }

    /// Waits for the child to end and returns its exit status (128 + signal when a signal
    /// ended it).
    @discardableResult
    public func wait() -> Int32 {
        if let status = reapedStatus.withLock({ $0 }) { return status }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            // ECHILD: another thread has just reaped it.
            if errno != EINTR { return reapedStatus.withLock { $0 } ?? -1 }
        }
        return record(status)
    }

    /// The exit status if the child has ended (reaping it), nil while it runs.
    public var exitStatus: Int32? {
        reapedStatus.withLock { reaped in
            if reaped != nil { return reaped }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
            reaped = Self.decode(status)
            return reaped
        }
    }

    /// Whether the child has ended (reaping it if so).
    public var hasExited: Bool { exitStatus != nil }

    /// Waits up to `timeout` for the child to end, checking every `interval` and sleeping with
    /// `Task.sleep` in between (leaving the shared test threads to others); its exit status,
    /// or nil when it is still running.
    public func waitForExit(timeout: Duration, checkingEvery interval: Duration = .milliseconds(10)) async -> Int32? {
        _ = await Eventually.wait(within: timeout, checkingEvery: interval) { hasExited }
        return exitStatus
    }

    /// Sends `signal`, unless the child has been reaped (its pid may belong to another process).
    public func send(_ signal: Int32) {
        if !hasExited { Glibc.kill(pid, signal) }
    }

    /// Sends SIGTERM.
    public func terminate() {
        send(SIGTERM)
    }

    /// Ends the child at once with SIGKILL and reaps it (a killed process is gone in a moment).
    public func kill() {
        guard !hasExited else { return }
        Glibc.kill(pid, SIGKILL)
        wait()
    }

    private func record(_ waitStatus: Int32) -> Int32 {
        let status = Self.decode(waitStatus)
        reapedStatus.withLock { $0 = status }
        return status
    }

    /// The exit status in a `waitpid` status: the code, or 128 + the signal that ended it.
    private static func decode(_ waitStatus: Int32) -> Int32 {
        let signal = waitStatus & 0x7f
        return signal == 0 ? (waitStatus >> 8) & 0xff : 128 + signal
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module
    /// does not export (it needs _GNU_SOURCE); looked up once by name.
    private static let closeFrom: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            fatalError("glibc 2.34 or later is required (posix_spawn_file_actions_addclosefrom_np)")
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// A pipe's two descriptors, both close-on-exec.
    enum Pipe {
        static func make() throws -> (read: Int32, write: Int32) {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else {
                throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
            }
            // Not inherited by other children (ours close everything above 2 anyway).
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
            return (fds[0], fds[1])
        }

        static func readAll(_ fd: Int32) -> Data {
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(fd, &buffer, buffer.count)
                if count > 0 {
                    data.append(buffer, count: count)
                } else if count == 0 || errno != EINTR {
                    return data
                }
            }
        }
    }
}
