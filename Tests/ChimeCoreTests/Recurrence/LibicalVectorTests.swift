import Foundation
import Testing

@testable import ChimeCore

/// One case of `LibicalRecurrenceVectors`: a rule, its DTSTART and the instances libical expects.
struct LibicalCase: Sendable, CustomTestStringConvertible {
    let title: String
    let rrule: String
    let start: String
    let startAt: String?
    let instances: String

    var testDescription: String { "\(title): \(rrule) from \(start)" }

    /// Why the case cannot run here, or `nil` when it can.
    var skipReason: String? {
        if instances.contains("UNIMPLEMENTED") { return "libical gives no expected instances (it does not implement this case)" }
        if rrule.uppercased().contains("RSCALE") || rrule.uppercased().contains("SKIP=") {
            return "RSCALE/SKIP are RFC 7529 extensions (non-Gregorian calendars), not RFC 5545"
        }
        return nil
    }

    /// Every case in the data, in order.
    static let all: [LibicalCase] = {
        var cases: [LibicalCase] = []
        for block in LibicalRecurrenceVectors.text.components(separatedBy: "\n\n") {
            var title = "", rrule = "", start = "", instances = ""
            var startAt: String?
            for line in block.split(separator: "\n") {
                if line.hasPrefix("#") {
                    if title.isEmpty { title = line.dropFirst().trimmingCharacters(in: .whitespaces) }
                } else if line.hasPrefix("RRULE:") {
                    rrule = String(line)
                } else if line.hasPrefix("DTSTART:") {
                    start = String(line.dropFirst("DTSTART:".count))
                } else if line.hasPrefix("START-AT:") {
                    startAt = String(line.dropFirst("START-AT:".count))
                } else if line.hasPrefix("INSTANCES:") {
                    instances = String(line.dropFirst("INSTANCES:".count))
                }
            }
            if !rrule.isEmpty { cases.append(LibicalCase(title: title, rrule: rrule, start: start, startAt: startAt, instances: instances)) }
        }
        return cases
    }()

    /// `19970902T090000`, `19970902T090000Z` or `19970902` as an instant, floating times read in UTC.
    static func instant(_ text: String) -> Date {
        let digits = text.filter { $0.isNumber }
        let numbers = stride(from: 0, to: digits.count, by: 2).map { offset -> Int in
            let start = digits.index(digits.startIndex, offsetBy: offset)
            return Int(digits[start..<digits.index(start, offsetBy: 2)])!
        }
        let day = CivilCalendar.dayNumber(year: numbers[0] * 100 + numbers[1], month: numbers[2], day: numbers[3])
        let seconds = numbers.count > 4 ? numbers[4] * 3600 + numbers[5] * 60 + numbers[6] : 0
        return Date(timeIntervalSince1970: TimeInterval(day * 86_400 + seconds))
    }

    /// The outcome of running the case: `nil` when the engine gives exactly the expected instances.
    func mismatch() -> String? {
        var rule: RecurrenceRule
        do {
            rule = try RecurrenceRule(parsing: rrule)
        } catch {
            return "rejected: \(error.message)"
        }
        // A date-only DTSTART has no time of day: RFC 5545 forbids BYHOUR/BYMINUTE/BYSECOND then,
        // and libical ignores them.
        if !start.contains("T") {
            rule.byHour = []
            rule.byMinute = []
            rule.bySecond = []
        }
        let utc = TimeZone(identifier: "UTC")!
        let expander = RecurrenceExpander(rule: rule, start: Self.instant(start), timeZone: utc)
        let expected = instances.split(separator: ",").map { Self.instant(String($0)) }
        let limit = rule.count == nil && rule.until == nil ? expected.count : expected.count + 10
        let actual = expander.occurrences(limit: limit)
        if actual != expected {
            return "expected \(expected.count) [\(Self.list(expected))], got \(actual.count) [\(Self.list(actual))]"
        }
        if let startAt {
            let from = Self.instant(startAt)
            let tail = expander.occurrences(from: from, limit: limit)
            if tail != expected.filter({ $0 >= from }) { return "from \(startAt): got [\(Self.list(tail))]" }
        }
        return nil
    }

    private static func list(_ instants: [Date]) -> String {
        instants.prefix(12).map { ISO8601DateFormatter().string(from: $0) }.joined(separator: ",") + (instants.count > 12 ? ",..." : "")
    }
}

@Suite("libical's recurrence vectors, as data")
struct LibicalVectorTests {
    @Test("each runnable case gives exactly libical's instances", arguments: LibicalCase.all.filter { $0.skipReason == nil })
    func runs(_ vector: LibicalCase) {
        let mismatch = vector.mismatch()
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test("the data holds every case, and only libical's unimplemented one is skipped")
    func counts() {
        let all = LibicalCase.all
        let skipped = all.filter { $0.skipReason != nil }
        let passing = all.filter { $0.skipReason == nil && $0.mismatch() == nil }
        #expect(all.count == 141)
        #expect(skipped.count == 1)
        #expect(passing.count == all.count - skipped.count, "libical vectors: \(passing.count) of \(all.count - skipped.count) runnable pass")
    }
}
