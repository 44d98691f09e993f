/// Encodes `Encodable` values as JSON with keys in the order the value encodes them.
///
/// Foundation's `JSONEncoder` on Linux writes object keys in hash order, which changes from run
/// to run, and leaves out `nil` optionals. Chime's JSON output is documented and read by scripts
/// and status bars, so here keys come out in declaration order (the order synthesized `Encodable`
/// conformances encode them) and every optional key is present, `null` when empty.
public struct OrderedJSONEncoder: Sendable {
    /// Whether to indent with two spaces and break lines; off gives one line (what waybar reads).
    public var prettyPrinted: Bool

    /// Makes an encoder; one line per value unless `prettyPrinted`.
    public init(prettyPrinted: Bool = false) {
        self.prettyPrinted = prettyPrinted
    }

    /// The JSON text of `value`, without a trailing newline.
    public func encode<Value: Encodable>(_ value: Value) throws(EncodingError) -> String {
        let root = Slot()
        do {
            try value.encode(to: NodeEncoder(slot: root, codingPath: []))
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(error)"))
        }
        var output = ""
        root.node.write(to: &output, indent: prettyPrinted ? 0 : nil)
        return output
    }
}

/// A JSON value with object keys in order.
enum JSONNode {
    case null
    case bool(Bool)
    /// The number already spelled as JSON.
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([(key: String, value: JSONNode)])

    /// Appends the JSON text; `indent` is the current depth when pretty printing, `nil` for one line.
    func write(to output: inout String, indent: Int?) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): JSONNode.writeString(text, to: &output)
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "["
            for (offset, item) in items.enumerated() {
                if offset > 0 { output += "," }
                JSONNode.newline(&output, indent.map { $0 + 1 })
                item.write(to: &output, indent: indent.map { $0 + 1 })
            }
            JSONNode.newline(&output, indent)
            output += "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{"
            for (offset, member) in members.enumerated() {
                if offset > 0 { output += "," }
                JSONNode.newline(&output, indent.map { $0 + 1 })
                JSONNode.writeString(member.key, to: &output)
                output += indent == nil ? ":" : ": "
                member.value.write(to: &output, indent: indent.map { $0 + 1 })
            }
            JSONNode.newline(&output, indent)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, _ indent: Int?) {
        guard let indent else { return }
        output += "\n" + String(repeating: "  ", count: indent)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        // Most strings need no escape: copied whole, not scalar by scalar (`list --json` of
        // 100,000 notifications spent a third of its time here).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

/// Where one encoded value goes; containers fill it in as the value encodes itself.
private final class Slot {
    enum Content {
        case empty
        case scalar(JSONNode)
        case object(ObjectBuilder)
        case array(ArrayBuilder)
    }

    var content: Content = .empty

    /// The finished value; a value that encoded nothing becomes `{}` as with `JSONEncoder`.
    var node: JSONNode {
        switch content {
        case .empty: return .object([])
        case .scalar(let node): return node
        case .object(let builder): return .object(builder.keys.map { ($0, builder.slots[$0]!.node) })
        case .array(let builder): return .array(builder.slots.map(\.node))
        }
    }

    func objectBuilder() -> ObjectBuilder {
        if case .object(let builder) = content { return builder }
        let builder = ObjectBuilder()
        content = .object(builder)
        return builder
    }

    func arrayBuilder() -> ArrayBuilder {
        if case .array(let builder) = content { return builder }
        let builder = ArrayBuilder()
        content = .array(builder)
        return builder
    }
}

private final class ObjectBuilder {
    var keys: [String] = []
    var slots: [String: Slot] = [:]

    /// The slot for `key`, created at the end of the key order on first use.
    func slot(for key: String) -> Slot {
        if let slot = slots[key] { return slot }
        let slot = Slot()
        keys.append(key)
        slots[key] = slot
        return slot
    }
}

private final class ArrayBuilder {
    var slots: [Slot] = []

    func appendSlot() -> Slot {
        let slot = Slot()
        slots.append(slot)
        return slot
    }
}

/// Spells numbers and checks floating-point values JSON cannot hold.
private enum NumberText {
    static func floating<Value: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Value, at codingPath: [any CodingKey]) throws -> JSONNode {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "JSON cannot hold \(value)"))
        }
        // Whole numbers without the ".0" Swift adds; anything else in Swift's shortest round-trip form.
        if value == value.rounded(), abs(value) < 1e15 {
            return .number(String(Int64(value)))
        }
        return .number(value.description)
    }
}

private struct NodeEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer<Key>(object: slot.objectBuilder(), codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(array: slot.arrayBuilder(), codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(slot: slot, codingPath: codingPath)
    }
}

/// Encodes any value into a slot: the one place all containers go through.
private func encodeValue<Value: Encodable>(_ value: Value, into slot: Slot, codingPath: [any CodingKey]) throws {
    switch value {
    case let number as Double: slot.content = .scalar(try NumberText.floating(number, at: codingPath))
    case let number as Float: slot.content = .scalar(try NumberText.floating(number, at: codingPath))
    default: try value.encode(to: NodeEncoder(slot: slot, codingPath: codingPath))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: ObjectBuilder
    let codingPath: [any CodingKey]

    private func slot(_ key: Key) -> Slot { object.slot(for: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { slot(key).content = .scalar(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { slot(key).content = .scalar(.bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { slot(key).content = .scalar(.string(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: slot(key), codingPath: codingPath + [key])
    }

    // Absent optionals are written as `null` so every documented key is always present.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeOptional(value, key) }

    private mutating func encodeOptional<T: Encodable>(_ value: T?, _ key: Key) throws {
        guard let value else { return try encodeNil(forKey: key) }
        try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedContainer<NestedKey>(object: slot(key).objectBuilder(), codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedContainer(array: slot(key).arrayBuilder(), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(slot: object.slot(for: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(slot: slot(key), codingPath: codingPath + [key])
    }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String
    init(_ index: Int) {
        intValue = index
        stringValue = String(index)
    }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.init(intValue) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let array: ArrayBuilder
    let codingPath: [any CodingKey]
    var count: Int { array.slots.count }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(count)] }

    mutating func encodeNil() throws { array.appendSlot().content = .scalar(.null) }
    mutating func encode(_ value: Bool) throws { array.appendSlot().content = .scalar(.bool(value)) }
    mutating func encode(_ value: String) throws { array.appendSlot().content = .scalar(.string(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        try encodeValue(value, into: array.appendSlot(), codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: array.appendSlot().objectBuilder(), codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return UnkeyedContainer(array: array.appendSlot().arrayBuilder(), codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return NodeEncoder(slot: array.appendSlot(), codingPath: path)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.content = .scalar(.null) }
    mutating func encode(_ value: Bool) throws { slot.content = .scalar(.bool(value)) }
    mutating func encode(_ value: String) throws { slot.content = .scalar(.string(value)) }
    mutating func encode(_ value: Double) throws { slot.content = .scalar(try NumberText.floating(value, at: codingPath)) }
    mutating func encode(_ value: Float) throws { slot.content = .scalar(try NumberText.floating(value, at: codingPath)) }
    mutating func encode(_ value: Int) throws { slot.content = .scalar(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { slot.content = .scalar(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { slot.content = .scalar(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { slot.content = .scalar(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { slot.content = .scalar(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { slot.content = .scalar(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { slot.content = .scalar(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { slot.content = .scalar(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { slot.content = .scalar(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { slot.content = .scalar(.number(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value, into: slot, codingPath: codingPath) }
}
