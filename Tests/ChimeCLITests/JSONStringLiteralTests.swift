import ChimeCLI
import ChimeTestSupport
import Foundation
import Testing

@Suite("JSON string literals")
struct JSONStringLiteralTests {
    @Test("quotes, backslashes and control characters are escaped, with JSON's short forms where it has one")
    func escapes() {
        #expect(JSONStringLiteral.make("") == #""""#)
        #expect(JSONStringLiteral.make("plain é 💧 /") == #""plain é 💧 /""#)
        #expect(JSONStringLiteral.make("\"\\") == #""\"\\""#)
        #expect(JSONStringLiteral.make("\n\r\t\u{08}\u{0C}") == #""\n\r\t\b\f""#)
        #expect(JSONStringLiteral.make("\u{0}\u{1}\u{1F}") == #""\u0000\u0001\u001f""#)
    }

    @Test("DEL and the Unicode line and paragraph separators are escaped; other scalars led by 0xE2 are not")
    func lineSeparators() {
        #expect(JSONStringLiteral.make("a\u{7F}b") == #""a\u007fb""#)
        #expect(JSONStringLiteral.make("a\u{2028}b\u{2029}c") == #""a\u2028b\u2029c""#)
        // U+2026 and U+20AC share the lead byte 0xE2 and go the slow way, unchanged.
        #expect(JSONStringLiteral.make("…€") == "\"…€\"")
    }

    @Test("append adds to what is there")
    func appends() {
        var output = "["
        JSONStringLiteral.append("a\"", to: &output)
        output += "]"
        #expect(output == #"["a\""]"#)
    }

    @Test("any text reads back the same through JSONDecoder")
    func roundTrip() throws {
        var generator = SeededGenerator(seed: 12)
        let alphabet: [Unicode.Scalar] = ["a", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "é", "€", "💧", " "]
        for _ in 0..<500 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text.append(alphabet.randomElement(using: &generator)!)
            }
            let original = String(text)
            let json = JSONStringLiteral.make(original)
            let decoded = try JSONDecoder().decode(String.self, from: Data(json.utf8))
            #expect(decoded == original, "\(json)")
        }
    }
}
