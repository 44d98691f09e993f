import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Synchronization

/// Runs chimed's own ``Scheduler`` on a manual clock and timer, with a store in a temporary
/// directory and a recording notifier in place of the notification server: what it records is
/// what chimed would show, when chimed would show it (no copy of its rules to drift).
///
/// The user starts a rolling fast and a water schedule through ``FastingPlanner`` (the change
/// plans the CLI writes) and drinks a glass a few minutes after each water reminder, until the
/// day's goal is met.
final class TimelineSimulation {
    /// Something that happened, in order.
    enum Event {
        /// A notification handed to the server at `instant`.
        case notification(instant: Date, job: DeliveryJob)
        /// The user logged a glass of water; `consumedML` is the water day's total so far.
        case drink(instant: Date, amountML: Int, consumedML: Int, goalML: Int?)
    }

    /// Why the simulation could not run.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let session: FastingSession
    let schedule: WaterSchedule
    let timeZone: TimeZone
    let calendar: Calendar
    /// How long after a water reminder the simulated user drinks.
    let drinkDelay: TimeInterval = 5 * 60

    private let planner = FastingPlanner()

    /// The number of timer wake-ups so far.
    private(set) var wakeUps = 0

    init(session: FastingSession, schedule: WaterSchedule, timeZone: TimeZone) {
        self.session = session
        self.schedule = schedule
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// Everything from `start` until `end`.
    func run(from start: Date, until end: Date) throws -> [Event] {
        let directory = try TemporaryDirectory(prefix: "chime-timeline")
        let store = try Store(path: directory.appending("chime.db"))
        let clock = ManualClock(start: start)
        let timer = ManualTimer(clock: clock)
        let notifier = RecordingNotifier(response: .showAll)
        let inbox = SchedulerInbox()
        let scheduler = Scheduler(
            store: store, notifier: notifier, clock: clock, timer: timer, timeZones: ManualTimeZone(timeZone),
            log: DaemonLog(threshold: .warning), post: { inbox.post($0) }
        )
        defer { scheduler.stop() }
        /// Hands the scheduler the notifier's answers, on this thread, until none is awaited.
        func settle() throws {
            let deadline = Date().addingTimeInterval(10)
            while true {
                let messages = inbox.take()
                for message in messages { scheduler.handle(message) }
                if messages.isEmpty, scheduler.awaitedAnswers == 0 { return }
                if messages.isEmpty, !inbox.wait(until: deadline) {
                    throw Failure(description: "the recording notifier did not answer within 10 s")
                }
            }
        }
        /// Writes `plan` as the CLI would, and tells the scheduler, as the CLI's nudge does.
        func write(_ plan: ChangePlan) throws {
            let result = try store.apply(plan, now: clock.now)
            _ = scheduler.applyChanges(upTo: result.sequence)
            try settle()
        }

        // Set up before chimed starts, as `chime fast start` and `chime water every` would.
        try store.apply(try planner.start(session, existing: [], replace: false, now: start), now: start)
        try store.apply(planner.configure(schedule, intakes: [], now: start, timeZone: timeZone, calendar: calendar), now: start)
        try scheduler.start()
        try settle()

        var events: [Event] = []
        var recorded = 0
        var pendingDrink: Date?
        while true {
            let deadline = timer.armedDeadline
            if let drink = pendingDrink, drink < end, deadline.map({ drink < $0 }) ?? true {
                pendingDrink = nil
                clock.set(to: drink)
                let intakes = try store.waterIntakes(since: drink.addingTimeInterval(-2 * 86_400))
                let plan = planner.drink(schedule.amountML, schedule: schedule, intakes: intakes, now: drink, timeZone: timeZone, calendar: calendar)
                try write(plan)
                let consumed = WaterDay.consumed(intakes + plan.intakes.map(\.intake), at: drink, window: schedule.window, timeZone: timeZone, calendar: calendar)
                events.append(.drink(instant: drink, amountML: schedule.amountML, consumedML: consumed, goalML: schedule.goalML))
                continue
            }
            guard let deadline, deadline < end else { break }
            clock.set(to: max(deadline, clock.now))
            guard timer.fireIfDue() else { continue }
            wakeUps += 1
            scheduler.timerFired()
            try settle()
            let deliveries = notifier.deliveries
            for job in deliveries[recorded...] {
                events.append(.notification(instant: job.now, job: job))
                if job.request.kind == .water { pendingDrink = job.now.addingTimeInterval(drinkDelay) }
            }
            recorded = deliveries.count
        }
        return events
    }
}
