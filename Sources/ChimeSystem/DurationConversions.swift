extension Duration {
    /// The duration in whole nanoseconds, 0 when negative, saturating at `UInt64.max`.
    package var clampedNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
        let whole = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let fraction = UInt64(max(attoseconds, 0) / 1_000_000_000)
        guard !whole.overflow else { return .max }
        let total = whole.partialValue.addingReportingOverflow(fraction)
        return total.overflow ? .max : total.partialValue
    }

    /// The duration in seconds, as Foundation and Dispatch count time.
    package var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
