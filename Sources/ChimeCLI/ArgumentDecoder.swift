import ChimeCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the raw bytes of the command line and refuses arguments that are not valid UTF-8.
///
/// `CommandLine.arguments` silently replaces invalid bytes with U+FFFD, so a tag typed in a
/// Latin-1 terminal would be stored altered. Reading `argv` directly lets `chime` say which
/// argument is wrong instead (exit 65) before anything is parsed or written.
public enum ArgumentDecoder {
    /// The arguments of this process after the program name, or the first one that is not UTF-8.
    public static func processArguments() -> Result<[String], UsageError> {
        let count = Int(CommandLine.argc)
        var raw: [[UInt8]] = []
        raw.reserveCapacity(max(0, count - 1))
        for index in 1..<max(1, count) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let length = strlen(pointer)
            raw.append(pointer.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) })
        }
        return decode(raw)
    }

    /// `arguments` (each the bytes of one argument, program name excluded) as strings, or an
    /// error naming the first argument that is not valid UTF-8 by its 1-based position.
    public static func decode(_ arguments: [[UInt8]]) -> Result<[String], UsageError> {
        var decoded: [String] = []
        decoded.reserveCapacity(arguments.count)
        for (offset, bytes) in arguments.enumerated() {
            if let invalid = firstInvalidByte(in: bytes) {
                let shown = String(decoding: bytes, as: UTF8.self)
                let hex = "0x" + String(bytes[invalid], radix: 16, uppercase: true)
                let values = ["position": "\(offset + 1)", "shown": shown, "byte": hex, "offset": "\(invalid)"]
                return .failure(UsageError(.invalidEncoding, .invalidEncoding, values, argumentPosition: offset + 1))
            }
            decoded.append(String(decoding: bytes, as: UTF8.self))
        }
        return .success(decoded)
    }

    /// The offset of the first byte that does not belong to a valid UTF-8 sequence, if any.
    public static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
            case .error:
                return offset
            case .emptyInput:
                return nil
            }
        }
    }
}
