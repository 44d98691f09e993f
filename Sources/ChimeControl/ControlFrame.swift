import ChimeCore
import FoundationEssentials

/// The control socket's framing: a 4-byte big-endian payload length, then that many bytes of
/// UTF-8 JSON, at most ``maximumPayloadLength``.
package enum ControlFrame {
    /// The largest payload either side accepts: 64 KiB.
    package static let maximumPayloadLength = 64 * 1024
    /// The largest answer `chime` reads: 256 KiB, what chimed lets wait for one connection
    /// (a page of `calendar alarms`). Requests stay within ``maximumPayloadLength``.
    package static let maximumAnswerLength = 256 * 1024
    /// The size of the length prefix.
    package static let headerLength = 4

    /// `payload` with its length prefix.
    package static func frame(_ payload: some Collection<UInt8>) -> [UInt8] {
        let length = UInt32(payload.count)
        var bytes: [UInt8] = [
            UInt8(truncatingIfNeeded: length >> 24), UInt8(truncatingIfNeeded: length >> 16),
            UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length),
        ]
        bytes.append(contentsOf: payload)
        return bytes
    }

    /// `value` as a framed JSON payload.
    package static func frame(encoding value: some Encodable) throws -> [UInt8] {
        frame(try JSONCoding.encode(value))
    }

    /// Reads the big-endian length in the first four bytes of `header`.
    package static func payloadLength(header: some Collection<UInt8>) -> Int {
        header.prefix(headerLength).reduce(0) { $0 << 8 | Int($1) }
    }
}
