import ChimeDesk
import Foundation
import Synchronization

/// Where the scheduler reads the zone that local times (water windows, texts) are in; tests
/// substitute a zone they change by hand.
public protocol TimeZoneSource: AnyObject, Sendable {
    /// The zone now.
    var current: TimeZone { get }

    /// Forgets any cached zone, so ``current`` reflects a change of the system's zone.
    func refresh()
}

/// The system's zone as `/etc/localtime` names it (``SystemTimeZone``), whatever chimed's own
/// `TZ` says: the zone `chime` reads too, so both follow one zone.
public final class SystemTimeZoneSource: TimeZoneSource {
    private let zone = Mutex<TimeZone>(SystemTimeZone.read())

    /// Makes the source.
    public init() {}

    /// The system's zone as last read.
    public var current: TimeZone { zone.withLock { $0 } }

    /// Reads the system's zone again (the file changed).
    public func refresh() {
        let read = SystemTimeZone.read()
        zone.withLock { $0 = read }
        NSTimeZone.resetSystemTimeZone()
    }
}
