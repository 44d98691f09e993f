import ChimeDesk
import Foundation
import Synchronization

/// Where the scheduler reads the system's zone, which rules (and so water windows and the
/// bubbles' words) follow unless the `time_zone` setting names another; tests substitute a
/// zone they change by hand.
public protocol TimeZoneSource: AnyObject, Sendable {
    /// The zone now.
    var current: TimeZone { get }

    /// Forgets any cached zone, so ``current`` reflects a change of the system's zone.
    func refresh()
}

/// The system's zone as `/etc/localtime` names it (``SystemTimeZone``), whatever chimed's own
/// `TZ` says: rules follow the zone `chime` and chimed agree on, and `chime` reads the same
/// file. A user unit started with another `TZ` than the user's shell (or none) must not move
/// a daily reminder to another hour.
///
/// Sendable: the zone read last is behind a Mutex.
public final class SystemTimeZoneSource: TimeZoneSource {
    private let zone: Mutex<TimeZone>

    /// Makes the source, reading the system's zone.
    public init() {
        zone = Mutex(SystemTimeZone.read())
    }

    /// The system's zone as read last.
    public var current: TimeZone { zone.withLock { $0 } }

    /// Reads the system's zone again (its `/etc/localtime` changed).
    public func refresh() {
        let read = SystemTimeZone.read()
        zone.withLock { $0 = read }
    }
}
