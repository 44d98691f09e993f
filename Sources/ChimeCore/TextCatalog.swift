/// A table of texts a user reads, one case per message, each written in every language.
///
/// A template names its values in braces (`{id}`); both languages of a message use the same
/// names, and a unit test walks `allCases` to check every message in every language. The
/// typed functions that fill a catalog's templates (``ChangeMessage``'s, say) are the only
/// callers, so a value's type is checked where the message is made.
public protocol TextCatalog: CaseIterable, Hashable, Sendable {
    /// The template of this message in `language`.
    func template(_ language: UserLanguage) -> String
}

extension TextCatalog {
    /// This message in `language`, its placeholders filled from `values`.
    public func text(_ language: UserLanguage, _ values: [String: String] = [:]) -> String {
        TextTemplate.fill(template(language), values)
    }
}

/// Reads and fills the `{name}` placeholders of a catalog's templates.
public enum TextTemplate {
    /// The names `template` refers to, in order.
    public static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// `template` with each placeholder replaced by its value in `values` (a missing one by
    /// nothing); values are not read again, so a value holding braces stays as it is.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            result += values[String(rest[rest.index(after: open)..<close])] ?? ""
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }
}
