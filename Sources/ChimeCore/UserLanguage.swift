/// The language everything a user reads is written in: help, errors, output lines and
/// notification texts, for `chime` and `chimed` alike.
public enum UserLanguage: String, Hashable, Sendable, CaseIterable {
    /// English, the default.
    case english = "en"
    /// Simplified Chinese.
    case simplifiedChinese = "zh-Hans"

    /// The setting (`chime config set language zh`) that fixes the language for chimed and
    /// `chime` alike, so `list` shows the texts the bubbles will have whatever each one's locale.
    public static let settingKey = "language"

    /// The language the `language` setting's value names: `en` English, `zh` Chinese; `nil` for
    /// `auto`, no value or anything else, which leave the choice to the locale variables.
    public static func chosen(bySetting value: String?) -> UserLanguage? {
        switch value {
        case "en": return .english
        case "zh": return .simplifiedChinese
        default: return nil
        }
    }

    /// The language the POSIX locale variables ask for: the first non-empty one of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` decides, and a `zh` locale (`zh_CN.UTF-8`, `zh_SG`, `zh`) selects
    /// Chinese; anything else (`C` and `POSIX` included), or nothing set, gives English.
    public static func preferred(environment: [String: String]) -> UserLanguage {
        // POSIX precedence: LC_ALL overrides LC_MESSAGES, which overrides LANG; empty means unset.
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy
            .compactMap { environment[$0] }
            .first { !$0.isEmpty } ?? ""
        let languageCode = locale.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }
        return languageCode.lowercased() == "zh" ? .simplifiedChinese : .english
    }

    /// The language of one invocation: the setting's when it names one, else the locale's.
    public static func resolve(setting value: String?, environment: [String: String]) -> UserLanguage {
        chosen(bySetting: value) ?? preferred(environment: environment)
    }
}
