import Foundation
import Testing

@testable import ChimeCore

@Suite("ChimeTimeZone: zone names")
struct ChimeTimeZoneTests {
    /// Every space separator (Unicode `Zs`), the tab, the zero width space, and other characters at the edge of the set.
    static let edges = ["", " ", "\t", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2007}", "\u{200A}", "\u{202F}", "\u{205F}", "\u{3000}", "\n", "\r", "\u{200B}", "\u{200C}", "\u{2028}", "\u{FEFF}", "x"]

    @Test("names lose the spaces and tabs at their ends exactly as Foundation's trimming takes them")
    func trimmingMatchesFoundation() {
        for before in Self.edges {
            for after in Self.edges {
                for core in ["", "Europe/Berlin", "a b", " \u{3000} "] {
                    let text = before + core + after
                    #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
                }
            }
        }
    }

    @Test("a name with spaces around names its zone; other text names none")
    func namedZones() {
        #expect(ChimeTimeZone.zone(named: "\u{3000} Europe/Berlin\t")?.identifier == "Europe/Berlin")
        #expect(ChimeTimeZone.zone(named: " UTC ") == TimeZone(identifier: "UTC"))
        #expect(ChimeTimeZone.zone(named: " \t ") == nil)
        #expect(ChimeTimeZone.zone(named: "Europe/Berlin\n") == nil)
        #expect(ChimeTimeZone.zone(named: "../etc/passwd") == nil)
    }
}
