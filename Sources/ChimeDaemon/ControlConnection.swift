import ChimeControl
import ChimeSystem
import Glibc

/// One accepted client of the ``ControlServer``: its socket, the bytes of the message it is
/// sending, the answers waiting to be written, and when it must be done.
final class ControlConnection {
    private let socket: OwnedFileDescriptor
    /// Incoming bytes, cut into frames.
    var decoder = FrameDecoder()
    /// Answer bytes not yet taken by the socket.
    private var outbox: [UInt8] = []
    private var outboxStart = 0
    /// When, in nanoseconds on `CLOCK_MONOTONIC`, the connection is closed unless the message
    /// being waited for has arrived (or the answers have been taken); never after ``closesBy``.
    var deadline: UInt64
    /// When the connection is closed whatever it does, in nanoseconds on `CLOCK_MONOTONIC`:
    /// fixed at accept, so a client trickling messages cannot keep its slot for ever.
    let closesBy: UInt64
    /// Set after a fatal error answer: write what is queued, then close.
    var closesAfterFlush = false
    /// The client closed its sending side: nothing more will arrive.
    var peerFinishedSending = false
    /// Set when the client left more answers unread than allowed: close at once, unanswered.
    var isAbandoned = false

    /// Takes over the accepted `socket`, which must finish its first message by `deadline`
    /// and be done by `closesBy`.
    init(socket: OwnedFileDescriptor, deadline: UInt64, closesBy: UInt64) {
        self.socket = socket
        self.closesBy = closesBy
        self.deadline = min(deadline, closesBy)
    }

    /// The socket's descriptor.
    var descriptor: Int32 { socket.rawValue }

    /// Whether answers wait to be written.
    var hasPendingOutput: Bool { outboxStart < outbox.count }

    /// How many answer bytes wait to be written.
    var queuedByteCount: Int { outbox.count - outboxStart }

    /// Queues `bytes` (a framed answer).
    func enqueue(_ bytes: [UInt8]) {
        // What was sent goes first once it is at least half the outbox, so the outbox holds
        // about what is unsent even for a client that never takes all of it.
        if outboxStart > 0, outboxStart >= outbox.count / 2 {
            outbox.removeSubrange(..<outboxStart)
            outboxStart = 0
        }
        outbox.append(contentsOf: bytes)
    }

    /// Reads once into `buffer`: the count read, 0 at end of stream, nil when nothing is there.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
        try NonBlockingIO.read(socket.rawValue, into: buffer)
    }

    /// Writes as much of the outbox as the socket takes now; returns whether all of it went.
    func flush() throws(SystemError) -> Bool {
        let raw = socket.rawValue
        while outboxStart < outbox.count {
            let sent = try NonBlockingIO.send(raw, outbox[outboxStart...])
            guard sent > 0 else { return false }
            outboxStart += sent
        }
        outbox.removeAll(keepingCapacity: true)
        outboxStart = 0
        return true
    }
}
