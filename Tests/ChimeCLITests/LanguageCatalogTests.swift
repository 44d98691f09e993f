import ChimeControl
import ChimeCore
import ChimeStore
import Testing
@testable import ChimeCLI

/// Every text a user reads exists in English and in Chinese, with the same values in both.
@Suite struct LanguageCatalogTests {
    /// Whether `text` holds Chinese characters (CJK ideographs or full-width punctuation).
    static func isChinese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) || (0x3000...0x303F).contains($0.value) || (0xFF00...0xFFEF).contains($0.value) }
    }

    /// The problems of one catalog message: empty, untranslated, or with different values.
    static func problems<Catalog: TextCatalog>(of message: Catalog, sameInEveryLanguage: Bool = false) -> [String] {
        let english = message.template(.english)
        let chinese = message.template(.simplifiedChinese)
        var problems: [String] = []
        if english.isEmpty || chinese.isEmpty { problems.append("\(message) is empty in a language") }
        if !sameInEveryLanguage, !isChinese(chinese) || chinese == english { problems.append("\(message) is not translated: \(chinese)") }
        if Set(TextTemplate.placeholders(in: english)) != Set(TextTemplate.placeholders(in: chinese)) {
            problems.append("\(message) names other values in Chinese: \(english) / \(chinese)")
        }
        return problems
    }

    @Test func everyCommandTextIsInBothLanguagesWithTheSameValues() {
        let problems = CommandText.allCases.flatMap { Self.problems(of: $0, sameInEveryLanguage: CommandText.sameInEveryLanguage.contains($0)) }
        #expect(problems == [])
        #expect(CommandText.allCases.count >= 80)
    }

    @Test func everyCalendarCommandTextIsInBothLanguagesWithTheSameValues() {
        let problems = CalendarCommandText.allCases.flatMap { Self.problems(of: $0, sameInEveryLanguage: CalendarCommandText.sameInEveryLanguage.contains($0)) }
        #expect(problems == [])
    }

    @Test func everyCalendarSentenceIsInBothLanguagesWithTheSameValues() {
        #expect(CalendarText.allCases.flatMap { Self.problems(of: $0) } == [])
    }

    @Test func everyViewTextIsInBothLanguagesWithTheSameValues() {
        let problems = ViewText.allCases.flatMap { Self.problems(of: $0, sameInEveryLanguage: ViewText.sameInEveryLanguage.contains($0)) }
        #expect(problems == [])
        #expect(ViewText.allCases.count >= 60)
    }

    @Test func everyCoreErrorIsInBothLanguagesWithTheSameValues() {
        #expect(CoreText.allCases.flatMap { Self.problems(of: $0) } == [])
    }

    @Test func everyStoreErrorIsInBothLanguagesWithTheSameValues() {
        #expect(StoreText.allCases.flatMap { Self.problems(of: $0) } == [])
    }

    @Test func everyRuntimeErrorIsInBothLanguagesWithTheSameValues() {
        #expect(ControlText.allCases.flatMap { Self.problems(of: $0) } == [])
    }

    @Test func everyManualPageSentenceIsInBothLanguagesWithTheSameValues() {
        #expect(CommandManualText.allCases.flatMap { Self.problems(of: $0) } == [])
        #expect(ManualText.allCases.flatMap { Self.problems(of: $0) } == [])
    }

    @Test func everyRefusalOfChimedIsInBothLanguagesWithTheSameValues() {
        #expect(ControlRefusal.allCases.flatMap { Self.problems(of: $0) } == [])
    }

    /// Every line help, manual pages and completions show from the table: each command's summary
    /// and discussion, its argument and option lines, its help tables, and the descriptions of the
    /// words a shell offers for a first argument.
    static var helpTexts: [HelpText] {
        var texts = [CommandSpec.helpOption.summary, CommandSpec.versionOption.summary]
        for spec in CommandTable.root.allCommands {
            texts.append(spec.summary)
            if let discussion = spec.discussion { texts.append(discussion) }
            texts += spec.positionals.map(\.summary)
            texts += spec.positionals.prefix(1).flatMap { $0.kind.completionCandidates.compactMap(\.description) }
            texts += spec.options.map(\.summary)
            for section in spec.sections {
                texts.append(section.title)
                texts += section.rows.map(\.1)
            }
        }
        return texts + ConfigKey.allCases.map { HelpTranslation.summary(of: $0) }
    }

    /// Whether `line` lacks its Chinese: none, or the English again (unless rightly the same).
    static func lacksChinese(_ line: HelpText) -> Bool {
        !line.isSameInEveryLanguage && (!isChinese(line.chinese) || line.chinese == line.english)
    }

    @Test func everyHelpLineHasItsChinese() {
        let texts = Self.helpTexts
        #expect(texts.count > 100)
        #expect(texts.filter(Self.lacksChinese).map(\.english) == [])
        #expect(Self.lacksChinese(HelpText("show this help", "")))
        #expect(Self.lacksChinese(HelpText("show this help", "show this help")))
    }

    @Test func valuesFillEveryPlaceholderInBothLanguages() {
        let text = LocalizedText(CommandText.repeatedOption, ["option": "--tag"])
        #expect(text.text(in: .english) == "option --tag is given twice: give it once")
        #expect(text.text(in: .simplifiedChinese) == "选项 --tag 重复出现：只需给出一次")
        // A value holding braces is not read as a template again.
        #expect(TextTemplate.fill("a {x} b", ["x": "{x}"]) == "a {x} b")
    }

    @Test func completionDescriptionsFollowTheLanguage() {
        let fish = CompletionScript.script(for: .fish, language: .simplifiedChinese)
        #expect(fish.contains("-a 'start' -d '现在开始禁食"))
        #expect(fish.contains("-d '显示本帮助'"))
        #expect(CompletionScript.script(for: .zsh, language: .simplifiedChinese).contains("fast.plan:不带 PLAN 的“fast start”所用的方案"))
        #expect(CompletionScript.script(for: .bash, language: .simplifiedChinese) == CompletionScript.script(for: .bash))
    }

    @Test func chineseHelpKeepsSyntaxAndLinesUpByDisplayWidth() throws {
        let spec = try #require(CommandTable.command(at: ["fast", "start"]))
        let help = HelpFormatter.help(for: spec, language: .simplifiedChinese)
        #expect(help.hasPrefix("用法：chime fast start [PLAN] [--id ID]"))
        #expect(help.contains("  --tag TEXT"))
        #expect(help.contains("显示在该禁食通知中的备注"))
        // Every row of the options table starts its description at the same display column.
        let options = help.components(separatedBy: "\n\n").first { $0.hasPrefix("选项：") }!
        let rows = options.split(separator: "\n").dropFirst()
        let columns = Set(rows.map { row -> Int in
            let gap = row.range(of: "   ")!
            let description = row[gap.lowerBound...].firstIndex { $0 != " " }!
            return DisplayWidth.of(String(row[..<description]))
        })
        #expect(columns.count == 1)
        #expect(HelpFormatter.help(for: spec) == HelpFormatter.help(for: spec, language: .english))
    }
}
