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

    @Test("the Chinese page, as man shows it, has every option with its Chinese summary")
    func chinesePage() throws {
        let text = try ManualPageText.render(DaemonManualPage.page(in: .simplifiedChinese).roff)
        #expect(text.contains("chimed - Chime 的调度守护进程"))
        #expect(text.contains("\n名称\n") && text.contains("\n选项\n") && text.contains("\n退出状态\n"))
        #expect(text.contains(DaemonCommandLine.synopsis))
        for option in DaemonCommandLine.options {
            #expect(text.contains(option.name + (option.value.map { " " + $0 } ?? "")), "no entry for \(option.name)")
            #expect(text.contains(option.summary.text(.simplifiedChinese)), "no Chinese for \(option.name)")
        }
        #expect(!text.contains("DESCRIPTION"))
    }
}
