/// Checks and cleans free text from the user (a fast's tag, a reminder's text).
///
/// Notification servers and GLib require valid UTF-8 without NUL; control characters would
/// garble a bubble or a terminal. Swift strings are always valid Unicode, so the byte-level UTF-8
/// check happens where bytes enter (command-line arguments); this type handles the rest.
public enum UserText {
    /// The most bytes of UTF-8 a tag or reminder text may hold.
    public static let maximumBytes = 1024

    /// `text` with tabs and line breaks turned into spaces, other control characters removed and
    /// surrounding spaces trimmed; an error when it holds a NUL, ends up empty while `allowEmpty`
    /// is false, or is longer than `maximumBytes`.
    public static func validate(_ text: String, field: String, allowEmpty: Bool = false, maximumBytes: Int = maximumBytes) throws(DomainError) -> String {
        try validate(text, field: LocalizedText(verbatim: field), allowEmpty: allowEmpty, maximumBytes: maximumBytes)
    }

    /// ``validate(_:field:allowEmpty:maximumBytes:)`` with the field named in every language.
    public static func validate(_ text: String, field: LocalizedText, allowEmpty: Bool = false, maximumBytes: Int = maximumBytes) throws(DomainError) -> String {
        if text.unicodeScalars.contains("\0") {
            throw DomainError(.invalidText, LocalizedText(CoreText.textHasNUL, localized: ["field": field]))
        }
        let trimmed = cleaned(text)
        if trimmed.isEmpty, !allowEmpty {
            throw DomainError(.invalidText, LocalizedText(CoreText.textEmpty, localized: ["field": field]))
        }
        if trimmed.utf8.count > maximumBytes {
            throw DomainError(.invalidText, LocalizedText(CoreText.textTooLong, localized: [
                "field": field, "bytes": LocalizedText(verbatim: "\(trimmed.utf8.count)"), "maximum": LocalizedText(verbatim: "\(maximumBytes)"),
            ]))
        }
        return trimmed
    }

    /// `text` with tabs and line breaks turned into spaces, other control characters (NUL
    /// included) removed and surrounding spaces trimmed: the one cleaning of user text, for what
    /// is stored and for what reaches a notification server.
    public static func cleaned(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                scalars.append(" ")
            } else if !isControl(scalar) {
                scalars.append(scalar)
            }
        }
        return String(scalars).trimmingSpaces()
    }

    /// Whether `scalar` is a C0 or C1 control character, or DEL.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

extension String {
    /// The string without leading and trailing spaces (no Foundation needed).
    fileprivate func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }),
              let last = scalars.lastIndex(where: { $0 != " " }) else { return "" }
        return String(scalars[first...last])
    }
}
