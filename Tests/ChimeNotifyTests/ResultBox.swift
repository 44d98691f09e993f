import ChimeNotify
import ChimeTestSupport
import Synchronization
import Testing

extension DeliveryOutcome {
    /// The server id of a shown notification.
    var shownID: UInt32? {
        if case .shown(let serverID) = self { return serverID }
        return nil
    }
}

/// A value set once from a completion and awaited by the test.
final class ResultBox<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    func set(_ value: Value) { stored.withLock { $0 = value } }

    /// Whether the value has come.
    var isSet: Bool { stored.withLock { $0 != nil } }

    /// The value, waiting for it (the completion comes from the notifier's threads) at most
    /// `timeout`; past it, records an issue saying so and throws, so a missing answer fails
    /// the test instead of hanging the run.
    func value(timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) async throws -> Value {
        _ = await Eventually.wait(within: timeout, checkingEvery: .milliseconds(5)) { isSet }
        if let value = stored.withLock({ $0 }) { return value }
        Issue.record("no result within \(timeout)", sourceLocation: sourceLocation)
        throw NoResult()
    }

    /// What ``value(timeout:sourceLocation:)`` throws when its deadline passes.
    struct NoResult: Error {}
}
