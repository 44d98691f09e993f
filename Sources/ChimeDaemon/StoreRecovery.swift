import ChimeStore
import Foundation

/// What the daemon does after a failed store call: it logs the error and reloads everything
/// from the store after a backoff (1 s, doubling up to 60 s while calls keep failing). The store
/// is the truth, so reloading from it repairs whatever the failed call left undone.
///
/// Not Sendable: it belongs to the scheduler's thread.
final class StoreRecovery {
    private let backoff: RetryBackoff
    private let clock: any WallClock
    private let log: DaemonLog
    /// When to reload, and the wait that led there.
    private var scheduled: (at: Date, delay: TimeInterval)?

    /// Waits `backoff` between failures, reading the time from `clock`.
    init(backoff: RetryBackoff, clock: any WallClock, log: DaemonLog) {
        self.backoff = backoff
        self.clock = clock
        self.log = log
    }

    /// When to reload; `nil` while no store call has failed since the last reload.
    var reloadAt: Date? { scheduled?.at }

    /// Logs a failed store call made `while` doing `activity`, and schedules a reload after the
    /// first wait, or double the wait before.
    func fail(_ error: StoreError, while activity: String) {
        let delay = scheduled.map { min(backoff.maximum, $0.delay * 2) } ?? backoff.initial
        scheduled = (clock.now.addingTimeInterval(delay), delay)
        log.error("store failure while \(activity): \(error); reloading in \(LogFormat.seconds(delay))")
    }

    /// Nothing to repair any more: the store was read afresh.
    func clear() {
        scheduled = nil
    }

    /// The reload that is due at `now`: the answers the store failed to take are written again
    /// first (`outcomes`), then `reload` reads everything afresh and returns how many requests
    /// are pending. A failure in either schedules the next try, after a doubled wait.
    func recover(now: Date, outcomes: OutcomeRecorder, reload: () throws(StoreError) -> Int) {
        let delay = scheduled?.delay
        if let failure = outcomes.rewriteUnrecorded() {
            // Keep the doubling: the next failure waits longer.
            scheduled = delay.map { (now, $0) }
            fail(failure.error, while: "recording the outcome of \(failure.identifier) again")
            return
        }
        do {
            let pending = try reload()
            log.notice("recovered: the queue holds \(pending) pending requests again")
        } catch {
            scheduled = delay.map { (now, $0) }
            fail(error, while: "reloading from the store")
        }
    }
}

@available(*, unavailable, message: "it belongs to the scheduler's thread")
extension StoreRecovery: Sendable {}
