import Foundation

/// Where the scheduler reads the current wall-clock instant; tests substitute a `ManualClock`.
public protocol WallClock: Sendable {
    /// The current instant.
    var now: Date { get }
}
