/// Writes comma-separated values as RFC 4180 describes, with `\n` line ends.
///
/// A field is quoted when it holds a comma, a quote, a line break, or leading or trailing
/// spaces; quotes inside are doubled. Everything else is written as is, so plain fields stay
/// readable. Line ends inside quoted fields are kept exactly.
public struct CSVWriter: Sendable {
    /// The text written so far.
    public private(set) var text = ""

    /// Starts a document with its header row.
    public init(header: [String]) {
        appendRow(header)
    }

    /// Appends one row.
    public mutating func appendRow(_ fields: [String]) {
        text += fields.map(Self.escape).joined(separator: ",") + "\n"
    }

    /// One field, quoted when it must be.
    public static func escape(_ field: String) -> String {
        let needsQuotes = field.contains { $0 == "," || $0 == "\"" || $0.isNewline }
            || field.first == " " || field.last == " "
        guard needsQuotes else { return field }
        var quoted = "\""
        for character in field {
            quoted += character == "\"" ? "\"\"" : String(character)
        }
        return quoted + "\""
    }
}
