import CDBus

/// One argument of a D-Bus reply, as far as the probe reads them: strings, Booleans, arrays,
/// structs and variants; anything else is ``other``.
indirect enum BusValue: Hashable, Sendable {
    case string(String)
    case boolean(Bool)
    case array([BusValue])
    case structure([BusValue])
    case variant(BusValue)
    case other

    /// The string, looking through a variant; `""` for anything else.
    var string: String {
        switch self {
        case .string(let value): return value
        case .variant(let inner): return inner.string
        default: return ""
        }
    }

    /// The Boolean, looking through a variant; `false` for anything else.
    var boolean: Bool {
        switch self {
        case .boolean(let value): return value
        case .variant(let inner): return inner.boolean
        default: return false
        }
    }

    /// The strings of an array of strings, looking through a variant; empty for anything else.
    var strings: [String] {
        switch self {
        case .array(let elements): return elements.map(\.string)
        case .variant(let inner): return inner.strings
        default: return []
        }
    }

    /// Every value from `iterator`'s position to the end of its container.
    static func readAll(_ iterator: inout DBusMessageIter) -> [BusValue] {
        var values: [BusValue] = []
        while dbus_message_iter_get_arg_type(&iterator) != chime_dbus_type_invalid {
            values.append(read(&iterator))
            guard dbus_message_iter_next(&iterator) != 0 else { break }
        }
        return values
    }

    /// The value at `iterator`'s position.
    private static func read(_ iterator: inout DBusMessageIter) -> BusValue {
        let type = dbus_message_iter_get_arg_type(&iterator)
        switch type {
        case chime_dbus_type_string:
            var text: UnsafePointer<CChar>?
            withUnsafeMutablePointer(to: &text) { dbus_message_iter_get_basic(&iterator, $0) }
            return .string(text.map { String(cString: $0) } ?? "")
        case chime_dbus_type_boolean:
            var value: dbus_bool_t = 0
            dbus_message_iter_get_basic(&iterator, &value)
            return .boolean(value != 0)
        case chime_dbus_type_array, chime_dbus_type_struct, chime_dbus_type_variant:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            let elements = readAll(&inner)
            switch type {
            case chime_dbus_type_array: return .array(elements)
            case chime_dbus_type_struct: return .structure(elements)
            default: return elements.first.map { .variant($0) } ?? .other
            }
        default:
            return .other
        }
    }
}
