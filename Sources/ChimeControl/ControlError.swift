import ChimeCore

/// A structured failure the daemon sends instead of an answer:
/// `{"error":{"code","message","reason","values"}}`.
///
/// `message` is the English sentence, which every version of `chime` can show; `reason` names
/// the sentence in ``ControlRefusal`` and `values` fill it, so a `chime` that knows the reason
/// writes it in its reader's language. A value may also be given per language as
/// `name@zh-Hans` (a store error inside the sentence, itself translated). An older daemon sends
/// neither, and a reason this `chime` does not know: both show `message` as it is.
public struct ControlError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// A stable, machine-readable reason; unknown codes from a newer daemon still decode.
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// The code as sent, e.g. `frame_too_large`.
        public let rawValue: String

        /// Wraps the code `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Reads the code from a JSON string.
        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        /// Writes the code as a JSON string.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// The code as sent.
        public var description: String { rawValue }

        /// The message was not JSON, or not a request object.
        public static let malformedRequest = Code(rawValue: "malformed_request")
        /// The frame announced more than 64 KiB.
        public static let frameTooLarge = Code(rawValue: "frame_too_large")
        /// The request's `type` is unknown to this daemon.
        public static let unsupportedRequest = Code(rawValue: "unsupported_request")
        /// The connecting process belongs to another user.
        public static let forbidden = Code(rawValue: "forbidden")
        /// The message did not arrive completely within the read deadline.
        public static let timedOut = Code(rawValue: "timed_out")
        /// The daemon has too many connections open.
        public static let busy = Code(rawValue: "busy")
        /// The daemon failed while handling the request.
        public static let internalFailure = Code(rawValue: "internal")
    }

    /// Why the request failed.
    public let code: Code
    /// One sentence for the user, in English.
    public let message: String
    /// The ``ControlRefusal`` the sentence is, when the sender named one.
    public let reason: String?
    /// The values that fill `reason`'s sentence.
    public let values: [String: String]

    private enum CodingKeys: String, CodingKey {
        case code, message, reason, values
    }

    /// Makes a failure with `code` and `message` and no named sentence.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
        reason = nil
        values = [:]
    }

    /// Makes a failure with `code` whose sentence is `refusal` filled with `values`.
    package init(_ code: Code, _ refusal: ControlRefusal, _ values: [String: String] = [:]) {
        self.code = code
        message = refusal.text(.english, values)
        reason = refusal.rawValue
        self.values = values
    }

    /// Makes a failure with `code` whose sentence is `refusal` filled with values that are
    /// themselves in every language.
    package init(_ code: Code, _ refusal: ControlRefusal, localized: [String: LocalizedText]) {
        var values = localized.mapValues { $0.text(in: .english) }
        for language in UserLanguage.allCases where language != .english {
            for (name, text) in localized { values["\(name)@\(language.rawValue)"] = text.text(in: language) }
        }
        self.init(code, refusal, values)
    }

    /// Reads a failure; `reason` and `values` may be missing (an older daemon).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(Code.self, forKey: .code)
        message = try container.decode(String.self, forKey: .message)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        values = try container.decodeIfPresent([String: String].self, forKey: .values) ?? [:]
    }

    /// Writes the failure, leaving out `reason` and `values` when there are none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(reason, forKey: .reason)
        if !values.isEmpty { try container.encode(values, forKey: .values) }
    }

    /// The sentence in `language`: the named reason's when this version knows it and has every
    /// value it needs, else `message` as sent.
    public func text(in language: UserLanguage) -> String {
        guard let reason, let refusal = ControlRefusal(rawValue: reason) else { return message }
        let needed = Set(TextTemplate.placeholders(in: refusal.template(language)))
        guard needed.isSubset(of: values.keys) else { return message }
        var filled = values
        for name in needed {
            if let own = values["\(name)@\(language.rawValue)"] { filled[name] = own }
        }
        return refusal.text(language, filled)
    }

    /// The message.
    public var description: String { message }
}
