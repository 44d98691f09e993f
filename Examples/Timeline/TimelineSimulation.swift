import ChimeCore
import Foundation

/// Runs Chime's scheduling the way the daemon does, on a pure clock: derive requests, wait for
/// the earliest deadline, fire what is due, derive again.
///
/// The user starts a rolling fast and a water schedule through ``FastingPlanner`` (the same
/// change plans the CLI produces) and drinks a glass a few minutes after each water reminder,
/// until the day's goal is met.
struct TimelineSimulation {
    /// Something that happened, in order.
    enum Event {
        /// A notification shown at `instant`.
        case notification(instant: Date, delivery: MisfireResolver.Delivery)
        /// The user logged a glass of water; `consumedML` is the water day's total so far.
        case drink(instant: Date, amountML: Int, consumedML: Int, goalML: Int?)
    }

    let session: FastingSession
    let schedule: WaterSchedule
    let timeZone: TimeZone
    let calendar = Calendar(identifier: .gregorian)
    /// How long after a water reminder the simulated user drinks.
    let drinkDelay: TimeInterval = 5 * 60

    private let planner = FastingPlanner()
    private var queue = PendingQueue<String, String>()
    private var requests: [String: NotificationRequest] = [:]
    private var intakes: [WaterIntake] = []
    private var pendingDrink: Date?

    /// The number of timer wake-ups so far.
    private(set) var wakeUps = 0

    init(session: FastingSession, schedule: WaterSchedule, timeZone: TimeZone) {
        self.session = session
        self.schedule = schedule
        self.timeZone = timeZone
    }

    /// Everything from `start` until `end`.
    mutating func run(from start: Date, until end: Date) throws(DomainError) -> [Event] {
        apply(try planner.start(session, existing: [], replace: false, now: start))
        apply(planner.configure(schedule, intakes: intakes, now: start, timeZone: timeZone, calendar: calendar))

        var events: [Event] = []
        while true {
            let wake = queue.nextWake
            if let drink = pendingDrink, drink < end, wake.map({ drink < $0 }) ?? true {
                pendingDrink = nil
                intakes.append(WaterIntake(instant: drink, amountML: schedule.amountML))
                let consumed = WaterDay.consumed(intakes, at: drink, window: schedule.window, timeZone: timeZone, calendar: calendar)
                events.append(.drink(instant: drink, amountML: schedule.amountML, consumedML: consumed, goalML: schedule.goalML))
                apply(planner.drink(schedule.amountML, schedule: schedule, intakes: Array(intakes.dropLast()), now: drink, timeZone: timeZone, calendar: calendar))
                continue
            }
            guard let wake, wake < end else { break }
            wakeUps += 1
            let due = queue.popDue(at: wake).compactMap { requests.removeValue(forKey: $0.id) }
            for delivery in MisfireResolver.resolve(due, now: wake).deliveries {
                events.append(.notification(instant: wake, delivery: delivery))
                if delivery.request.kind == .water { pendingDrink = wake.addingTimeInterval(drinkDelay) }
            }
            rederive(at: wake)
        }
        return events
    }

    /// Derives every group's requests again after a wake-up, replacing what was pending.
    private mutating func rederive(at now: Date) {
        var plan = ChangePlan()
        plan.cancelledGroups = [session.id, schedule.id]
        plan.requests = planner.requests.requests(for: session, after: now)
        if let water = planner.requests.request(for: schedule, after: now, intakes: intakes, timeZone: timeZone, calendar: calendar) {
            plan.requests.append(water)
        }
        apply(plan)
    }

    /// Applies a change plan to the pending queue: cancellations first, then the new requests.
    private mutating func apply(_ plan: ChangePlan) {
        for group in plan.cancelledGroups {
            for entry in queue.removeAll(inGroup: group) { requests[entry.id] = nil }
        }
        for identifier in plan.cancelledIdentifiers {
            queue.remove(identifier)
            requests[identifier] = nil
        }
        for request in plan.requests {
            requests[request.identifier] = request
            queue.add(request.identifier, group: request.group, due: request.due, deadline: request.deadline)
        }
    }
}
