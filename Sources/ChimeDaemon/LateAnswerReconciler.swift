import ChimeCore
import ChimeNotify
import ChimeStore
import Foundation

/// Makes a bubble that the server showed only after chimed stopped waiting (a Notify answered
/// after the watchdog, even after libnotify's own 25 s) count as the one bubble of its request:
/// a retry waiting for it is sent at once and answered with its id (no second bubble), and a
/// request cancelled or changed meanwhile has it closed. It also keeps a close the server
/// reported before the store knew the bubble (the user dismissed it before the retry recorded
/// it), so that bubble is not taken to be on screen (and shown again at the next start).
///
/// Not Sendable: it belongs to the scheduler's thread.
final class LateAnswerReconciler {
    private let store: Store
    private let notifier: any Notifier
    private let log: DaemonLog
    /// Bubbles reported closed before any row held their id, by identifier; bounded.
    private var closedUnrecorded: [String: UInt32] = [:]
    private static let closedLimit = 256

    /// Reconciles in `store`, closing surplus bubbles through `notifier`.
    init(store: Store, notifier: any Notifier, log: DaemonLog) {
        self.store = store
        self.notifier = notifier
        self.log = log
    }

    /// The server showed `request` as `serverID` after its delivery was answered as failed.
    ///
    /// - Returns: whether the store was written (the scheduler follows its changes then).
    func answeredLate(_ request: NotificationRequest, serverID: UInt32, at now: Date) throws(StoreError) -> Bool {
        let identifier = request.identifier
        guard let row = try store.request(identifier: identifier) else {
            close(serverID, of: identifier, because: "its request is gone")
            return false
        }
        switch row.state {
        case .pending where row.request == request && row.serverID == nil:
            // Its retry is answered with this bubble at once, and recorded as delivered then.
            log.info("\(identifier) was shown as bubble \(serverID) after all (the server answered late): recording it")
            return try store.expediteRetry(rowID: row.rowID, at: now)
        case .delivering where row.request == request:
            // A retry is on its way; it is answered with this bubble.
            return false
        case .delivered where row.serverID == serverID:
            // Shown again in place after a restart, answered late: this process owns it now.
            log.info("bubble \(serverID) of \(identifier) was shown again after all (the server answered late): its buttons work")
            return false
        case .cancelled:
            close(serverID, of: identifier, because: "it was cancelled meanwhile")
        case .missed:
            close(serverID, of: identifier, because: "it was recorded as missed meanwhile")
        case .delivered:
            close(serverID, of: identifier, because: "another bubble shows it")
        case .pending, .delivering:
            close(serverID, of: identifier, because: "it changed meanwhile")
        }
        return false
    }

    /// The server reported bubble `serverID` of `identifier` closed, and no row held that id
    /// (`forgotten` is false): it may be a late bubble whose delivery is still to be recorded.
    func closed(_ serverID: UInt32, of identifier: String, forgotten: Bool) {
        guard !forgotten else { return }
        if closedUnrecorded.count >= Self.closedLimit, let any = closedUnrecorded.keys.first {
            closedUnrecorded[any] = nil
        }
        closedUnrecorded[identifier] = serverID
    }

    /// A delivery of `identifier` was recorded as shown under `serverID`: if the server had
    /// closed that bubble already, the store forgets its id at once.
    ///
    /// - Returns: whether the store was written.
    func recorded(_ serverID: UInt32, of identifier: String) throws(StoreError) -> Bool {
        guard closedUnrecorded[identifier] == serverID else { return false }
        closedUnrecorded[identifier] = nil
        log.debug("bubble \(serverID) of \(identifier) was closed before its delivery was recorded")
        return try store.forgetClosedBubble(identifier: identifier, serverID: serverID)
    }

    private func close(_ serverID: UInt32, of identifier: String, because reason: String) {
        log.notice("closing bubble \(serverID) of \(identifier), which the server showed after chimed stopped waiting: \(reason)")
        notifier.close(serverIDs: [serverID])
    }
}

@available(*, unavailable, message: "it belongs to the scheduler's thread")
extension LateAnswerReconciler: Sendable {}
