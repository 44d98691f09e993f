import Foundation

/// The machine's wall clock (`CLOCK_REALTIME`), which can jump when the time is set.
public struct SystemWallClock: WallClock {
    /// Makes the system clock.
    public init() {}

    /// The current instant.
    public var now: Date { Date() }
}
