@testable import ChimeCLI
import ChimeCore
import ChimeTestSupport
import Testing

@Suite("chime(1): the manual page comes from the command table")
struct ManualPageTests {
    @Test("every command, argument, option, value table and example of the table appears in the page as man shows it")
    func everyCommandAndOptionAppears() throws {
        let text = try ManualPageText.render(CommandManualPage.page.roff)
        #expect(text.contains("chime - fasting and water reminders on the Linux desktop"))
        for command in CommandTable.leafCommands {
            #expect(text.contains(HelpFormatter.usage(of: command)), "no usage line for \(command.displayName)")
            for positional in command.positionals {
                #expect(text.contains(positional.name + " "), "\(command.displayName): \(positional.name)")
            }
            for option in command.options {
                #expect(text.contains(option.synopsis + "\n"), "\(command.displayName): no entry for \(option.synopsis)")
                #expect(text.contains(option.summary.english), "\(command.displayName): no text for \(option.synopsis)")
            }
            for section in command.sections {
                for row in section.rows {
                    #expect(text.contains(row.0), "\(command.displayName), \(section.title.english): \(row.0)")
                }
            }
            for example in command.examples {
                #expect(text.contains("chime " + example), "\(command.displayName): example \(example)")
            }
        }
        for option in [CommandSpec.helpOption, CommandSpec.versionOption] {
            #expect(text.contains(option.spelling))
        }
        #expect(text.contains("Chime \(ChimeVersion.current)"))
    }

    @Test("the Chinese page, as man shows it, has every command with its Chinese summary and its options' Chinese")
    func chinesePage() throws {
        let text = try ManualPageText.render(CommandManualPage.page(in: .simplifiedChinese).roff)
        #expect(text.contains("chime - 禁食和喝水提醒") || text.contains("chime - " + CommandTable.root.summary.chinese))
        for heading in ["名称", "概述", "描述", "命令", "选项", "环境变量", "文件", "退出状态", "参见"] {
            #expect(text.contains("\n" + heading + "\n"), "no heading \(heading)")
        }
        #expect(text.contains("用户命令"))
        for command in CommandTable.leafCommands {
            let summary = HelpFormatter.sentence(command.summary.chinese, language: .simplifiedChinese)
            #expect(LanguageCatalogTests.isChinese(summary), "\(command.displayName) has no Chinese summary")
            #expect(text.contains(HelpFormatter.usage(of: command)), "no usage line for \(command.displayName)")
            #expect(text.contains(summary), "\(command.displayName): no Chinese summary \(summary)")
            for option in command.options {
                #expect(text.contains(option.synopsis + "\n"), "\(command.displayName): no entry for \(option.synopsis)")
                #expect(text.contains(option.summary.chinese), "\(command.displayName): \(option.synopsis)")
            }
            for example in command.examples {
                #expect(text.contains("chime " + example), "\(command.displayName): example \(example)")
            }
        }
        #expect(!text.contains("User Commands") && !text.contains("EXIT STATUS"))
    }
}
