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
    /// How a request waiting for room goes out.
    enum Release: Equatable {
        /// A refused request: its retry is moved to now in the store.
        case retryNow(Int64)
        /// A parked request: back into the queue, due.
        case queue(PendingQueue<Int64>.Entry)

        static func == (left: Release, right: Release) -> Bool {
            switch (left, right) {
            case (.retryNow(let a), .retryNow(let b)): return a == b
            case (.queue(let a), .queue(let b)): return a.id == b.id
            default: return false
            }
        }
    }

    private let log: DaemonLog
    /// Whether the server refused the last request it was sent for want of room.
    private(set) var isFull = false
    /// Due requests held back while the server is full, earliest due first.
    private var parked: [PendingQueue<Int64>.Entry] = []
    /// Requests the server refused for want of room, in the order refused: retries in the
    /// store (after a minute). The first is the probe.
    private var refused: [Int64] = []
    /// The request let go to use room just made, whose answer decides whether the next goes.
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
            // The probe's retry (after a minute, in case a close went unseen) and the request
            // let go go out; every other waits its turn.
            if entry.id == released || (isFull && entry.id == refused.first) {
                admitted.append(entry)
            } else if let index = refused.firstIndex(of: entry.id) {
                // Its own retry came: it waits with the parked ones, in due order.
                refused.remove(at: index)
                parked.append(entry)
            } else if !parked.contains(where: { $0.id == entry.id }) {
                parked.append(entry)
            }
        }
        parked.sort { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
        return admitted
    }

    /// What the answer to the delivery of `rowID` says about room: the request to let go next,
    /// if any.
    func delivered(rowID: Int64, _ outcome: DeliveryOutcome) -> Release? {
        if released == rowID { released = nil }
        switch outcome {
        case .serverFull:
            isFull = true
            if !isWaiting {
                isWaiting = true
                log.notice("the notification server is full (it shows no more bubbles until one closes): notifications wait for room, and go out one at a time as bubbles close")
            }
            if !refused.contains(rowID) { refused.append(rowID) }
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

    /// The server announced a bubble closing: room for one. The request to let go, if any.
    func roomMade() -> Release? {
        guard released == nil, waitingCount > 0 else { return nil }
        isFull = false
        return releaseNext()
    }

    /// Another server took over, or everything is read again from the store: nothing is
    /// known to be full. Returns the parked entries, for the queue; refused requests are
    /// retried as their retry says.
    @discardableResult
    func reset() -> [PendingQueue<Int64>.Entry] {
        defer {
            isFull = false
            parked.removeAll()
            refused.removeAll()
            released = nil
            isWaiting = false
        }
        return parked
    }

    /// The row `rowID` left the pending state in the store for good (cancelled, shown,
    /// missed): it no longer waits for room.
    func forget(_ rowID: Int64) {
        parked.removeAll { $0.id == rowID }
        if released == rowID { released = nil }
        settle(rowID)
    }

    /// The parked row `rowID` was changed by someone else (moved, replaced): the queue has it
    /// again with its new times.
    func unpark(_ rowID: Int64) {
        parked.removeAll { $0.id == rowID }
    }

    private func settle(_ rowID: Int64) {
        refused.removeAll { $0 == rowID }
        if isWaiting, waitingCount == 0, released == nil {
            isWaiting = false
            log.notice("every notification that waited for room on the notification server has gone out")
        }
    }

    /// The next request to let go while there is room: the oldest refused one, else the
    /// earliest parked one; one at a time.
    private func releaseNext() -> Release? {
        guard !isFull, released == nil else { return nil }
        if let first = refused.first {
            released = first
            return .retryNow(first)
        }
        guard !parked.isEmpty else { return nil }
        let next = parked.removeFirst()
        released = next.id
        return .queue(next)
    }
}

@available(*, unavailable, message: "it belongs to the scheduler's thread")
extension ServerCapacity: Sendable {}
