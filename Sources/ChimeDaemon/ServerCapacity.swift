import ChimeCore
import ChimeNotify
import Foundation

/// A notification server that shows no more bubbles (notification-daemon keeps at most 20 and
/// answers `MaxNotificationsExceeded` beyond that) as one state of the server, not one failure
/// per request: the requests due meanwhile wait, out of the queue, and go out one at a time once
/// there is room.
///
/// The request the server refused first is the probe: it is tried again when the server
/// announces a bubble closing, or after a minute in case that went unseen; while it is out the
/// others stay parked. Each request the server then shows lets the next parked one go. So a
/// full server costs one refused call per bubble that closes (or per minute), and two log
/// lines: when requests start waiting for room, and when the last of them is out. Parked requests stay `pending` in the store:
/// a restart simply finds them due.
///
/// Not Sendable: it belongs to the scheduler's thread.
final class ServerCapacity {
    private let log: DaemonLog
    /// Whether the server refused the last request it was sent for want of room.
    private(set) var isFull = false
    /// Due requests held back while the server is full, earliest due first.
    private var parked: [PendingQueue<Int64>.Entry] = []
    /// Requests the server refused for want of room: retries in the store (after a minute).
    private var refused: Set<Int64> = []
    /// The refused request tried again when room is made, or at its retry.
    private(set) var probe: Int64?
    /// The request sent to use room just made, whose answer decides whether the next goes.
    private var released: Int64?
    /// Whether requests have waited for room since the log last said none does.
    private var isWaiting = false

    /// Follows a server's capacity, logging to `log`.
    init(log: DaemonLog) {
        self.log = log
    }

    /// How many requests wait for room.
    var waitingCount: Int { parked.count + refused.count }

    /// The due `entries` that may go to the server now; while it is full (or requests parked
    /// before still wait their turn), all but the probe and the one let go are parked instead.
    func admit(_ entries: [PendingQueue<Int64>.Entry]) -> [PendingQueue<Int64>.Entry] {
        guard isFull || !parked.isEmpty else { return entries }
        var admitted: [PendingQueue<Int64>.Entry] = []
        for entry in entries {
            if isFull, probe == nil, refused.contains(entry.id) {
                // The probe was forgotten (its request cancelled): this retry takes its place.
                probe = entry.id
            }
            if entry.id == probe || entry.id == released {
                admitted.append(entry)
            } else if !parked.contains(where: { $0.id == entry.id }) {
                refused.remove(entry.id)
                parked.append(entry)
            }
        }
        parked.sort { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
        return admitted
    }

    /// What the answer to the delivery of `rowID` says about room: the entry to let go next
    /// (re-add it to the queue), if any.
    func delivered(rowID: Int64, _ outcome: DeliveryOutcome) -> PendingQueue<Int64>.Entry? {
        if released == rowID { released = nil }
        switch outcome {
        case .serverFull:
            isFull = true
            if !isWaiting {
                isWaiting = true
                log.notice("the notification server is full (it shows no more bubbles until one closes): notifications wait for room, and go out one at a time as bubbles close")
            }
            refused.insert(rowID)
            if probe == nil { probe = rowID }
            return nil
        case .shown:
            settle(rowID)
            isFull = false
            return releaseNext()
        case .serverBusy, .timedOut, .serverUnavailable:
            // Retried as usual; whether there is room is still to be seen.
            return nil
        case .rejected, .failed:
            settle(rowID)
            return releaseNext()
        }
    }

    /// The server announced a bubble closing: room for one. The probe to retry now (expedite
    /// its retry in the store), or the parked entry to let go (re-add it to the queue).
    func roomMade() -> (probe: Int64?, entry: PendingQueue<Int64>.Entry?) {
        guard released == nil, isFull || !parked.isEmpty else { return (nil, nil) }
        if let probe {
            released = probe
            return (probe, nil)
        }
        isFull = false
        return (nil, releaseNext())
    }

    /// Another server took over, or everything is read again from the store: nothing is
    /// known to be full. Returns the parked entries, for the queue.
    @discardableResult
    func reset() -> [PendingQueue<Int64>.Entry] {
        defer {
            isFull = false
            parked.removeAll()
            refused.removeAll()
            probe = nil
            released = nil
            isWaiting = false
        }
        return parked
    }

    /// The row `rowID` left the pending state in the store for good (cancelled, shown,
    /// missed): it no longer waits for room.
    func forget(_ rowID: Int64) {
        parked.removeAll { $0.id == rowID }
        settle(rowID)
        if released == rowID { released = nil }
    }

    /// The parked row `rowID` was changed by someone else (moved, replaced): the queue has it
    /// again with its new times.
    func unpark(_ rowID: Int64) {
        parked.removeAll { $0.id == rowID }
    }

    private func settle(_ rowID: Int64) {
        refused.remove(rowID)
        if probe == rowID { probe = nil }
        if isWaiting, waitingCount == 0, released == nil || released == rowID {
            isWaiting = false
            log.notice("every notification that waited for room on the notification server has gone out")
        }
    }

    private func releaseNext() -> PendingQueue<Int64>.Entry? {
        guard !isFull, released == nil, !parked.isEmpty else { return nil }
        let next = parked.removeFirst()
        released = next.id
        return next
    }
}

@available(*, unavailable, message: "it belongs to the scheduler's thread")
extension ServerCapacity: Sendable {}
