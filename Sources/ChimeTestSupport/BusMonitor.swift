import Foundation
import Synchronization

/// Records the D-Bus traffic to and from the notification server of an environment
/// (`busctl monitor`, as JSON), so tests can check exactly what a client sent.
public final class BusMonitor: Sendable {
    /// One `Notify` call as the server received it.
    public struct NotifyCall: Sendable {
        /// The application name.
        public var appName: String
        /// The id of the bubble to replace (0: a new one).
        public var replacesID: UInt32
        /// The application icon.
        public var appIcon: String
        /// The summary.
        public var summary: String
        /// The body, exactly as sent.
        public var body: String
        /// Action keys and labels, alternating, as sent.
        public var actions: [String]
        /// The hints with simple values (strings, numbers), by name.
        public var hints: [String: String]
        /// The expiry timeout in milliseconds (-1: server default, 0: never).
        public var timeout: Int
        /// When the bus passed the call on.
        public var sentAt: Date?

        /// The action keys only.
        public var actionKeys: [String] {
            stride(from: 0, to: actions.count, by: 2).map { actions[$0] }
        }
    }

    /// A `NotificationClosed` signal.
    public struct ClosedSignal: Hashable, Sendable {
        /// The server's id of the bubble.
        public var id: UInt32
        /// The reason code (1 expired, 2 dismissed, 3 closed by a call, 4 undefined).
        public var reason: UInt32

        /// Makes a signal value (to compare with).
        public init(id: UInt32, reason: UInt32) {
            self.id = id
            self.reason = reason
        }
    }

    /// A bubble as the server gave it out: the id it answered a `Notify` with, and the last
    /// call shown under that id (a replacement keeps the id and changes the content).
    public struct Bubble: Sendable {
        /// The server's id of the bubble.
        public var id: UInt32
        /// The latest `Notify` call the server answered with this id.
        public var call: NotifyCall
        /// How many `Notify` calls the server answered with this id (1: never replaced).
        public var showings: Int
    }

    /// One method call to the server and its answer, with the bus's timestamps.
    public struct AnsweredCall: Sendable {
        /// The method's name (`Notify`, `CloseNotification`, ...).
        public var member: String
        /// The caller's unique bus name.
        public var sender: String
        /// When the bus passed the call on.
        public var sentAt: Date
        /// When the bus passed the answer (a reply or an error) on.
        public var answeredAt: Date
    }

    private let child: ChildProcess
    private let recorder = LineRecorder()
    private let stopped = Mutex(false)

