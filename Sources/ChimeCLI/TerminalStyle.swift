/// Whether output may carry ANSI colours, decided once by the caller from the environment and
/// whether standard output is a terminal, then passed to every formatter.
public struct TerminalStyle: Hashable, Sendable {
    /// Whether to emit ANSI colour sequences.
    public let usesColor: Bool

    /// A colour or emphasis the formatters use.
    public enum Color: String, Hashable, Sendable, CaseIterable {
        /// Fasting, done.
        case green = "32"
        /// Eating window, warnings.
        case yellow = "33"
        /// Water.
        case blue = "34"
        /// Problems.
        case red = "31"
        /// Secondary text and empty bar cells.
        case dim = "2"
        /// Headings.
        case bold = "1"
    }

    /// Makes a style with colour on or off.
    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// Colour only when standard output is a terminal, `NO_COLOR` is unset or empty
    /// (https://no-color.org), and `TERM` is not `dumb`.
    public init(environment: [String: String], isTerminal: Bool) {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        self.init(usesColor: isTerminal && !noColor && !dumb)
    }

    /// No colour.
    public static let plain = TerminalStyle(usesColor: false)

    /// `text` wrapped in the colour's escape sequence, or unchanged without colour.
    public func paint(_ text: String, _ color: Color) -> String {
        guard usesColor, !text.isEmpty else { return text }
        return "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m"
    }
}
