import ChimeNotify
import Dispatch
import Foundation
import Synchronization

/// A ``Notifier`` for tests: records every call and answers as told, like a well-behaved
/// server (same identifier, same id), a scripted one, or only when the test says so.
///
/// Completions and events run on a private serial queue, never inside the call, as with the
/// real notifiers.
public final class RecordingNotifier: Notifier {
    /// How deliveries are answered.
    public enum Response: Sendable {
        /// Every delivery is shown; an identifier keeps its id (or takes the job's
        /// ``DeliveryJob/replacesServerID``); new ones count up from 1.
        case showAll
        /// Each delivery gets the outcome the closure chooses.
        case scripted(@Sendable (DeliveryJob) -> DeliveryOutcome)
        /// Deliveries wait until the test calls ``completeNext(with:)``.
        case manual
    }

    private struct State {
        var deliveries: [DeliveryJob] = []
        var outcomes: [DeliveryOutcome] = []
        var waiting: [(job: DeliveryJob, completion: @Sendable (DeliveryOutcome) -> Void)] = []
        var closedServerIDs: [UInt32] = []
        var closeResponse: @Sendable ([UInt32]) -> CloseOutcome = { _ in .closed }
        var serverIDs: [String: UInt32] = [:]
        var nextServerID: UInt32 = 1
        var probeResult = ServerProbe(
            status: .ready,
            server: ServerInformation(name: "recording", vendor: "Chime", version: "1", specificationVersion: "1.2", busName: ":test"),
            capabilities: ["actions", "body", "body-markup"]
        )
        var isShutDown = false
    }

    private let response: Response
    private let state = Mutex(State())
    private let events = Mutex<(@Sendable (NotifierEvent) -> Void)?>(nil)
    private let changed = NSCondition()
    private let callbacks = DispatchQueue(label: "chime.recording-notifier")

    /// Makes a notifier answering deliveries as `response` says.
    public init(response: Response = .showAll) {
        self.response = response
    }

    /// Every job handed to ``deliver(_:completion:)``, oldest first.
    public var deliveries: [DeliveryJob] { state.withLock { $0.deliveries } }
    /// The outcome reported for each completed delivery, in completion order.
    public var outcomes: [DeliveryOutcome] { state.withLock { $0.outcomes } }
    /// Every server id passed to ``close(serverIDs:completion:)``, in order.
    public var closedServerIDs: [UInt32] { state.withLock { $0.closedServerIDs } }
    /// How many deliveries wait for ``completeNext(with:)`` (``Response/manual`` only).
    public var waitingCount: Int { state.withLock { $0.waiting.count } }
    /// Whether ``shutdown()`` was called.
    public var isShutDown: Bool { state.withLock { $0.isShutDown } }

    /// How ``close(serverIDs:completion:)`` answers (by default, always ``CloseOutcome/closed``).
    public func setCloseResponse(_ respond: @escaping @Sendable ([UInt32]) -> CloseOutcome) {
        state.withLock { $0.closeResponse = respond }
    }

    /// What ``probe(completion:)`` reports.
    public var probeResult: ServerProbe {
        get { state.withLock { $0.probeResult } }
        set { state.withLock { $0.probeResult = newValue } }
    }

    public func setEventHandler(_ handler: @escaping @Sendable (NotifierEvent) -> Void) {
        events.withLock { $0 = handler }
    }

    public func deliver(_ job: DeliveryJob, completion: @escaping @Sendable (DeliveryOutcome) -> Void) {
        let outcome: DeliveryOutcome? = state.withLock { state in
            state.deliveries.append(job)
            switch response {
            case .manual:
                state.waiting.append((job, completion))
                return nil
            case .scripted(let choose):
                return choose(job)
            case .showAll:
                let identifier = job.request.identifier
                let id = state.serverIDs[identifier] ?? job.replacesServerID ?? state.nextServerID
                state.nextServerID = max(state.nextServerID, id + 1)
                state.serverIDs[identifier] = id
                return .shown(serverID: id)
            }
        }
        signalChange()
        if let outcome { complete(completion, with: outcome) }
    }

    public func close(serverIDs: [UInt32], completion: @escaping @Sendable (CloseOutcome) -> Void) {
        let respond = state.withLock { state in
            state.closedServerIDs += serverIDs
            return state.closeResponse
        }
        signalChange()
        callbacks.async { completion(respond(serverIDs)) }
    }

    public func probe(completion: @escaping @Sendable (ServerProbe) -> Void) {
        let result = probeResult
        callbacks.async { completion(result) }
    }

    public func shutdown() {
        state.withLock { $0.isShutDown = true }
        signalChange()
    }

    /// Answers the oldest waiting delivery (``Response/manual``) with `outcome`; `false` when
    /// none waits.
    @discardableResult
    public func completeNext(with outcome: DeliveryOutcome) -> Bool {
        let next = state.withLock { state in
            state.waiting.isEmpty ? nil : state.waiting.removeFirst()
        }
        guard let next else { return false }
        complete(next.completion, with: outcome)
        return true
    }

    /// Reports `event` to the handler, as a server would.
    public func send(_ event: NotifierEvent) {
        let handler = events.withLock { $0 }
        callbacks.async { handler?(event) }
    }

    /// Waits until at least `count` deliveries were made or `timeout` passed; returns whether
    /// they were.
    public func waitForDeliveries(_ count: Int, timeout: TimeInterval) -> Bool {
        waitUntil(timeout: timeout) { $0.deliveries.count >= count }
    }

    /// Waits until at least `count` outcomes were reported or `timeout` passed; returns whether
    /// they were.
    public func waitForOutcomes(_ count: Int, timeout: TimeInterval) -> Bool {
        waitUntil(timeout: timeout) { $0.outcomes.count >= count }
    }

    private func waitUntil(timeout: TimeInterval, _ condition: (State) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        changed.lock()
        defer { changed.unlock() }
        while !condition(state.withLock { $0 }) {
            if !changed.wait(until: deadline) { return condition(state.withLock { $0 }) }
        }
        return true
    }

    private func complete(_ completion: @escaping @Sendable (DeliveryOutcome) -> Void, with outcome: DeliveryOutcome) {
        callbacks.async { [self] in
            state.withLock { $0.outcomes.append(outcome) }
            signalChange()
            completion(outcome)
        }
    }

    private func signalChange() {
        changed.lock()
        changed.broadcast()
        changed.unlock()
    }
}
