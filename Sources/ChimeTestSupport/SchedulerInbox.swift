import ChimeDaemon
import Foundation
import Synchronization

/// The messages a scheduler's notifier posts from its own thread, held until the thread that
/// drives the scheduler by hand takes them (chimed's event loop does this with its wake-up
/// channel): for tests and for chime-timeline.
public final class SchedulerInbox: Sendable {
    private let messages = Mutex<[SchedulerMessage]>([])
    private let arrived = NSCondition()

    /// An empty inbox.
    public init() {}

    /// Adds `message` and wakes a waiting taker; callable from any thread.
    public func post(_ message: SchedulerMessage) {
        messages.withLock { $0.append(message) }
        arrived.lock()
        arrived.broadcast()
        arrived.unlock()
    }

    /// The messages posted since the last take, oldest first.
    public func take() -> [SchedulerMessage] {
        messages.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }

    /// Waits until a message is waiting or `deadline` passes; returns whether one is.
    public func wait(until deadline: Date) -> Bool {
        arrived.lock()
        defer { arrived.unlock() }
        while messages.withLock({ $0.isEmpty }) {
            if !arrived.wait(until: deadline) { return !messages.withLock { $0.isEmpty } }
        }
        return true
    }
}
