import ChimeNotify

/// What other threads report to the ``Scheduler``: the notifier's answers and events, handed
/// over through a ``WakeupChannel`` and handled on the loop's thread by
/// ``Scheduler/handle(_:)``.
public enum SchedulerMessage: Sendable {
    /// The notifier answered the delivery `attempt` of the request at `rowID`.
    case delivered(rowID: Int64, attempt: UInt64, outcome: DeliveryOutcome)
    /// The notifier answered the showing again, at start, of the bubble `previousID` of the
    /// delivered request at `rowID` (``Scheduler/start()``: the new process owns its buttons).
    case reshown(rowID: Int64, identifier: String, previousID: UInt32, outcome: DeliveryOutcome)
    /// The notifier answered the summary of the water reminders held during do-not-disturb.
    case summarized(heldCount: Int, outcome: DeliveryOutcome)
    /// The notifier answered a request to close the bubbles of `rowIDs`.
    case closed(rowIDs: [Int64], outcome: CloseOutcome)
    /// The notification server reported something unasked (an action, a closed bubble, a restart).
    case notifier(NotifierEvent)
    /// The notifier found out whether a server can show notifications.
    case probed(ServerProbe)
}
