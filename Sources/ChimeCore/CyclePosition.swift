import FoundationEssentials

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
    /// The cycle is the one whose ``start(ofCycle:anchor:length:)`` is at or before `instant` and
    /// whose successor's start is after it, computed with that same function, so positions and
    /// cycle boundaries can never disagree by a floating-point rounding.
    ///
    /// - Precondition: `length > 0`.
    public init(of instant: Date, anchor: Date, length: TimeInterval) {
        precondition(length > 0, "a cycle needs a positive length")
        let estimate = (instant.timeIntervalSince(anchor) / length).rounded(.down)
        // Far outside any real schedule the estimate could exceed Int64; clamp instead of trapping.
        var cycle = Int64(max(-9.0e15, min(9.0e15, estimate)))
        // Division rounding can put a boundary instant one cycle off; settle on the exact cycle.
        while Self.start(ofCycle: cycle, anchor: anchor, length: length) > instant { cycle -= 1 }
        while Self.start(ofCycle: cycle + 1, anchor: anchor, length: length) <= instant { cycle += 1 }
        self.cycle = cycle
        let offset = instant.timeIntervalSince(Self.start(ofCycle: cycle, anchor: anchor, length: length))
        self.offset = min(max(0, offset), length.nextDown)
    }

    /// The instant cycle `cycle` starts, for cycles of `length` seconds from `anchor`.
    public static func start(ofCycle cycle: Int64, anchor: Date, length: TimeInterval) -> Date {
        anchor.addingTimeInterval(Double(cycle) * length)
    }
}
