import ChimeCore
import ChimeStore
import FoundationEssentials

/// `chime export --format ics`: what of Chime's goes on as calendar events.
extension Desk {
    /// One thing exported, with its first instance.
    public enum ExportedThing: Hashable, Sendable {
        /// A one-off reminder still to come.
        case reminder(OneOffReminder)
        /// A recurring reminder that goes on, and its first occurrence (its `DTSTART`).
        case recurringReminder(RecurringReminder, first: Date)
        /// The fast schedule that is on, and its first fast's start.
        case fastSchedule(FastSchedule, first: Date)
    }

    /// Every one-off reminder still to come, recurring reminder that goes on, and the fast
    /// schedule that is on, by id: the items of an export. What ended is not among them, so
    /// re-exporting into a folder removes its file.
    public func exportedThings(now: Date) throws -> [ExportedThing] {
        var things: [(String, ExportedThing)] = []
        for reminder in try store.reminders() where reminder.due > now {
            guard try store.request(identifier: RequestIdentifier.reminder(id: reminder.id))?.state.isLive ?? false else { continue }
            things.append((reminder.id, .reminder(reminder)))
        }
        for reminder in try store.recurringReminders() where reminder.endedAt == nil {
            // DTSTART is the rule's first occurrence: RFC 5545 counts it as one, as Chime does.
            guard reminder.occurrence(after: now, in: timeZone) != nil,
                  let first = reminder.occurrence(after: reminder.start.addingTimeInterval(-1), in: timeZone)
            else { continue }
            things.append((reminder.id, .recurringReminder(reminder, first: first)))
        }
        if let schedule = try store.fastSchedule(), schedule.endedAt == nil,
           let first = schedule.occurrence(atOrAfter: schedule.start, in: timeZone) {
            things.append((schedule.id, .fastSchedule(schedule, first: first)))
        }
        return things.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
