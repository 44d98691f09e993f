/// One command-line argument, classified, with its position for error messages.
public struct ArgumentToken: Hashable, Sendable {
    /// What the argument is.
    public enum Kind: Hashable, Sendable {
        /// `--name` or `--name=value` (the value is `nil` without `=`).
        case longOption(name: String, attachedValue: String?)
        /// `-h`: a single dash followed by letters (the letters, without the dash).
        case shortOption(String)
        /// Anything else: a word, `-`, a negative number such as `-5m`, or any argument after `--`.
        case value(String)
        /// `--`: every later argument is a value, even when it starts with a dash.
        case terminator
    }

    /// What the argument is.
    public let kind: Kind
    /// The argument exactly as given.
    public let text: String
    /// The 1-based position among the arguments after the program name.
    public let position: Int

    /// The value text, when the token is a value.
    public var value: String? {
        if case .value(let text) = kind { return text }
        return nil
    }
}

/// Splits arguments into tokens before any meaning is attached to them.
///
/// Classification is purely lexical (no command table involved), so every later stage sees the
/// same tokens and can point at their positions: `--name=value` is split at the first `=`,
/// `--` ends option processing, and a dash followed by a digit (`-5m`, `-1`) is a value, so a
/// negative duration is reported as a bad duration rather than as an unknown option.
public enum ArgumentTokenizer {
    /// The tokens of `arguments` (the program name excluded).
    public static func tokenize(_ arguments: [String]) -> [ArgumentToken] {
        var tokens: [ArgumentToken] = []
        tokens.reserveCapacity(arguments.count)
        var terminated = false
        for (offset, argument) in arguments.enumerated() {
            let kind: ArgumentToken.Kind
            if terminated {
                kind = .value(argument)
            } else if argument == "--" {
                kind = .terminator
                terminated = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    kind = .longOption(name: String(body[..<equals]), attachedValue: String(body[body.index(after: equals)...]))
                } else {
                    kind = .longOption(name: String(body), attachedValue: nil)
                }
            } else if argument.hasPrefix("-"), argument.count > 1, !startsLikeNumber(argument.dropFirst()) {
                kind = .shortOption(String(argument.dropFirst()))
            } else {
                kind = .value(argument)
            }
            tokens.append(ArgumentToken(kind: kind, text: argument, position: offset + 1))
        }
        return tokens
    }

    /// Whether the text after a single dash starts like a number (`5m`, `.5`), making the whole
    /// argument a negative value rather than an option.
    private static func startsLikeNumber(_ text: Substring) -> Bool {
        guard let first = text.first else { return false }
        return first.isASCII && (first.isNumber || first == ".")
    }
}
