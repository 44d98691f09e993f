/// The one way the CLI's JSON output (`--format json`, `export`, waybar) writes text as a JSON
/// string literal.
///
/// Quotes, backslashes and control characters are escaped (with the short forms JSON has), and
/// so are DEL and U+2028/U+2029, which some JSON readers (JavaScript before ES2019, line-based
/// tools) take for line ends; everything else is written as is, in UTF-8.
public enum JSONStringLiteral {
    /// Appends `text` to `output` as a quoted, escaped JSON string.
    public static func append(_ text: String, to output: inout String) {
        output += "\""
        // Most text needs no escaping: append it whole rather than scalar by scalar. 0xE2 leads
        // U+2028 and U+2029 (and other scalars, which the slow path writes unchanged).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            output += text
        } else {
            for scalar in text.unicodeScalars {
                appendEscaped(scalar, to: &output)
            }
        }
        output += "\""
    }

    /// `text` as a quoted, escaped JSON string.
    public static func make(_ text: String) -> String {
        var output = ""
        append(text, to: &output)
        return output
    }

    private static func appendEscaped(_ scalar: Unicode.Scalar, to output: inout String) {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        case "\u{08}": output += "\\b"
        case "\u{0C}": output += "\\f"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
            let hex = String(scalar.value, radix: 16)
            output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default:
            output.unicodeScalars.append(scalar)
        }
    }
}
