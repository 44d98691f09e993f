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

    @Test("an unpaired bidirectional control is removed: pay \u{202E}evil cannot turn the rest around")
    func unpairedBidiRemoved() throws {
        #expect(UserText.balancingBidiControls("pay \u{202E}evil") == "pay evil")
        #expect(UserText.cleaned("pay \u{202E}evil") == "pay evil")
        #expect(try UserText.validate("pay \u{202E}evil", field: "reminder text") == "pay evil")
        // Every opener of its kind, and closers with nothing to close.
        for opener in ["\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}"] {
            #expect(UserText.balancingBidiControls("a\(opener)b") == "ab", "\(opener.unicodeScalars.first!.value)")
        }
        #expect(UserText.balancingBidiControls("a\u{202C}b\u{2069}c") == "abc")
        // Marks are not scopes: they stay.
        #expect(UserText.balancingBidiControls("a\u{200F}b\u{200E}") == "a\u{200F}b\u{200E}")
    }

    @Test("complete pairs stay, as UAX #9 pairs them; a line break ends every scope")
    func pairsKept() {
        let embedded = "a\u{202B}b\u{202C}c"
        #expect(UserText.balancingBidiControls(embedded) == embedded)
        let isolated = "x \u{2067}\u{5E9}\u{5DC}\u{5D5}\u{5DD}\u{2069} y"
        #expect(UserText.balancingBidiControls(isolated) == isolated)
        // Nested pairs.
        #expect(UserText.balancingBidiControls("\u{202B}a\u{202A}b\u{202C}c\u{202C}") == "\u{202B}a\u{202A}b\u{202C}c\u{202C}")
        // A closing isolate closes the overrides opened inside it: those openers go.
        #expect(UserText.balancingBidiControls("\u{2067}x\u{202E}y\u{2069}z") == "\u{2067}xy\u{2069}z")
        // A PDF inside an isolate cannot close an embedding outside it.
        #expect(UserText.balancingBidiControls("\u{202B}a\u{2066}b\u{202C}\u{2069}c") == "a\u{2066}b\u{2069}c")
        // A pair across a line break is none.
        #expect(UserText.balancingBidiControls("\u{202E}a\nb\u{202C}") == "a\nb")
        #expect(UserText.balancingBidiControls("plain text") == "plain text")
    }
}
