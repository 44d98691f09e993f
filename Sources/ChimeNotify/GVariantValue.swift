import CLibNotify

/// Owns one reference to a `GVariant` (a D-Bus value) and reads it into Swift values.
final class GVariantValue {
    private let variant: OpaquePointer

    /// Takes over a reference the caller owns (a call's reply, a child value).
    init(owning variant: OpaquePointer) {
        self.variant = variant
    }

    deinit {
        g_variant_unref(variant)
    }

    /// The value at `index` of a tuple.
    func child(_ index: Int) -> GVariantValue {
        GVariantValue(owning: g_variant_get_child_value(variant, gsize(index)))
    }

    /// The value as a string (for `s`, `o` and `g` values).
    var string: String {
        String(cString: g_variant_get_string(variant, nil))
    }

    /// The value as a Boolean (for `b`; a `v` holding one is unboxed first).
    var boolean: Bool {
        if g_variant_is_of_type(variant, chime_variant_type("v")) != 0 {
            return GVariantValue(owning: g_variant_get_variant(variant)).boolean
        }
        guard g_variant_is_of_type(variant, chime_variant_type("b")) != 0 else { return false }
        return g_variant_get_boolean(variant) != 0
    }

    /// The value of `key` in a dictionary of variants (`a{sv}`), unboxed; `nil` when absent.
    func value(forKey key: String) -> GVariantValue? {
        g_variant_lookup_value(variant, key, nil).map { GVariantValue(owning: $0) }
    }

    /// The value as an array of strings (for `as`).
    var strings: [String] {
        var count: gsize = 0
        guard let array = g_variant_get_strv(variant, &count) else { return [] }
        defer { g_free(array) }  // the container only: the strings belong to the variant
        return (0..<Int(count)).compactMap { array[$0].map { String(cString: $0) } }
    }
}
