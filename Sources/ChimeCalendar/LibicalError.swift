import CLibical
import ChimeCore

/// A failure reported by libical: its error code, libical's own words for it, and what Chime
/// was doing.
public struct LibicalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libical's `icalerrorenum` value (`ICAL_MALFORMEDDATA_ERROR` is 4, say).
    public let code: Int32
    /// libical's text for the code (`MALFORMEDDATA: Failed to parse data`).
    public let libicalMessage: String
    /// What was being done: `parsing the file`.
    public let operation: String

    /// `parsing the file: MALFORMEDDATA: ...`.
    public var description: String { "\(operation): \(libicalMessage)" }
}

/// The one place libical's results are checked.
///
/// libical signals a failure by a NULL result and a per-thread error code (`icalerrno`), and
/// writes what it could not parse into the component as `X-LIC-ERROR` properties, which
/// ``LibicalDocument`` collects. Errors are never fatal here: libical would otherwise be free to
/// abort the process on bad input.
public enum Libical {
    /// Makes libical's errors non-fatal, once per process, before any other call.
    private static let configured: Bool = {
        icalerror_set_errors_are_fatal(0)
        return true
    }()

    /// Runs `call` with a fresh error code and returns its result, or throws a ``LibicalError``
    /// when it is NULL.
    static func check<Handle>(_ operation: String, _ call: () -> Handle?) throws(LibicalError) -> Handle {
        _ = configured
        icalerror_clear_errno()
        if let result = call() { return result }
        throw error(operation)
    }

    /// The error libical recorded for `operation` (or a generic one when it recorded none).
    static func error(_ operation: String) -> LibicalError {
        let code = chime_ical_errno()
        let message = icalerror_strerror(code).map { String(cString: $0) } ?? "error \(code.rawValue)"
        return LibicalError(code: Int32(bitPattern: code.rawValue), libicalMessage: code == ICAL_NO_ERROR ? "no data it could read" : message, operation: operation)
    }

    /// A string libical allocated for the caller (`*_r` functions), taken and freed.
    static func take(_ buffer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let buffer else { return nil }
        defer { icalmemory_free_buffer(buffer) }
        return String(cString: buffer)
    }
}
