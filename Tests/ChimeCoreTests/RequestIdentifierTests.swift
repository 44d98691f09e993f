import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("RequestIdentifier and EntityID: deterministic names")
struct RequestIdentifierTests {
    @Test("request identifiers follow the documented grammar")
    func grammar() {
        #expect(RequestIdentifier.fastStart(session: "f-3k9") == "fast/f-3k9/start")
        #expect(RequestIdentifier.fastEnd(session: "f-3k9", cycle: nil) == "fast/f-3k9/end")
        #expect(RequestIdentifier.fastEnd(session: "f-3k9", cycle: 12) == "fast/f-3k9/end/12")
        #expect(RequestIdentifier.fastNudge(session: "f-3k9", before: .minutes(90), cycle: nil) == "fast/f-3k9/before-1h30m")
        #expect(RequestIdentifier.fastNudge(session: "f-3k9", before: .hours(1), cycle: 4) == "fast/f-3k9/before-1h/4")
        #expect(RequestIdentifier.eatingEnd(session: "f-3k9", cycle: 0) == "fast/f-3k9/eating-end/0")
        #expect(RequestIdentifier.reminder(id: "r-1") == "remind/r-1")
        let date = LocalDate(year: 2026, month: 3, day: 9)
        #expect(RequestIdentifier.water(schedule: "w-1", date: date, time: Fixture.time("07:05")) == "water/w-1/2026-03-09T07:05")
        #expect(RequestIdentifier.water(schedule: "w-1", date: date, time: Fixture.time("07:05"), second: 9) == "water/w-1/2026-03-09T07:05:09")
    }

    @Test("entity ids: letters of any script, digits, '-', '_' and '.', starting with a letter or digit, at most 40", arguments: [
        "f-3k9", "a", "Fast_2026.03", String(repeating: "x", count: 40), "9lives", "药", "fästen", "таблетки", "दवा", "薬-朝", String(repeating: "药", count: 40),
    ])
    func validIDs(text: String) throws {
        #expect(try EntityID.validate(text) == text)
    }

    @Test("entity ids that could not be typed or embedded are refused", arguments: [
        "", "-f", ".hidden", "has space", "slash/es", String(repeating: "x", count: 41), "tab\t", "f\u{0}",
        String(repeating: "药", count: 41), "药 丸", "☕", "pill☕", "\u{301}e", "a\u{200B}b", "a\u{202E}b", "½", "药，丸",
    ])
    func invalidIDs(text: String) {
        let error = #expect(throws: DomainError.self) { try EntityID.validate(text) }
        #expect(error?.kind == .invalidIdentifier)
        #expect(error?.message.contains("\"\(text)\"") == true)
    }

    @Test("an id typed with a combining accent names the same thing as the precomposed one")
    func normalForm() throws {
        #expect(try EntityID.validate("cafe\u{301}") == "caf\u{E9}")
        #expect(try EntityID.validate("caf\u{E9}").unicodeScalars.count == 4)
    }

    @Test("generated ids are short, readable and reproducible with a seeded generator")
    func generated() throws {
        var first = SeededGenerator(seed: 5)
        var second = SeededGenerator(seed: 5)
        let ids = (0..<200).map { _ in EntityID.generate(prefix: "f", using: &first) }
        #expect(ids == (0..<200).map { _ in EntityID.generate(prefix: "f", using: &second) })
        for id in ids {
            #expect(id.count == 5)
            #expect(id.hasPrefix("f-"))
            #expect(!id.dropFirst(2).contains { "01lo".contains($0) })
            #expect(try EntityID.validate(id) == id)
        }
    }
}
