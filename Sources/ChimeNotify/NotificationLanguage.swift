/// The language notification texts are written in.
public enum NotificationLanguage: String, Hashable, Sendable, CaseIterable {
    /// English, the default.
    case english = "en"
    /// Simplified Chinese.
    case simplifiedChinese = "zh-Hans"

    /// The language the POSIX locale variables ask for: the first non-empty one of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` decides, and a `zh` locale (`zh_CN.UTF-8`, `zh_SG`, `zh`) selects
    /// Chinese; anything else, or nothing set, gives English.
    public static func preferred(environment: [String: String]) -> NotificationLanguage {
        // POSIX precedence: LC_ALL overrides LC_MESSAGES, which overrides LANG; empty means unset.
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy
            .compactMap { environment[$0] }
            .first { !$0.isEmpty } ?? ""
        let languageCode = locale.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }
        return languageCode.lowercased() == "zh" ? .simplifiedChinese : .english
    }
}
