import Foundation

/// A JSON document as a value: two documents are equal when they say the same, whatever the
/// order of their keys or their spacing. `true` is not `1`, and `1` is `1.0`.
enum JSONValue: Equatable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value of `text`; throws when it is not one JSON document.
    static func parse(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Compact JSON with sorted keys, for messages.
    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)"
        case .string(let value): Self.quoted(value)
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.keys.sorted().map { "\(Self.quoted($0)):\(members[$0]!.description)" }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        let data = try? JSONEncoder().encode(text)
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\"\(text)\""
    }

    /// Where this value differs from `recorded`, one line per difference, each naming its path
    /// (`$.fasts[id=f-3k9].completed: recorded true, now false`); empty when they are equal.
    ///
    /// Arrays whose elements are all objects with distinct string `id`s (fasts, pending
    /// notifications, occurrences; with the `cycle` too where there is one, as a repeating fast
    /// has a record per cycle) are matched by them, so one element added or gone is one line
    /// rather than a difference at every index after it; a change of order alone is one line.
    func differences(from recorded: JSONValue, at path: String = "$") -> [String] {
        switch (recorded, self) {
        case (.object(let old), .object(let new)):
            var lines: [String] = []
            for key in Set(old.keys).union(new.keys).sorted() {
                let inner = "\(path).\(key)"
                switch (old[key], new[key]) {
                case (let was?, let now?): lines += now.differences(from: was, at: inner)
                case (let was?, nil): lines.append("\(inner): recorded \(Self.shortened(was)), now missing")
                case (nil, let now?): lines.append("\(inner): not recorded, now \(Self.shortened(now))")
                case (nil, nil): break
                }
            }
            return lines
        case (.array(let old), .array(let new)):
            if let oldByID = Self.byID(old), let newByID = Self.byID(new) {
                return Self.differences(recorded: oldByID, current: newByID, at: path)
            }
            var lines: [String] = []
            for index in 0..<max(old.count, new.count) {
                let inner = "\(path)[\(index)]"
                switch (index < old.count ? old[index] : nil, index < new.count ? new[index] : nil) {
                case (let was?, let now?): lines += now.differences(from: was, at: inner)
                case (let was?, nil): lines.append("\(inner): recorded \(Self.shortened(was)), now missing")
                case (nil, let now?): lines.append("\(inner): not recorded, now \(Self.shortened(now))")
                case (nil, nil): break
                }
            }
            return lines
        default:
            return recorded == self ? [] : ["\(path): recorded \(Self.shortened(recorded)), now \(Self.shortened(self))"]
        }
    }

    /// `elements` keyed by their `id` (and `cycle`, where they have one) and in their order,
    /// when every one is an object with a string `id` and no two share a key.
    private static func byID(_ elements: [JSONValue]) -> [(id: String, value: JSONValue)]? {
        var keyed: [(id: String, value: JSONValue)] = []
        for element in elements {
            guard case .object(let members) = element, case .string(let id)? = members["id"] else { return nil }
            let cycle = members["cycle"].map { $0 == .null ? "" : ", cycle=\($0)" } ?? ""
            keyed.append((id + cycle, element))
        }
        return Set(keyed.map(\.id)).count == keyed.count ? keyed : nil
    }

    private static func differences(recorded: [(id: String, value: JSONValue)], current: [(id: String, value: JSONValue)], at path: String) -> [String] {
        let old = Dictionary(uniqueKeysWithValues: recorded.map { ($0.id, $0.value) })
        let new = Dictionary(uniqueKeysWithValues: current.map { ($0.id, $0.value) })
        var lines: [String] = []
        for (id, was) in recorded {
            let inner = "\(path)[id=\(id)]"
            if let now = new[id] {
                lines += now.differences(from: was, at: inner)
            } else {
                lines.append("\(inner): recorded \(shortened(was)), now missing")
            }
        }
        for (id, now) in current where old[id] == nil {
            lines.append("\(path)[id=\(id)]: not recorded, now \(shortened(now))")
        }
        let sharedOld = recorded.map(\.id).filter { new[$0] != nil }
        let sharedNew = current.map(\.id).filter { old[$0] != nil }
        if sharedOld != sharedNew {
            lines.append("\(path): order recorded \(sharedOld), now \(sharedNew)")
        }
        return lines
    }

    /// `value` as compact JSON, cut at 300 characters.
    private static func shortened(_ value: JSONValue) -> String {
        let text = value.description
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}
