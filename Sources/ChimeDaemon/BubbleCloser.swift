import ChimeNotify
import ChimeStore
import Foundation

/// The bubbles being closed, and the retry of closes the server did not take: each bubble is
/// closed on its own, so one the server refuses or times out on does not keep the others open,
/// and closes that failed are asked for again after a backoff that doubles (1 s, 2 s, ... 60 s).
///
/// The store keeps what is to close (a request's close request); this keeps only what is in
/// flight. Not Sendable: it belongs to the scheduler's thread.
final class BubbleCloser {
    private let store: Store
    private let notifier: any Notifier
    private let clock: any WallClock
    private let backoff: RetryBackoff
    private let log: DaemonLog
    private let post: @Sendable (SchedulerMessage) -> Void
    private let hooks: SchedulerHooks

    /// Rows whose bubbles the notifier is closing.
    private(set) var closing: Set<Int64> = []
    /// When to ask again for the closes that failed.
    private(set) var retryAt: Date?
    /// Closes failed in a row: the backoff before the next retry doubles with each.
    private var failures = 0

    init(
        store: Store, notifier: any Notifier, clock: any WallClock, backoff: RetryBackoff, log: DaemonLog,
        hooks: SchedulerHooks, post: @escaping @Sendable (SchedulerMessage) -> Void
    ) {
        self.store = store
        self.notifier = notifier
        self.clock = clock
        self.backoff = backoff
        self.log = log
        self.hooks = hooks
        self.post = post
    }

    /// Whether the bubble of `rowID` is being closed.
    func isClosing(_ rowID: Int64) -> Bool {
        closing.contains(rowID)
    }

    /// Asks the notifier to close each of `bubbles` not already being closed.
    func close(_ bubbles: [ShownNotification]) {
        let post = post
        for bubble in bubbles where !closing.contains(bubble.rowID) {
            closing.insert(bubble.rowID)
            let rowID = bubble.rowID
            notifier.close(serverIDs: [bubble.serverID]) { outcome in post(.closed(rowIDs: [rowID], outcome: outcome)) }
        }
    }

    /// Records the notifier's answer about closing `rowIDs`.
    func finish(_ rowIDs: [Int64], outcome: CloseOutcome) {
        closing.subtract(rowIDs)
        switch outcome {
        case .closed, .serverUnavailable:
            // Closed (or already gone: the notifier counts an id the server does not know as
            // closed), or gone with the server that showed them.
            // The backoff starts over once no failed close waits for its retry.
            if retryAt == nil { failures = 0 }
            do {
                for rowID in rowIDs {
                    try store.clearCloseRequest(rowID: rowID)
                }
                try hooks.syncChanges()
            } catch {
                hooks.fail(error, "recording closed bubbles")
            }
        case .serverBusy, .timedOut, .failed:
            // The close requests stay in the store; they are asked for again after a backoff.
            failures += 1
            let delay = backoff.delay(afterAttempt: failures)
            let next = clock.now.addingTimeInterval(delay)
            retryAt = min(retryAt ?? next, next)
            log.notice("could not close \(rowIDs.count) bubble\(rowIDs.count == 1 ? "" : "s"): \(LogFormat.describe(outcome)); retrying in \(LogFormat.seconds(delay))")
        }
    }

    /// Asks again for every close the store still requests, when the retry is due at `now`.
    func retryIfDue(at now: Date) {
        guard let retryAt, retryAt <= now else { return }
        self.retryAt = nil
        do {
            close(try store.closeRequests())
        } catch {
            // The reload after the store failure reads the close requests again.
            hooks.fail(error, "reading the bubbles to close")
        }
    }
}

@available(*, unavailable, message: "it belongs to the scheduler's thread")
extension BubbleCloser: Sendable {}
