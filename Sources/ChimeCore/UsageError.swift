/// A command line that cannot run, `chime`'s or `chimed`'s, described for the person who typed it.
///
/// `message` is one sentence (what was wrong, what to do) without the program's name, which
/// each program puts before it; `exitCode` is 64 for malformed command lines and 65 for
/// malformed values.
public struct UsageError: ChimeError {
    /// What went wrong, for callers and tests to match on.
    public enum Kind: Hashable, Sendable {
        /// A word that is not a command (or subcommand) of `chime`.
        case unknownCommand
        /// A group such as `chime fast` was given without one of its subcommands.
        case missingSubcommand
        /// An option the command does not have.
        case unknownOption
        /// An option that needs a value was given without one.
        case missingValue
        /// A flag was given a value (`--json=yes`).
        case unexpectedValue
        /// The same option was given twice.
        case repeatedOption
        /// A required argument is missing.
        case missingArgument
        /// More arguments than the command takes.
        case unexpectedArgument
        /// Arguments that exclude each other were combined, or none of a required set was given.
        case conflictingArguments
        /// A value outside a fixed set (`--format xml`, an unknown config key).
        case invalidChoice
        /// A value that does not read as what it should be (duration, time, plan, text, id, amount).
        case invalidValue(DomainError.Kind)
        /// A setting value outside the words its key accepts (`notify.urgency.fast loud`): bad
        /// data like any other bad setting value, unlike an unknown key or `--format xml`.
        case invalidSettingValue
        /// A number that is not a whole number in range (`--days`).
        case invalidNumber
        /// An argument that is not valid UTF-8.
        case invalidEncoding
    }

    /// What went wrong.
    public let kind: Kind
    /// One sentence for the user, in every language: what was wrong and what to do.
    public let text: LocalizedText
    /// The 1-based position of the offending argument after the program name, when there is one.
    public let argumentPosition: Int?
    /// The closest valid spelling offered in `message` (a command, option or value), if any.
    public let suggestion: String?

    /// Makes an error saying `text`.
    public init(_ kind: Kind, _ text: LocalizedText, argumentPosition: Int? = nil, suggestion: String? = nil) {
        self.kind = kind
        self.text = text
        self.argumentPosition = argumentPosition
        self.suggestion = suggestion
    }

    /// Makes an error saying `message`, the same in every language.
    public init(_ kind: Kind, _ message: String, argumentPosition: Int? = nil, suggestion: String? = nil) {
        self.init(kind, LocalizedText(verbatim: message), argumentPosition: argumentPosition, suggestion: suggestion)
    }

    /// The error for a rejected value, carrying the core's sentence unchanged.
    public init(_ error: DomainError, argumentPosition: Int?) {
        self.init(.invalidValue(error.kind), error.text, argumentPosition: argumentPosition)
    }

    /// `EX_USAGE` (64) for a malformed command line, `EX_DATAERR` (65) for a malformed value.
    public var exitCode: ExitCode {
        switch kind {
        case .unknownCommand, .missingSubcommand, .unknownOption, .missingValue, .unexpectedValue,
             .repeatedOption, .missingArgument, .unexpectedArgument, .conflictingArguments, .invalidChoice:
            return .usage
        case .invalidValue, .invalidSettingValue, .invalidNumber, .invalidEncoding:
            return .dataError
        }
    }

    /// Where the error points, which equality compares besides the kind and sentence.
    public struct Pointer: Hashable, Sendable {
        /// ``UsageError/argumentPosition``.
        public let argumentPosition: Int?
        /// ``UsageError/suggestion``.
        public let suggestion: String?
    }

    /// The argument's position and the suggestion, for equality.
    public var details: Pointer { Pointer(argumentPosition: argumentPosition, suggestion: suggestion) }
}