    /// Starts monitoring the bus of `environment`; returns once `busctl` is listening.
    public init(environment: NotificationServerEnvironment) throws {
        let output = try ChildProcess.Pipe.make()
        let errors = try ChildProcess.Pipe.make()
        defer {
            close(output.write)
            close(errors.write)
        }
        child = try ChildProcess.spawn(
            "/usr/bin/env", ["busctl", "--user", "--json=short", "monitor", "org.freedesktop.Notifications"],
            environment: environment.variables, standardOutput: .descriptor(output.write), standardError: .descriptor(errors.write)
        )
        let ready = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var announced = false
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(errors.read, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                if !announced, String(decoding: buffer[..<count], as: UTF8.self).contains("Monitoring") {
                    announced = true
                    ready.signal()
                }
            }
            close(errors.read)
            if !announced { ready.signal() }
        }
        Thread.detachNewThread { [recorder] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(output.read, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                recorder.append(Data(buffer[..<count]))
            }
            close(output.read)
        }
        ready.wait()
        guard kill(child.pid, 0) == 0 else {
            stop()
            throw NotificationServerEnvironment.Failure(description: "busctl monitor did not start")
        }
    }

    deinit {
        stop()
    }

    /// Stops monitoring.
    public func stop() {
        let first = stopped.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        child.terminate()
        child.wait()
    }

    /// Every message seen so far, as `busctl` printed it (one JSON object per line).
    public var rawMessages: [String] { recorder.lines }

    /// The `Notify` calls seen so far, oldest first.
    public var notifyCalls: [NotifyCall] {
        messages(member: "Notify", type: "method_call").compactMap(Self.notifyCall)
    }

    /// The `NotificationClosed` signals seen so far, oldest first.
    public var closedSignals: [ClosedSignal] {
        messages(member: "NotificationClosed", type: "signal").compactMap { message in
            guard let data = (message["payload"] as? [String: Any])?["data"] as? [Any], data.count == 2,
                  let id = data[0] as? Int, let reason = data[1] as? Int else { return nil }
            return ClosedSignal(id: UInt32(id), reason: UInt32(reason))
        }
    }

    /// The bubbles shown so far, one per server id, in order of first showing: each answered
    /// `Notify` call paired (by its serial) with the id in the server's reply. Any server's
    /// counterpart of dunst's history.
    public var bubbles: [Bubble] {
        var result: [Bubble] = []
        var index: [UInt32: Int] = [:]
        forEachShowing(closed: { _ in }) { id, call in
            if let position = index[id] {
                result[position].call = call
                result[position].showings += 1
            } else {
                index[id] = result.count
                result.append(Bubble(id: id, call: call, showings: 1))
            }
        }
        return result
    }

    /// The ids of the bubbles shown and not closed since (no `NotificationClosed` after their
    /// last showing), in order of first showing.
    public var openBubbleIDs: [UInt32] {
        var open: [UInt32] = []
        forEachShowing(closed: { id in open.removeAll { $0 == id } }) { id, _ in
            if !open.contains(id) { open.append(id) }
        }
        return open
    }

    /// The calls to the server answered so far, in the order they were sent: where a burst's
    /// time goes (the server's answers, or the caller between an answer and its next call).
    public var answeredCalls: [AnsweredCall] {
        var calls: [String: (member: String, sender: String, at: Date)] = [:]
        var answered: [AnsweredCall] = []
        for line in recorder.lines {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let microseconds = object["timestamp-realtime"] as? Int else { continue }
            let at = Date(timeIntervalSince1970: Double(microseconds) / 1e6)
            switch object["type"] as? String {
            case "method_call":
                if let sender = object["sender"] as? String, let cookie = object["cookie"] as? Int, let member = object["member"] as? String {
                    calls["\(sender) \(cookie)"] = (member, sender, at)
                }
            case "method_return", "error":
                guard let destination = object["destination"] as? String, let cookie = object["reply_cookie"] as? Int,
                      let call = calls.removeValue(forKey: "\(destination) \(cookie)") else { continue }
                answered.append(AnsweredCall(member: call.member, sender: call.sender, sentAt: call.at, answeredAt: at))
            default:
                continue
            }
        }
        return answered.sorted { $0.sentAt < $1.sentAt }
    }

    /// Walks the recorded messages in bus order, calling `shown` for every answered `Notify`
    /// (the id of the reply, the call) and `closed` for every `NotificationClosed`.
    private func forEachShowing(closed: (UInt32) -> Void, shown: (UInt32, NotifyCall) -> Void) {
        var calls: [String: NotifyCall] = [:]
        for line in recorder.lines {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            let data = (object["payload"] as? [String: Any])?["data"] as? [Any]
            switch object["type"] as? String {
            case "method_call" where object["member"] as? String == "Notify":
                if let sender = object["sender"] as? String, let cookie = object["cookie"] as? Int, let call = Self.notifyCall(object) {
                    calls["\(sender) \(cookie)"] = call
                }
            case "method_return":
                guard let destination = object["destination"] as? String, let cookie = object["reply_cookie"] as? Int,
                      let call = calls.removeValue(forKey: "\(destination) \(cookie)"), let id = data?.first as? Int else { continue }
                shown(UInt32(id), call)
            case "signal" where object["member"] as? String == "NotificationClosed":
                if let id = data?.first as? Int { closed(UInt32(id)) }
            default:
                continue
            }
        }
    }

    /// Waits until `condition` holds for this monitor or `timeout` passes; returns whether it
    /// held. (Polls the recorded output of an external process, 100 times a second.)
    public func waitUntil(timeout: TimeInterval = 30, _ condition: (BusMonitor) -> Bool) async -> Bool {
        await Eventually.wait(within: .seconds(timeout)) { condition(self) }
    }

    private func messages(member: String, type: String) -> [[String: Any]] {
        recorder.lines.compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["member"] as? String == member, object["type"] as? String == type else { return nil }
            return object
        }
    }

    private static func notifyCall(_ message: [String: Any]) -> NotifyCall? {
        guard let data = (message["payload"] as? [String: Any])?["data"] as? [Any], data.count == 8 else { return nil }
        var hints: [String: String] = [:]
        for (name, value) in data[6] as? [String: Any] ?? [:] {
            if let typed = value as? [String: Any], let content = typed["data"] {
                hints[name] = "\(content)"
            }
        }
        return NotifyCall(
            appName: data[0] as? String ?? "",
            replacesID: UInt32(data[1] as? Int ?? 0),
            appIcon: data[2] as? String ?? "",
            summary: data[3] as? String ?? "",
            body: data[4] as? String ?? "",
            actions: data[5] as? [String] ?? [],
            hints: hints,
            timeout: data[7] as? Int ?? -1,
            sentAt: (message["timestamp-realtime"] as? Int).map { Date(timeIntervalSince1970: Double($0) / 1e6) }
        )
    }

    /// Collects complete lines from chunks of output.
    private final class LineRecorder: Sendable {
        private let state = Mutex<(lines: [String], partial: Data)>(([], Data()))

        var lines: [String] { state.withLock { $0.lines } }

        func append(_ data: Data) {
            state.withLock { state in
                state.partial.append(data)
                guard let lastNewline = state.partial.lastIndex(of: UInt8(ascii: "\n")) else { return }
                let text = String(decoding: state.partial[..<lastNewline], as: UTF8.self)
                state.partial.removeSubrange(..<state.partial.index(after: lastNewline))
                state.lines += text.split(separator: "\n").map(String.init)
            }
        }
    }
}
