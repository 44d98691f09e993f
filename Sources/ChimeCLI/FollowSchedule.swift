import FoundationEssentials

/// When `chime status --follow` prints next: as often as a status bar needs, no more.
///
/// Every minute in the last 30 minutes before a phase change, every 15 minutes otherwise; prints
/// are aligned to the change (at whole minutes, or quarter hours, before it) so the remaining
/// time shown ticks over exactly when it changes. Printing at once on a change in the store is
/// the caller's part.
public enum FollowSchedule {
    /// Within this long before a phase change, print every ``fineInterval``.
    public static let fineWindow: TimeInterval = 30 * 60
    /// The interval close to a phase change.
    public static let fineInterval: TimeInterval = 60
    /// The interval otherwise, and with no phase change ahead.
    public static let coarseInterval: TimeInterval = 15 * 60

    /// The next instant to print after `now`, given the next phase change (if any).
    ///
    /// Always later than `now` and never later than `nextChange` when that is ahead, so the
    /// change itself is printed on time.
    public static func nextPrint(after now: Date, nextChange: Date?) -> Date {
        guard let nextChange, nextChange > now else {
            return now.addingTimeInterval(coarseInterval)
        }
        let untilChange = nextChange.timeIntervalSince(now)
        if untilChange <= fineWindow {
            // The latest instant change - k minutes that is still after now.
            let steps = ((untilChange / fineInterval).rounded(.up) - 1).clamped(toAtLeast: 0)
            return nextChange.addingTimeInterval(-steps * fineInterval)
        }
        // Coarse prints sit on change - 30 min - k quarter hours, the last one opening the fine window.
        let untilWindow = untilChange - fineWindow
        let steps = ((untilWindow / coarseInterval).rounded(.up) - 1).clamped(toAtLeast: 0)
        return nextChange.addingTimeInterval(-fineWindow - steps * coarseInterval)
    }
}

extension Double {
    /// The value, or `minimum` when smaller.
    fileprivate func clamped(toAtLeast minimum: Double) -> Double { Swift.max(self, minimum) }
}
