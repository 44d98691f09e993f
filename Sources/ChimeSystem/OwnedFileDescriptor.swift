import Glibc

/// The single owner of one open file descriptor: it closes the descriptor when released.
///
/// Every descriptor chime and chimed open lives in exactly one of these, held privately by the type
/// that uses it, so no descriptor is closed twice or leaked on an error path. Sendable: the
/// descriptor number never changes, and the calls made on it are safe from any thread.
package final class OwnedFileDescriptor: Sendable {
    /// The descriptor number, valid until this object is released.
    package let rawValue: Int32

    /// Takes ownership of `rawValue`, an open descriptor.
    package init(taking rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Takes ownership of the descriptor `open` returns, or throws its error naming `operation`.
    package convenience init(_ operation: String, _ open: () -> Int32) throws(SystemError) {
        self.init(taking: try valueOrErrno(operation, open))
    }

    deinit {
        // close is never retried: on Linux the descriptor is released even when close reports
        // EINTR, and a retry could close a descriptor another thread has just been given.
        // A failure here cannot be acted upon, so it is not reported.
        _ = try? valueOrErrno("close", retryOnInterrupt: false) { Glibc.close(rawValue) }
    }
}
