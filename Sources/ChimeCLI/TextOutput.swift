import ChimeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where `chime` writes text: standard output, standard error, or a buffer in tests.
public protocol TextOutput: AnyObject {
    /// Writes `text` whole; `false` once the reader has gone (a closed pipe), so a long-running
    /// command such as `status --follow` can stop quietly.
    @discardableResult
    func write(_ text: String) -> Bool
}

/// Writes to a file descriptor with `write(2)`, retrying short writes and interruptions.
///
/// `chime` ignores `SIGPIPE`, so a reader that went away shows up here as `EPIPE`, reported as
/// `false` instead of killing the process in the middle of a line.
public final class FileDescriptorOutput: TextOutput {
    /// The descriptor written to; not owned (never closed here).
    public let descriptor: Int32

    /// Writes to `descriptor`.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Standard output.
    public static func standardOutput() -> FileDescriptorOutput { FileDescriptorOutput(descriptor: 1) }

    /// Standard error.
    public static func standardError() -> FileDescriptorOutput { FileDescriptorOutput(descriptor: 2) }

    /// Whether the descriptor is a terminal (colour is only for terminals).
    public var isTerminal: Bool { isatty(descriptor) == 1 }

    @discardableResult
    public func write(_ text: String) -> Bool {
        // The string's own UTF-8 storage, not a copy into an array.
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

/// Passes text on with its unpaired bidirectional controls removed (``UserText/balancingBidiControls(_:)``),
/// line by line: whatever `chime` writes (a reminder's text stored before it was cleaned, an
/// argument echoed in an error) cannot turn the rest of a terminal line around.
public final class BidiBalancingOutput: TextOutput {
    /// Where the text goes.
    public let destination: any TextOutput

    /// Writes to `destination`.
    public init(_ destination: any TextOutput) {
        self.destination = destination
    }

    @discardableResult
    public func write(_ text: String) -> Bool {
        destination.write(UserText.balancingBidiControls(text))
    }
}
