import CLinux
import ChimeCore
import ChimeControl
import ChimeSystem
import Foundation
import Glibc

/// The daemon's control socket: accepts the CLI's connections on an ``EventLoop``, reads
/// length-prefixed JSON requests, and answers each with what the request handler returns.
///
/// Everything is non-blocking and runs on the loop's thread, so a slow or hostile client never
/// holds up another: each connection must deliver each message within the read deadline (2 s)
/// and be done within the connection deadline (10 s from its accept, however it trickles), or
/// it is closed (one `CLOCK_MONOTONIC` timerfd tracks the earliest). A client that sends
/// requests without reading the answers is closed once more than 256 KiB of them wait, so it
/// cannot make the daemon grow. A connection from another user (checked with `SO_PEERCRED`),
/// an oversized frame (over 64 KiB) or a message that is not a known request gets a
/// structured error and is closed; the server carries on serving the others. Refused
/// connections are logged at most once per 10 s with a count (``RefusalTally``).
///
/// The server removes its socket file when released. Not Sendable: it belongs to the loop's
/// thread.
public final class ControlServer {
    /// Limits and the user allowed in; the defaults are the daemon's.
    public struct Configuration: Sendable {
        /// How long a client has to deliver each message (counted from the connection, or from
        /// the previous answer) and to take the answer.
        public var readDeadline: Duration
        /// How long a connection may stay open in all, counted from its accept and never
        /// restarted: however a client trickles its messages, its slot is free again by then.
        public var connectionDeadline: Duration
        /// How many connections may be open at once; more are refused as `busy`.
        public var maximumConnections: Int
        /// The most answer bytes that may wait for a client that does not read them; one more
        /// answer and the connection is closed.
        public var maximumQueuedBytes: Int
        /// The shortest time between two log lines about refused connections.
        public var refusalLogInterval: Duration
        /// The only user whose processes may connect.
        public var allowedUserID: uid_t

        /// The daemon's limits: 2 s per message, 10 s per connection, 64 connections, 256 KiB
        /// of unread answers, a line about refusals every 10 s at most, this process's user.
        public init(
            readDeadline: Duration = .seconds(2),
            connectionDeadline: Duration = .seconds(10),
            maximumConnections: Int = 64,
            maximumQueuedBytes: Int = 256 * 1024,
            refusalLogInterval: Duration = .seconds(10),
            allowedUserID: uid_t = geteuid()
        ) {
            self.readDeadline = readDeadline
            self.connectionDeadline = connectionDeadline
            self.maximumConnections = maximumConnections
            self.maximumQueuedBytes = maximumQueuedBytes
            self.refusalLogInterval = refusalLogInterval
            self.allowedUserID = allowedUserID
        }
    }

    /// Answers one request, on the loop's thread.
    public typealias RequestHandler = (ControlRequest) -> ControlResponse

    /// Where the server listens.
    public let socketPath: String

    private let loop: EventLoop
    private let configuration: Configuration
    private let handler: RequestHandler
    private let log: DaemonLog?
    private let listener: OwnedFileDescriptor
    private let deadlineTimer: MonotonicTimer
    /// The socket file this server created, identified so release never removes another's.
    private let socketFile: (device: UInt64, inode: UInt64)
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(
        byteCount: ControlFrame.maximumPayloadLength + ControlFrame.headerLength, alignment: 1
    )
    private var connections: [Int32: ControlConnection] = [:]
    private var interests: [Int32: EventLoop.Events] = [:]
    /// Set while the process is out of descriptors: the listener stays readable, so accepting
    /// is paused until a connection closes instead of spinning.
    private var isAcceptPaused = false
    /// Connections refused because every slot was taken, and those from another user.
    private var busyRefusals: RefusalTally
    private var foreignRefusals: RefusalTally

    /// The most answer bytes that ever waited on one connection (the server's own accounting,
    /// never above ``Configuration/maximumQueuedBytes``).
    public private(set) var largestQueuedBytes = 0

