import ChimeControl
import ChimeCore
import ChimeDaemon
import ChimeStore
import ChimeTestSupport
import Foundation
import Glibc
import Testing

/// The real `chimed` binary, in temporary XDG directories, against a notification server on a
/// private bus (`scripts/notify-env.sh`: dunst, or the server `NOTIFY_ENV_SERVER` names) or with the stdout notifier. Each test has its own directories,
/// daemons and notification server, so they may run side by side.
@Suite("chimed processes")
struct DaemonProcessTests {
    @Test("a 10s:5s fast delivers its end notification to the server within its tolerance", .timeLimit(.minutes(1)))
    func fastEndWithinTolerance() async throws {
        let bed = try await DaemonTestBed(dunst: "fast")
        defer { bed.stop() }

        let now = Date()
        let session = FastingSession(id: "e2e", plan: FastingPlan(fasting: TimeSpan(seconds: 10)!, eating: TimeSpan(seconds: 5)!), start: now)
        let plan = try FastingPlanner().start(session, existing: [], replace: false, now: now)
        try bed.write(plan)
        let end = try #require(plan.requests.first { $0.kind == .fastEnd })

        #expect(try await bed.sandbox.waitUntil(timeout: 30) { try !bed.deliveries(of: end.identifier).isEmpty }, "\(bed.daemon.errors)")
        let record = try #require(try bed.deliveries(of: end.identifier).first)
        #expect(record.at >= end.due)
        // Alone in its window, the end wakes the daemon on its due instant; nudges in the same
        // window would have moved the wake later, never past the deadline.
        #expect(record.at <= end.deadline,
                "shown \(record.at.timeIntervalSince(end.due)) s after its due time; tolerance \(end.tolerance) s")
        let serverID = try #require(record.serverID)
        let shown = try bed.shown()
        #expect(shown.contains { $0.id == serverID && $0.call.appName == "Chime" }, "the server shows bubble \(serverID): \(shown)")

        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }

    @Test("a request cancelled before its time never reaches the notification server", .timeLimit(.minutes(1)))
    func cancelledNeverAppears() async throws {
        let bed = try await DaemonTestBed(dunst: "cancel")
        defer { bed.stop() }

        let now = Date()
        // Seconds of margin for the cancellation to arrive first on a loaded machine.
        var plan = DaemonRequests.reminder("cancelled", text: "this must never show", due: now.addingTimeInterval(4))
        plan.merge(DaemonRequests.reminder("control", text: "this one shows", due: now.addingTimeInterval(5)))
        try bed.write(plan)
        var cancel = ChangePlan()
        cancel.cancelledGroups = ["cancelled"]
        try bed.write(cancel)

        #expect(try await bed.sandbox.waitUntil(timeout: 20) { try !bed.deliveries(of: "remind/control").isEmpty }, "\(bed.daemon.errors)")
        let shown = try bed.shown()
        #expect(shown.contains { $0.call.body.contains("this one shows") })
        #expect(!shown.contains { $0.call.body.contains("must never show") })
        #expect(try bed.store.request(identifier: "remind/cancelled")?.state == .cancelled)
        #expect(!bed.daemon.errors.contains("remind/cancelled"))
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }

    @Test("a daemon killed with requests due delivers each exactly once after a restart", .timeLimit(.minutes(1)))
    func killAndRestart() async throws {
        let bed = try await DaemonTestBed(dunst: "kill")
        defer { bed.stop() }

        // Killed well before this (the margin is for a loaded machine), restarted after it.
        let due = Date().addingTimeInterval(2.5)
        var plan = ChangePlan()
        let names = (1...4).map { "kill-\($0)" }
        for name in names {
            plan.merge(DaemonRequests.reminder(name, text: "reminder \(name)", due: due))
        }
        try bed.write(plan)
        bed.daemon.kill()
        #expect(try await bed.sandbox.waitUntil(timeout: 5) { Date() > due.addingTimeInterval(0.5) })

        // The next daemon catches up at start: every request is overdue now.
        let second = try await bed.startDaemon()
        #expect(try await bed.sandbox.waitUntil(timeout: 10) {
            try names.allSatisfy { try bed.store.request(identifier: "remind/\($0)")?.state == .delivered }
        }, "\(second.errors)")
        second.kill()

        // A third start finds nothing to show again.
        let third = try await bed.startDaemon()
        _ = try bed.sandbox.ask(.status)
        for name in names {
            #expect(try bed.deliveries(of: "remind/\(name)").count == 1)
        }
        // One bubble each (showing one again in place keeps its id).
        let shown = try bed.shown()
        for name in names {
            #expect(shown.filter { $0.call.body.contains("reminder \(name)") }.count == 1, "\(shown)")
        }
        third.send(SIGTERM)
        #expect(await third.waitForExit() == 0)
    }

    @Test("a request a crashed daemon left in delivering is shown again in place of its bubble, not beside it", .timeLimit(.minutes(1)))
    func interruptedDeliveryReplacesBubble() async throws {
        let bed = try await DaemonTestBed(dunst: "replace")
        defer { bed.stop() }
        let store = bed.store

        try bed.write(DaemonRequests.reminder("again", text: "shown once on screen", due: Date().addingTimeInterval(0.5)))
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "remind/again")?.state == .delivered }, "\(bed.daemon.errors)")
        let shownAs = try #require(try store.request(identifier: "remind/again")?.serverID)
        bed.daemon.kill()

        // Moved and taken again by a daemon that died before the server answered: the row is
        // in `delivering`, and keeps the id of the bubble on screen.
        try store.apply(DaemonRequests.reminder("again", text: "shown once on screen", due: Date().addingTimeInterval(-1)), now: Date())
        let row = try #require(try store.request(identifier: "remind/again"))
        #expect(try store.beginDelivery(rowIDs: [row.rowID], now: Date()).map(\.serverID) == [shownAs])

        let second = try await bed.startDaemon()
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try store.request(identifier: "remind/again")?.state == .delivered }, "\(second.errors)")
        #expect(try store.request(identifier: "remind/again")?.serverID == shownAs)
        let shown = try bed.shown()
        #expect(shown.filter { $0.call.body.contains("shown once on screen") }.map(\.id) == [shownAs], "\(shown)")
        second.send(SIGTERM)
        #expect(await second.waitForExit() == 0)
    }

    @Test(
        "\"Drank\" picked on a water bubble in dunst logs the glass and schedules the next reminder", .timeLimit(.minutes(1)),
        .enabled(if: (try? NotificationServerEnvironment.Server.selected().picksActionsByLabel) ?? true, "needs a server whose buttons a test can pick by label")
    )
    func drankThroughDunst() async throws {
        let bed = try await DaemonTestBed(dunst: "drank")
        defer { bed.stop() }
        let store = bed.store

        let now = Date()
        var plan = ChangePlan()
        plan.schedules = [WaterSchedule(
            id: "w", interval: .minutes(30),
            window: DailyWindow(from: WallClockTime(hour: 0, minute: 0)!, until: WallClockTime(hour: 23, minute: 59)!),
            amountML: 300
        )]
        plan.requests = [NotificationRequest(
            identifier: "water/w/e2e", group: "w", kind: .water, due: now.addingTimeInterval(1), tolerance: 0,
            content: NotificationContent(template: .waterReminder, arguments: [ContentArgument.amount: "300"]),
            misfirePolicy: .collapse(until: now.addingTimeInterval(3600))
        )]
        try bed.write(plan)
        #expect(try await bed.sandbox.waitUntil(timeout: 15) { try store.request(identifier: "water/w/e2e")?.state == .delivered }, "\(bed.daemon.errors)")

        try bed.dunst().invokeAction(labeled: "Drank 300 ml")
        #expect(try await bed.sandbox.waitUntil(timeout: 10) { try !store.intakes(forSchedule: "w", since: now).isEmpty }, "\(bed.daemon.errors)")
        let intakes = try store.intakes(forSchedule: "w", since: now)
        #expect(intakes.map(\.amountML) == [300])
        let next = try store.pendingRequests(inGroup: "w")
        #expect(next.count == 1)
        #expect(next.first.map { $0.request.due > intakes[0].instant } == true)
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }

    @Test("SIGHUP reloads from the store and the daemon carries on")
    func hangupReloads() async throws {
        let bed = try await DaemonTestBed()
        defer { bed.stop() }

        // Written without a nudge: only the reload can find it.
        try bed.store.apply(DaemonRequests.reminder("later", text: "later", due: Date().addingTimeInterval(3600)), now: Date())
        bed.daemon.send(SIGHUP)
        #expect(await bed.daemon.waitUntilReady(), "no READY=1 after the reload: \(bed.daemon.errors)")
        guard case .status(let status) = try bed.sandbox.ask(.status) else {
            Issue.record("status was not answered")
            return
        }
        #expect(status.pendingCount == 1)
        #expect(bed.daemon.errors.contains("<6>chimed: reloading from the store"))
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }

    @Test("without a session bus, chimed's default notifier prints each notification to standard output and says so first", .timeLimit(.minutes(1)))
    func noBusMeansStdout() async throws {
        let sandbox = try DaemonSandbox()
        // Empty rather than absent: the daemon also inherits this test process's environment,
        // where another test may have put a bus address.
        sandbox.environment["DBUS_SESSION_BUS_ADDRESS"] = ""
        let daemon = try sandbox.startDaemon(["--foreground"])
        #expect(await daemon.waitUntilReady(), "\(daemon.errors)")
        let first = daemon.errors.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("<5>chimed: notifier: stdout (no session bus (DBUS_SESSION_BUS_ADDRESS is not set"), "\(daemon.errors)")

        let store = try sandbox.openStore()
        let result = try store.apply(DaemonRequests.reminder("headless", text: "seen without a desktop", due: Date().addingTimeInterval(1)), now: Date())
        _ = try sandbox.ask(.changed(sequence: result.sequence))
        #expect(try await sandbox.waitUntil(timeout: 20) { daemon.output.contains("\"identifier\":\"remind/headless\"") }, "\(daemon.errors)")
        let line = try #require(daemon.output.split(separator: "\n").first { $0.contains("remind/headless") })
        #expect(line.contains("\"event\":\"shown\""))
        #expect(line.contains("seen without a desktop"))
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
    }

    @Test("a second daemon for the same user is refused with exit code 75 and one line saying why")
    func secondDaemonRefused() async throws {
        let bed = try await DaemonTestBed()
        defer { bed.stop() }
        let first = bed.daemon

        let second = try bed.sandbox.startDaemon()
        #expect(await second.waitForExit() == 75)
        // The notifier line comes first, then exactly one line saying why it stops.
        let lines = second.errors.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first == "<5>chimed: notifier: stdout (chosen with --notifier stdout)")
        #expect(lines.last?.hasPrefix("<3>chimed: ") == true)
        #expect(second.errors.contains("already running"))
        #expect(second.errors.contains("pid \(first.pid)"))
        guard case .pong(let identity) = try bed.sandbox.ask(.ping) else {
            Issue.record("the first daemon stopped answering")
            return
        }
        #expect(identity.pid == first.pid)
        first.send(SIGTERM)
        #expect(await first.waitForExit() == 0)
    }

    @Test("a second daemon on the same database is refused even with another runtime directory")
    func secondDaemonOnTheSameStoreRefused() async throws {
        let bed = try await DaemonTestBed()
        defer { bed.stop() }
        let first = bed.daemon

        let otherRuntime = bed.sandbox.root + "/other-run"
        #expect(mkdir(otherRuntime, 0o700) == 0)
        bed.sandbox.environment["XDG_RUNTIME_DIR"] = otherRuntime
        let second = try bed.sandbox.startDaemon()
        #expect(await second.waitForExit() == 75)
        #expect(second.errors.contains("already running"))
        #expect(second.errors.contains("pid \(first.pid)"))
        first.send(SIGTERM)
        #expect(await first.waitForExit() == 0)
    }

    /// Root can hand a directory to another user; `/run/user/UID` must be absent, or chimed would
    /// (rightly) use it instead of the temporary directory.
    static let canGiveTemporaryDirectoryAway = geteuid() == 0
        && !FileManager.default.fileExists(atPath: RuntimeDirectory.userRuntimeRoot + "/\(geteuid())")

    @Test(
        "without XDG_RUNTIME_DIR, a temporary runtime directory another user made first stops chimed with 69 and says what to do",
        .enabled(if: canGiveTemporaryDirectoryAway, "needs root (to give the directory away) and no /run/user/UID")
    )
    func temporaryRuntimeDirectoryTaken() async throws {
        let sandbox = try DaemonSandbox()
        let temporary = sandbox.root + "/tmp"
        #expect(mkdir(temporary, 0o1777) == 0)
        let taken = temporary + "/chime-\(geteuid())"
        #expect(mkdir(taken, 0o700) == 0)
        #expect(chown(taken, 65_534, 65_534) == 0)
        sandbox.environment["XDG_RUNTIME_DIR"] = nil
        sandbox.environment["TMPDIR"] = temporary
        let daemon = try sandbox.startDaemon()
        #expect(await daemon.waitForExit() == 69)
        #expect(daemon.errors.contains("the runtime directory \(taken) belongs to uid 65534: another user created it first"), "\(daemon.errors)")
        #expect(daemon.errors.contains("set XDG_RUNTIME_DIR to a private directory of yours"), "\(daemon.errors)")
        // Nothing of chimed's was left in the other user's directory.
        #expect((try? FileManager.default.contentsOfDirectory(atPath: taken)) == [])
    }

    @Test("one directory as both XDG_DATA_HOME and XDG_RUNTIME_DIR: the two locks do not collide")
    func sameDirectoryForDataAndRuntime() async throws {
        let sandbox = try DaemonSandbox()
        sandbox.environment["XDG_DATA_HOME"] = sandbox.root + "/run"
        let daemon = try sandbox.startDaemon()
        #expect(await daemon.waitUntilReady(), "\(daemon.errors)")
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
    }

    @Test("a client sending garbage does not disturb a concurrent status request")
    func garbageClient() async throws {
        let bed = try await DaemonTestBed()
        defer { bed.stop() }
        let sandbox = bed.sandbox

        try bed.store.apply(DaemonRequests.reminder("later", text: "later", due: Date().addingTimeInterval(3600)), now: Date())
        _ = try sandbox.ask(.changed(sequence: 0))

        // One client stalls in the middle of a frame, another sends a frame that is not JSON,
        // a third announces far more than the limit.
        let stalled = try RawControlConnection(path: sandbox.socketPath)
        try stalled.send([0, 0])
        let garbage = try RawControlConnection(path: sandbox.socketPath)
        try garbage.send([0, 0, 0, 10] + Array("not json!!".utf8))
        let oversized = try RawControlConnection(path: sandbox.socketPath)
        try oversized.send([0x7f, 0xff, 0xff, 0xff])

        guard case .status(let status) = try sandbox.ask(.status) else {
            Issue.record("status was not answered")
            return
        }
        #expect(status.pendingCount == 1)
        #expect(status.armedDeadline != nil)
        #expect(status.daemon.pid == bed.daemon.pid)
        #expect(try garbage.receiveAll().contains("malformed_request"))
        #expect(try oversized.receiveAll().contains("frame_too_large"))
        #expect(!bed.daemon.hasExited)

        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }
}

