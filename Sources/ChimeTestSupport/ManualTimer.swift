import ChimeDaemon
import Foundation

/// A ``SchedulerTimer`` for tests: it remembers its deadline, counts how often it was really
/// changed, and tells whether its ``ManualClock`` has reached the deadline; it fires only when
/// the test says so (``fireIfDue()``).
///
/// Not Sendable, like the loop-thread timer it stands in for.
public final class ManualTimer: SchedulerTimer {
    private let clock: ManualClock

    /// The instant the timer is armed for, or nil when disarmed or fired.
    public private(set) var armedDeadline: Date?
    /// How many times ``arm(at:)`` actually changed the deadline (re-arming at the same
    /// deadline does not count), for tests of "re-armed only when the deadline changes".
    public private(set) var armCount = 0
    /// How many times ``disarm()`` actually disarmed the timer.
    public private(set) var disarmCount = 0

    /// A disarmed timer measuring time on `clock`.
    public init(clock: ManualClock) {
        self.clock = clock
    }

    /// Arms the timer at `deadline` unless it is already armed there; returns whether it changed.
    @discardableResult
    public func arm(at deadline: Date) -> Bool {
        guard armedDeadline != deadline else { return false }
        armedDeadline = deadline
        armCount += 1
        return true
    }

    /// Disarms the timer; returns whether it was armed.
    @discardableResult
    public func disarm() -> Bool {
        guard armedDeadline != nil else { return false }
        armedDeadline = nil
        disarmCount += 1
        return true
    }

    /// Whether the timer is armed and the clock has reached its deadline (the kernel's timer
    /// would have fired).
    public var isDue: Bool {
        guard let armedDeadline else { return false }
        return clock.now >= armedDeadline
    }

    /// Fires the timer if it is due, disarming it as a fired one-shot timer is; returns whether
    /// it fired.
    public func fireIfDue() -> Bool {
        guard isDue else { return false }
        armedDeadline = nil
        return true
    }
}

@available(*, unavailable, message: "a ManualTimer belongs to the thread driving the scheduler")
extension ManualTimer: Sendable {}
