import ChimeCore

/// The Chinese of the command table's descriptions (summaries, discussions, argument and option
/// lines, help tables), keyed by their English.
///
/// The descriptions are data of ``CommandTable``, written once there in English; this column
/// adds the other language without touching the table. A unit test walks every command,
/// argument, option and help table and checks that each English text has its Chinese here.
enum HelpTranslation {
    /// `english` in `language`; a text without a translation stays English.
    static func text(_ english: String, in language: UserLanguage) -> String {
        switch language {
        case .english: return english
        case .simplifiedChinese: return chinese[english] ?? english
        }
    }

    /// Every English description that help shows, from the table.
    static var englishTexts: [String] {
        var texts = [CommandSpec.helpOption.summary, CommandSpec.versionOption.summary]
        for spec in CommandTable.root.allCommands {
            texts.append(spec.summary)
            if let discussion = spec.discussion { texts.append(discussion) }
            texts += spec.positionals.map(\.summary)
            texts += spec.options.map(\.summary)
            for section in spec.sections {
                texts.append(section.title)
                texts += section.rows.map(\.1)
            }
        }
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }
    }

    static let chinese: [String: String] = [:]
}
