import ChimeCore
import ChimeDesk
import ChimeNotify
import ChimeStore
import Foundation

/// What the scheduler does with what the notification side reports: a button pressed (its
/// change decided by the desk), a bubble closed, a late answer, room made on a full server, the
/// server replaced or appearing, do-not-disturb and a locked session.
///
/// Not Sendable: it belongs to the scheduler's thread.
final class NotifierEventHandler {
    private let store: Store
    private let desk: Desk
    private let clock: any WallClock
    private let server: NotificationServerIdentity
    private let capacity: ServerCapacity
    private let lateBubbles: LateAnswerReconciler
    private let deferral: DoNotDisturbDeferral
    private let attention: HeldWaterKeeper
    private let log: DaemonLog
    private let hooks: SchedulerHooks
    /// Opens the link of a calendar alarm's Open button.
    private let openLink: @Sendable (String) -> Void
    /// Puts a request back into the scheduler's queue.
    private let requeue: (PendingQueue<Int64>.Entry) -> Void

    init(
        store: Store, desk: Desk, clock: any WallClock, server: NotificationServerIdentity, capacity: ServerCapacity,
        lateBubbles: LateAnswerReconciler, deferral: DoNotDisturbDeferral, attention: HeldWaterKeeper, log: DaemonLog,
        hooks: SchedulerHooks, openLink: @escaping @Sendable (String) -> Void, requeue: @escaping (PendingQueue<Int64>.Entry) -> Void
    ) {
        self.store = store
        self.desk = desk
        self.clock = clock
        self.server = server
        self.capacity = capacity
        self.lateBubbles = lateBubbles
        self.deferral = deferral
        self.attention = attention
        self.log = log
        self.hooks = hooks
        self.openLink = openLink
        self.requeue = requeue
    }

    /// Handles `event`.
    func handle(_ event: NotifierEvent) {
        switch event {
        case .actionInvoked(let identifier, let action):
            perform(action, on: identifier)
        case .actionOnClosedBubble(let identifier, let action):
            // Said as for any stale bubble, with the request's own reason when there is one.
            let reason = ((try? store.request(identifier: identifier)) ?? nil)?.staleBubbleReason ?? "its bubble was closed"
            log.notice("action \(action.rawValue) on \(identifier) ignored: \(reason)")
        case .closed(let identifier, let serverID, let reason):
            log.debug("bubble \(serverID) of \(identifier) closed (\(reason))")
            // Gone from the screen: never shown again at a restart, never closed again.
            do {
                let forgotten = try store.forgetClosedBubble(identifier: identifier, serverID: serverID)
                lateBubbles.closed(serverID, of: identifier, forgotten: forgotten)
                try hooks.syncChanges()
            } catch {
                hooks.fail(error, "recording that bubble \(serverID) of \(identifier) closed")
            }
        case .answeredLate(let request, let serverID):
            do {
                if try lateBubbles.answeredLate(request, serverID: serverID, at: clock.now) { try hooks.syncChanges() }
            } catch {
                hooks.fail(error, "recording bubble \(serverID) of \(request.identifier), shown late")
            }
        case .roomMade:
            makeRoom()
        case .serverChanged:
            capacity.reset().forEach(requeue)
            do {
                try server.serverChanged()
                // The new server may show them; if it is in the mode too, they wait again.
                try deferral.release(at: clock.now)
                try hooks.syncChanges()
            } catch {
                hooks.fail(error, "forgetting the old server's bubble ids")
            }
            // Which process the new one is.
            server.probe()
        case .doNotDisturbChanged(let on):
            attention.doNotDisturbChanged(on)
        case .awayChanged(let locked):
            attention.awayChanged(locked)
        case .serverAppeared:
            server.serverAppeared()
            do {
                let waiting = try store.expediteRetries(at: clock.now)
                if waiting > 0 { log.info("a notification server appeared: retrying \(waiting) waiting notification\(waiting == 1 ? "" : "s") now") }
                try hooks.syncChanges()
            } catch {
                hooks.fail(error, "retrying the notifications waiting for a server")
            }
        }
    }

    /// A bubble closed on the server: a full one takes the next request waiting for room.
    private func makeRoom() {
        guard let next = capacity.roomMade() else { return }
        do {
            try release(next)
            try hooks.syncChanges()
        } catch {
            hooks.fail(error, "sending a notification that waited for room")
        }
    }

    /// Sends a request that waited for room: due now.
    func release(_ waiting: ServerCapacity.Release) throws(StoreError) {
        switch waiting {
        case .queue(let entry): requeue(entry)
        case .retryNow(let rowID): try store.expediteRetry(rowID: rowID, at: clock.now)
        }
    }

    /// Applies the change a button asks for, or, on a bubble that no longer shows its request
    /// as it stands, only closes that bubble (``Desk/button(_:onBubbleOf:now:)``), and logs
    /// which it was.
    private func perform(_ action: ActionKey, on identifier: String) {
        do {
            // Decided inside the write, like every CLI change: a `chime` command changing the
            // same fast or schedule meanwhile is either seen whole or comes after.
            let desk = desk
            let performed = try desk.perform(requestID: nil, now: clock.now, clock: { [clock] in clock.now }) { now in
                try desk.button(action.deskAction, onBubbleOf: identifier, now: now)
            }
            if let ignored = performed.outcome?.ignored {
                log.notice("action \(action.rawValue) on \(identifier) ignored: \(ignored)")
            } else {
                log.info("action \(action.rawValue) on \(identifier) applied")
                if let link = performed.outcome?.link {
                    log.info("opening \(link) with xdg-open")
                    openLink(link)
                }
            }
            try hooks.syncChanges()
        } catch let error as StoreError where error.kind != .badData {
            hooks.fail(error, "applying action \(action.rawValue) on \(identifier)")
        } catch {
            // Refused by a rule the schema keeps (a reminder snoozed back under an id a water
            // schedule took since): nothing changed, and the store is fine.
            log.notice("action \(action.rawValue) on \(identifier) refused: \(error)")
        }
    }
}

@available(*, unavailable, message: "it belongs to the scheduler's thread")
extension NotifierEventHandler: Sendable {}
