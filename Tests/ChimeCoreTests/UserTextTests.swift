import Foundation
import Testing

@testable import ChimeCore

@Suite("UserText: tags and reminder texts")
struct UserTextTests {
    @Test("keeps ordinary text, trims spaces, turns line breaks and tabs into spaces")
    func cleans() throws {
        #expect(try UserText.validate("  after lunch  ", field: "tag") == "after lunch")
        #expect(try UserText.validate("line\none\ttab", field: "tag") == "line one tab")
        #expect(try UserText.validate("bell\u{7}less\u{9B}", field: "tag") == "bellless")
        #expect(try UserText.validate("Fasten 🍵 <b>&", field: "tag") == "Fasten 🍵 <b>&")
        #expect(try UserText.validate("", field: "tag", allowEmpty: true) == "")
    }

    @Test("refuses NUL, empty and oversized text with a message naming the field")
    func refuses() throws {
        let nul = #expect(throws: DomainError.self) { try UserText.validate("a\u{0}b", field: "reminder text") }
        #expect(nul?.kind == .invalidText)
        #expect(nul?.message.contains("reminder text") == true)
        #expect(throws: DomainError.self) { try UserText.validate(" \n\t ", field: "tag") }
        #expect(throws: DomainError.self) { try UserText.validate(String(repeating: "é", count: 513), field: "tag") }
        #expect(try UserText.validate(String(repeating: "é", count: 512), field: "tag").utf8.count == 1024)
        #expect(throws: DomainError.self) { try UserText.validate("12345", field: "tag", maximumBytes: 4) }
    }

    @Test("cleaned is the one cleaning: the same text for the store and for a bubble, NUL dropped, nothing refused")
    func cleaned() throws {
        #expect(UserText.cleaned(" a\tb\r\nc\u{0}\u{7}\u{85}d ") == "a b  cd")
        #expect(UserText.cleaned("\n\t ") == "")
        #expect(UserText.cleaned("Fasten 🍵 <b>&") == "Fasten 🍵 <b>&")
        for text in ["  after lunch  ", "line\none\ttab", "bell\u{7}less\u{9B}"] {
            #expect(try UserText.validate(text, field: "tag") == UserText.cleaned(text))
        }
    }
}
