import Foundation

/// Where an instant falls in an endless sequence of equal cycles that starts at an anchor.
///
/// Uses floor division, so instants before the anchor belong to negative cycles and the offset
/// inside a cycle is always in `0..<length` (a plain `truncatingRemainder` would go negative).
public struct CyclePosition: Hashable, Sendable {
    /// The cycle number: 0 is the cycle that starts at the anchor, -1 the one before it.
    public let cycle: Int64
    /// Seconds since the start of ``cycle``, in `0..<length`.
    public let offset: TimeInterval

    /// Locates `instant` among cycles of `length` seconds starting at `anchor`.
    ///
    /// - Precondition: `length > 0`.
    public init(of instant: Date, anchor: Date, length: TimeInterval) {
        precondition(length > 0, "a cycle needs a positive length")
        let elapsed = instant.timeIntervalSince(anchor)
        var cycle = (elapsed / length).rounded(.down)
        var offset = elapsed - cycle * length
        // Floating-point rounding can land an instant a hair outside its cycle at boundaries.
        if offset < 0 {
            cycle -= 1
            offset += length
        } else if offset >= length {
            cycle += 1
            offset -= length
        }
        self.cycle = Int64(cycle)
        self.offset = max(0, offset)
    }

    /// The instant cycle `cycle` starts, for cycles of `length` seconds from `anchor`.
    public static func start(ofCycle cycle: Int64, anchor: Date, length: TimeInterval) -> Date {
        anchor.addingTimeInterval(Double(cycle) * length)
    }
}
