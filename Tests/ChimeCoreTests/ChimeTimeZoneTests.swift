import Foundation
import Testing

@testable import ChimeCore

@Suite("ChimeTimeZone: zone names")
struct ChimeTimeZoneTests {
    @Test("a name with spaces around names its zone; other text names none")
    func namedZones() {
        #expect(ChimeTimeZone.zone(named: "\u{3000} Europe/Berlin\t")?.identifier == "Europe/Berlin")
        #expect(ChimeTimeZone.zone(named: " UTC ") == TimeZone(identifier: "UTC"))
        #expect(ChimeTimeZone.zone(named: " \t ") == nil)
        #expect(ChimeTimeZone.zone(named: "Europe/Berlin\n") == nil)
        #expect(ChimeTimeZone.zone(named: "../etc/passwd") == nil)
    }
}
