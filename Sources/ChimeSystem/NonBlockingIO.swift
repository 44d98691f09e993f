import Glibc

/// Reads and writes on non-blocking descriptors, where "nothing now" (`EAGAIN`) is an answer,
/// not an error.
package enum NonBlockingIO {
    /// Reads up to `buffer.count` bytes; returns the count (0 at end of file), or nil when
    /// nothing is available now.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
        do {
            return try valueOrErrno("read") { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
        } catch {
            if error.code == .wouldBlock { return nil }
            throw error
        }
    }

    /// Sends as much of `bytes` as the socket takes now; returns that count, 0 when it takes
    /// nothing. `MSG_DONTWAIT` makes this hold on a blocking socket too; `MSG_NOSIGNAL`: a peer
    /// that has gone away yields `EPIPE` instead of a SIGPIPE that would kill the process.
    package static func send(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        do {
            return try valueOrErrno("send") { Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        } catch {
            if error.code == .wouldBlock { return 0 }
            throw error
        }
    }

    /// Sends as much of `bytes` as the socket takes now (as the other `send`).
    package static func send(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) throws(SystemError) -> Int {
        // ArraySlice.withUnsafeBytes rethrows untyped errors; a Result keeps the type.
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemError) in try send(descriptor, buffer) }
        }
        return try result.get()
    }
}
