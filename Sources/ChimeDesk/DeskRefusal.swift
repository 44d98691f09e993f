import ChimeCore
import FoundationEssentials

/// Why the desk refused an intention, with the values the sentence needs: nothing was changed.
///
/// The desk decides; whoever asked words it (`chime` in its reader's language with times in
/// the local zone, chimed in English for its log), so the refusal carries instants and ids, not
/// sentences. The rules of ChimeCore refuse with their own ``DomainError``s, passed on as they are.
public enum DeskRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// What an id already names, live, when an intention wants it for another kind of thing.
    public enum Owner: Hashable, Sendable {
        /// A fast not started yet, starting at the instant.
        case fastScheduled(id: String, start: Date)
        /// A fast fasting or in its eating window.
        case fastRunning(id: String)
        /// The water schedule.
        case waterSchedule(id: String)
        /// A one-off reminder still to come, due at the instant.
        case reminder(id: String, due: Date)
        /// A recurring reminder that goes on, its rule as written.
        case recurringReminder(id: String, rule: String)
    }

    /// An id names a live thing of another kind.
    case idTaken(id: String, owner: Owner)
    /// Neither a pending notification, nor one on screen, nor anything with this id.
    case unknownReference(String)
    /// A reminder brought back (snoozed after it was shown) under an id something else took since.
    case reminderCannotComeBack(group: String, owner: Owner)
    /// A water reminder whose schedule was turned off: it cannot be snoozed.
    case waterReminderOff(identifier: String)
    /// A one-off reminder at a time already past.
    case reminderTimePassed(due: Date)
    /// `--until`/`--count` given for a rule that already has COUNT or UNTIL.
    case ruleAlreadyEnds(rule: String)
    /// `fast start --id` naming a fast that is over (it would be overwritten in the history).
    case fastIDUsed(id: String)
    /// A daily repeating fast while a fast schedule is set, without `--replace`.
    case fastScheduleIsSet(FastSchedule)
    /// `fast delete` of an id that names no fast.
    case noFastWithIDInHistory(id: String)
    /// `--id` naming no fast.
    case noFastWithID(id: String)
    /// No fast is running or scheduled to act on.
    case noFastRunning
    /// Several fasts run: `--id` must say which.
    case severalFastsRunning(ids: [String])
    /// `water every --id` naming another schedule while one is on.
    case waterScheduleOn(ids: [String], interval: TimeSpan)
    /// Several water schedules (a store from before the rule): `--id` must say which.
    case severalWaterSchedules(ids: [String])
    /// `water drink --at` a time still to come.
    case glassInFuture(Date)
    /// `water undo` with no glass logged.
    case nothingToUndo
    /// The glass to undo went away meanwhile.
    case glassesChanged
    /// `water pause` with no schedule.
    case noWaterToPause
    /// `water resume` with no schedule.
    case noWaterToResume
    /// A fast schedule while a repeating fast in real time runs.
    case rollingOverlapsSchedule(id: String)
    /// No free generated id with this prefix.
    case noFreeID(prefix: String)
    /// `fast start` (even with `--replace`) would change a fast that has already ended.
    case wouldRewriteEndedFast(id: String, start: Date, end: Date)
    /// `water undo N` or `water edit N` naming no glass.
    case noGlassNumbered(Int64)
    /// `water goal` with no water schedule on.
    case noWaterForGoal
    /// A time given to correct a fast (`fast stop --at`, `fast edit`) still to come.
    case fastTimeToCome(Date)
    /// `fast stop --at` a time before the fast began.
    case fastStopBeforeStart(id: String, start: Date, stop: Date)
    /// `fast edit` with an end at or before the start.
    case fastEndBeforeStart(id: String, start: Date, end: Date)
    /// `fast edit` of a fast that has not started (and no `--start` in the past).
    case fastNotStarted(id: String, start: Date)
    /// `fast extend` or `fast stop` of a schedule's fast that was skipped: it does not run.
    case fastSkipped(id: String, start: Date)
    /// `fast edit` of a repeating fast.
    case repeatingFastNotEditable(id: String)
    /// A corrected fast would overlap another one.
    case fastsWouldOverlap(id: String, other: String, start: Date, end: Date)
    /// A corrected fast would last under 2 minutes.
    case fastTooShortToKeep(id: String)
    /// `remind edit` of an id that names no reminder.
    case noReminderWithID(id: String)
    /// `remind edit` of a recurring reminder that has ended.
    case reminderEnded(id: String)
    /// `remind edit --rule` of a one-off reminder.
    case ruleForOneOffReminder(id: String)
    /// `remind edit --at` of a recurring reminder.
    case timeForRecurringReminder(id: String)
    /// `calendar add` under a name another calendar has.
    case calendarNameTaken(name: String, path: String)
    /// `calendar add` of a path already added.
    case calendarPathTaken(path: String, name: String)
    /// `calendar add` of a folder inside a calendar's folder, or holding one: every item in both
    /// would alarm twice.
    case calendarPathOverlaps(path: String, name: String, otherPath: String)
    /// A calendar name no calendar has.
    case unknownCalendar(name: String, known: [String])

    /// The refusal in English with instants in UTC, for chimed's log.
    public var description: String {
        switch self {
        case .idTaken(let id, let owner): return "the id \"\(id)\" names \(owner)"
        case .unknownReference(let text): return "\"\(text)\" names no pending notification, notification on screen, fast, schedule or reminder"
        case .reminderCannotComeBack(let group, let owner): return "reminder \(group) cannot come back: its id now names \(owner)"
        case .waterReminderOff(let identifier): return "\(identifier) cannot be snoozed: its water schedule is off"
        case .reminderTimePassed(let due): return "the time \(due.formatted(.iso8601)) has passed"
        case .ruleAlreadyEnds(let rule): return "the rule \"\(rule)\" already ends"
        case .fastIDUsed(let id): return "the fast \(id) is over; its id is kept by the history"
        case .fastScheduleIsSet(let schedule): return "fast schedule \(schedule.id) is set"
        case .noFastWithIDInHistory(let id), .noFastWithID(let id): return "no fast has the id \(id)"
        case .noFastRunning: return "no fast is running"
        case .severalFastsRunning(let ids): return "\(ids.count) fasts are running: \(ids.joined(separator: ", "))"
        case .waterScheduleOn(let ids, _): return "water schedule \(ids.joined(separator: ", ")) is on"
        case .severalWaterSchedules(let ids): return "\(ids.count) water schedules are on: \(ids.joined(separator: ", "))"
        case .glassInFuture(let instant): return "the glass at \(instant.formatted(.iso8601)) is still to come"
        case .nothingToUndo: return "no glass is logged"
        case .glassesChanged: return "the glasses changed meanwhile"
        case .noWaterToPause, .noWaterToResume: return "no water schedule is on"
        case .rollingOverlapsSchedule(let id): return "the repeating fast \(id) runs"
        case .noFreeID(let prefix): return "no free id with the prefix \(prefix)"
        case .wouldRewriteEndedFast(let id, _, _): return "the fast \(id) has already ended"
        case .noGlassNumbered(let record): return "no glass is numbered \(record)"
        case .noWaterForGoal: return "no water schedule is on"
        case .fastTimeToCome(let instant): return "\(instant.formatted(.iso8601)) is still to come"
        case .fastStopBeforeStart(let id, _, _): return "the fast \(id) began after that time"
        case .fastEndBeforeStart(let id, _, _): return "the fast \(id) would end before it begins"
        case .fastNotStarted(let id, _): return "the fast \(id) has not started"
        case .fastSkipped(let id, _): return "the fast \(id) was skipped"
        case .repeatingFastNotEditable(let id): return "the fast \(id) repeats"
        case .fastsWouldOverlap(let id, let other, _, _): return "the fast \(id) would overlap the fast \(other)"
        case .fastTooShortToKeep(let id): return "the fast \(id) would last under 2 minutes"
        case .noReminderWithID(let id): return "no reminder has the id \(id)"
        case .reminderEnded(let id): return "the recurring reminder \(id) has ended"
        case .ruleForOneOffReminder(let id): return "the reminder \(id) is a one-off reminder"
        case .timeForRecurringReminder(let id): return "the reminder \(id) is a recurring reminder"
        case .calendarNameTaken(let name, let path): return "the calendar \(name) (\(path)) has this name"
        case .calendarPathTaken(let path, let name): return "\(path) is added already, as \(name)"
        case .calendarPathOverlaps(let path, let name, let otherPath): return "\(path) overlaps the calendar \(name) (\(otherPath))"
        case .unknownCalendar(let name, _): return "no calendar is named \(name)"
        }
    }
}

extension DeskRefusal.Owner: CustomStringConvertible {
    /// The owner in English, for chimed's log.
    public var description: String {
        switch self {
        case .fastScheduled(let id, _): return "the fast \(id), scheduled"
        case .fastRunning(let id): return "the running fast \(id)"
        case .waterSchedule(let id): return "the water schedule \(id)"
        case .reminder(let id, _): return "the reminder \(id)"
        case .recurringReminder(let id, _): return "the recurring reminder \(id)"
        }
    }
}
