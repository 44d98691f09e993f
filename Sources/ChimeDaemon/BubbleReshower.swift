import ChimeCore
import ChimeNotify
import ChimeStore
import Foundation

/// Shows again, after a restart, the bubbles the store records as still on screen, each as a
/// replacement of its own bubble (same server id), so that this process owns their buttons: a
/// server sends a button's `ActionInvoked` only to the process that showed the bubble.
///
/// One at a time, so that a request falling due meanwhile waits for at most one of them in the
/// notifier's queue (121 bubbles on screen made a reminder due 3 s after a restart come 4.5 s
/// late). Not Sendable: it belongs to the scheduler's thread.
final class BubbleReshower {
    /// The kinds whose bubbles stay until dismissed and carry buttons ("Fast complete",
    /// reminders): worth showing again after a restart.
    static let reshownKinds = Set(RequestKind.allCases.filter { NotificationRenderer.expiry(of: $0) == .never })

    private let store: Store
    private let notifier: any Notifier
    private let log: DaemonLog
    private let post: @Sendable (SchedulerMessage) -> Void
    private let hooks: SchedulerHooks

    /// Rows whose bubble is being shown again.
    private var reshowing: Set<Int64> = []
    /// The bubbles still to show again, each with its delivery.
    private var waiting: [(stored: StoredRequest, job: DeliveryJob)] = []
    /// Whether the scheduler stops: nothing more is sent.
    var isStopping = false

    init(store: Store, notifier: any Notifier, log: DaemonLog, hooks: SchedulerHooks, post: @escaping @Sendable (SchedulerMessage) -> Void) {
        self.store = store
        self.notifier = notifier
        self.log = log
        self.hooks = hooks
        self.post = post
    }

    /// How many answers about bubbles shown again are still to come (sent or waiting).
    var awaitedCount: Int { reshowing.count + waiting.count }

    /// Shows again the bubbles still on screen, in `zone`, with the urgency and language a first
    /// showing has.
    ///
    /// Only ids of the server process that gave them out are still in the store here (the
    /// server identity forgot the others), so a server that restarted too gets nothing back. A
    /// server that answers with another id did not know the old one (its bubble is gone): that
    /// new bubble is closed at once (``finish(rowID:identifier:previousID:outcome:)``).
    func reshow(zone: TimeZone) {
        let bubbles: [StoredRequest]
        let settings: [String: String]
        do {
            bubbles = try store.bubblesOnScreen(kinds: Self.reshownKinds).filter { !reshowing.contains($0.rowID) }
            guard !bubbles.isEmpty else { return }
            // The same urgency and language as a first showing: a critical reminder stays critical.
            settings = try store.settings()
        } catch {
            hooks.fail(error, "reading the bubbles still on screen")
            return
        }
        log.info("showing again \(bubbles.count) bubble\(bubbles.count == 1 ? "" : "s") still on screen, so that their buttons work")
        let style = DeliveryStyle(settings: settings)
        for stored in bubbles {
            guard let previousID = stored.serverID else { continue }
            // Worded as when it was first shown (its due time), not as late.
            let job = style.job(stored.request, now: stored.request.due, timeZone: zone, replacesServerID: previousID, showsOnlyInPlace: true)
            waiting.append((stored, job))
        }
        sendNext()
    }

    /// Sends the next bubble to show again, once the one before it was answered. One whose
    /// request changed since (cancelled, its bubble closed) is skipped.
    private func sendNext() {
        guard reshowing.isEmpty, !isStopping else { return }
        while !waiting.isEmpty {
            let (stored, job) = waiting.removeFirst()
            do {
                guard let current = try store.request(rowID: stored.rowID), current.isOnScreen, current.serverID == stored.serverID else { continue }
            } catch {
                hooks.fail(error, "reading a bubble to show again")
                waiting.removeAll()
                return
            }
            guard let previousID = stored.serverID else { continue }
            reshowing.insert(stored.rowID)
            let post = post
            let rowID = stored.rowID
            let identifier = stored.request.identifier
            notifier.deliver(job) { outcome in
                post(.reshown(rowID: rowID, identifier: identifier, previousID: previousID, outcome: outcome))
            }
            return
        }
    }

    /// Records the server's answer about showing again the bubble `previousID` of `identifier`.
    func finish(rowID: Int64, identifier: String, previousID: UInt32, outcome: DeliveryOutcome) {
        reshowing.remove(rowID)
        defer { sendNext() }
        switch outcome {
        case .shown(let serverID) where serverID == previousID:
            log.info("bubble \(serverID) of \(identifier) shown again: its buttons work")
        case .shown(let serverID):
            // A new bubble: the old one was gone. Not what the user left on screen.
            log.notice("bubble \(previousID) of \(identifier) is no longer on screen: closing the copy shown as \(serverID)")
            notifier.close(serverIDs: [serverID])
            forget(previousID, of: identifier)
        case .rejected(let reason):
            // The server says it is gone (dunst lists it among the closed ones).
            log.info("bubble \(previousID) of \(identifier) is not shown again: \(reason)")
            forget(previousID, of: identifier)
        case .timedOut, .serverBusy:
            // A slow server may still replace it: its late answer comes as `answeredLate`.
            log.notice("bubble \(previousID) of \(identifier) is being shown again, but the server has not answered yet (\(LogFormat.describe(outcome))); its buttons work once it has")
        default:
            // The process that showed it is gone: its clicks reach nobody.
            log.notice("could not show bubble \(previousID) of \(identifier) again: \(LogFormat.describe(outcome)); its buttons do nothing until it is dismissed")
        }
    }

    /// Records that bubble `serverID` of `identifier` is no longer on screen.
    private func forget(_ serverID: UInt32, of identifier: String) {
        do {
            try store.forgetClosedBubble(identifier: identifier, serverID: serverID)
            try hooks.syncChanges()
        } catch {
            hooks.fail(error, "forgetting bubble \(serverID) of \(identifier)")
        }
    }
}

@available(*, unavailable, message: "it belongs to the scheduler's thread")
extension BubbleReshower: Sendable {}
