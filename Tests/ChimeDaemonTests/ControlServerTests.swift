import ChimeControl
import ChimeDaemon
import ChimeTestSupport
import Foundation
import Glibc
import Testing

/// A control server in a fresh runtime directory, answering with fixed values.
private final class Fixture {
    let base: TemporaryDirectory
    let directory: RuntimeDirectory
    let loop: EventLoop
    let logLines = Box<[String]>([])
    private(set) var requests: [ControlRequest] = []
    private(set) var server: ControlServer!

    static let armedDeadline = Date(timeIntervalSince1970: 1_800_000_000.25)

    init(configuration: ControlServer.Configuration = .init()) throws {
        base = try TemporaryDirectory()
        directory = RuntimeDirectory.resolve(environment: ["XDG_RUNTIME_DIR": base.path])
        loop = try EventLoop()
        let lines = logLines
        let log = DaemonLog(threshold: .debug) { line in lines.update { $0.append(line) } }
        server = try ControlServer(directory: directory, loop: loop, configuration: configuration, log: log) { [unowned self] request in
            requests.append(request)
            switch request {
            case .ping:
                return .pong(.current)
            case .status:
                return .status(DaemonStatus(armedDeadline: Self.armedDeadline, pendingCount: 3,
                                            notificationServer: "available", lastAppliedSequence: 41))
            case .changed(let sequence):
                return .changeApplied(sequence: sequence)
            case .calendars:
                return .calendars([])
            case .calendarAlarms(let query):
                return .calendarAlarms(CalendarAlarmPage(rows: [], total: 0, generation: Int64(query.offset), problems: [], calendars: []))
            }
        }
    }

    var socketPath: String { directory.controlSocketPath }

    /// Sends `requests` with a ``ControlClient`` from another thread while the loop serves them.
    func ask(_ requests: [ControlRequest], timeout: Duration = .seconds(5)) throws -> [Result<ControlResponse, any Error>] {
        let client = ControlClient(socketPath: socketPath, timeout: timeout)
        let asker = BackgroundThread { requests.map { request in Result { try client.send(request) } } }
        #expect(try runLoop(loop) { asker.result != nil })
        return asker.result ?? []
    }

    func ask(_ request: ControlRequest) throws -> ControlResponse? {
        try ask([request]).first.flatMap { try? $0.get() }
    }
}

