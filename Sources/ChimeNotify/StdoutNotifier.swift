import ChimeCore
import ChimeSystem
import Dispatch
import Foundation
import Synchronization

/// Writes each notification as one line of JSON to standard output (or another descriptor),
/// for machines without a desktop (`chimed --notifier stdout`) and for measuring the daemon.
///
/// A shown notification:
/// `{"actions":["default","drank","snooze-15m"],"at":"2026-03-02T12:00:00.012Z","body":"Drink 250 ml.","category":"x-chime.water","due":"2026-03-02T12:00:00.000Z","event":"shown","identifier":"water/w-1/2026-03-02T12:00","late":false,"serverID":1,"title":"Time to drink water","urgency":"low"}`;
/// a close: `{"event":"closed","serverID":1}`. Keys are sorted; `at` is when the line was
/// written. An identifier keeps its id, as a server replacing a bubble would. No events are
/// ever reported. Writes happen on a queue of their own, so a slow reader never blocks the
/// caller (the daemon should ignore SIGPIPE, or a closed pipe ends it).
public final class StdoutNotifier: Notifier {
    private struct State {
        var serverIDs: [String: UInt32] = [:]
        var nextServerID: UInt32 = 1
        var isShutDown = false
    }

    private struct Line: Encodable {
        var event: String
        var identifier: String?
        var serverID: UInt32
        var title: String?
        var body: String?
        var urgency: String?
        var category: String?
        var actions: [String]?
        var due: String?
        var at: String?
        var late: Bool?
    }

    private let descriptor: Int32
    private let renderer: NotificationRenderer
    private let writes = DispatchQueue(label: "chime.notify.stdout")
    private let state = Mutex(State())

    /// Makes a notifier writing to `descriptor` (standard output by default) in `language`.
    public init(descriptor: Int32 = STDOUT_FILENO, language: NotificationLanguage = .preferred(environment: ProcessInfo.processInfo.environment)) {
        self.descriptor = descriptor
        renderer = NotificationRenderer(language: language)
    }

    public func setEventHandler(_ handler: @escaping @Sendable (NotifierEvent) -> Void) {
        // Nobody can click a line of text: there are no events to report.
    }

    public func deliver(_ job: DeliveryJob, completion: @escaping @Sendable (DeliveryOutcome) -> Void) {
        let renderer = job.language.map(NotificationRenderer.init(language:)) ?? renderer
        // ContinuousClock, not MonotonicClock: the wait is added to the job's `now`, a wall-clock
        // instant, so it counts a suspend as the wall clock does.
        let handedOver = ContinuousClock.now
        do {
            _ = try renderer.render(job)
        } catch {
            writes.async { completion(.rejected(reason: error.message)) }
            return
        }
        let serverID: UInt32? = state.withLock { state in
            guard !state.isShutDown else { return nil }
            let identifier = job.request.identifier
            let id = state.serverIDs[identifier] ?? job.replacesServerID ?? state.nextServerID
            state.nextServerID = max(state.nextServerID, id &+ 1)
            state.serverIDs[identifier] = id
            return id
        }
        guard let serverID else {
            writes.async { completion(.failed(message: "the notifier was shut down")) }
            return
        }
        writes.async { [self] in
            // Worded as of the moment it is written, as a server's bubble is as of its call.
            let sent = job.sent(afterWaiting: (ContinuousClock.now - handedOver).timeInterval)
            let notification: RenderedNotification
            do throws(DomainError) {
                notification = try renderer.render(sent)
            } catch {
                return completion(.rejected(reason: error.message))
            }
            let line = Line(
                event: "shown", identifier: job.request.identifier, serverID: serverID,
                title: notification.title, body: notification.plainBody,
                urgency: notification.urgency.description, category: notification.category.rawValue,
                actions: notification.actions.map(\.key.rawValue),
                due: Self.timestamp(job.request.due), at: Self.timestamp(Date()), late: sent.isLate
            )
            if let problem = write(line) {
                completion(.failed(message: problem))
            } else {
                completion(.shown(serverID: serverID))
            }
        }
    }

    public func close(serverIDs: [UInt32], completion: @escaping @Sendable (CloseOutcome) -> Void) {
        let closing = state.withLock { state -> Bool in
            guard !state.isShutDown else { return false }
            state.serverIDs = state.serverIDs.filter { !serverIDs.contains($0.value) }
            return true
        }
        writes.async { [self] in
            guard closing else { return completion(.failed(message: "the notifier was shut down")) }
            for serverID in serverIDs {
                if let problem = write(Line(event: "closed", serverID: serverID)) {
                    return completion(.failed(message: problem))
                }
            }
            completion(.closed)
        }
    }

    public func probe(completion: @escaping @Sendable (ServerProbe) -> Void) {
        let information = ServerInformation(name: "stdout", vendor: "Chime", version: "1", specificationVersion: "1.2", busName: "stdout")
        writes.async { completion(ServerProbe(status: .ready, server: information, capabilities: ["body"])) }
    }

    public func shutdown() {
        state.withLock { $0.isShutDown = true }
        writes.sync {}
    }

    /// Writes `line` and a newline; a sentence about the problem when that failed.
    private func write(_ line: Line) -> String? {
        guard var data = try? JSONCoding.encode(line) else { return "cannot encode the notification line" }
        data.append(UInt8(ascii: "\n"))
        return data.withUnsafeBytes { bytes -> String? in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return "cannot write the notification to descriptor \(descriptor): \(String(cString: strerror(errno)))"
                }
                offset += written
            }
            return nil
        }
    }

    private static func timestamp(_ instant: Date) -> String {
        instant.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
