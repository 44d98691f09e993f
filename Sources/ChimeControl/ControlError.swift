/// A structured failure the daemon sends instead of an answer: `{"error":{"code","message"}}`.
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
    /// One sentence for the user.
    public let message: String

    /// Makes a failure with `code` and `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
