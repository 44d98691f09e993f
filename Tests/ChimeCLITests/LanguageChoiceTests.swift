import ChimeCore
import ChimeStore
import Foundation
import Testing
@testable import ChimeCLI

/// Which language `chime` speaks, and that Chinese output fits the terminal.
@Suite struct LanguageChoiceTests {
    @Test("the first non-empty of LC_ALL, LC_MESSAGES and LANG decides; C and POSIX are English")
    func localeVariables() {
        #expect(UserLanguage.preferred(environment: [:]) == .english)
        #expect(UserLanguage.preferred(environment: ["LANG": "zh_CN.UTF-8"]) == .simplifiedChinese)
        #expect(UserLanguage.preferred(environment: ["LANG": "zh_CN.UTF-8", "LC_ALL": "C"]) == .english)
        #expect(UserLanguage.preferred(environment: ["LANG": "en_US.UTF-8", "LC_ALL": "zh_TW.UTF-8"]) == .simplifiedChinese)
        #expect(UserLanguage.preferred(environment: ["LANG": "zh_CN.UTF-8", "LC_MESSAGES": "POSIX"]) == .english)
        #expect(UserLanguage.preferred(environment: ["LANG": "zh_CN.UTF-8", "LC_ALL": ""]) == .simplifiedChinese, "empty means unset")
        #expect(UserLanguage.resolve(setting: "en", environment: ["LANG": "zh_CN.UTF-8"]) == .english)
        #expect(UserLanguage.resolve(setting: "zh", environment: ["LANG": "C"]) == .simplifiedChinese)
        #expect(UserLanguage.resolve(setting: "auto", environment: ["LANG": "zh_SG"]) == .simplifiedChinese)
    }

    @Test("the language setting beats the locale, for output and errors alike")
    func settingWins() {
        let harness = RunnerHarness()
        harness.variables = ["LANG": "zh_CN.UTF-8"]
        #expect(harness.succeed("remind", "in", "25m", "tea", "--id", "r-tea").hasPrefix("提醒 r-tea 在 08:25（25 分钟后）：tea"))
        harness.succeed("config", "set", "language", "en")
        #expect(harness.succeed("remind", "in", "30m", "more tea", "--id", "r-two").hasPrefix("Reminder r-two at 08:30 (in 30 min): more tea"))
        let failure = harness.run("snooze", "nothing/here", "10m")
        #expect(failure.errors == "chime: no pending notification or id \"nothing/here\": see \"chime list\"\n")
        harness.succeed("config", "set", "language", "zh")
        harness.variables = ["LANG": "C"]
        #expect(harness.run("snooze", "nothing/here", "10m").errors == "chime: 没有名为“nothing/here”的待发通知或 id：见“chime list”\n")
    }

    @Test("a store that cannot be opened is tried once: its error is said in the locale's language")
    func storeFailureIsNotRetriedForTheLanguage() throws {
        final class Attempts: @unchecked Sendable { var count = 0 }
        let attempts = Attempts()
        let harness = RunnerHarness()
        harness.variables = ["LANG": "zh_CN.UTF-8"]
        let errors = TextBuffer()
        var environment = harness.environment(errors: errors)
        environment.openStore = { () throws(StoreError) -> Store in
            attempts.count += 1
            throw StoreError(.tryAgain, "locked")
        }
        let command = try CommandParser.parse(["list"]).get()
        #expect(CommandRunner(environment: environment).run(command) == .tryAgain)
        #expect(attempts.count == 1)
        #expect(errors.text == "chime: locked\n")
    }

    @Test("Chinese list titles and headers fit the terminal", arguments: [40, 80, 120])
    func chineseListFits(width: Int) {
        let harness = RunnerHarness()
        harness.variables = ["LANG": "zh_CN.UTF-8"]
        harness.succeed("fast", "start", "--id", "f-abc", "--remind-before", "1h")
        harness.succeed("water", "every", "1h", "--id", "w-h2o")
        harness.succeed("remind", "in", "40m", "给妈妈打电话问问周末家庭聚会的安排和时间还有要带的东西", "--id", "r-mom")
        harness.terminalWidth = width
        let output = harness.succeed("list")
        #expect(output.contains(width >= 80 ? "标题" : "禁食完成"))
        for line in output.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= width, "\(line)")
        }
        #expect(output.contains("fast/f-abc/end"), "identifiers stay whole")
    }

    @Test("Chinese change lines and status keep times and numbers as they are, with no space between Chinese words")
    func chineseLines() {
        let harness = RunnerHarness()
        harness.variables = ["LANG": "zh_CN.UTF-8"]
        #expect(harness.succeed("fast", "start", "16:8", "--id", "f-zh") == "禁食 f-zh 已于 08:00 开始，将于明天 00:00 结束（16:8）\n")
        #expect(harness.succeed("water", "drink", "300").hasPrefix("已记下 300 毫升：今天已喝 300 毫升"))
        harness.advance(3600)
        let status = harness.succeed("fast", "status")
        #expect(status.hasPrefix("禁食 f-zh（16:8）：禁食中\n  已于 08:00（1 小时前）开始，将于明天 00:00（15 小时后）结束"))
        #expect(status.contains("已过 1 小时，还剩 15 小时"))
        harness.succeed("remind", "in", "2d", "周四的会", "--id", "r-thu")
        #expect(harness.succeed("list", "--group", "r-thu").contains("  提醒  "), "KIND in Chinese")
        #expect(harness.succeed("list", "--json", "--group", "r-thu").contains("\"reminder\""), "JSON keeps the English word")
    }
}