extension DaemonProcessTests {
    @Test("a client that sends pings and never reads the answers is disconnected; chimed carries on")
    func nonReadingClient() async throws {
        let bed = try await DaemonTestBed()
        defer { bed.stop() }
        let flood = try RawControlConnection(path: bed.sandbox.socketPath)
        let ping = try ControlFrame.frame(encoding: ControlRequest.ping)
        let batch = Array(Array(repeating: ping, count: 1024).joined())

        // chimed reads all it is sent until it gives up on the client; then sending fails.
        var sentBatches = 0
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, (try? flood.send(batch)) != nil {
            sentBatches += 1
        }
        #expect(Date() < deadline, "chimed never disconnected a client that does not read")
        #expect(sentBatches >= 4)
        #expect(bed.daemon.errors.contains("closed a control connection that does not read its answers"))
        guard case .status(let status) = try bed.sandbox.ask(.status) else {
            Issue.record("status was not answered")
            return
        }
        #expect(status.daemon.pid == bed.daemon.pid)
        bed.daemon.send(SIGTERM)
        #expect(await bed.daemon.waitForExit() == 0)
    }
}

/// A raw connection to the control socket, for sending what `ControlClient` never would.
final class RawControlConnection {
    private let socket: Int32

    init(path: String) throws {
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw DaemonTestFailure("cannot connect to \(path): \(String(cString: strerror(errno)))") }
        var limit = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(socket)
    }

    func send(_ bytes: [UInt8]) throws {
        guard Glibc.send(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw DaemonTestFailure("cannot send: \(String(cString: strerror(errno)))")
        }
    }

    /// Everything the daemon sends until it closes the connection (or 5 s pass), as text.
    func receiveAll() throws -> String {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                data += buffer[..<count]
            } else {
                break
            }
        }
        return String(decoding: data, as: UTF8.self)
    }
}
