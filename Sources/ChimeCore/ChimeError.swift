/// An error a person reads: a kind to match on and one sentence in every language.
///
/// Each layer's error is a struct around its kind (an enum, or the exit code itself) and its
/// ``text``, and adopts this protocol for the rest: two errors are equal when of the same kind
/// saying the same English sentence (the other languages are rendered from the same message
/// and values) with the same ``details``, and an error prints as its English sentence. Errors
/// that carry a C library's own account instead (`SystemError`, `BusError`, `LibicalError`)
/// are plain values with synthesized equality.
public protocol ChimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, coarse enough for a caller to match on and choose an exit code by.
    associatedtype Kind: Hashable & Sendable
    /// What else tells two errors of the same kind and sentence apart; nothing by default.
    associatedtype Details: Hashable = NoErrorDetails

    /// What went wrong.
    var kind: Kind { get }
    /// One sentence for the user, in every language: what was wrong and what to do.
    var text: LocalizedText { get }
    /// What else the error carries that equality compares.
    var details: Details { get }
}

/// The ``ChimeError/details`` of an error that carries nothing besides its kind and sentence.
public struct NoErrorDetails: Hashable, Sendable {
    /// Nothing.
    public init() {}
}

extension ChimeError where Details == NoErrorDetails {
    /// Nothing besides the kind and the sentence.
    public var details: NoErrorDetails { NoErrorDetails() }
}

extension ChimeError {
    /// The sentence in English (what logs and English readers see).
    public var message: String { text.description }

    /// Equal when of the same kind saying the same English sentence with the same details.
    public static func == (left: Self, right: Self) -> Bool {
        left.kind == right.kind && left.message == right.message && left.details == right.details
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(message)
        hasher.combine(details)
    }

    /// The message, so the error prints as the sentence the user sees.
    public var description: String { message }
}
