import Dispatch

/// Shows notification requests somewhere (a desktop notification server, standard output).
///
/// No method blocks its caller: each answers through its completion, always on another thread
/// and never from inside the call, and completions and events of one notifier arrive one at a
/// time, in the order they happened (an event reported before a delivery's outcome happened
/// before it: a ``NotifierEvent/serverChanged`` precedes the first ``DeliveryOutcome/shown(serverID:)``
/// from the new server).
public protocol Notifier: AnyObject, Sendable {
    /// Sets the receiver of actions, closed bubbles and server changes (replacing any earlier
    /// one); events that happen while no handler is set are dropped.
    func setEventHandler(_ handler: @escaping @Sendable (NotifierEvent) -> Void)

    /// Shows `job`'s request, replacing the bubble it already has, and reports the outcome.
    func deliver(_ job: DeliveryJob, completion: @escaping @Sendable (DeliveryOutcome) -> Void)

    /// Asks the server to close the bubbles with these ids (ending a session closes its bubbles).
    func close(serverIDs: [UInt32], completion: @escaping @Sendable (CloseOutcome) -> Void)

    /// Finds out whether notifications can be shown, and who would show them.
    func probe(completion: @escaping @Sendable (ServerProbe) -> Void)

    /// Stops the notifier: later calls complete with a failure; bubbles on screen stay.
    func shutdown()
}

extension Notifier {
    /// Closes the bubbles with these ids, without waiting for the outcome.
    public func close(serverIDs: [UInt32]) {
        close(serverIDs: serverIDs) { _ in }
    }

    /// The probe's result, waiting for it (for short-lived commands such as `chime doctor`;
    /// never call it from a completion or an event handler of the same notifier).
    public func probe() -> ServerProbe {
        let result = ProbeResultBox()
        let done = DispatchSemaphore(value: 0)
        probe { probe in
            result.set(probe)
            done.signal()
        }
        done.wait()
        return result.value!
    }
}
