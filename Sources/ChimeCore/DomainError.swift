/// A rejected input or a forbidden change, described for the person who made it.
///
/// `kind` is what callers match on; `message` is one sentence that quotes the input and says
/// what would have been accepted.
public struct DomainError: ChimeError {
    /// What went wrong, coarse enough for a caller to choose an exit code.
    public enum Kind: String, Hashable, Sendable {
        /// A duration such as `45m` could not be read.
        case invalidDuration
        /// A fasting plan such as `16:8` could not be read.
        case invalidPlan
        /// A wall-clock time or an instant could not be read.
        case invalidTime
        /// A user-supplied text (tag, reminder) is empty, too long or not text, or holds what a
        /// notification server cannot carry (a NUL character).
        case invalidText
        /// An identifier chosen by the user has characters or a length we do not accept.
        case invalidIdentifier
        /// An amount (millilitres) is out of range.
        case invalidAmount
        /// A recurrence rule (`daily 08:00`, `FREQ=WEEKLY;BYDAY=MO`) could not be read.
        case invalidRule
        /// The change conflicts with the current state (a fast is already running, say).
        case conflict
        /// The change refers to something that does not exist or has already ended.
        case notFound
    }

    /// What went wrong.
    public let kind: Kind
    /// One sentence for the user, in every language: what was wrong and what to do.
    public let text: LocalizedText

    /// Makes an error of `kind` carrying `message`, the same in every language.
    public init(_ kind: Kind, _ message: String) {
        self.init(kind, LocalizedText(verbatim: message))
    }

    /// Makes an error of `kind` carrying `text`.
    public init(_ kind: Kind, _ text: LocalizedText) {
        self.kind = kind
        self.text = text
    }

    /// Makes an error of `kind` saying `message` of the core's catalog with `values`.
    package init(_ kind: Kind, _ message: CoreText, _ values: [String: String] = [:]) {
        self.init(kind, LocalizedText(message, values))
    }
}