@Suite("ControlServer and ControlClient")
struct ControlServerTests {
    @Test("ping, status and changed round-trip; socket 0600 in a 0700 directory")
    func roundTrip() throws {
        let fixture = try Fixture()
        let answers = try fixture.ask([.ping, .status, .changed(sequence: 42)]).map { try $0.get() }

        #expect(answers == [
            .pong(.current),
            .status(DaemonStatus(armedDeadline: Fixture.armedDeadline, pendingCount: 3,
                                 notificationServer: "available", lastAppliedSequence: 41)),
            .changeApplied(sequence: 42),
        ])
        #expect(fixture.requests == [.ping, .status, .changed(sequence: 42)])
        #expect(fileStatus(fixture.socketPath)?.mode == 0o600)
        #expect(fileStatus(fixture.directory.path)?.mode == 0o700)
        #expect(try runLoop(fixture.loop) { fixture.server.connectionCount == 0 })
    }

    @Test("several frames in one write are answered in order on the same connection")
    func pipelinedRequests() throws {
        let fixture = try Fixture()
        let client = try RawClient(path: fixture.socketPath)
        try client.send(ControlFrame.frame(encoding: ControlRequest.ping) + ControlFrame.frame(encoding: ControlRequest.changed(sequence: 7)))

        #expect(try runLoop(fixture.loop) { _ = client.pollClosed(); return try client.responses().count == 2 })
        #expect(try client.responses() == [.pong(.current), .changeApplied(sequence: 7)])
        #expect(!client.pollClosed())
        #expect(fixture.server.connectionCount == 1)
    }

    @Test("an oversized frame gets frame_too_large and a closed connection; others are still served")
    func oversizedFrame() throws {
        let fixture = try Fixture()
        let client = try RawClient(path: fixture.socketPath)
        try client.send([0x00, 0x01, 0x00, 0x01])  // announces 65537 bytes

        #expect(try runLoop(fixture.loop) { client.pollClosed() })
        #expect(try errorCode(client.responses().first) == .frameTooLarge)
        #expect(try fixture.ask(.ping) == .pong(.current))
    }

    @Test("a 64 KiB payload is read whole; not being JSON, it gets malformed_request")
    func largestFrame() throws {
        let fixture = try Fixture()
        let client = try RawClient(path: fixture.socketPath)
        try client.send(ControlFrame.frame([UInt8](repeating: UInt8(ascii: "x"), count: 65536)))

        #expect(try runLoop(fixture.loop) { client.pollClosed() })
        #expect(try errorCode(client.responses().first) == .malformedRequest)
    }

    @Test("garbage gets malformed_request and a closed connection; others are still served")
    func garbage() throws {
        let fixture = try Fixture()
        let client = try RawClient(path: fixture.socketPath)
        try client.send(ControlFrame.frame(Array("{not json".utf8)))

        #expect(try runLoop(fixture.loop) { client.pollClosed() })
        let responses = try client.responses()
        #expect(responses.count == 1)
        #expect(errorCode(responses.first) == .malformedRequest)
        #expect(try fixture.ask(.status) != nil)
        #expect(fixture.requests == [.status])
    }

    @Test("an unknown request type gets unsupported_request")
    func unknownType() throws {
        let fixture = try Fixture()
        let client = try RawClient(path: fixture.socketPath)
        try client.send(ControlFrame.frame(Array(#"{"type":"reboot"}"#.utf8)))

        #expect(try runLoop(fixture.loop) { client.pollClosed() })
        #expect(try errorCode(client.responses().first) == .unsupportedRequest)
        #expect(fixture.requests.isEmpty)
    }

    @Test("a client stalling in mid-frame is dropped at the deadline while a concurrent ping is answered")
    func slowClient() throws {
        // 500 ms instead of the daemon's 2 s keeps the test short.
        let fixture = try Fixture(configuration: .init(readDeadline: .milliseconds(500)))
        let slow = try RawClient(path: fixture.socketPath)
        try slow.send([0x00, 0x00])  // half a length prefix, then nothing
        #expect(try runLoop(fixture.loop) { fixture.server.connectionCount == 1 })

        let pong = try fixture.ask(.ping)

        #expect(pong == .pong(.current))
        #expect(!slow.pollClosed(), "the ping must not wait for the slow client")
        #expect(try runLoop(fixture.loop) { slow.pollClosed() })
        // Closed by its read deadline: not at once, not by the connection's own deadline.
        let refusal = try slow.responses()
        #expect(refusal.count == 1)
        #expect(errorCode(refusal.first) == .timedOut)
        #expect(refusalReason(refusal.first) == ControlRefusal.messageIncomplete.rawValue)
        #expect(fixture.logLines.value.contains { $0.contains("closed a control connection that did not finish its message in time") })
        #expect(fixture.server.connectionCount == 0)
    }

    @Test("a connection from a uid other than the allowed one is refused (seam: allowed uid 4242)")
    func refusesOtherUserThroughConfiguration() throws {
        let fixture = try Fixture(configuration: .init(allowedUserID: 4242))
        let answer = try fixture.ask(.ping)

        #expect(errorCode(answer) == .forbidden)
        #expect(fixture.requests.isEmpty)
    }

    /// Real SO_PEERCRED check: perl connects as uid 65534 through setpriv (we run as root). The
    /// directory and socket are opened up after start-up so uid 65534 can reach the socket at
    /// all; the peer-credential check is then the only fence left.
    @Test(
        "a process of another user (uid 65534) is refused by its peer credentials",
        .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv to connect as uid 65534")
    )
    func refusesOtherUserForReal() throws {
        let fixture = try Fixture()
        #expect(chmod(fixture.base.path, 0o711) == 0)
        #expect(chmod(fixture.directory.path, 0o711) == 0)
        #expect(chmod(fixture.socketPath, 0o666) == 0)
        let script = """
            use strict; use Socket; use IO::Socket::UNIX;
            $SIG{PIPE} = 'IGNORE';
            my $s = IO::Socket::UNIX->new(Type => SOCK_STREAM, Peer => $ARGV[0]) or die "connect: $!\\n";
            my $p = '{"type":"ping"}';
            syswrite($s, pack('N', length $p) . $p);
            binmode STDOUT; my $b; while (sysread($s, $b, 4096)) { print $b }
            """
        let socketPath = fixture.socketPath
        let child = BackgroundThread { () -> (status: Int32, output: [UInt8])? in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/perl", "-e", script, socketPath]
            let output = Pipe()
            process.standardOutput = output
            guard (try? process.run()) != nil else { return nil }
            let bytes = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, Array(bytes))
        }

        #expect(try runLoop(fixture.loop, timeout: .seconds(10)) { child.result != nil })
        let result = try #require(child.result ?? nil)
        #expect(result.status == 0)
        #expect(try errorCode(decodeFrames(result.output).first) == .forbidden)
        #expect(fixture.requests.isEmpty)
        #expect(fixture.logLines.value.contains { $0.hasPrefix("<5>chimed: refused a control connection from uid 65534") })
    }

    @Test("beyond the connection limit, new connections get busy")
    func connectionLimit() throws {
        let fixture = try Fixture(configuration: .init(maximumConnections: 1))
        let holder = try RawClient(path: fixture.socketPath)
        #expect(try runLoop(fixture.loop) { fixture.server.connectionCount == 1 })

        #expect(try errorCode(fixture.ask(.ping)) == .busy)
        #expect(!holder.pollClosed())
    }

    @Test("a stale socket file left by a dead daemon is replaced")
    func replacesStaleSocket() throws {
        let base = try TemporaryDirectory()
        let directory = RuntimeDirectory.resolve(environment: ["XDG_RUNTIME_DIR": base.path])
        try directory.prepare()
        let dead = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let address = try #require(UnixSocketAddress(path: directory.controlSocketPath))
        #expect(address.withSocketAddress { bind(dead, $0, $1) } == 0)
        close(dead)  // the file stays, nobody listens: what a killed daemon leaves
        #expect(fileStatus(directory.controlSocketPath) != nil)

        let loop = try EventLoop()
        let server = try ControlServer(directory: directory, loop: loop) { _ in .pong(.current) }
        let asker = BackgroundThread { Result { try ControlClient(socketPath: directory.controlSocketPath).send(.ping) } }
        #expect(try runLoop(loop) { asker.result != nil })
        #expect(try asker.result?.get() == .pong(.current))
        #expect(server.socketPath == directory.controlSocketPath)
    }

    @Test("a second server on a live socket is refused as already running")
    func refusesLiveSocket() throws {
        let fixture = try Fixture()
        do {
            _ = try ControlServer(directory: fixture.directory, loop: fixture.loop) { _ in .pong(.current) }
            Issue.record("a second server started")
        } catch let error as RuntimeError {
            #expect(error.kind == .alreadyRunning)
            #expect(error.message.contains("pid \(getpid())"))
        }
        #expect(try fixture.ask(.ping) == .pong(.current))
    }

    @Test("something other than a socket at the socket path is refused")
    func refusesOccupiedPath() throws {
        let base = try TemporaryDirectory()
        let directory = RuntimeDirectory.resolve(environment: ["XDG_RUNTIME_DIR": base.path])
        try directory.prepare()
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: directory.controlSocketPath))

        #expect(kind { _ = try ControlServer(directory: directory, loop: EventLoop()) { _ in .pong(.current) } } == .socketPathOccupied)
        #expect(try String(contentsOfFile: directory.controlSocketPath, encoding: .utf8) == "keep me")
    }

    @Test("an unsafe runtime directory is refused before anything listens")
    func refusesUnsafeDirectory() throws {
        let base = try TemporaryDirectory()
        // Ours, but expected to be another user's (the `ownerID:` seam; no root needed).
        let directory = RuntimeDirectory(path: base.appending("chime"), ownerID: geteuid() &+ 1)
        #expect(mkdir(directory.path, 0o700) == 0)

        #expect(kind { _ = try ControlServer(directory: directory, loop: EventLoop()) { _ in .pong(.current) } } == .unsafeRuntimeDirectory)
        #expect(fileStatus(directory.controlSocketPath) == nil)
    }

    @Test("releasing the server closes its listening socket and removes its socket file")
    func removesSocketOnRelease() throws {
        let base = try TemporaryDirectory()
        let directory = RuntimeDirectory.resolve(environment: ["XDG_RUNTIME_DIR": base.path])
        let path = directory.controlSocketPath
        let loop = try EventLoop()
        var server: ControlServer? = try ControlServer(directory: directory, loop: loop) { _ in .pong(.current) }
        #expect(server?.socketPath == path)
        #expect(fileStatus(path) != nil)
        #expect(Self.boundSocketCount(at: path) == 1)
        #expect(loop.registeredCount == 2)

        server = nil

        #expect(Self.boundSocketCount(at: path) == 0, "the listening descriptor is closed")
        #expect(fileStatus(path) == nil)
        #expect(loop.registeredCount == 0)
        #expect(kind { _ = try ControlClient(socketPath: path).send(.ping) } == .daemonNotRunning)
    }

    /// How many open Unix sockets are bound to `path`, as the kernel lists them (an unlinked
    /// socket file stays listed while its descriptor is open).
    private static func boundSocketCount(at path: String) -> Int {
        // Read to the end: the kernel hands the table out a page per read.
        guard let file = FileHandle(forReadingAtPath: "/proc/net/unix") else { return -1 }
        defer { try? file.close() }
        let table = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        return table.split(separator: "\n").filter { $0.hasSuffix(" " + path) }.count
    }

    @Test("the client reports a daemon that is not running")
    func clientWithoutDaemon() throws {
        let base = try TemporaryDirectory()
        let client = ControlClient(socketPath: base.appending("chimed.sock"))
        #expect(kind { _ = try client.send(.ping) } == .daemonNotRunning)
    }

    @Test("the client gives up after its timeout when the daemon does not answer")
    func clientTimeout() throws {
        let base = try TemporaryDirectory()
        let path = base.appending("chimed.sock")
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(listener) }
        let address = try #require(UnixSocketAddress(path: path))
        #expect(address.withSocketAddress { bind(listener, $0, $1) } == 0)
        #expect(listen(listener, 4) == 0)  // connections queue, nobody ever answers

        #expect(kind { _ = try ControlClient(socketPath: path, timeout: .milliseconds(200)).send(.ping) } == .daemonTimedOut)
        // It gave up waiting for the answer, not before asking: its whole request is queued.
        let accepted = accept(listener, nil, nil)
        #expect(accepted >= 0)
        defer { close(accepted) }
        let request = try ControlFrame.frame(encoding: ControlRequest.ping)
        var received = [UInt8](repeating: 0, count: request.count + 1)
        #expect(recv(accepted, &received, received.count, Int32(MSG_DONTWAIT)) == request.count)
        #expect(Array(received.prefix(request.count)) == request)
    }

    @Test("the client refuses a runtime directory owned by another user")
    func clientChecksDirectory() throws {
        let base = try TemporaryDirectory()
        // Ours, but expected to be another user's (the `ownerID:` seam; no root needed).
        let directory = RuntimeDirectory(path: base.appending("chime"), ownerID: geteuid() &+ 1)
        #expect(mkdir(directory.path, 0o700) == 0)

        #expect(kind { _ = try ControlClient(directory: directory) } == .unsafeRuntimeDirectory)
    }
}

