import Glibc

/// Runs a program to its end and takes what it prints on standard output, within a deadline:
/// `posix_spawn` and a pipe, not Foundation's `Process`, which would link swift-corelibs-foundation
/// whole into a static `chime`.
package enum ProgramOutput {
    /// What a finished program printed, and its exit status.
    package struct Result: Sendable {
        /// The exit status (128 + signal number when a signal ended it).
        package var status: Int32
        /// Its standard output.
        package var output: [UInt8]
    }

    /// Runs `program` (a path) with `arguments` and exactly `environment`, standard input and
    /// error on /dev/null; `nil` when it cannot start or has not closed its output within
    /// `timeout` (it is sent SIGTERM then).
    package static func run(_ program: String, _ arguments: [String], environment: [String: String], timeout: Duration) -> Result? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        // Neither end is for other children started meanwhile; the child gets its own copy on 1.
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        let reading = OwnedFileDescriptor(taking: ends[0])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        close(ends[1])
        guard spawned == 0 else { return nil }

        let deadline = MonotonicClock.now() + timeout.clampedNanoseconds
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let remaining = MonotonicClock.remaining(until: deadline)
            var descriptor = pollfd(fd: reading.rawValue, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: (remaining.components.seconds * 1000) + (remaining.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready == -1, errno == EINTR { continue }
            guard ready > 0 else {
                kill(pid, SIGTERM)
                _ = reap(pid)
                return nil
            }
            let count = buffer.withUnsafeMutableBytes { read(reading.rawValue, $0.baseAddress, $0.count) }
            if count == -1, errno == EINTR { continue }
            guard count > 0 else { break }
            output += buffer[..<count]
        }
        return Result(status: reap(pid), output: output)
    }

    /// Waits for `pid` to end: its exit status, or 128 + the signal that ended it.
    private static func reap(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return -1 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
