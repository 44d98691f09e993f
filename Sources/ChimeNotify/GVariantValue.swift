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

    /// The value a `v` holds; any other value itself.
    var unboxed: GVariantValue {
        guard g_variant_is_of_type(variant, chime_variant_type("v")) != 0 else { return self }
        return GVariantValue(owning: g_variant_get_variant(variant))
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

    /// The value as an integer (for `i`, `u`, `x` and `t`; a `v` holding one is unboxed first),
    /// or `nil` for any other type.
    var integer: Int64? {
        if g_variant_is_of_type(variant, chime_variant_type("v")) != 0 {
            return GVariantValue(owning: g_variant_get_variant(variant)).integer
        }
        if g_variant_is_of_type(variant, chime_variant_type("i")) != 0 { return Int64(g_variant_get_int32(variant)) }
        if g_variant_is_of_type(variant, chime_variant_type("u")) != 0 { return Int64(g_variant_get_uint32(variant)) }
        if g_variant_is_of_type(variant, chime_variant_type("x")) != 0 { return Int64(g_variant_get_int64(variant)) }
        if g_variant_is_of_type(variant, chime_variant_type("t")) != 0 { return Int64(truncatingIfNeeded: g_variant_get_uint64(variant)) }
        return nil
    }

    /// The children of a container (an array, a tuple).
    var children: [GVariantValue] {
        (0..<Int(g_variant_n_children(variant))).map(child)
    }

    /// The value of `key` in a dictionary of variants (`a{sv}`), unboxed; `nil` when absent.
    func value(forKey key: String) -> GVariantValue? {
        g_variant_lookup_value(variant, key, nil).map { GVariantValue(owning: $0) }
    }

    /// The value as an array of strings (for `as`; a `v` holding one is unboxed first).
    var strings: [String] {
        if g_variant_is_of_type(variant, chime_variant_type("v")) != 0 {
            return GVariantValue(owning: g_variant_get_variant(variant)).strings
        }
        guard g_variant_is_of_type(variant, chime_variant_type("as")) != 0 else { return [] }
        var count: gsize = 0
        guard let array = g_variant_get_strv(variant, &count) else { return [] }
        defer { g_free(array) }  // the container only: the strings belong to the variant
        return (0..<Int(count)).compactMap { array[$0].map { String(cString: $0) } }
    }
}
