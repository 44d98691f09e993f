import ChimeControl
import ChimeSystem
import ChimeDaemon
import Glibc

/// A datagram socket standing in for systemd's `NOTIFY_SOCKET`: it receives what a daemon
/// reports through the sd_notify protocol (`READY=1`, `STATUS=...`, `STOPPING=1`).
///
/// Owns its descriptor, and the socket file it bound (removed when released). Sendable: the
/// descriptor never changes, and receiving on it is safe from any thread.
public final class ReadinessListener: Sendable {
    private let descriptor: Int32
    private let path: String?

    /// Binds a socket file at `path` (to pass as `NOTIFY_SOCKET`); nothing may exist there yet.
    public convenience init(path: String) throws {
        guard let address = UnixSocketAddress(path: path) else {
            throw SystemError(.nameTooLong, operation: "bind \(path)")
        }
        try self.init(address: address, path: path)
    }

    /// Binds the abstract socket `name` (no file; `NOTIFY_SOCKET` is `@name`).
    public convenience init(abstractName name: String) throws {
        guard let address = UnixSocketAddress(abstractName: name) else {
            throw SystemError(.nameTooLong, operation: "bind @\(name)")
        }
        try self.init(address: address, path: nil)
    }

    private init(address: UnixSocketAddress, path: String?) throws {
        let descriptor = try valueOrErrno("socket") {
            socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        do {
            _ = try address.withSocketAddress { socketAddress, length throws(SystemError) in
                try valueOrErrno("bind") { bind(descriptor, socketAddress, length) }
            }
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        close(descriptor)
        if let path { unlink(path) }
    }

    /// The next message, waiting up to `timeout` for it (not at all for `.zero`); nil when
    /// none came.
    public func receive(timeout: Duration) -> String? {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        // A negative timeout would make poll wait forever.
        let milliseconds = Int32(clamping: max(0, timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        guard (try? valueOrErrno("poll") { poll(&entry, 1, milliseconds) }) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        return count >= 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    }

    /// Blocks until a message with a `READY=1` line arrives (other messages are read and
    /// dropped); false when none came within `timeout`.
    public func waitForReady(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let message = receive(timeout: deadline - ContinuousClock.now), Self.reportsReady(message) {
                return true
            }
        }
        return false
    }

    /// Waits until a message with a `READY=1` line arrives, checking every 10 ms and sleeping
    /// with `Task.sleep` in between (leaving the shared test threads to others); false when none
    /// came within `timeout`, or as soon as `giveUp` holds (say, the daemon has exited).
    public func waitForReady(timeout: Duration, giveUpWhen giveUp: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if giveUp() { return false }
            guard let message = receive(timeout: .zero) else {
                try? await Task.sleep(for: .milliseconds(10))
                continue
            }
            if Self.reportsReady(message) { return true }
        }
        // Once more at the deadline: a sleep that overslept it (the shared test threads all
        // busy) must not miss a message that came meanwhile.
        while let message = receive(timeout: .zero) {
            if Self.reportsReady(message) { return true }
        }
        return false
    }

    /// Whether `message` has the line `READY=1` (a message may carry several assignments).
    private static func reportsReady(_ message: String) -> Bool {
        message.split(separator: "\n").contains("READY=1")
    }
}