    /// Prepares `directory`, replaces a stale socket left by a dead daemon, listens on
    /// `directory.controlSocketPath` (mode 0600), and registers with `loop`.
    ///
    /// Throws ``RuntimeError`` when the directory is unsafe, the path is too long or holds
    /// something else, or a live daemon already listens there.
    public init(
        directory: RuntimeDirectory,
        loop: EventLoop,
        configuration: Configuration = Configuration(),
        log: DaemonLog? = nil,
        handler: @escaping RequestHandler
    ) throws {
        try directory.prepare()
        let path = directory.controlSocketPath
        guard let address = UnixSocketAddress(path: path) else {
            throw RuntimeError(
                .socketPathTooLong,
                "the control socket path \(path) is too long for a Unix socket: set XDG_RUNTIME_DIR to a shorter directory"
            )
        }
        try Self.removeStaleSocket(at: path, address: address)

        let listener = try OwnedFileDescriptor("socket") {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        let raw = listener.rawValue
        _ = try address.withSocketAddress { socketAddress, length throws(SystemError) in
            try valueOrErrno("bind") { bind(raw, socketAddress, length) }
        }
        // The directory is already private (0700); the socket's own mode is a second fence.
        try valueOrErrno("chmod") { chmod(path, 0o600) }
        try valueOrErrno("listen") { listen(raw, 64) }

        socketPath = path
        self.loop = loop
        self.configuration = configuration
        busyRefusals = RefusalTally(interval: configuration.refusalLogInterval)
        foreignRefusals = RefusalTally(interval: configuration.refusalLogInterval)
        self.handler = handler
        self.log = log
        self.listener = listener
        deadlineTimer = try MonotonicTimer()
        socketFile = try Self.identity(ofFileAt: path)

        try loop.register(raw) { [weak self] _ in try self?.acceptConnections() }
        try loop.register(deadlineTimer.fileDescriptor) { [weak self] _ in try self?.closeExpiredConnections() }
    }

    deinit {
        for descriptor in connections.keys {
            try? loop.unregister(descriptor)
        }
        try? loop.unregister(listener.rawValue)
        try? loop.unregister(deadlineTimer.fileDescriptor)
        if let current = try? Self.identity(ofFileAt: socketPath), current == socketFile {
            _ = try? valueOrErrno("unlink") { unlink(socketPath) }
        }
        readBuffer.deallocate()
    }

    /// How many client connections are open.
    public var connectionCount: Int { connections.count }

    /// How many answer bytes wait to be written, over all connections.
    public var queuedBytes: Int { connections.values.reduce(0) { $0 + $1.queuedByteCount } }

    // MARK: Accepting

    private func acceptConnections() throws {
        let raw = listener.rawValue
        while true {
            let accepted: Int32
            do {
                accepted = try valueOrErrno("accept4") {
                    chime_accept4(raw, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
                }
            } catch {
                switch error.code.rawValue {
                case EAGAIN:
                    return
                case ECONNABORTED:
                    continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    log?.warning("cannot accept control connections for now (\(error)): waiting for one to close")
                    try loop.modify(raw, for: [])
                    isAcceptPaused = true
                    return
                default:
                    throw error
                }
            }
            try admit(OwnedFileDescriptor(taking: accepted))
        }
    }

    private func admit(_ socket: OwnedFileDescriptor) throws {
        let raw = socket.rawValue
        guard let credentials = Self.peerCredentials(of: raw) else {
            // Nobody can vouch for this peer (it may have gone already): drop it, serve the rest.
            log?.debug("dropped a control connection whose peer could not be identified")
            return
        }
        guard credentials.uid == configuration.allowedUserID else {
            if foreignRefusals.record(at: MonotonicTimer.now()) {
                log?.notice("refused a control connection from uid \(credentials.uid) (pid \(credentials.pid))\(laterRefusalsNote)")
                try rearmDeadlineTimer()
            }
            refuse(raw, ControlError(.forbidden, .otherUser, ["uid": "\(configuration.allowedUserID)"]))
            return
        }
        guard connections.count < configuration.maximumConnections else {
            if busyRefusals.record(at: MonotonicTimer.now()) {
                log?.warning("refused a control connection: all \(configuration.maximumConnections) slots busy\(laterRefusalsNote)")
                try rearmDeadlineTimer()
            }
            refuse(raw, ControlError(.busy, .tooManyConnections))
            return
        }
        let now = MonotonicTimer.now()
        let connection = ControlConnection(
            socket: socket, deadline: now + configuration.readDeadline.clampedNanoseconds,
            closesBy: now + configuration.connectionDeadline.clampedNanoseconds
        )
        try loop.register(raw) { [weak self] events in try self?.service(raw, events) }
        connections[raw] = connection
        interests[raw] = .readable
        try rearmDeadlineTimer()
    }

    /// What the first line about refusals adds: the ones after it are only counted.
    private var laterRefusalsNote: String {
        "; more such refusals are counted and logged every \(Self.seconds(configuration.refusalLogInterval))"
    }

    /// Sends `error` if the socket takes it at once; the caller then closes the socket.
    private func refuse(_ descriptor: Int32, _ error: ControlError) {
        _ = try? NonBlockingIO.send(descriptor, Self.frame(.error(error))[...])
    }

    // MARK: Serving a connection

    private func service(_ descriptor: Int32, _ events: EventLoop.Events) throws {
        guard let connection = connections[descriptor] else { return }
        do {
            if !events.isDisjoint(with: [.readable, .hangup, .error]),
               !connection.closesAfterFlush, !connection.peerFinishedSending {
                try receive(on: connection)
            }
            if connection.isAbandoned {
                try close(connection)
                return
            }
            try settle(connection)
        } catch let error as SystemError {
            // A failure of this connection's socket (reset, broken pipe) ends only this connection.
            log?.debug("closed a control connection: \(error)")
            try close(connection)
        }
    }

    /// Reads what has arrived (once, so a client sending a lot cannot starve the others) and
    /// answers every complete message.
    private func receive(on connection: ControlConnection) throws {
        guard let count = try connection.read(into: readBuffer) else { return }
        guard count > 0 else {
            connection.peerFinishedSending = true
            return
        }
        connection.decoder.append(UnsafeRawBufferPointer(rebasing: readBuffer[..<count]))
        while !connection.closesAfterFlush {
            let payload: [UInt8]
            do {
                guard let next = try connection.decoder.nextPayload() else { break }
                payload = next
            } catch {
                log?.notice("refused a control message of \(error.length) bytes")
                connection.enqueue(Self.frame(.error(ControlError(
                    .frameTooLarge, .messageTooLarge,
                    ["maximum": "\(ControlFrame.maximumPayloadLength)", "length": "\(error.length)"]
                ))))
                connection.closesAfterFlush = true
                break
            }
            let answer = answer(payload, closingOnFailure: connection)
            guard try makeRoom(for: answer.count, on: connection) else { return }
            connection.enqueue(answer)
            largestQueuedBytes = max(largestQueuedBytes, connection.queuedByteCount)
            connection.deadline = nextReadDeadline(for: connection)
        }
    }

    /// Whether `count` more answer bytes fit in the bound on `connection` (after writing what
    /// the socket takes now); if not, the connection is marked abandoned: a client that does
    /// not read its answers would otherwise make the daemon hold them all.
    private func makeRoom(for count: Int, on connection: ControlConnection) throws -> Bool {
        let limit = configuration.maximumQueuedBytes
        if connection.queuedByteCount + count > limit {
            _ = try connection.flush()
        }
        guard connection.queuedByteCount + count > limit else { return true }
        log?.notice("closed a control connection that does not read its answers (\(connection.queuedByteCount) bytes waiting, at most \(limit) allowed)")
        connection.isAbandoned = true
        return false
    }

    /// The framed answer to one message; a message that is not a request also marks the
    /// connection to be closed once the answer is written.
    private func answer(_ payload: [UInt8], closingOnFailure connection: ControlConnection) -> [UInt8] {
        let request: ControlRequest
        do {
            request = try JSONCoding.decode(ControlRequest.self, from: Data(payload))
        } catch let error as ControlError {
            log?.notice("refused a control message: \(error.message)")
            connection.closesAfterFlush = true
            return Self.frame(.error(error))
        } catch {
            log?.notice("refused a control message that is not a request")
            connection.closesAfterFlush = true
            return Self.frame(.error(ControlError(.malformedRequest, .notARequest, ["example": #"{"type":"ping"}"#])))
        }
        return Self.frame(handler(request))
    }

    /// Writes what it can, then closes the connection or adjusts what it waits for.
    private func settle(_ connection: ControlConnection) throws {
        let descriptor = connection.descriptor
        let flushed = try connection.flush()
        let finished = connection.closesAfterFlush || connection.peerFinishedSending
        if flushed && finished {
            try close(connection)
            return
        }
        let interest: EventLoop.Events = flushed ? .readable : (finished ? .writable : [.readable, .writable])
        if interests[descriptor] != interest {
            try loop.modify(descriptor, for: interest)
            interests[descriptor] = interest
        }
        try rearmDeadlineTimer()
    }

    private func close(_ connection: ControlConnection) throws {
        let descriptor = connection.descriptor
        try loop.unregister(descriptor)
        connections[descriptor] = nil
        interests[descriptor] = nil
        if isAcceptPaused {
            try loop.modify(listener.rawValue, for: .readable)
            isAcceptPaused = false
        }
        try rearmDeadlineTimer()
    }

    // MARK: Deadlines

    private func closeExpiredConnections() throws {
        _ = try deadlineTimer.consumeExpiry()
        let now = MonotonicTimer.now()
        for connection in connections.values where connection.deadline <= now {
            let whole = connection.closesBy <= now
            log?.info(whole
                ? "closed a control connection still open after \(Self.seconds(configuration.connectionDeadline))"
                : "closed a control connection that did not finish its message in time")
            if !connection.hasPendingOutput {
                refuse(connection.descriptor, whole
                    ? ControlError(.timedOut, .connectionOpenTooLong, ["seconds": Self.wholeSeconds(configuration.connectionDeadline)])
                    : ControlError(.timedOut, .messageIncomplete)
                )
            }
            try close(connection)
        }
        let limit = configuration.maximumConnections
        if let count = busyRefusals.closeInterval(at: now) {
            log?.warning("refused \(count) control connection\(count == 1 ? "" : "s") in the last \(Self.seconds(configuration.refusalLogInterval)): all \(limit) slots busy")
        }
        if let count = foreignRefusals.closeInterval(at: now) {
            log?.notice("refused \(count) control connection\(count == 1 ? "" : "s") from other users in the last \(Self.seconds(configuration.refusalLogInterval))")
        }
        try rearmDeadlineTimer()
    }

    /// Arms the timer for the earliest connection deadline or end of a refusal interval.
    private func rearmDeadlineTimer() throws {
        let deadlines = connections.values.lazy.map(\.deadline).min()
        let next = [deadlines, busyRefusals.intervalEnd, foreignRefusals.intervalEnd].compactMap { $0 }.min()
        try deadlineTimer.arm(at: next)
    }

    /// When the next message on `connection` must have arrived: a read deadline from now, but
    /// never after the connection's own end.
    private func nextReadDeadline(for connection: ControlConnection) -> UInt64 {
        min(MonotonicTimer.now() + configuration.readDeadline.clampedNanoseconds, connection.closesBy)
    }

    /// `duration` in seconds as a number (`10`, `0.2`), for a refusal's sentence.
    private static func wholeSeconds(_ duration: Duration) -> String {
        let nanoseconds = duration.clampedNanoseconds
        if nanoseconds % 1_000_000_000 == 0 { return "\(nanoseconds / 1_000_000_000)" }
        return "\(Double(nanoseconds) / 1e9)"
    }

    /// `duration` for the log, in whole seconds when it is some (`10 s`, `0.2 s`).
    private static func seconds(_ duration: Duration) -> String {
        "\(wholeSeconds(duration)) s"
    }

    // MARK: Helpers

    private static func frame(_ response: ControlResponse) -> [UInt8] {
        if let bytes = try? ControlFrame.frame(encoding: response) { return bytes }
        // Only an unencodable value (a NaN) gets here; this fixed answer always encodes.
        return ControlFrame.frame(Array(#"{"error":{"code":"internal","message":"chimed could not encode its answer"}}"#.utf8))
    }
}

@available(*, unavailable, message: "a ControlServer belongs to the event loop's thread")
extension ControlServer: Sendable {}
