import ChimeCore
import ChimeDesk
import ChimeNotify
import ChimeStore
import Foundation

/// The deliveries handed to the notifier whose outcome the store has not recorded yet, and how
/// each outcome is written: shown (with the next occurrence of a repeating request), a retry
/// with backoff, or missed.
///
/// An answer that arrives while the store fails is kept and written again at recovery, so a
/// shown bubble is never shown a second time.
///
/// Not Sendable: it belongs to the scheduler's thread.
final class OutcomeRecorder {
    /// A request handed to the notifier whose outcome the store has not recorded yet.
    private struct Flight {
        /// Tells this attempt's answer from a stale one.
        let attempt: UInt64
        let stored: StoredRequest
        /// An answer that arrived but could not be written (the store failed).
        var unrecorded: (outcome: DeliveryOutcome, at: Date)?
    }

    private let store: Store
    private let desk: Desk
    private let retryBackoff: RetryBackoff
    private let log: DaemonLog
    private var flights: [Int64: Flight] = [:]
    private var nextAttempt: UInt64 = 1

    /// Records into `store`, asking `desk` what follows each outcome, and waiting
    /// `retryBackoff` before a retry.
    init(store: Store, desk: Desk, retryBackoff: RetryBackoff, log: DaemonLog) {
        self.store = store
        self.desk = desk
        self.retryBackoff = retryBackoff
        self.log = log
    }

    /// How many deliveries wait for the notifier's answer or for the store to record it.
    var count: Int { flights.count }
    /// How many of them still wait for the notifier's answer.
    var awaitedCount: Int { flights.values.lazy.filter { $0.unrecorded == nil }.count }
    /// Whether an answer waits to be written again (the store failed when it came).
    var hasUnrecorded: Bool { flights.values.contains { $0.unrecorded != nil } }
    /// The groups with a request on its way to the server.
    var busyGroups: Set<String> { Set(flights.values.map(\.stored.request.group)) }

    /// Whether the row `rowID` is on its way to the server (or its answer to the store).
    func isInFlight(_ rowID: Int64) -> Bool {
        flights[rowID] != nil
    }

    /// Notes that `stored` is handed to the notifier; the attempt number its answer must carry.
    func begin(_ stored: StoredRequest) -> UInt64 {
        let attempt = nextAttempt
        nextAttempt += 1
        flights[stored.rowID] = Flight(attempt: attempt, stored: stored)
        return attempt
    }

    /// The request whose answer `attempt` for the row `rowID` is still awaited; `nil` for a
    /// stale answer (another attempt's, or one already had).
    func awaited(rowID: Int64, attempt: UInt64) -> StoredRequest? {
        guard let flight = flights[rowID], flight.attempt == attempt, flight.unrecorded == nil else { return nil }
        return flight.stored
    }

    /// Writes `outcome`, the answer to the awaited delivery of the row `rowID`, as of `now`.
    ///
    /// - Throws: the store's error; the answer is then kept, to be written by ``rewriteUnrecorded()``.
    func record(_ outcome: DeliveryOutcome, rowID: Int64, at now: Date) throws(StoreError) {
        guard var flight = flights[rowID] else { return }
        do {
            try write(outcome, for: flight.stored, at: now)
            flights[rowID] = nil
        } catch {
            flight.unrecorded = (outcome, now)
            flights[rowID] = flight
            throw error
        }
    }

    /// Writes again every answer the store failed to take; stops at the first failure.
    ///
    /// - Returns: that failure and the identifier of the request it was about, or `nil` when
    ///   all were written.
    func rewriteUnrecorded() -> (error: StoreError, identifier: String)? {
        for (rowID, flight) in flights {
            guard let unrecorded = flight.unrecorded else { continue }
            do {
                try write(unrecorded.outcome, for: flight.stored, at: unrecorded.at)
                flights[rowID] = nil
            } catch {
                return (error, flight.stored.request.identifier)
            }
        }
        return nil
    }

    /// Writes one answer: shown (with the next occurrence of a repeating request), a retry
    /// with backoff, or missed.
    private func write(_ outcome: DeliveryOutcome, for stored: StoredRequest, at now: Date) throws(StoreError) {
        let request = stored.request
        switch outcome {
        case .shown(let serverID):
            let followUp = try Self.storeErrors { try desk.followUp(of: request, now: now) }
            let delivered = try store.completeDelivery(rowID: stored.rowID, serverID: serverID, at: now, followUp: followUp)
            let lateness = LogFormat.milliseconds(now.timeIntervalSince(request.due))
            log.info(delivered
                ? "delivered \(request.identifier) as bubble \(serverID), \(lateness) after its due time"
                : "showed \(request.identifier) as bubble \(serverID), but it changed meanwhile")
        case .rejected(let reason):
            _ = try Self.storeErrors { try desk.recordMissed(stored, reason: "rejected: \(reason)", now: now) }
            log.warning("cannot show \(request.identifier): \(reason)")
        case .serverFull:
            // One state of the server, said once by ``ServerCapacity``: the request waits for a
            // bubble to close, and is tried again after the longest backoff in case that close
            // goes unseen (another application's bubble, on a server that tells only its owner).
            let retryAt = now.addingTimeInterval(retryBackoff.maximum)
            try store.retryDelivery(rowID: stored.rowID, retryAt: retryAt, error: LogFormat.serverFull)
            log.debug("\(request.identifier) waits for room on the notification server")
        case .serverUnavailable, .serverBusy, .timedOut, .failed:
            let delay = retryBackoff.delay(afterAttempt: stored.attempts)
            let description = LogFormat.describe(outcome)
            let retryAt = now.addingTimeInterval(delay)
            try store.retryDelivery(rowID: stored.rowID, retryAt: retryAt, error: description)
            log.notice("could not show \(request.identifier) (attempt \(stored.attempts)): \(description); retrying in \(LogFormat.seconds(delay))")
        }
    }

    /// What `body` returns, its failure as a store error: the desk reads only the store, and its
    /// rules refuse nothing a follow-up asks, so any other error is a bug worth a reload.
    static func storeErrors<Value>(_ body: () throws -> Value) throws(StoreError) -> Value {
        do {
            return try body()
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.internalError, "deriving what follows failed: \(error)")
        }
    }
}

@available(*, unavailable, message: "it belongs to the scheduler's thread")
extension OutcomeRecorder: Sendable {}
