import ChimeCore
import FoundationEssentials

/// The one place where text is made safe for a notification server.
///
/// GLib aborts the whole process on invalid UTF-8, D-Bus strings cannot hold NUL, control
/// characters garble a bubble, huge texts stall the server (a 1 MB body took 2.2 s), and a server
/// that parses markup turns a user's `<a href=...>` into a link. So: every user-supplied value is
/// cleaned and capped (``clean(_:field:maximumBytes:)``), and markup is escaped only when the
/// server parses it (``escapeMarkup(_:)``). Invalid UTF-8 cannot get this far: a Swift string
/// carries it only repaired (U+FFFD), and bytes from outside are refused where they enter.
public enum NotificationText {
    /// The most bytes of one user-supplied value (a tag, a reminder text) that reach the server.
    public static let maximumValueBytes = UserText.maximumBytes
    /// The most bytes of a rendered title or body.
    public static let maximumTextBytes = 4096
    /// Appended where text was cut to fit.
    public static let ellipsis = "…"

    /// `text` ready to be shown: a NUL is refused, tabs and line breaks become spaces, other control
    /// characters are dropped, surrounding spaces trimmed, and the result cut at a character
    /// boundary to at most `maximumBytes` bytes of UTF-8 (ending in "…" when cut).
    public static func clean(_ text: String, field: String, maximumBytes: Int = maximumValueBytes) throws(DomainError) -> String {
        if text.unicodeScalars.contains("\0") {
            throw DomainError(.invalidText, "the \(field) contains a NUL character: remove it")
        }
        return truncated(UserText.cleaned(text), maximumBytes: maximumBytes)
    }

    /// `text` cut at a character boundary so that its UTF-8, plus "…" when cut, fits `maximumBytes`.
    public static func truncated(_ text: String, maximumBytes: Int) -> String {
        guard text.utf8.count > maximumBytes else { return text }
        let budget = max(0, maximumBytes - ellipsis.utf8.count)
        var result = ""
        var used = 0
        // Whole characters only, so a cut never splits an emoji or a combining sequence.
        for character in text {
            let width = character.utf8.count
            if used + width > budget { break }
            result.append(character)
            used += width
        }
        return result + ellipsis
    }

    /// `text` with `&`, `<` and `>` replaced by entities: all that Pango markup (a server's
    /// body, a status bar's text) needs outside tags. Quotes stay literal: notify-osd shows
    /// `&#39;` as it is, and every markup parser reads a bare `'` or `"` in text as itself.
    public static func escapeMarkup(_ text: String) -> String {
        // Most text has nothing to escape: then it is returned as it is, without a copy.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else {
            return text
        }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

extension String {
    /// The string without leading and trailing `character`s.
    fileprivate func trimmingCharacters(in character: Unicode.Scalar) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != character }),
              let last = scalars.lastIndex(where: { $0 != character }) else { return "" }
        return String(scalars[first...last])
    }
}