/// What a hostile client can do to the server: send without reading, trickle for ever, or
/// knock on full slots in a loop. The bounds are checked through the server's own accounting.
@Suite("ControlServer limits")
struct ControlServerLimitTests {
    /// Sends what the socket takes now; the count (0 when full), or nil once the server has
    /// closed the connection.
    private static func sendNow(_ client: RawClient, _ bytes: ArraySlice<UInt8>) -> Int? {
        let sent = bytes.withUnsafeBytes { Glibc.send(client.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        if sent >= 0 { return sent }
        return errno == EAGAIN || errno == EINTR ? 0 : nil
    }

    @Test("a client that sends pings and never reads is closed once 256 KiB of answers wait; the others are served")
    func nonReadingClientIsBounded() throws {
        let fixture = try Fixture()
        let limit = ControlServer.Configuration().maximumQueuedBytes
        #expect(limit == 256 * 1024)
        let hostile = try RawClient(path: fixture.socketPath)
        #expect(try runLoop(fixture.loop) { fixture.server.connectionCount == 1 })
        let pings = Array(repeating: try ControlFrame.frame(encoding: ControlRequest.ping), count: 512).flatMap { $0 }
        var pending = pings[...]
        var closed = false
        #expect(try runLoop(fixture.loop, timeout: .seconds(20)) {
            if pending.isEmpty { pending = pings[...] }
            guard let sent = Self.sendNow(hostile, pending) else {
                closed = true
                return true
            }
            pending = pending.dropFirst(sent)
            return fixture.server.connectionCount == 0
        })
        // Far more was asked than the bound holds, and the server never held more than it.
        #expect(fixture.requests.count > limit / 100)
        #expect(fixture.server.largestQueuedBytes <= limit)
        #expect(fixture.server.largestQueuedBytes > limit / 2)
        #expect(fixture.server.queuedBytes == 0)
        #expect(closed || fixture.server.connectionCount == 0)
        #expect(fixture.logLines.value.contains { $0.contains("closed a control connection that does not read its answers") })
        #expect(try fixture.ask(.ping) == .pong(.current))
    }

