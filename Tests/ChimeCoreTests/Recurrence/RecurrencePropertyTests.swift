import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("Recurrence properties over random rules, starts and zones")
struct RecurrencePropertyTests {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "America/Santiago", "Asia/Kolkata"]

    /// A random valid rule: parts chosen to land near daylight-saving changes (early hours,
    /// March/April and September-November, last Sundays).
    static func randomRule(_ random: inout SeededGenerator) -> RecurrenceRule {
        while true {
            let frequency: RecurrenceRule.Frequency = [.yearly, .monthly, .weekly, .daily, .daily, .hourly, .minutely, .secondly].randomElement(using: &random)!
            var rule = RecurrenceRule(frequency: frequency, interval: Int.random(in: 1...3, using: &random))
            func maybe(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
            func some(_ pool: [Int]) -> [Int] { Array(pool.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))) }
            if frequency == .secondly {
                rule.bySecond = some([0, 15, 30, 45])
                rule.byMinute = some([0, 30])
            }
            if maybe(45) { rule.byHour = some([0, 1, 2, 3, 23, 9]) }
            if maybe(35), frequency != .secondly { rule.byMinute = some([0, 15, 30, 45]) }
            if maybe(10), frequency >= .minutely { rule.bySecond = some([0, 30]) }
            if maybe(35) {
                if frequency == .monthly || frequency == .yearly, maybe(60) {
                    rule.byDay = [RecurrenceRule.WeekdayOccurrence(.sunday, ordinal: [1, -1, 2].randomElement(using: &random)!)]
                } else {
                    rule.byDay = some([0, 4, 6]).map { RecurrenceRule.WeekdayOccurrence(RecurrenceRule.Weekday(rawValue: $0)!) }
                }
            }
            if maybe(20), frequency != .weekly { rule.byMonthDay = some([1, 15, 29, 30, 31, -1]) }
            if maybe(30) { rule.byMonth = some([3, 4, 9, 10, 11]) }
            if maybe(10), frequency == .yearly { rule.byYearDay = some([1, 100, -1, 300]) }
            if maybe(8), frequency == .yearly, rule.byDay.allSatisfy({ $0.ordinal == nil }) { rule.byWeekNumber = some([1, 13, 40, -1]) }
            if maybe(10) { rule.bySetPosition = [[1], [-1], [1, -1]].randomElement(using: &random)! }
            if maybe(30) { rule.count = Int.random(in: 1...25, using: &random) }
            if rule.count == nil, maybe(25) {
                rule.until = .instant(Date(timeIntervalSince1970: 1_774_000_000 + Double.random(in: 0...40_000_000, using: &random)))
            }
            // Round-trip through the text, so every rule used obeys RFC 5545's constraints.
            if let valid = try? RecurrenceRule(parsing: rule.rruleText) { return valid }
        }
    }

    /// A start in 2026, often within days of a change somewhere.
    static func randomStart(_ random: inout SeededGenerator) -> Date {
        // 2026-02-15 .. 2026-12-01 covers every change of the six zones.
        let seconds = Double(Int.random(in: 1_771_113_600...1_796_083_200, using: &random))
        return Date(timeIntervalSince1970: seconds)
    }

    @Test("occurrences rise strictly, start at the start, avoid gaps and second passes, honour COUNT and UNTIL")
    func properties() {
        var random = SeededGenerator(seed: 0x5EED_2026_0013)
        var failures: [String] = []
        for _ in 0..<400 {
            let rule = Self.randomRule(&random)
            let zone = Fixture.zone(Self.zones.randomElement(using: &random)!)
            let start = Self.randomStart(&random)
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
