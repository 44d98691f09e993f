import ChimeCore
import ChimeStore

/// What the parts of the scheduler ask of the scheduler itself: to follow the store after they
/// wrote to it, and to report a store call that failed (a reload follows after a backoff).
///
/// Set once the scheduler exists (its parts are made before it can hand out closures over
/// itself). Not Sendable: it belongs to the scheduler's thread.
final class SchedulerHooks {
    /// Applies the store's changes since the scheduler last looked (``Scheduler``'s `syncChanges`).
    var syncChanges: () throws(StoreError) -> Void = {}
    /// Puts a request back into the scheduler's queue.
    var requeue: (PendingQueue<Int64>.Entry) -> Void = { _ in }
    /// Reports a failed store call and what was being done.
    var fail: (_ error: any Error, _ activity: String) -> Void = { _, _ in }

    /// Follows the store, reporting a failure as having happened while doing `activity`.
    func sync(after activity: String) {
        do {
            try syncChanges()
        } catch {
            fail(error, activity)
        }
    }
}

@available(*, unavailable, message: "it belongs to the scheduler's thread")
extension SchedulerHooks: Sendable {}
