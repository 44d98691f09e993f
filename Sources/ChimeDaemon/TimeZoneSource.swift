import Foundation

/// Where the scheduler reads the zone that local times (water windows, texts) are in; tests
/// substitute a zone they change by hand.
public protocol TimeZoneSource: AnyObject, Sendable {
    /// The zone now.
    var current: TimeZone { get }

    /// Forgets any cached zone, so ``current`` reflects a change of the system's zone.
    func refresh()
}

/// The system's zone: `TZ` when set, else `/etc/localtime`.
public final class SystemTimeZoneSource: TimeZoneSource {
    /// Makes the source.
    public init() {}

    /// The system's zone as Foundation last read it.
    public var current: TimeZone { TimeZone.current }

    /// Makes Foundation read the system's zone again (it caches it for the process).
    public func refresh() {
        NSTimeZone.resetSystemTimeZone()
    }
}
