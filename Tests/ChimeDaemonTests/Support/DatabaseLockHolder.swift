import Foundation
import Glibc

/// Another process holding the database's write lock, as a stuck `chime` or an open `sqlite3`
/// shell would: `sqlite3` with `BEGIN IMMEDIATE` and no commit until ``release()``.
final class DatabaseLockHolder {
    private let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var released = false

    /// Starts `sqlite3` on `path` and returns once it holds the write lock.
    init(path: String) throws {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else {
            throw LockFailure("cannot make pipes")
        }
        // Close-on-exec, so no other child of the test process holds sqlite3's input open.
        for descriptor in toChild + fromChild {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments: [String] = ["sqlite3", "-batch", path]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawnp(&child, "sqlite3", &actions, nil, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw LockFailure("cannot start sqlite3 (install it: scripts/install-deps.sh --test): \(String(cString: strerror(status)))")
        }
        pid = child
        input = toChild[1]
        output = fromChild[0]
        try send("BEGIN IMMEDIATE; SELECT 'locked';")
        try awaitLine("locked")
    }

    deinit {
        try? release()
        close(input)
        close(output)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Commits the empty transaction, letting writers in again.
    func release() throws {
        guard !released else { return }
        released = true
        try send("COMMIT; SELECT 'released';")
        try awaitLine("released")
    }

    private func send(_ statement: String) throws {
        let bytes = Array((statement + "\n").utf8)
        guard write(input, bytes, bytes.count) == bytes.count else { throw LockFailure("cannot talk to sqlite3") }
    }

    /// Reads sqlite3's output until a line equal to `expected` (5 s at most).
    private func awaitLine(_ expected: String) throws {
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 256)
        let deadline = Date().addingTimeInterval(5)
        while !text.split(separator: "\n").contains(Substring(expected)) {
            guard Date() < deadline else { throw LockFailure("sqlite3 did not answer \(expected): \(text)") }
            var entry = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            let count = read(output, &buffer, buffer.count)
            guard count > 0 else { throw LockFailure("sqlite3 ended: \(text)") }
            text += String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    struct LockFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
