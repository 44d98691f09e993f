import Glibc

/// A failed system call: which call failed and the `errno` it reported.
///
/// Match on ``code`` (`catch let error as SystemError where error.code == .canceled`);
/// ``message`` is a sentence for logs.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An `errno` value, named in Swift; each constant's documentation gives the C name.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The C `errno` value.
        public let rawValue: Int32

        /// Wraps the C `errno` value `rawValue`.
        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// `EINTR`: a signal handler ran while the call was blocked.
        public static let interrupted = Code(rawValue: EINTR)
        /// `EAGAIN` (same value as `EWOULDBLOCK`): a non-blocking call would have had to wait.
        public static let wouldBlock = Code(rawValue: EAGAIN)
        /// `ECANCELED`: a `TFD_TIMER_CANCEL_ON_SET` timer saw the wall clock being set.
        public static let canceled = Code(rawValue: ECANCELED)
        /// `ENOENT`: no such file or directory.
        public static let noSuchFile = Code(rawValue: ENOENT)
        /// `EEXIST`: the file already exists.
        public static let fileExists = Code(rawValue: EEXIST)
        /// `ENOTDIR`: a path component is not a directory.
        public static let notDirectory = Code(rawValue: ENOTDIR)
        /// `ELOOP`: a symbolic link where `O_NOFOLLOW` forbids one, or too many links.
        public static let symbolicLinkLoop = Code(rawValue: ELOOP)
        /// `EACCES`: permission denied.
        public static let permissionDenied = Code(rawValue: EACCES)
        /// `ECONNREFUSED`: nobody listens on the socket.
        public static let connectionRefused = Code(rawValue: ECONNREFUSED)
        /// `ECONNRESET`: the peer closed the connection with data left unread.
        public static let connectionReset = Code(rawValue: ECONNRESET)
        /// `EPIPE`: the peer has closed its end.
        public static let brokenPipe = Code(rawValue: EPIPE)
        /// `ENAMETOOLONG`: a path or socket name is too long.
        public static let nameTooLong = Code(rawValue: ENAMETOOLONG)
        /// `EPERM`: the operation is not permitted (to this user, or on this file).
        public static let notPermitted = Code(rawValue: EPERM)
        /// `EINVAL`: an argument the call does not accept (or a file of a kind it cannot use).
        public static let invalidArgument = Code(rawValue: EINVAL)
        /// `EROFS`: the file system is mounted read-only.
        public static let readOnlyFileSystem = Code(rawValue: EROFS)
        /// `ENOSPC`: no space left on the device.
        public static let noSpace = Code(rawValue: ENOSPC)
        /// `EDQUOT`: the user's disk quota is used up.
        public static let quotaExceeded = Code(rawValue: EDQUOT)
        /// `EBUSY`: the file or device is busy.
        public static let busy = Code(rawValue: EBUSY)
        /// `ENOMEM`: the kernel is out of memory.
        public static let outOfMemory = Code(rawValue: ENOMEM)
        /// `EMFILE`: the process has as many descriptors open as it may.
        public static let tooManyOpenFiles = Code(rawValue: EMFILE)
        /// `ENFILE`: the system has as many files open as it may.
        public static let tooManyOpenFilesInSystem = Code(rawValue: ENFILE)
        /// `EIO`: an input/output error of the device.
        public static let inputOutput = Code(rawValue: EIO)

        /// The C library's text for this code, e.g. "Connection refused".
        public var description: String {
            String(cString: strerror(rawValue))
        }
    }

    /// The `errno` value the call reported.
    public let code: Code
    /// The C function that failed, e.g. `epoll_wait`.
    public let operation: String

    /// Describes a failure of `operation` with `code`.
    public init(_ code: Code, operation: String) {
        self.code = code
        self.operation = operation
    }

    /// One sentence naming the call and the reason, e.g. "bind failed: Address already in use".
    public var message: String { "\(operation) failed: \(code)" }

    /// The message.
    public var description: String { message }
}

/// Runs `call`, a C function that returns -1 and sets `errno` on failure, and turns a failure
/// into a ``SystemError`` naming `operation`.
///
/// Every system call of ChimeStore, ChimeControl and ChimeDaemon goes through here. With
/// `retryOnInterrupt`, a call interrupted by a signal handler (`EINTR`) is simply made again; the
/// event loop passes `false` where it wants to recompute a timeout instead.
@discardableResult
package func valueOrErrno<Result: FixedWidthInteger & SignedInteger>(
    _ operation: String,
    retryOnInterrupt: Bool = true,
    _ call: () -> Result
) throws(SystemError) -> Result {
    while true {
        let result = call()
        guard result == -1 else { return result }
        let code = SystemError.Code(rawValue: errno)
        if retryOnInterrupt && code == .interrupted { continue }
        throw SystemError(code, operation: operation)
    }
}
