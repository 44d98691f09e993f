/// A text a user reads, written in every language: what an error carries until the one place
/// that prints it knows the invocation's language.
///
/// Errors are values made deep inside the core, long before anything knows who reads them, so
/// they carry every rendering (a few short lines) rather than the catalog entry and its values.
public struct LocalizedText: Hashable, Sendable, CustomStringConvertible {
    private let english: String
    private let chinese: String

    /// The same words in every language: a value (a path, a system's own message) not ours to
    /// translate.
    public init(verbatim text: String) {
        english = text
        chinese = text
    }

    /// `message` of a catalog with its placeholders filled, in every language.
    public init<Catalog: TextCatalog>(_ message: Catalog, _ values: [String: String] = [:]) {
        english = message.text(.english, values)
        chinese = message.text(.simplifiedChinese, values)
    }

    /// `message` with placeholders filled by texts that are themselves in every language (a
    /// reason inside a sentence), each in the sentence's own language.
    public init<Catalog: TextCatalog>(_ message: Catalog, localized values: [String: LocalizedText]) {
        english = message.text(.english, values.mapValues { $0.text(in: .english) })
        chinese = message.text(.simplifiedChinese, values.mapValues { $0.text(in: .simplifiedChinese) })
    }

    /// The text `render` writes for each language: for a sentence assembled from several
    /// messages (a list, a hint), each in the same language.
    public init(_ render: (UserLanguage) -> String) {
        english = render(.english)
        chinese = render(.simplifiedChinese)
    }

    /// The text in `language`.
    public func text(in language: UserLanguage) -> String {
        switch language {
        case .english: return english
        case .simplifiedChinese: return chinese
        }
    }

    /// The English text, which logs and the existing English callers read.
    public var description: String { english }
}

extension LocalizedText: Codable {
    private enum CodingKeys: String, CodingKey {
        case english = "en"
        case chinese = "zh"
    }

    /// Reads `{"en": ..., "zh": ...}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let english = try container.decode(String.self, forKey: .english)
        let chinese = try container.decodeIfPresent(String.self, forKey: .chinese) ?? english
        self.init { $0 == .english ? english : chinese }
    }

    /// Writes `{"en": ..., "zh": ...}`: every rendering travels (chimed's answers to `chime`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text(in: .english), forKey: .english)
        try container.encode(text(in: .simplifiedChinese), forKey: .chinese)
    }
}
