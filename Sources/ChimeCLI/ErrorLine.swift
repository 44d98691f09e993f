import ChimeCore

extension UsageError {
    /// Makes an error saying `message` of the command texts with `values`.
    init(_ kind: Kind, _ message: CommandText, _ values: [String: String] = [:], argumentPosition: Int? = nil, suggestion: String? = nil) {
        self.init(kind, LocalizedText(message, values), argumentPosition: argumentPosition, suggestion: suggestion)
    }

    /// The line printed on standard error: `chime: <message>`, in English.
    public var line: String { ErrorLine.text(message) }

    /// The line printed on standard error in `language`.
    public func line(in language: UserLanguage) -> String { ErrorLine.text(text.text(in: language)) }
}

/// The one place that shapes a user-facing error line.
public enum ErrorLine {
    /// The program name that starts every error line.
    public static let programName = "chime"

    /// `chime: <message>`, flattened to one line (a message never spans lines on the terminal).
    public static func text(_ message: String) -> String {
        let flat = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "\(programName): \(flat)"
    }
}
