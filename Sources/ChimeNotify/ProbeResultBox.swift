import Synchronization

/// Carries a probe result from the completion's thread to the thread waiting for it.
final class ProbeResultBox: Sendable {
    private let storage = Mutex<ServerProbe?>(nil)

    /// The result, once set.
    var value: ServerProbe? { storage.withLock { $0 } }

    /// Stores `probe`.
    func set(_ probe: ServerProbe) {
        storage.withLock { $0 = probe }
    }
}
