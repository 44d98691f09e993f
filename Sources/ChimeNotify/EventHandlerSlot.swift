import Synchronization

/// Holds a notifier's event handler, set from one thread and called from another.
final class EventHandlerSlot: Sendable {
    private let handler = Mutex<(@Sendable (NotifierEvent) -> Void)?>(nil)

    /// The handler, if one is set.
    var current: (@Sendable (NotifierEvent) -> Void)? {
        get { handler.withLock { $0 } }
        set { handler.withLock { $0 = newValue } }
    }
}