    @Test("a client that writes many pings at once and then reads gets every answer")
    func pipelinedReaderIsServed() throws {
        let fixture = try Fixture()
        let client = try RawClient(path: fixture.socketPath)
        let count = 2000
        try client.send(Array(repeating: try ControlFrame.frame(encoding: ControlRequest.ping), count: count).flatMap { $0 })

        #expect(try runLoop(fixture.loop, timeout: .seconds(20)) { _ = client.pollClosed(); return try client.responses().count == count })
        #expect(try client.responses().allSatisfy { $0 == .pong(.current) })
        #expect(!client.pollClosed())
        #expect(fixture.server.largestQueuedBytes <= ControlServer.Configuration().maximumQueuedBytes)
    }

    @Test("a client trickling one ping within each read deadline is still closed at the connection deadline")
    func tricklingClientIsClosed() throws {
        let fixture = try Fixture(configuration: .init(readDeadline: .milliseconds(300), connectionDeadline: .milliseconds(900)))
        let clock = ContinuousClock()
        let trickler = try RawClient(path: fixture.socketPath)
        let ping = try ControlFrame.frame(encoding: ControlRequest.ping)

        // A ping every 100 ms: well inside each read deadline, so only the connection's own
        // deadline can end it.
        // The deadline only catches a server that never closes it.
        var closed = false
        let end = clock.now + .seconds(30)
        while !closed, clock.now < end {
            closed = Self.sendNow(trickler, ping[...]) == nil || trickler.pollClosed()
            if !closed { try fixture.loop.runOnce(timeout: .milliseconds(100)) }
        }
        #expect(closed)
        _ = trickler.pollClosed()
        // Several pings, each within its read deadline, were answered on the one connection
        // before the connection's own deadline ended it.
        let responses = try trickler.responses()
        #expect(responses.filter { $0 == .pong(.current) }.count >= 3)
        #expect(responses.allSatisfy { $0 == .pong(.current) || refusalReason($0) == ControlRefusal.connectionOpenTooLong.rawValue }, "\(responses)")
        #expect(fixture.server.connectionCount == 0)
        #expect(fixture.logLines.value.contains { $0.contains("closed a control connection still open after 0.9 s") })
    }

