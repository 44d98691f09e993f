/// Where Chinese text takes no space: between two Chinese characters (Han, CJK punctuation,
/// full-width forms) that a template and the phrases Chime makes itself put side by side.
public enum ChineseSpacing {
    /// The placeholders whose values are phrases Chime writes (times such as `明天 13:54` or
    /// `周四 20:00`, a plan with its note): a template's space beside them goes where Chinese
    /// meets Chinese. Every other value (an id, a reminder's text, a tag, a path) is a name the
    /// user chose, and keeps the spaces that set it apart (`提醒 药 按`).
    public static let phrasePlaceholders: Set<String> = [
        "start", "end", "ends", "due", "next", "until", "time", "when", "moved", "clock", "relative", "plan", "ago",
        "goals", "stop", "beforeTime",
    ]

    /// Whether a space between `left` and `right` should go: both are Chinese.
    public static func dropsSpace(between left: Character?, and right: Character?) -> Bool {
        guard let left, let right else { return false }
        return isChinese(left) && isChinese(right)
    }

    /// Whether `character` is a Chinese character or CJK punctuation (`，`, `（`, `“`).
    public static func isChinese(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3000...0x303F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF01...0xFF60, 0x20000...0x2FA1F, 0x201C, 0x201D:
            return true
        default:
            return false
        }
    }
}
