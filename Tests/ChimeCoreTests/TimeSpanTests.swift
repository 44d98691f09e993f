import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("TimeSpan: the one duration grammar")
struct TimeSpanTests {
    static let validCases: [(String, Int64)] = [
        ("45m", 2700),
        ("1h30m", 5400),
        ("16h", 57_600),
        ("90s", 90),
        ("2d", 172_800),
        ("1d2h3m4s", 93_784),
        ("1h1s", 3601),
        ("  16h ", 57_600),
        ("0h5m", 300),
        ("366d", 366 * 86_400),
        ("8784h", 366 * 86_400),
    ]

    @Test("reads every documented form", arguments: validCases)
    func readsValidForms(text: String, seconds: Int64) throws {
        let span = try TimeSpan(parsing: text)
        #expect(span.seconds == seconds)
        #expect(span.timeInterval == TimeInterval(seconds))
    }

    @Test("a unit spelled another way is named whole and the right spelling suggested", arguments: [
        ("5min", "invalid duration \"5min\": unknown unit \"min\": use 5m"),
        ("5mins", "invalid duration \"5mins\": unknown unit \"mins\": use 5m"),
        ("1hour", "invalid duration \"1hour\": unknown unit \"hour\": use 1h"),
        ("1hour30minutes", "invalid duration \"1hour30minutes\": unknown unit \"hour\": use 1h30m"),
        ("16H", "invalid duration \"16H\": unknown unit \"H\": use 16h"),
        ("30sec", "invalid duration \"30sec\": unknown unit \"sec\": use 30s"),
        ("2days", "invalid duration \"2days\": unknown unit \"days\": use 2d"),
        ("5x", "invalid duration \"5x\": unknown unit \"x\"; use forms like \(TimeSpan.validForms)"),
        ("5min1h", "invalid duration \"5min1h\": unknown unit \"min\"; use forms like \(TimeSpan.validForms)"),
    ])
    func unitSuggestion(text: String, message: String) {
        #expect(throws: DomainError(.invalidDuration, message)) { try TimeSpan(parsing: text) }
    }

    @Test("rejects bad input with a message that quotes it and lists valid forms", arguments: [
        ("", "empty"),
        ("   ", "empty"),
        ("0m", "longer than zero"),
        ("0h0m0s", "longer than zero"),
        ("0s", "longer than zero"),
        ("-5m", "positive"),
        ("-0m", "positive"),
        ("+5m", "without a sign"),
        ("5x", "unknown unit \"x\""),
        ("5 m", "unknown unit \" \""),
        ("16y", "unknown unit \"y\""),
        ("5", "needs a unit"),
        ("1h30", "needs a unit"),
        ("h", "a number must come before \"h\""),
        ("1h1h", "each unit once"),
        ("30m1h", "largest first"),
        ("1.5h", "fractions"),
        ("1,5h", "fractions"),
        ("99999999999999999999m", "maximum"),
        ("99999999999999999999s", "maximum"),
        ("9223372036854775807s", "maximum"),
        ("106751991167301d", "maximum"),
        ("366d1s", "maximum"),
        ("8785h", "maximum"),
    ])
    func rejectsInvalidInput(text: String, reason: String) {
        let error = #expect(throws: DomainError.self) { try TimeSpan(parsing: text) }
        #expect(error?.kind == .invalidDuration)
        #expect(error?.message.contains("\"\(text)\"") == true, "the message quotes the input")
        #expect(error?.message.contains(TimeSpan.validForms) == true, "the message lists valid forms")
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "") should say \(reason)")
    }

    @Test("a number without unit needs one, even when it overflows")
    func overflowingBareNumber() {
        let error = #expect(throws: DomainError.self) { try TimeSpan(parsing: "99999999999999999999") }
        #expect(error?.message.contains("\"99999999999999999999\"") == true)
    }

    @Test("the initializer from seconds accepts exactly 1...maximum")
    func secondsRange() {
        #expect(TimeSpan(seconds: 0) == nil)
        #expect(TimeSpan(seconds: -1) == nil)
        #expect(TimeSpan(seconds: 1)?.seconds == 1)
        #expect(TimeSpan(seconds: TimeSpan.maximum.seconds) == TimeSpan.maximum)
        #expect(TimeSpan(seconds: TimeSpan.maximum.seconds + 1) == nil)
        #expect(TimeSpan.maximum.seconds == 366 * 86_400)
        #expect(TimeSpan.minutes(90) == TimeSpan.hours(1) + TimeSpan.minutes(30))
    }

    static let descriptionCases: [(Int64, String)] = [
        (5400, "1h30m"),
        (90, "1m30s"),
        (57_600, "16h"),
        (172_800, "2d"),
        (93_784, "1d2h3m4s"),
        (86_401, "1d1s"),
        (1, "1s"),
    ]

    @Test("describes itself canonically, largest units first", arguments: descriptionCases)
    func canonicalDescription(seconds: Int64, text: String) throws {
        #expect(TimeSpan(seconds: seconds)?.description == text)
    }

    @Test("every span reads back from its description")
    func descriptionRoundTrip() throws {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let span = TimeSpan(seconds: Int64.random(in: 1...TimeSpan.maximum.seconds, using: &random))!
            #expect(try TimeSpan(parsing: span.description) == span)
        }
    }

    @Test("orders by length")
    func ordering() {
        #expect(TimeSpan.minutes(59) < TimeSpan.hours(1))
        #expect(!(TimeSpan.hours(1) < TimeSpan.minutes(60)))
        #expect([TimeSpan.hours(2), .minutes(5), .hours(1)].sorted() == [.minutes(5), .hours(1), .hours(2)])
    }

    @Test("encodes as seconds and refuses out-of-range values when decoding")
    func codable() throws {
        let data = try JSONEncoder().encode([TimeSpan.minutes(90)])
        #expect(String(decoding: data, as: UTF8.self) == "[5400]")
        #expect(try JSONDecoder().decode([TimeSpan].self, from: data) == [.minutes(90)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([TimeSpan].self, from: Data("[0]".utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([TimeSpan].self, from: Data("[-60]".utf8)) }
    }
}

extension TimeSpan {
    /// The sum of two spans, for readable expectations.
    fileprivate static func + (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan {
        TimeSpan(seconds: lhs.seconds + rhs.seconds)!
    }
}