    @Test("refusals at full slots make one line at once and one line with the count per interval")
    func refusalsAreLoggedWithACount() throws {
        let fixture = try Fixture(configuration: .init(maximumConnections: 1, refusalLogInterval: .milliseconds(300)))
        let holder = try RawClient(path: fixture.socketPath)
        #expect(try runLoop(fixture.loop) { fixture.server.connectionCount == 1 })

        let refusedCount = 40
        for _ in 0..<refusedCount {
            let refused = try RawClient(path: fixture.socketPath)
            #expect(try runLoop(fixture.loop) { refused.pollClosed() })
            #expect(try errorCode(refused.responses().first) == .busy)
        }
        let refusalLines = { fixture.logLines.value.filter { $0.contains("refused") } }
        #expect(refusalLines().count == 1)
        #expect(refusalLines().first?.hasPrefix("<4>chimed: refused a control connection: all 1 slots busy; more such refusals are counted") == true)

        #expect(try runLoop(fixture.loop) { refusalLines().count == 2 })
        #expect(refusalLines().last == "<4>chimed: refused \(refusedCount - 1) control connections in the last 0.3 s: all 1 slots busy\n")
        // An interval without refusals ends the tally: nothing more is logged.
        _ = try runLoop(fixture.loop, timeout: .seconds(1)) { false }
        #expect(refusalLines().count == 2)
        withExtendedLifetime(holder) {}
    }
}
