import Foundation

/// Waits for work that another thread or process does: the condition is checked until it holds
/// or the deadline passes. The deadline only catches a hang, so it is generous: the suites run
/// in parallel on machines with two cores, where another process may take many seconds.
public enum Eventually {
    /// The deadline when a caller names none: enough for another process on a loaded machine.
    public static let generousDeadline: Duration = .seconds(30)

    /// Checks `condition` every `interval` until it holds or `deadline` has passed, sleeping
    /// the task in between (leaving the shared test threads to others); whether it held.
    /// It is checked once more at the deadline, since a loaded machine may pass it mid-sleep.
    public static func wait(
        within deadline: Duration = generousDeadline, checkingEvery interval: Duration = .milliseconds(20),
        until condition: () async throws -> Bool
    ) async rethrows -> Bool {
        let end = ContinuousClock.now + deadline
        while ContinuousClock.now < end {
            if try await condition() { return true }
            try? await Task.sleep(for: interval)
        }
        return try await condition()
    }

    /// ``wait(within:checkingEvery:until:)`` for code that cannot suspend: the thread sleeps
    /// between checks.
    public static func waitBlocking(
        within deadline: Duration = generousDeadline, checkingEvery interval: Duration = .milliseconds(20),
        until condition: () throws -> Bool
    ) rethrows -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        while clock.now < end {
            if try condition() { return true }
            let (seconds, attoseconds) = interval.components
            Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
        }
        return try condition()
    }
}
