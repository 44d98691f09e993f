import Foundation
import Testing

@testable import ChimeCore

/// ChimeCore's text helpers stand in for Foundation's (which a static `chime` would link whole):
/// each gives what the Foundation call it replaced gave, checked here against Foundation itself.
@Suite("Text helpers: the same results as the Foundation calls they replace")
struct FoundationParityTests {
    /// A small generator with a fixed seed, so every run checks the same values.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
    }

    static let edges = [
        "", " ", "\t", "\n", "\r", "\r\n", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2007}", "\u{200A}", "\u{200B}", "\u{200C}",
        "\u{202F}", "\u{205F}", "\u{2028}", "\u{2029}", "\u{3000}", "\u{FEFF}", "x", "e\u{301}", "\u{301}",
    ]

    @Test("trimming spaces, and spaces with line breaks, takes what Foundation's trimming takes")
    func trimming() {
        for before in Self.edges {
            for after in Self.edges {
                for core in ["", "a b", "\u{301}x", "9:30", "Europe/Berlin", " \u{3000} "] {
                    let text = before + core + after
                    #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
                    #expect(text.trimmingSpacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(Array(text.unicodeScalars))")
                    #expect(text.trimmingScalars { $0 == "," } == text.trimmingCharacters(in: CharacterSet(charactersIn: ",")))
                }
            }
        }
    }

    @Test("replacing matches whole characters as Foundation does, CR LF as two")
    func replacing() {
        let texts = ["", "a\nb", "a\r\nb", "\n\n", "'x'", "'\u{301}x", "e\u{301}e", "9 a.m. and 9 p.m.", "2027-03-28", "a  b   c", "\\'", "T10:00T", "e"]
        let pairs = [("\n", " "), ("'", "'\\''"), ("e", "E"), ("a.m.", "am"), ("-", ""), ("  ", " "), ("\\", "\\\\"), ("T", " "), ("\r\n", "|")]
        for text in texts {
            for (target, replacement) in pairs {
                #expect(text.replacingEvery(target, with: replacement) == text.replacingOccurrences(of: target, with: replacement), "\(Array(text.unicodeScalars)) \(target)")
            }
        }
    }

    @Test("normal forms C and KC are Foundation's for every scalar it knows, and for sequences")
    func normalization() {
        var differing: [String] = []
        for value in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            if text.composedCanonically != text.precomposedStringWithCanonicalMapping { differing.append("NFC U+\(String(value, radix: 16))") }
            // Foundation's tables stop before Unicode 16; ICU's know its new compatibility digits.
            if let age = scalar.properties.age, age.major >= 16 { continue }
            if text.composedCompatibly != text.precomposedStringWithCompatibilityMapping { differing.append("NFKC U+\(String(value, radix: 16))") }
        }
        #expect(differing == [])
        for text in ["ｆｕｌｌ９：３０", "ﬁ①²㍘", "e\u{301}", "\u{1100}\u{1161}\u{11A8}", "a\u{323}\u{301}", "q\u{307}\u{323}", "药 café таблетки", String(repeating: "ﷺ", count: 40)] {
            #expect(text.composedCanonically == text.precomposedStringWithCanonicalMapping)
            #expect(text.composedCompatibly == text.precomposedStringWithCompatibilityMapping)
        }
    }

    @Test("fixed-point numbers are printf's, rounded from the exact binary value")
    func fixedPoint() {
        var generator = Seeded(state: 23)
        var values: [Double] = [0, -0.0, 0.05, 0.15, 0.25, 0.35, 0.45, 0.95, 9.95, 99.95, 0.5, 1.5, 2.5, -0.04, -0.05, -2.5, 16.5, 23.95, 1e-300, 0x1p-1074, 1e15 + 0.5, 0x1p52 + 0.5, 0x1p53, 1e17, 1e20, 1.7976931348623157e308, -1e22]
        for _ in 0..<1_000 {
            values.append(Double.random(in: 0..<1000, using: &generator))
            values.append(Double(Int.random(in: 0..<100_000, using: &generator)) / [20, 60, 3600, 1000, 8][Int.random(in: 0..<5, using: &generator)])
            values.append(-Double.random(in: 0..<10, using: &generator))
            values.append(Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF))
        }
        var differing: [String] = []
        for value in values {
            for digits in 0...3 where FixedPointText.fixed(value, fractionDigits: digits) != String(format: "%.\(digits)f", value) {
                differing.append("\(value) to \(digits) digits")
            }
            if FixedPointText.fixed(value, fractionDigits: 1, width: 4) != String(format: "%4.1f", value) { differing.append("\(value) in 4") }
        }
        #expect(differing == [])
        for value in -120...120 {
            #expect(FixedPointText.zeroPadded(value, width: 2) == String(format: "%02d", value))
        }
    }

    @Test("paths come apart as NSString takes them apart")
    func paths() {
        let paths = ["", "/", "//", "a", "/a", "a/", "/a/", "/a/b", "/a/b/", "/a//b//", "a/b", "./a", "../a/..", "/a/b.ics", "~/cal/", "/\u{301}/x"]
        // Not runs of three slashes or more: Foundation's own compression leaves some of those in place.
        for path in paths {
            #expect(PathText.lastComponent(of: path) == (path as NSString).lastPathComponent, "\(path)")
            // Foundation traps on a one-character relative path here (its precondition); ours says "".
            if PathText.fixingSlashes(path).count != 1 || path == "/" {
                #expect(PathText.deletingLastComponent(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
            }
            for component in ["", "x", "x/"] {
                #expect(PathText.appending(component, to: path) == (path as NSString).appendingPathComponent(component), "\(path) + \(component)")
            }
        }
    }
}
