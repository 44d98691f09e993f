/// Text that cannot be sent to a notification server, with the reason in one sentence.
public struct TextRejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why the text was refused.
    public enum Kind: String, Hashable, Sendable {
        /// The text holds a NUL character, which D-Bus strings cannot carry.
        case containsNUL
    }

    /// Why the text was refused.
    public let kind: Kind
    /// One sentence for the user: which text, what was wrong, what to do.
    public let message: String

    /// Makes a rejection of `kind` carrying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
