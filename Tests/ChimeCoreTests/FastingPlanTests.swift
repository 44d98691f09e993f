import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("FastingPlan: presets, F:E and single durations")
struct FastingPlanTests {
    static let presetCases: [(String, Int64, Int64?)] = [
        ("16:8", 16, 8),
        ("18:6", 18, 6),
        ("20:4", 20, 4),
        ("14:10", 14, 10),
        ("23:1", 23, 1),
        ("omad", 23, 1),
        ("OMAD", 23, 1),
        ("Omad", 23, 1),
        ("36h", 36, nil),
    ]

    @Test("every preset the issue names parses to its plan", arguments: presetCases)
    func presets(text: String, fastingHours: Int64, eatingHours: Int64?) throws {
        let plan = try FastingPlan(parsing: text)
        #expect(plan.fasting == .hours(fastingHours))
        #expect(plan.eating == eatingHours.map { .hours($0) })
    }

    @Test("presets are listed by name for help, each with a summary")
    func presetList() {
        let names = FastingPlan.presets.map(\.name)
        #expect(names == ["14:10", "16:8", "18:6", "20:4", "23:1", "omad", "36h", "5:2", "4:3", "adf"])
        #expect(FastingPlan.presets.allSatisfy { !$0.summary.isEmpty })
        for preset in FastingPlan.presets {
            #expect((try? FastingPlan(parsing: preset.name)) == preset.plan)
        }
        #expect(FastingPlan.standard == Fixture.plan("16:8"))
    }

    static let fastAndEatCases: [(String, Int64, Int64)] = [
        ("12:12", 12 * 3600, 12 * 3600),
        ("16:08", 16 * 3600, 8 * 3600),
        ("16h:8h", 16 * 3600, 8 * 3600),
        ("90m:30m", 5400, 1800),
        ("10s:5s", 10, 5),
        ("1h30m:30m", 5400, 1800),
        ("16:30m", 16 * 3600, 1800),
        (" 17:7 ", 17 * 3600, 7 * 3600),
        ("16 : 8", 16 * 3600, 8 * 3600),
        ("2d:12h", 2 * 86_400, 12 * 3600),
    ]

    @Test("F:E with bare numbers means hours; either side may be a duration", arguments: fastAndEatCases)
    func fastAndEat(text: String, fasting: Int64, eating: Int64) throws {
        let plan = try FastingPlan(parsing: text)
        #expect(plan.fasting.seconds == fasting)
        #expect(plan.eating?.seconds == eating)
        #expect(plan.cycleLength == TimeInterval(fasting + eating))
    }

    @Test("a single duration is a fast without eating window", arguments: ["48h", "90m", "1d12h", "10s"])
    func fastOnly(text: String) throws {
        let plan = try FastingPlan(parsing: text)
        #expect(plan.eating == nil)
        #expect(plan.fasting == Fixture.span(text))
        #expect(plan.cycleLength == plan.fasting.timeInterval)
    }

    @Test("rejects bad plans with a message that quotes the input and lists valid forms", arguments: [
        ("", "empty"),
        ("16:", "the eating part"),
        (":8", "the fasting part"),
        ("16:0", "between 1 and"),
        ("0:8", "between 1 and"),
        ("16:8:1", "at most one"),
        ("abc", "unknown unit"),
        ("36", "needs a unit"),
        ("16x:8", "unknown unit \"x\""),
        ("99999:1", "between 1 and"),
        ("8785:1", "between 1 and"),
        ("16:-8", "positive"),
        ("0h", "longer than zero"),
        ("99999999999999999999h", "maximum"),
    ])
    func rejects(text: String, reason: String) {
        let error = #expect(throws: DomainError.self) { try FastingPlan(parsing: text) }
        #expect(error?.kind == .invalidPlan)
        #expect(error?.message.contains("\"\(text)\"") == true)
        #expect(error?.message.contains(FastingPlan.validForms) == true)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "") should say \(reason)")
    }

    @Test("a plan reads its durations in the one duration grammar: uppercase units are refused as everywhere", arguments: [
        ("16H:8H", "unknown unit \"H\""),
        ("16h:8H", "the eating part \"8H\": unknown unit \"H\""),
        ("90M:30m", "the fasting part \"90M\": unknown unit \"M\""),
        ("36H", "unknown unit \"H\""),
        ("1D12h", "unknown unit \"D\""),
    ])
    func durationCase(text: String, reason: String) {
        let error = #expect(throws: DomainError.self) { try FastingPlan(parsing: text) }
        #expect(error?.kind == .invalidPlan)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "") should say \(reason)")
        // The same side on its own is refused by the duration parser that options use.
        let side = text.split(separator: ":").first { $0.contains { $0.isUppercase } }.map(String.init) ?? text
        #expect(throws: DomainError.self) { try TimeSpan(parsing: side) }
    }

    @Test("lowercase plans and word presets in any case are accepted", arguments: ["16h:8h", "36h", "omad", "OMAD", "oMaD"])
    func caseAccepted(text: String) {
        #expect((try? FastingPlan(parsing: text)) != nil)
    }

    @Test("describes itself in the shortest form that reads back", arguments: [
        ("16:8", "16:8"),
        ("omad", "23:1"),
        ("36h", "36h"),
        ("90m:30m", "1h30m:30m"),
        ("10s:5s", "10s:5s"),
        ("16:30m", "16h:30m"),
        ("90m", "1h30m"),
    ])
    func description(text: String, expected: String) throws {
        let plan = try FastingPlan(parsing: text)
        #expect(plan.description == expected)
        #expect(try FastingPlan(parsing: plan.description) == plan)
    }

    @Test("random plans survive description and Codable round trips")
    func roundTrips() throws {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<1000 {
            let fasting = TimeSpan(seconds: Int64.random(in: 1...(3 * 86_400), using: &random))!
            let eating = Bool.random(using: &random) ? nil : TimeSpan(seconds: Int64.random(in: 1...86_400, using: &random))
            let plan = FastingPlan(fasting: fasting, eating: eating)
            #expect(try FastingPlan(parsing: plan.description) == plan)
            let data = try JSONEncoder().encode([plan])
            #expect(try JSONDecoder().decode([FastingPlan].self, from: data) == [plan])
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([FastingPlan].self, from: Data("[\"16:0\"]".utf8)) }
    }
}
