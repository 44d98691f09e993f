import ChimeControl
import ChimeCore
import ChimeDaemon
import Foundation
import Glibc
import Synchronization
import Testing

/// A value filled in by another thread, read with a lock.
final class Box<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) {
        storage = Mutex(value)
    }

    var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    func update(_ change: (inout Value) -> Void) {
        storage.withLock { change(&$0) }
    }
}

/// Runs `body` on a new thread; ``result`` is nil until it has returned.
final class BackgroundThread<Result: Sendable>: Sendable {
    private let box = Box<Result?>(nil)

    init(_ body: @escaping @Sendable () -> Result) {
        let box = box
        Thread { box.value = body() }.start()
    }

    var result: Result? { box.value }
}

/// Turns `loop` until `condition` holds or `timeout` passes; returns whether it held.
///
/// Each turn waits at most 20 ms so conditions changed by other threads or processes (which do
/// not wake the loop) are noticed.
@discardableResult
func runLoop(_ loop: EventLoop, timeout: Duration = .seconds(5), until condition: () throws -> Bool) throws -> Bool {
    let clock = ContinuousClock()
    let end = clock.now + timeout
    while try !condition() {
        let remaining = end - clock.now
        guard remaining > .zero else { return false }
        try loop.runOnce(timeout: min(remaining, .milliseconds(20)))
    }
    return true
}

/// A bare Unix stream client for sending exactly the bytes a test wants: half frames, garbage,
/// oversized headers. Reads never block.
final class RawClient {
    let descriptor: Int32
    private(set) var received: [UInt8] = []
    private(set) var isClosedByPeer = false

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0, let address = UnixSocketAddress(path: path) else { throw POSIXError(.EINVAL) }
        let result = address.withSocketAddress { connect(descriptor, $0, $1) }
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit {
        close(descriptor)
    }

    func send(_ bytes: [UInt8]) throws {
        var start = 0
        while start < bytes.count {
            let sent = bytes[start...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            start += sent
        }
    }

    /// Takes what has arrived; returns whether the peer has closed (end of stream or reset).
    func pollClosed() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !isClosedByPeer {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 {
                received += chunk[..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                isClosedByPeer = true
            } else {
                break
            }
        }
        return isClosedByPeer
    }

    /// The complete frames received so far, decoded as responses.
    func responses() throws -> [ControlResponse] {
        try decodeFrames(received)
    }
}

/// Decodes every complete frame in `bytes` as a ``ControlResponse``.
func decodeFrames(_ bytes: [UInt8]) throws -> [ControlResponse] {
    var responses: [ControlResponse] = []
    var offset = 0
    while bytes.count - offset >= 4 {
        let length = ControlFrame.payloadLength(header: bytes[offset...])
        guard bytes.count - offset - 4 >= length else { break }
        let payload = Data(bytes[(offset + 4)..<(offset + 4 + length)])
        responses.append(try JSONCoding.decode(ControlResponse.self, from: payload))
        offset += 4 + length
    }
    return responses
}

/// The error code of `response`, if it is an error.
func errorCode(_ response: ControlResponse?) -> ControlError.Code? {
    if case .error(let error) = response { return error.code }
    return nil
}

/// The ``ControlRefusal`` an error answer names, if `response` is one.
func refusalReason(_ response: ControlResponse?) -> String? {
    if case .error(let error) = response { return error.reason }
    return nil
}

/// A counter shared with `@Sendable` closures (the syscall seam).
final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .relaxed) }

    func increment() {
        count.add(1, ordering: .relaxed)
    }
}

/// The mode bits (permissions) and owner of the file at `path`, not following a symlink.
func fileStatus(_ path: String) -> (mode: mode_t, owner: uid_t)? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return (status.st_mode & 0o7777, status.st_uid)
}

/// The kind of the ``RuntimeError`` `body` throws; nil (and a recorded issue for any other
/// error) otherwise.
func kind(of body: () throws -> Void) -> RuntimeError.Kind? {
    do {
        try body()
        return nil
    } catch let error as RuntimeError {
        return error.kind
    } catch {
        Issue.record("unexpected \(error)")
        return nil
    }
}
