import ChimeCore
import Foundation

/// Random valid recurrence rules for property tests and benchmarks, with parts chosen to land
/// near daylight-saving changes (early hours, March/April and September-November, last Sundays).
public enum RecurrenceRuleGenerator {
    /// A random rule that obeys RFC 5545's constraints.
    public static func rule(using random: inout SeededGenerator) -> RecurrenceRule {
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
            // Round-trip through the text, so every rule obeys the RFC's constraints.
            if let valid = try? RecurrenceRule(parsing: rule.rruleText) { return valid }
        }
    }

    /// An instant in 2026 (2026-02-15 to 2026-12-01), a span holding every change of the zones
    /// in `zones`.
    public static func start(using random: inout SeededGenerator) -> Date {
        Date(timeIntervalSince1970: Double(Int.random(in: 1_771_113_600...1_796_083_200, using: &random)))
    }

    /// Zones with one-hour, half-hour and 45-minute offsets, changes at midnight, and none.
    public static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "America/Santiago", "Asia/Kolkata"]
}
