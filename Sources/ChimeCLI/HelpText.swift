import ChimeCore

/// A description in the command table (a summary, discussion, argument or option line, a help
/// table's title or row), in English and Simplified Chinese.
///
/// Both languages are written in the entry they describe, so editing a line of the table keeps
/// its Chinese beside it, and `LanguageCatalogTests` walks the table for a line without Chinese.
/// The Chinese is made only when it is shown: a few lines fill catalog texts (the rule forms),
/// and parsing a command builds the whole table.
public struct HelpText: Sendable {
    /// The English line.
    public let english: String
    /// Whether the line is rightly the same in every language (a list of names).
    public let isSameInEveryLanguage: Bool
    private let makeChinese: @Sendable () -> String

    /// A line in English and in Simplified Chinese.
    public init(_ english: String, _ chinese: @escaping @autoclosure @Sendable () -> String) {
        self.english = english
        self.isSameInEveryLanguage = false
        self.makeChinese = chinese
    }

    /// A line that reads the same in every language.
    public init(sameInEveryLanguage text: String) {
        self.english = text
        self.isSameInEveryLanguage = true
        self.makeChinese = { text }
    }

    /// The Simplified Chinese line.
    public var chinese: String { makeChinese() }

    /// The line in `language`.
    public func text(in language: UserLanguage) -> String {
        switch language {
        case .english: return english
        case .simplifiedChinese: return chinese
        }
    }

    /// The forms of a recurrence rule in Chinese, as ``RecurrencePhrase/forms`` writes them in English.
    static var ruleFormsChinese: String {
        LocalizedText(CoreText.ruleForms, ["examples": RecurrencePhrase.examples]).text(in: .simplifiedChinese)
    }
}
