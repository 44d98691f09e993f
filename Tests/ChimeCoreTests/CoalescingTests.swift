import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

/// Arming one timer at `nextWake` (or at `earliestWake`, which the daemon uses) and firing
/// everything due there takes the fewest wake-ups possible: the minimum number of instants that
/// stab every `[due, deadline]` interval.
@Suite("Coalescing: wake-ups at the earliest deadline, or at the latest due instant before it, are optimal")
struct CoalescingTests {
    /// Where the simulated timer is armed.
    enum WakePolicy: CaseIterable, CustomStringConvertible {
        case earliestDeadline
        case latestDueBeforeIt

        func wake(_ queue: PendingQueue<Int>) -> Date? {
            switch self {
            case .earliestDeadline: return queue.nextWake
            case .latestDueBeforeIt: return queue.earliestWake
            }
        }

        var description: String {
            switch self {
            case .earliestDeadline: return "nextWake"
            case .latestDueBeforeIt: return "earliestWake"
            }
        }
    }

    struct Interval {
        let due: Double
        let deadline: Double
    }

    /// Wake-ups taken by the queue policy, checking that every request fires exactly once,
    /// never before its due instant and never after its deadline.
    static func simulate(_ intervals: [Interval], policy: WakePolicy) -> (wakeups: Int, violations: [String]) {
        var queue = PendingQueue<Int>()
        for (index, interval) in intervals.enumerated() {
            queue.add(index, due: Date(timeIntervalSinceReferenceDate: interval.due), deadline: Date(timeIntervalSinceReferenceDate: interval.deadline))
        }
        var wakeups = 0
        var fired = Set<Int>()
        var violations: [String] = []
        while let wake = policy.wake(queue) {
            wakeups += 1
            let due = queue.popDue(at: wake)
            if due.isEmpty { violations.append("wake-up \(wakeups) fired nothing") }
            for entry in due {
                let interval = intervals[entry.id]
                let instant = wake.timeIntervalSinceReferenceDate
                if instant < interval.due { violations.append("#\(entry.id) fired early at \(instant)") }
                if instant > interval.deadline { violations.append("#\(entry.id) fired late at \(instant)") }
                if !fired.insert(entry.id).inserted { violations.append("#\(entry.id) fired twice") }
            }
            if wakeups > intervals.count { violations.append("more wake-ups than requests"); break }
        }
        if fired.count != intervals.count { violations.append("\(intervals.count - fired.count) never fired") }
        return (wakeups, violations)
    }

    /// The minimum number of instants stabbing every interval, by exhaustive search: a
    /// breadth-first search over the sets of intervals covered so far, where each step picks
    /// any endpoint as an instant (an optimal instant can always slide right to the nearest
    /// deadline of the intervals it stabs, so endpoints suffice).
    static func bruteForceOptimum(_ intervals: [Interval]) -> Int {
        let candidates = Set(intervals.flatMap { [$0.due, $0.deadline] })
        let masks = Set(candidates.map { point in
            intervals.enumerated().reduce(0) { mask, item in
                item.element.due <= point && point <= item.element.deadline ? mask | (1 << item.offset) : mask
            }
        }).filter { $0 != 0 }
        let full = (1 << intervals.count) - 1
        var distance = [Int](repeating: -1, count: full + 1)
        distance[0] = 0
        var frontier = [0]
        while !frontier.isEmpty {
            var next: [Int] = []
            for state in frontier {
                for mask in masks where distance[state | mask] < 0 {
                    distance[state | mask] = distance[state] + 1
                    next.append(state | mask)
                }
            }
            if distance[full] >= 0 { return distance[full] }
            frontier = next
        }
        return distance[full]
    }

    /// The optimum by the greedy rule: stab at the earliest deadline not yet covered.
    static func greedyOptimum(_ intervals: [Interval]) -> Int {
        var stabs = 0
        var last = -Double.infinity
        for interval in intervals.sorted(by: { $0.deadline < $1.deadline }) where interval.due > last {
            stabs += 1
            last = interval.deadline
        }
        return stabs
    }

