import ChimeCore
@testable import ChimeDaemon
import ChimeTestSupport
import Testing

@Suite("chimed(1): the manual page comes from chimed's option table")
struct DaemonManualPageTests {
    @Test("every option of the table, the usage line and the version appear in the page as man shows it")
    func everyOptionAppears() throws {
        let text = try ManualPageText.render(DaemonManualPage.page.roff)
        #expect(text.contains("chimed - the Chime scheduler daemon"))
        #expect(text.contains(DaemonCommandLine.synopsis))
        for option in DaemonCommandLine.options {
            #expect(text.contains(option.name + (option.value.map { " " + $0 } ?? "")), "no entry for \(option.name)")
            #expect(text.contains(option.summary.text(.english)), "no text for \(option.name)")
        }
        #expect(text.contains("Chime \(ChimeVersion.current)"))
    }
}
