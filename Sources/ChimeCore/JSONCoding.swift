import FoundationEssentials

/// The one way Chime encodes and decodes JSON that machines read back: a notification's content
/// in the store, the control socket's messages, the stdout notifier's lines.
///
/// Foundation's coders with one configuration: keys sorted, so the same value always gives the
/// same text, and `/` as is. What people and scripts read (`--format json`, `export`) is written
/// by the CLI's `OrderedJSONEncoder`, in documented key order, instead.
public enum JSONCoding {
    // Foundation's coders hold their options behind a lock: one of each serves every thread.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    private static let decoder = JSONDecoder()

    /// `value` as UTF-8 JSON on one line, keys sorted.
    public static func encode(_ value: some Encodable) throws -> Data {
        try encoder.encode(value)
    }

    /// The `Value` that `json` holds; throws what `Value`'s `init(from:)` throws, or a
    /// `DecodingError` when `json` is not JSON of its shape.
    public static func decode<Value: Decodable>(_ type: Value.Type, from json: Data) throws -> Value {
        try decoder.decode(type, from: json)
    }
}
