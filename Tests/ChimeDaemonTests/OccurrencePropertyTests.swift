import ChimeCore
import ChimeDaemon
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// Random sequences of intentions, as `chime` (through the desk), the real scheduler (chimed,
/// driven by ``SchedulerHarness``), the clock and the system's zone produce them, against
/// ``OccurrenceReferenceModel``. After every step every reader agrees with the model, and so
/// with every other: `fast status`, `status`, `fast schedule`, `fast history`, `list`,
/// `remind list`, `water status`, and what became of each reminder occurrence. A failure
/// names the seed and prints the steps taken.
@Suite("property: every reader agrees with a reference model over random intentions")
struct OccurrencePropertyTests {
    /// Steps per seed.
    static let steps = 250

    /// Seeds: odd ones start in UTC, even ones in Europe/Berlin; the first three in March 2027
    /// (Europe springs forward on the 28th), the others in October 2026 (back on the 25th).
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6]

    /// What every seed's run must have carried out at least once (the first two words of each
    /// intention), so that agreeing is not agreeing about nothing.
    static let exercised: Set<String> = [
        "fast start", "fast stop", "fast delete", "fast extend", "cancel WAITING", "cancel fast/WAITING/start", "water drink",
        "snooze remind/pills/PENDING", "cancel remind/pills/PENDING", "the zone", "chimed stops", "chimed starts", "time passes:", "suspended for",
    ]

    @Test("fast schedule, fasts by hand, a daily reminder and water, through random intentions", arguments: seeds)
    func readersAgree(seed: UInt64) throws {
        let run = try OccurrenceRun(seed: seed)
        var carriedOut = Set<String>()
        for step in 0..<Self.steps {
            let intention = run.nextIntention()
            let line = "\(step) at \(run.iso(run.harness.now)) [\(run.model.up ? "up" : "down"), \(run.model.zone.identifier)]: \(intention)"
            let outcome = try run.perform(intention)
            run.log.append(line + (outcome == nil ? " (not carried out)" : ""))
            if outcome != nil { carriedOut.insert(intention.description.split(separator: " ").prefix(2).joined(separator: " ")) }
            let problems = (outcome ?? []) + (try run.compare(wholeHistory: step == Self.steps - 1))
            if !problems.isEmpty {
                Issue.record("seed \(seed), step \(step): \(problems.joined(separator: "; "))\n\(try run.describeFasts())\nsteps:\n\(run.log.joined(separator: "\n"))")
                return
            }
        }
        #expect(carriedOut.isSuperset(of: Self.exercised), "seed \(seed) never did \(Self.exercised.subtracting(carriedOut))")
    }
}

/// One intention of the property test.
enum OccurrenceIntention: CustomStringConvertible {
    case startByHand(ago: TimeInterval, replace: Bool)
    case stop
    case stopWaiting, cancelWaiting, cancelWaitingStart, deleteWaiting
    case deletePast(index: Int)
    case extend(hours: Int64)
    case cancelEnd
    case drink(ago: TimeInterval)
    case done
    case snooze(minutes: Int64)
    case skipOccurrence, endReminder, remindAgain, cancelAll
    case zone(TimeZone)
    case advance(TimeInterval, suspend: Bool)
    case chimedDown, chimedUp

    var description: String {
        switch self {
        case .startByHand(let ago, let replace): return "fast start 16:8 --ago \(Int(ago / 60))m\(replace ? " --replace" : "")"
        case .stop: return "fast stop"
        case .stopWaiting: return "fast stop --id WAITING"
        case .cancelWaiting: return "cancel WAITING"
        case .cancelWaitingStart: return "cancel fast/WAITING/start"
        case .deleteWaiting: return "fast delete WAITING"
        case .deletePast(let index): return "fast delete (the fast begun #\(index))"
        case .extend(let hours): return "fast extend \(hours)h"
        case .cancelEnd: return "cancel fast/CURRENT/end"
        case .drink(let ago): return "water drink\(ago > 0 ? " --at \(Int(ago / 60))m ago" : "")"
        case .done: return "done pills"
        case .snooze(let minutes): return "snooze remind/pills/PENDING \(minutes)m"
        case .skipOccurrence: return "cancel remind/pills/PENDING"
        case .endReminder: return "cancel pills"
        case .remindAgain: return "remind every \"daily 08:00\" pills --id pills"
        case .cancelAll: return "cancel --all"
        case .zone(let zone): return "the zone becomes \(zone.identifier)"
        case .advance(let seconds, let suspend): return "\(suspend ? "suspended for" : "time passes:") \(Int(seconds / 60)) min"
        case .chimedDown: return "chimed stops"
        case .chimedUp: return "chimed starts"
        }
    }
}
