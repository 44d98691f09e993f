import Foundation

/// The one timer the scheduler keeps armed for its next wake, as the scheduler sees it.
///
/// ``RealtimeTimer`` is the kernel's; `ManualTimer` in ChimeTestSupport lets tests drive the
/// scheduler with a `ManualClock`. Arming is idempotent: arming at the deadline already armed,
/// or disarming a disarmed timer, changes nothing and reports `false`.
public protocol SchedulerTimer: AnyObject {
    /// The instant the timer is armed for, or nil when it is disarmed or has fired.
    var armedDeadline: Date? { get }

    /// Arms the timer to fire once at `deadline` (at once, if it has passed), replacing any
    /// earlier deadline; returns whether the timer had to be changed.
    @discardableResult
    func arm(at deadline: Date) throws -> Bool

    /// Disarms the timer; returns whether it was armed.
    @discardableResult
    func disarm() throws -> Bool
}
