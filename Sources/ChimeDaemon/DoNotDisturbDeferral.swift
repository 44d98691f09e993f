import ChimeCore
import ChimeNotify
import ChimeStore
import Foundation

/// The requests that wait for do-not-disturb to end because the server would lose them
/// (``WaterHold/defers(_:isCritical:serverDiscardsBubbles:)``: xfce4-notifyd), and sending them
/// once it ends.
///
/// A waiting request stays in the store as a retry (pending, `last_error` naming the wait, looked
/// at again every ``WaterHold/doNotDisturbRecheck``), so a restart during the mode keeps it
/// waiting, and the end of the mode moves every such retry to now.
///
/// Not Sendable: it belongs to the scheduler's thread.
final class DoNotDisturbDeferral {
    private let store: Store
    private let log: DaemonLog

    /// Keeps requests waiting in `store`.
    init(store: Store, log: DaemonLog) {
        self.store = store
        self.log = log
    }

    /// Puts `stored` (a row in `delivering`) back to wait for the end of the mode, as of `now`.
    func wait(_ stored: StoredRequest, now: Date) throws(StoreError) {
        try store.retryDelivery(rowID: stored.rowID, retryAt: now.addingTimeInterval(WaterHold.doNotDisturbRecheck), error: WaterHold.waitingForDoNotDisturb)
        // Once per request, not at every look.
        if stored.lastError != WaterHold.waitingForDoNotDisturb {
            log.info("\(stored.request.identifier) waits for do-not-disturb to end: the notification server would discard it")
        }
    }

    /// The mode ended (or another server took over): every waiting request is due now.
    func release(at now: Date) throws(StoreError) {
        let waiting = try store.expediteRetries(at: now, waitingFor: WaterHold.waitingForDoNotDisturb)
        if waiting > 0 {
            log.info("sending \(waiting) notification\(waiting == 1 ? "" : "s") that waited for do-not-disturb to end")
        }
    }
}

@available(*, unavailable, message: "it belongs to the scheduler's thread")
extension DoNotDisturbDeferral: Sendable {}
