import ChimeDaemon
import Foundation
import Synchronization

/// A wall clock that moves only when a test says so, forwards or backwards, like a machine
/// whose time is set by hand.
///
/// Sendable: the instant is behind a Mutex, so a test may move it while code on another thread
/// reads it.
public final class ManualClock: WallClock {
    private let instant: Mutex<Date>

    /// A clock reading `start`.
    public init(start: Date) {
        instant = Mutex(start)
    }

    /// The instant the clock reads.
    public var now: Date {
        instant.withLock { $0 }
    }

    /// Moves the clock by `seconds` (backwards when negative).
    public func advance(by seconds: TimeInterval) {
        instant.withLock { $0 += seconds }
    }

    /// Moves the clock by `duration` (backwards when negative).
    public func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        advance(by: TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18)
    }

    /// Sets the clock to `date`, which may lie before the current reading (a clock jump back).
    public func set(to date: Date) {
        instant.withLock { $0 = date }
    }
}
