import CLinux
import ChimeSystem
import Glibc
import Synchronization

/// A way for other threads (the delivery worker's completion callbacks) to hand values to the
/// event loop's thread and wake it: a Mutex-protected inbox plus an eventfd the loop watches.
///
/// Sendable: ``post(_:)`` may be called from any thread; ``drain()`` belongs to the loop.
public final class WakeupChannel<Message: Sendable>: Sendable {
    private let descriptor: OwnedFileDescriptor
    private let inbox = Mutex<[Message]>([])

    /// Opens the eventfd.
    public init() throws(SystemError) {
        descriptor = try OwnedFileDescriptor("eventfd") { eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC)) }
    }

    /// The descriptor to register with an ``EventLoop``; readable while messages wait.
    public var fileDescriptor: Int32 { descriptor.rawValue }

    /// Appends `message` to the inbox and wakes the loop; safe from any thread.
    public func post(_ message: Message) throws(SystemError) {
        inbox.withLock { $0.append(message) }
        var one: UInt64 = 1
        let raw = descriptor.rawValue
        do {
            _ = try withUnsafeBytes(of: &one) { bytes throws(SystemError) in
                try valueOrErrno("write") { Glibc.write(raw, bytes.baseAddress, bytes.count) }
            }
        } catch {
            // EAGAIN: the counter is at its maximum, so the loop is already due to wake.
            if error.code != .wouldBlock { throw error }
        }
    }

    /// Takes every message posted so far, oldest first, and resets the wake-up; call it on the
    /// loop's thread when the descriptor is readable.
    ///
    /// The counter is reset before the inbox is emptied: a message posted in between is taken
    /// now and leaves one extra wake-up that finds the inbox empty, rather than being stranded.
    public func drain() throws(SystemError) -> [Message] {
        var counter: UInt64 = 0
        let raw = descriptor.rawValue
        _ = try withUnsafeMutableBytes(of: &counter) { bytes throws(SystemError) in
            try NonBlockingIO.read(raw, into: bytes)
        }
        return inbox.withLock { messages in
            defer { messages.removeAll(keepingCapacity: true) }
            return messages
        }
    }
}
