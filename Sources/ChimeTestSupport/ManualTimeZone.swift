import ChimeDaemon
import Foundation
import Synchronization

/// A ``TimeZoneSource`` whose zone a test sets, like a machine whose zone is changed by hand.
///
/// Sendable: the zone is behind a Mutex.
public final class ManualTimeZone: TimeZoneSource {
    private let zone: Mutex<TimeZone>
    private let refreshes = Mutex(0)

    /// A source reporting `zone`.
    public init(_ zone: TimeZone) {
        self.zone = Mutex(zone)
    }

    /// The zone the test set last.
    public var current: TimeZone { zone.withLock { $0 } }

    /// How many times ``refresh()`` was called.
    public var refreshCount: Int { refreshes.withLock { $0 } }

    /// Counts the call; the zone changes only through ``set(_:)``.
    public func refresh() {
        refreshes.withLock { $0 += 1 }
    }

    /// Changes the zone.
    public func set(_ newZone: TimeZone) {
        zone.withLock { $0 = newZone }
    }
}