    static func randomIntervals(count: Int, span: Int, tolerance: Int, using random: inout SeededGenerator) -> [Interval] {
        (0..<count).map { _ in
            let due = Double(Int.random(in: 0...span, using: &random))
            return Interval(due: due, deadline: due + Double(Int.random(in: 0...tolerance, using: &random)))
        }
    }

    @Test("equals the exhaustive optimum on 2,000 random small instances", arguments: WakePolicy.allCases)
    func smallInstances(policy: WakePolicy) {
        var random = SeededGenerator(seed: 2026)
        var failures: [String] = []
        for round in 0..<2000 {
            let intervals = Self.randomIntervals(
                count: Int.random(in: 1...10, using: &random),
                span: Int.random(in: 0...40, using: &random),
                tolerance: Int.random(in: 0...12, using: &random),
                using: &random
            )
            let (wakeups, violations) = Self.simulate(intervals, policy: policy)
            let optimum = Self.bruteForceOptimum(intervals)
            if wakeups != optimum || !violations.isEmpty {
                failures.append("round \(round): \(wakeups) wake-ups, optimum \(optimum), \(violations) for \(intervals.map { ($0.due, $0.deadline) })")
            }
        }
        let failureCount = failures.count
        #expect(failureCount == 0, "\(failures.prefix(3).joined(separator: "\n"))")
    }

    @Test("equals the greedy optimum on large instances with the real tolerances, fractional times included", arguments: WakePolicy.allCases)
    func largeInstances(policy: WakePolicy) {
        var random = SeededGenerator(seed: 99)
        let tolerances: [Double] = [0, 5, 10, 60, 120, 180, 300]
        for _ in 0..<8 {
            let intervals = (0..<1500).map { _ in
                let due = Double.random(in: 0..<86_400, using: &random).rounded(toPlaces: Bool.random(using: &random) ? 0 : 3)
                return Interval(due: due, deadline: due + tolerances.randomElement(using: &random)!)
            }
            let (wakeups, violations) = Self.simulate(intervals, policy: policy)
            #expect(violations.isEmpty)
            #expect(wakeups == Self.greedyOptimum(intervals))
        }
    }

    @Test("requests at the same instant share one wake-up; zero tolerance still fires on time", arguments: WakePolicy.allCases)
    func sharedInstant(policy: WakePolicy) {
        let intervals = [Interval(due: 10, deadline: 10), Interval(due: 10, deadline: 10), Interval(due: 5, deadline: 15), Interval(due: 11, deadline: 11)]
        let (wakeups, violations) = Self.simulate(intervals, policy: policy)
        #expect(violations.isEmpty)
        #expect(wakeups == 2)
    }

    @Test("earliestWake: a request alone in its window fires on its due instant, a group at its latest due")
    func earliestWakeIsAsEarlyAsCoalescingAllows() {
        var queue = PendingQueue<Int>()
        let t0 = Date(timeIntervalSinceReferenceDate: 1_000)
        // A water reminder with five minutes of tolerance, alone: on time, not 5 min late.
        queue.add(1, due: t0, deadline: t0 + 300)
        #expect(queue.earliestWake == t0)
        #expect(queue.nextWake == t0 + 300)
        // Another falls due inside that window: one wake at the later due instant takes both.
        queue.add(2, due: t0 + 120, deadline: t0 + 130)
        #expect(queue.nextWake == t0 + 130)
        #expect(queue.earliestWake == t0 + 120)
        // Due after the earliest deadline: not part of this wake, so it does not delay it.
        queue.add(3, due: t0 + 200, deadline: t0 + 210)
        #expect(queue.earliestWake == t0 + 120)
        #expect(queue.popDue(at: t0 + 120).map(\.id) == [2, 1])
        #expect(queue.earliestWake == t0 + 200)
        _ = queue.popDue(at: t0 + 200)
        #expect(queue.earliestWake == nil)
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
