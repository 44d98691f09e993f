import CLinux
import ChimeCore
import ChimeSystem
import FoundationEssentials
import Glibc

/// The CLI's side of the control socket: sends one request on a fresh connection and waits,
/// blocking, for the answer, all within a timeout.
///
/// Sendable: it holds only the path and the timeout; every call opens its own connection.
public struct ControlClient: Sendable {
    /// The daemon's socket.
    public let socketPath: String
    /// How long one ``send(_:)`` may take, connecting included.
    public let timeout: Duration

    /// A client for the daemon listening at `socketPath`.
    public init(socketPath: String, timeout: Duration = .seconds(2)) {
        self.socketPath = socketPath
        self.timeout = timeout
    }

    /// A client for the daemon of `directory`, after checking that the directory is a real
    /// directory owned by the user (another user's socket must not be trusted).
    public init(directory: RuntimeDirectory, timeout: Duration = .seconds(2)) throws {
        try directory.verify()
        self.init(socketPath: directory.controlSocketPath, timeout: timeout)
    }

    /// Sends `request` and returns the daemon's answer, which may be ``ControlResponse/error(_:)``.
    ///
    /// Throws ``RuntimeError`` with kind `daemonNotRunning` when nothing listens,
    /// `daemonTimedOut` when the answer does not come within ``timeout``, and `invalidResponse`
    /// when the answer cannot be read.
    public func send(_ request: ControlRequest) throws -> ControlResponse {
        let deadline = MonotonicClock.now() + timeout.clampedNanoseconds
        let socket = try connect()
        do {
            try write(ControlFrame.frame(encoding: request), to: socket, before: deadline)
        } catch let error as SystemError where error.code == .brokenPipe || error.code == .connectionReset {
            // The daemon refused the connection (another user, too many connections) and
            // closed it before the request went out; its error answer may still be waiting.
        }
        let header = try read(count: ControlFrame.headerLength, from: socket, before: deadline)
        let length = ControlFrame.payloadLength(header: header)
        guard length <= ControlFrame.maximumAnswerLength else {
            throw invalidResponse("it announced \(length) bytes")
        }
        let payload = try read(count: length, from: socket, before: deadline)
        do {
            return try JSONCoding.decode(ControlResponse.self, from: Data(payload))
        } catch {
            throw invalidResponse("it is not a known answer")
        }
    }

    private func connect() throws -> OwnedFileDescriptor {
        guard let address = UnixSocketAddress(path: socketPath) else {
            throw RuntimeError(.socketPathTooLong, .socketPathTooLong, ["path": socketPath])
        }
        let socket = try OwnedFileDescriptor("socket") {
            Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        let raw = socket.rawValue
        // Connecting to a Unix socket waits only while the listener's backlog is full; the
        // send timeout bounds that wait.
        let nanoseconds = timeout.clampedNanoseconds
        var limit = timeval(tv_sec: Int(nanoseconds / 1_000_000_000), tv_usec: Int(nanoseconds % 1_000_000_000 / 1000))
        let size = socklen_t(MemoryLayout<timeval>.size)
        _ = try withUnsafePointer(to: &limit) { pointer throws(SystemError) in
            try valueOrErrno("setsockopt") { setsockopt(raw, SOL_SOCKET, SO_SNDTIMEO, pointer, size) }
        }
        do {
            _ = try address.withSocketAddress { socketAddress, length throws(SystemError) in
                try valueOrErrno("connect") { Glibc.connect(raw, socketAddress, length) }
            }
        } catch {
            switch error.code {
            case .noSuchFile, .connectionRefused:
                throw RuntimeError(.daemonNotRunning, .nothingListens, ["path": socketPath])
            case .wouldBlock:
                throw timedOut()
            default:
                throw error
            }
        }
        return socket
    }

    private func write(_ bytes: [UInt8], to socket: OwnedFileDescriptor, before deadline: UInt64) throws {
        var start = 0
        while start < bytes.count {
            try wait(for: Int16(POLLOUT), on: socket, before: deadline)
            start += try NonBlockingIO.send(socket.rawValue, bytes[start...])
        }
    }

    private func read(count: Int, from socket: OwnedFileDescriptor, before deadline: UInt64) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            try wait(for: Int16(POLLIN), on: socket, before: deadline)
            let received = try bytes.withUnsafeMutableBytes { buffer in
                try NonBlockingIO.read(socket.rawValue, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            }
            guard let received else { continue }
            guard received > 0 else { throw invalidResponse("it closed the connection before answering completely") }
            filled += received
        }
        return bytes
    }

    /// Blocks until `socket` is ready for `events` or `deadline` passes.
    private func wait(for events: Int16, on socket: OwnedFileDescriptor, before deadline: UInt64) throws {
        while true {
            let now = MonotonicClock.now()
            guard now < deadline else { throw timedOut() }
            let milliseconds = Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
            var entry = pollfd(fd: socket.rawValue, events: events, revents: 0)
            let ready: Int32
            do {
                ready = try withUnsafeMutablePointer(to: &entry) { pointer throws(SystemError) in
                    try valueOrErrno("poll", retryOnInterrupt: false) { poll(pointer, 1, milliseconds) }
                }
            } catch {
                // A signal handler interrupted the wait: wait again for the remaining time.
                if error.code == .interrupted { continue }
                throw error
            }
            if ready > 0 { return }
        }
    }

    private func timedOut() -> RuntimeError {
        RuntimeError(.daemonTimedOut, .daemonTimedOut, ["timeout": "\(timeout)"])
    }

    private func invalidResponse(_ reason: String) -> RuntimeError {
        RuntimeError(.invalidResponse, .unreadableAnswer, ["reason": reason])
    }
}
