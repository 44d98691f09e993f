import ChimeCore
import ChimeStore
import FoundationEssentials

/// One id names one thing: a fast, the water schedule, a one-off reminder or a recurring one.
///
/// Pending notifications are grouped by that id, and a change to one thing cancels its group
/// before deriving it again; an id shared by two live things would let a change to one silently
/// drop the other's notifications. So a new thing may not take the id of a live thing of
/// another kind; a thing of the same kind under its id is replaced, and the lines say so.
extension Desk {
    /// The kinds of things an id names.
    public enum IDKind: Hashable, Sendable {
        /// A fast (started by hand, or an instance of a schedule).
        case fast
        /// The water schedule.
        case waterSchedule
        /// A one-off reminder (`remind in`, `remind at`).
        case reminder
        /// A recurring reminder (`remind every`).
        case recurringReminder
    }

    /// What `id` names that is still live at `now`, other than a `kind`: a fast scheduled or
    /// not yet ended, a water schedule (one that exists is on), a one-off reminder whose
    /// notification is still to come, a recurring reminder that goes on. `nil` when nothing
    /// else live has the id.
    public func liveOwner(of id: String, otherThan kind: IDKind, now: Date) throws -> DeskRefusal.Owner? {
        if kind != .fast, let session = try fastTimeline(now: now).session(id: id) {
            switch session.status(at: now).phase {
            case .scheduled where !session.wasCancelledBeforeStart: return .fastScheduled(id: id, start: session.start)
            case .fasting, .eating: return .fastRunning(id: id)
            case .scheduled, .ended: break
            }
        }
        if kind != .waterSchedule, try store.waterSchedule(id: id) != nil {
            return .waterSchedule(id: id)
        }
        if kind != .reminder, let reminder = try store.reminder(id: id),
           try store.request(identifier: RequestIdentifier.reminder(id: id))?.state.isLive == true {
            return .reminder(id: id, due: reminder.due)
        }
        if kind != .recurringReminder, let recurring = try store.recurringReminder(id: id), recurring.endedAt == nil {
            return .recurringReminder(id: id, rule: recurring.rule.rruleText)
        }
        return nil
    }

    /// Refuses (nothing written) when `id`, chosen with `--id` for a new `kind`, names a live
    /// thing of another kind.
    public func refuseIDOfAnotherKind(_ id: String, for kind: IDKind, now: Date) throws {
        guard let owner = try liveOwner(of: id, otherThan: kind, now: now) else { return }
        throw DeskRefusal.idTaken(id: id, owner: owner)
    }

    /// Whether `id` names a fast, a water schedule or a reminder, live or not (a fast schedule's
    /// instance by its id, `fs-3k9.20270328-2000`, included).
    public func namesSomething(_ id: String, now: Date) throws -> Bool {
        if try store.session(id: id) != nil || store.waterSchedule(id: id) != nil || store.reminder(id: id) != nil
            || store.recurringReminder(id: id) != nil {
            return true
        }
        return try fastTimeline(now: now).session(id: id) != nil
    }
}
