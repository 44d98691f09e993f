/// A table of texts a user reads, one case per message, each written in every language.
///
/// A template names its values in braces (`{id}`); both languages of a message use the same
/// names, and a unit test walks `allCases` to check every message in every language. The
/// typed functions that fill a catalog's templates (``ChangeMessage``'s, say) are the only
/// callers, so a value's type is checked where the message is made.
///
/// A catalog writes only ``entry``, one line per message; reading a template in a language and
/// filling it come from this protocol, the same for every catalog.
public protocol TextCatalog: CaseIterable, Hashable, Sendable {
    /// This message's template in English and in Simplified Chinese.
    var entry: (english: String, chinese: String) { get }

    /// Messages whose Chinese is rightly the same as their English (punctuation, a bare value),
    /// which the completeness tests do not take for untranslated.
    static var sameInEveryLanguage: Set<Self> { get }
}

extension TextCatalog {
    /// The template of this message in `language`.
    public func template(_ language: UserLanguage) -> String {
        switch language {
        case .english: return entry.english
        case .simplifiedChinese: return entry.chinese
        }
    }

    /// None: every message of a catalog has Chinese words of its own unless it says otherwise.
    public static var sameInEveryLanguage: Set<Self> { [] }

    /// This message in `language`, its placeholders filled from `values`.
    public func text(_ language: UserLanguage, _ values: [String: String] = [:]) -> String {
        TextTemplate.fill(template(language), values, chineseSpacing: language == .simplifiedChinese)
    }
}

/// Reads and fills the `{name}` placeholders of a catalog's templates.
public enum TextTemplate {
    /// The names `template` refers to, in order; a `*` before a name (a value a notification
    /// shows in bold) is not part of it.
    public static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(name(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// `template` with each placeholder replaced by its value in `values` (a missing one by
    /// nothing); values are not read again, so a value holding braces stays as it is.
    ///
    /// With `chineseSpacing`, a space the template puts beside a phrase of Chime's own
    /// (``ChineseSpacing/phrasePlaceholders``) goes when the phrase brings Chinese to that side
    /// and the template's Chinese stands on the other (`将于 {end}` with `明天 12:00` is `将于明天
    /// 12:00`), as Chinese puts no spaces between its words; spaces next to Latin letters and
    /// digits stay, and so do the spaces around a name the user chose and inside any value.
    public static func fill(_ template: String, _ values: [String: String], chineseSpacing: Bool = false) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = name(rest[rest.index(after: open)..<close])
            let value = values[name] ?? ""
            let tidies = chineseSpacing && ChineseSpacing.phrasePlaceholders.contains(name)
            var before = rest[..<open]
            if tidies, before.count > 1, before.last == " ", ChineseSpacing.dropsSpace(between: before.dropLast().last, and: value.first) {
                before = before.dropLast()
            }
            result += before
            result += value
            rest = rest[rest.index(after: close)...]
            if tidies, rest.first == " ", rest.dropFirst().first != "{", ChineseSpacing.dropsSpace(between: value.last, and: rest.dropFirst().first) {
                rest = rest.dropFirst()
            }
        }
        result += rest
        return result
    }

    /// The name a placeholder's braces hold: `{*ends}` fills from `ends` (the `*` asks only for
    /// bold, which plain text has not).
    private static func name(_ braced: Substring) -> String {
        String(braced.first == "*" ? braced.dropFirst() : braced)
    }
}
