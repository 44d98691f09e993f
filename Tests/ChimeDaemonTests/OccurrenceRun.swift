import ChimeCore
import ChimeDaemon
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// One seeded run of the property test: the system (a store, the real scheduler on a manual
/// clock and zone, a desk per command as `chime` makes one) and the reference model, driven
/// by the same intentions.
final class OccurrenceRun {
    static let zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo"].map { TimeZone(identifier: $0)! }

    let seed: UInt64
    var random: SeededGenerator
    let harness: SchedulerHarness
    var model: OccurrenceReferenceModel
    var log: [String] = []
    private var fastsStarted = 0
    private(set) var commands: UInt64 = 0
    /// Whether the latest command was carried out (not refused).
    private(set) var lastCommandDone = false
    /// When the stored notifications were last derived (a change through the desk, or chimed).
    var derivedAt: Date

    init(seed: UInt64) throws {
        self.seed = seed
        random = SeededGenerator(seed: seed)
        let zone = Self.zones[seed % 2 == 1 ? 0 : 1]
        let start = try Date(seed <= 3 ? "2027-03-20T10:00:00Z" : "2026-10-17T10:00:00Z", strategy: .iso8601)
        harness = try SchedulerHarness(now: start, zone: zone)
        try harness.start()
        derivedAt = start
        model = OccurrenceReferenceModel(now: start, zone: zone, scheduleID: "")
        let set = try command { desk, now in
            try desk.setFastSchedule(plan: .standard, ruleText: "daily 20:00", remindBefore: [], now: now)
        }.get()
        model = OccurrenceReferenceModel(now: start, zone: zone, scheduleID: set.schedule.id)
        let rule = try RecurrencePhrase.rule(from: "daily 08:00")
        _ = try command { desk, now in
            try desk.remindEvery(Desk.RecurringReminderIntent(text: "pills", ruleText: "daily 08:00", rule: rule, from: nil, id: "pills", nag: nil, urgency: nil), now: now)
        }.get()
        let window = (WallClockTime(hour: 9, minute: 0)!, WallClockTime(hour: 21, minute: 0)!)
        _ = try command { desk, now in
            try desk.configureWater(
                Desk.WaterEvery(interval: .hours(2), from: window.0, until: window.1, amountML: 250, goalML: nil, id: "w"),
                defaults: Desk.WaterDefaults(amountML: 250, goalML: nil, from: window.0, until: window.1), now: now
            )
        }.get()
    }

    func iso(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .omitted))
    }

    // MARK: The system

    /// Runs a command through a desk of its own, as `chime` does, and nudges chimed when it runs.
    func command<Outcome>(_ decide: (Desk, Date) throws -> Desk.Decision<Outcome>) -> Result<Outcome, any Error> {
        commands += 1
        lastCommandDone = false
        let desk = Desk(store: harness.store, timeZone: harness.zones.current, randomSource: SeededGenerator(seed: seed &* 7919 &+ commands))
        let now = harness.now
        do {
            let performed = try desk.perform(requestID: UUID().uuidString, now: now, clock: { now }) { try decide(desk, $0) }
            if let result = performed.result {
                // Deriving again records the fasts of the schedule that have begun.
                model.recordStarted()
                derivedAt = now
                if model.up {
                    _ = harness.scheduler.applyChanges(upTo: result.sequence)
                    harness.settle()
                    harness.advance(to: now)
                }
            }
            guard let outcome = performed.outcome else { return .failure(OccurrenceRunFailure("a replayed request id")) }
            lastCommandDone = true
            return .success(outcome)
        } catch {
            return .failure(error)
        }
    }

    /// The id of the next fast started by hand: `h1`, `h2`...
    func nextFastID() -> String {
        fastsStarted += 1
        return "h\(fastsStarted)"
    }

    /// A desk reading the store at the system's zone.
    var desk: Desk { Desk(store: harness.store, timeZone: harness.zones.current) }

    // MARK: Choosing what happens next

    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// Whether the stored fast notifications are what the rules give now: chimed runs, or
    /// they were derived since the last start of a schedule's fast.
    var fastRequestsKnown: Bool {
        if model.up { return true }
        return !model.instances(from: derivedAt.addingTimeInterval(0.001), through: model.now).contains { $0.0.start > derivedAt }
    }

    func nextIntention() -> OccurrenceIntention {
        if !model.up, chance(15) { return .chimedUp }
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<30:
            let range: ClosedRange<TimeInterval>
            if chance(70) {
                range = 600...(8 * 3600)
            } else if chance(66) {
                range = (8 * 3600)...(2 * 86_400)
            } else {
                range = (2 * 86_400)...(5 * 86_400)
            }
            let seconds = TimeInterval.random(in: range, using: &random).rounded()
            return .advance(seconds, suspend: model.up && chance(30))
        case 30..<38: return .startByHand(ago: [0, 3600, 5 * 3600, 17 * 3600].randomElement(using: &random)!, replace: chance(30))
        case 38..<45: return .stop
        case 45..<48: return .stopWaiting
        case 48..<51: return .cancelWaiting
        case 51..<54: return fastRequestsKnown ? .cancelWaitingStart : .deleteWaiting
        case 54..<57: return .deleteWaiting
        case 57..<60: return .deletePast(index: Int.random(in: 0..<1000, using: &random))
        case 60..<65: return .extend(hours: Int64.random(in: 1...3, using: &random))
        case 65..<67: return .cancelEnd
        case 67..<73: return .drink(ago: chance(70) ? 0 : 20 * 60)
        case 73..<75: return .done
        case 75..<79: return .snooze(minutes: [10, 45, 120].randomElement(using: &random)!)
        case 79..<82: return .skipOccurrence
        case 82..<83: return .endReminder
        case 83..<85: return .remindAgain
        case 85..<87: return .cancelAll
        case 87..<92 where model.up: return .zone(Self.zones.filter { $0.identifier != model.zone.identifier }.randomElement(using: &random)!)
        case 92..<96: return model.up ? .chimedDown : .chimedUp
        default: return .advance(TimeInterval(Int.random(in: 1...90, using: &random) * 60), suspend: false)
        }
    }

    /// `target` moved past every notification due within 5 minutes before it: where chimed
    /// may or may not have shown one yet (its tolerance), the readers would have no one answer.
    func unambiguous(_ target: Date) -> Date {
        var dues = Array(model.fastRequests().values) + [model.reminder.pending?.due, model.waterPending].compactMap { $0 }
        dues += model.instances(from: target.addingTimeInterval(-86_400), through: target).flatMap { [$0.0.start, $0.0.fastEnd] }
        dues += [model.occurrence(after: target.addingTimeInterval(-301))?.due, model.nextWater(after: target.addingTimeInterval(-301))].compactMap { $0 }
        var adjusted = target
        for _ in 0..<8 {
            guard let due = dues.first(where: { $0 <= adjusted && adjusted < $0.addingTimeInterval(301) }) else { break }
            adjusted = due.addingTimeInterval(301)
        }
        return adjusted
    }
}

/// A step of the property test that could not be carried out.
struct OccurrenceRunFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
