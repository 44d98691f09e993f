import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("Recurrence properties over random rules, starts and zones")
struct RecurrencePropertyTests {
    @Test("occurrences rise strictly, start at the start, avoid gaps and second passes, honour COUNT and UNTIL")
    func properties() {
        var random = SeededGenerator(seed: 0x5EED_2026_0013)
        var failures: [String] = []
        for _ in 0..<400 {
            let rule = RecurrenceRuleGenerator.rule(using: &random)
            let zone = Fixture.zone(RecurrenceRuleGenerator.zones.randomElement(using: &random)!)
            let start = RecurrenceRuleGenerator.start(using: &random)
            let expander = RecurrenceExpander(rule: rule, start: start, timeZone: zone)
            let occurrences = expander.occurrences(limit: 40)
            let label = "\(rule.rruleText) in \(zone.identifier) from \(Fixture.wall(start, zone))"
            func fail(_ what: String) { failures.append("\(label): \(what)") }

            if zip(occurrences, occurrences.dropFirst()).contains(where: { $0 >= $1 }) { fail("not strictly increasing") }
            if let first = occurrences.first, first < expander.start { fail("before the start") }
            if rule.frequency >= .daily {
                for occurrence in occurrences {
                    let reading = Int(occurrence.timeIntervalSince1970) + zone.secondsFromGMT(for: occurrence)
                    let resolved = LocalTimeResolver.instant(ofReading: reading, in: zone)
                    let isJump = zone.secondsFromGMT(for: occurrence - 1) < zone.secondsFromGMT(for: occurrence)
                    // Either the reading's own (first) instant, or the instant the clocks jump.
                    if resolved != occurrence, !isJump { fail("\(Fixture.wall(occurrence, zone)) is neither its reading's instant nor a jump") }
                    if LocalTimeResolver.earlierOccurrence(of: occurrence, in: zone) != nil {
                        fail("\(Fixture.wall(occurrence, zone)) is the second pass of a repeated time")
                    }
                }
            }
            // COUNT and UNTIL cut the unbounded rule's sequence, and nothing else.
            var unbounded = rule
            unbounded.count = nil
            unbounded.until = nil
            let all = RecurrenceExpander(rule: unbounded, start: start, timeZone: zone).occurrences(limit: 40)
            if let count = rule.count {
                if occurrences != Array(all.prefix(count)) { fail("COUNT=\(count) is not the first \(count) of the unbounded rule") }
            } else if case .instant(let until) = rule.until {
                if occurrences != all.filter({ $0 <= until }) { fail("UNTIL is not a cut of the unbounded rule") }
            } else if occurrences != all {
                fail("differs from itself")
            }
            // Asking from a later point gives the same sequence's tail.
            if occurrences.count > 3 {
                let later = occurrences[2] - 0.5
                let tail = expander.occurrences(from: later, limit: 40 - 2)
                if tail != Array(occurrences.dropFirst(2)) { fail("the tail from \(Fixture.wall(later, zone)) differs") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(5))")
    }
}
