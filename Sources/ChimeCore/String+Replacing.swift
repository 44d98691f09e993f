/// Replacing text as Foundation's `replacingOccurrences(of:with:)` replaces it, without Foundation
/// (which a static `chime` would link whole for this one call).
extension StringProtocol {
    /// The text with every occurrence of `target`, left to right, replaced by `replacement`.
    ///
    /// Matches whole characters, as Foundation does: an `e` followed by a combining accent is not
    /// an `e`. Like Foundation, and unlike Swift's characters, a line break written CR LF is two
    /// characters, so `"\n"` is found in it.
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        guard let first = target.unicodeScalars.first, unicodeScalars.contains(first) else { return String(self) }
        let units = Self.units(of: self), pattern = Self.units(of: target)
        var result = ""
        var index = 0
        while index < units.count {
            if index + pattern.count <= units.count, units[index..<index + pattern.count].elementsEqual(pattern) {
                result += replacement
                index += pattern.count
            } else {
                result.append(units[index])
                index += 1
            }
        }
        return result
    }

    /// The characters of `text`, a CR LF as its two.
    private static func units(of text: some StringProtocol) -> [Character] {
        var units: [Character] = []
        for character in text {
            if character == "\r\n" {
                units += ["\r", "\n"]
            } else {
                units.append(character)
            }
        }
        return units
    }
}
