import ChimeCore
import ChimeDesk
import FoundationEssentials

extension DeskRefusal {
    /// The refusal as `chime` prints it: one sentence of the command texts in every language,
    /// its times shown by `display` (relative to the invocation's now, in its zone), and the
    /// exit code (65: bad data for what is stored; 75 where trying again may work).
    func failure(display: @escaping (UserLanguage) -> TimeDisplay) -> CommandFailure {
        func text(_ message: CommandText, _ values: [String: String] = [:]) -> LocalizedText { LocalizedText(message, values) }
        switch self {
        case .idTaken(let id, let owner):
            return CommandFailure(.dataError, LocalizedText(CommandText.idTaken, localized: ["id": LocalizedText(verbatim: id), "owner": owner.text(display: display)]))
        case .unknownReference(let reference):
            return .unknownReference(reference)
        case .reminderCannotComeBack(let group, let owner):
            return CommandFailure(.dataError, LocalizedText(CommandText.reminderCannotComeBack, localized: [
                "group": LocalizedText(verbatim: group), "owner": owner.text(display: display),
            ]))
        case .waterReminderOff(let identifier):
            return CommandFailure(.dataError, .waterReminderOff, ["identifier": identifier])
        case .reminderTimePassed(let due):
            return CommandFailure(.dataError, LocalizedText { CommandText.reminderTimePassed.text($0, ["due": display($0).clock(due)]) })
        case .ruleAlreadyEnds(let rule):
            return CommandFailure(.dataError, .ruleAlreadyEnds, ["rule": rule])
        case .fastIDUsed(let id):
            return CommandFailure(.dataError, .fastIDUsed, ["id": id])
        case .fastScheduleIsSet(let schedule):
            return CommandFailure(.dataError, .fastScheduleIsSet, ["id": schedule.id, "plan": schedule.plan.displayName, "rule": schedule.ruleText])
        case .noFastWithIDInHistory(let id):
            return CommandFailure(.dataError, .noFastWithIDHistory, ["id": id])
        case .noFastWithID(let id):
            return CommandFailure(.dataError, .noFastWithID, ["id": id])
        case .noFastRunning:
            return CommandFailure(.dataError, .noFastRunning)
        case .severalFastsRunning(let ids):
            return CommandFailure(.dataError, .fastsRunning, ["count": "\(ids.count)", "ids": ids.joined(separator: ", ")])
        case .waterScheduleOn(let ids, let interval):
            return CommandFailure(.dataError, ids.count == 1 ? .waterScheduleOn : .waterSchedulesOn, ["ids": ids.joined(separator: ", "), "interval": "\(interval)"])
        case .severalWaterSchedules(let ids):
            return CommandFailure(.dataError, .waterSchedules, ["count": "\(ids.count)", "ids": ids.joined(separator: ", ")])
        case .glassInFuture(let instant):
            return CommandFailure(.dataError, LocalizedText { CommandText.glassInFuture.text($0, ["time": display($0).clock(instant)]) })
        case .nothingToUndo:
            return CommandFailure(.dataError, .nothingToUndo)
        case .glassesChanged:
            return CommandFailure(.tryAgain, .glassesChanged)
        case .noWaterToPause:
            return CommandFailure(.dataError, .noWaterToPause)
        case .noWaterToResume:
            return CommandFailure(.dataError, .noWaterToResume)
        case .rollingOverlapsSchedule(let id):
            return CommandFailure(.dataError, .rollingOverlapsSchedule, ["id": id])
        case .noFreeID(let prefix):
            return CommandFailure(.tryAgain, .noFreeID, ["prefix": prefix])
        case .calendarNameTaken(let name, let path):
            return CommandFailure(.dataError, LocalizedText(CalendarCommandText.nameTaken, ["name": name, "path": path]))
        case .calendarPathTaken(let path, let name):
            return CommandFailure(.dataError, LocalizedText(CalendarCommandText.pathTaken, ["name": name, "path": path]))
        case .calendarPathOverlaps(let path, let name, let otherPath):
            return CommandFailure(.dataError, LocalizedText(CalendarCommandText.pathOverlaps, ["name": name, "path": path, "other": otherPath]))
        case .unknownCalendar(let name, let known):
            if known.isEmpty { return CommandFailure(.dataError, LocalizedText(CalendarCommandText.unknownCalendarNone, ["name": name])) }
            return CommandFailure(.dataError, LocalizedText(CalendarCommandText.unknownCalendar, ["name": name, "names": known.joined(separator: ", ")]))
        case .wouldRewriteEndedFast(let id, let start, let end):
            return CommandFailure(.dataError, LocalizedText {
                CommandText.wouldRewriteEndedFast.text($0, ["id": id, "start": display($0).clock(start), "end": display($0).clock(end)])
            })
        case .noGlassNumbered(let number):
            return CommandFailure(.dataError, LocalizedText(ViewText.noGlassNumbered, ["number": "\(number)"]))
        case .noWaterForGoal:
            return CommandFailure(.dataError, ViewText.noWaterForGoal.localized)
        case .fastTimeToCome(let instant):
            return CommandFailure(.dataError, LocalizedText { ViewText.fastTimeToCome.text($0, ["time": display($0).clock(instant)]) })
        case .fastStopBeforeStart(let id, let start, let stop):
            return CommandFailure(.dataError, LocalizedText {
                // A fast that has not begun is not said to have begun (in the future).
                let message: ViewText = start > display($0).now ? .fastStopNotBegun : .fastStopBeforeStart
                return message.text($0, ["id": id, "start": display($0).clock(start), "stop": display($0).clock(stop)])
            })
        case .fastEndBeforeStart(let id, let start, let end):
            return CommandFailure(.dataError, LocalizedText {
                ViewText.fastEndBeforeStart.text($0, ["id": id, "start": display($0).clock(start), "end": display($0).clock(end)])
            })
        case .fastNotStarted(let id, let start):
            return CommandFailure(.dataError, LocalizedText { ViewText.fastNotStarted.text($0, ["id": id, "start": display($0).clock(start)]) })
        case .fastSkipped(let id, let start):
            return CommandFailure(.dataError, LocalizedText { ViewText.fastSkipped.text($0, ["id": id, "start": display($0).clock(start)]) })
        case .repeatingFastNotEditable(let id):
            return CommandFailure(.dataError, LocalizedText(ViewText.repeatingFastNotEditable, ["id": id]))
        case .fastsWouldOverlap(let id, let other, let start, let end):
            return CommandFailure(.dataError, LocalizedText {
                ViewText.fastsWouldOverlap.text($0, ["id": id, "other": other, "start": display($0).clock(start), "end": display($0).clock(end)])
            })
        case .fastTooShortToKeep(let id):
            return CommandFailure(.dataError, LocalizedText(ViewText.fastTooShortToKeep, ["id": id]))
        case .noReminderWithID(let id):
            return CommandFailure(.dataError, LocalizedText(ViewText.noReminderWithID, ["id": id]))
        case .reminderEnded(let id):
            return CommandFailure(.dataError, LocalizedText(ViewText.reminderEnded, ["id": id]))
        case .ruleForOneOffReminder(let id):
            return CommandFailure(.dataError, LocalizedText(ViewText.ruleForOneOffReminder, ["id": id]))
        case .timeForRecurringReminder(let id):
            return CommandFailure(.dataError, LocalizedText(ViewText.timeForRecurringReminder, ["id": id]))
        }
    }
}

extension DeskRefusal.Owner {
    /// What an id names, as the refusals say it.
    func text(display: @escaping (UserLanguage) -> TimeDisplay) -> LocalizedText {
        switch self {
        case .fastScheduled(let id, let start):
            return LocalizedText { CommandText.ownerFastScheduled.text($0, ["id": id, "start": display($0).clockAndRelative(start)]) }
        case .fastRunning(let id):
            return LocalizedText(CommandText.ownerFastRunning, ["id": id])
        case .waterSchedule(let id):
            return LocalizedText(CommandText.ownerWaterSchedule, ["id": id])
        case .reminder(let id, let due):
            return LocalizedText { CommandText.ownerReminder.text($0, ["id": id, "due": display($0).clockAndRelative(due)]) }
        case .recurringReminder(let id, let rule):
            return LocalizedText(CommandText.ownerRecurringReminder, ["id": id, "rule": rule])
        }
    }
}
