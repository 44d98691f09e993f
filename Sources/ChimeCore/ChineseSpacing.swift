/// Where Chinese text takes no space: between two Chinese characters (Han, CJK punctuation,
/// full-width forms), whatever put a space there.
public enum ChineseSpacing {
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
