import ChimeCore
import ChimeStore
import Foundation

/// One id names one thing: a fast, a water schedule or a reminder.
///
/// Pending notifications are grouped by that id, and every change cancels its group before
/// re-deriving it; an id shared by two live things would let a change to one silently drop the
/// other's notifications. So a new fast, schedule or reminder may not take the id of a live
/// thing of another kind.
extension CommandRunner {
    /// The kinds of things an id names.
    enum IDKind: Hashable, Sendable {
        case fast, waterSchedule, reminder
    }

    /// What `id` names that is still live at `now`, other than a `kind`: a fast scheduled or not
    /// yet ended, a water schedule (one that exists is on), a reminder whose notification is still
    /// pending. `nil` when nothing else live has the id.
    func liveOwner(of id: String, otherThan kind: IDKind, now: Date) throws -> LocalizedText? {
        let store = try store()
        func display(_ language: UserLanguage) -> TimeDisplay {
            TimeDisplay(now: now, timeZone: environment.timeZone, calendar: calendar, language: language)
        }
        if kind != .fast, let session = try store.session(id: id) {
            let status = session.status(at: now)
            switch status.phase {
            case .scheduled:
                return LocalizedText { CommandText.ownerFastScheduled.text($0, ["id": id, "start": display($0).clockAndRelative(session.start)]) }
            case .fasting, .eating: return LocalizedText(CommandText.ownerFastRunning, ["id": id])
            case .ended: break
            }
        }
        if kind != .waterSchedule, try store.waterSchedule(id: id) != nil {
            return LocalizedText(CommandText.ownerWaterSchedule, ["id": id])
        }
        // A recurring reminder's pending occurrence has its own identifier: any live request of the group counts.
        if kind != .reminder, let reminder = try store.reminder(id: id),
           try store.request(identifier: RequestIdentifier.reminder(id: id))?.state.isLive == true || !store.pendingRequests(inGroup: id).isEmpty {
            return LocalizedText { CommandText.ownerReminder.text($0, ["id": id, "due": display($0).clockAndRelative(reminder.due)]) }
        }
        return nil
    }

    /// Fails (65, nothing written) when `id`, chosen with `--id` for a new `kind`, names a live
    /// thing of another kind.
    func refuseIDOfAnotherKind(_ id: String, for kind: IDKind, now: Date) throws {
        guard let owner = try liveOwner(of: id, otherThan: kind, now: now) else { return }
        throw CommandFailure(.dataError, LocalizedText(CommandText.idTaken, localized: ["id": LocalizedText(verbatim: id), "owner": owner]))
    }

    /// Whether `id` names a fast, a water schedule or a reminder, live or not.
    func namesSomething(_ id: String) throws -> Bool {
        let store = try store()
        return try store.session(id: id) != nil || store.waterSchedule(id: id) != nil || store.reminder(id: id) != nil
    }
}
