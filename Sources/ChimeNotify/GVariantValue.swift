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

    /// The value as an array of strings (for `as`).
    var strings: [String] {
        var count: gsize = 0
        guard let array = g_variant_get_strv(variant, &count) else { return [] }
        defer { g_free(array) }  // the container only: the strings belong to the variant
        return (0..<Int(count)).compactMap { array[$0].map { String(cString: $0) } }
    }
}
