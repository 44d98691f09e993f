// ICU's normalizer, which FoundationInternationalization links into every program that names a
// time zone (its functions carry the `swift_` prefix of the toolchain's copy): the standard
// library composes only canonically, and Foundation's `precomposedString…Mapping` would link
// swift-corelibs-foundation and CoreFoundation into a static `chime`.
import _FoundationICU

extension StringProtocol {
    /// The text in Unicode normal form C: a precomposed and a combining accent read the same.
    public var composedCanonically: String {
        UnicodeNormalization.normalized(String(self), by: swift_unorm2_getNFCInstance)
    }

    /// The text in Unicode normal form KC: full-width digits and colons (`９：３０`), ligatures and
    /// other compatibility forms read as their plain letters.
    public var composedCompatibly: String {
        UnicodeNormalization.normalized(String(self), by: swift_unorm2_getNFKCInstance)
    }
}

/// The call into ICU behind ``StringProtocol/composedCanonically`` and ``StringProtocol/composedCompatibly``.
enum UnicodeNormalization {
    static func normalized(_ text: String, by instance: (UnsafeMutablePointer<UErrorCode>) -> OpaquePointer?) -> String {
        var status = U_ZERO_ERROR
        guard let normalizer = instance(&status), status.rawValue <= U_ZERO_ERROR.rawValue else { return text }
        let source = Array(text.utf16)
        var capacity = Int32(source.count + 16)
        while true {
            var result = [UInt16](repeating: 0, count: Int(capacity))
            status = U_ZERO_ERROR
            let length = result.withUnsafeMutableBufferPointer { buffer in
                swift_unorm2_normalize(normalizer, source, Int32(source.count), buffer.baseAddress, capacity, &status)
            }
            if status == U_BUFFER_OVERFLOW_ERROR, length > capacity {
                capacity = length
                continue
            }
            // ICU fails only on a broken instance or length; Swift strings are well-formed UTF-16.
            guard status.rawValue <= U_ZERO_ERROR.rawValue else { return text }
            return String(decoding: result[..<Int(length)], as: UTF16.self)
        }
    }
}
