import CLinux
import Glibc

/// A Unix socket address: a file path, or a name in the abstract namespace (no file; written
/// `@name` by systemd, a leading NUL byte on the wire).
package struct UnixSocketAddress {
    private var storage = sockaddr_un()
    /// The address's length as bind, connect and sendto need it.
    package let length: socklen_t

    private static let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)!
    private static let pathCapacity = MemoryLayout<sockaddr_un>.size - pathOffset

    /// The socket file at `path`, or nil when the path (with its NUL) does not fit.
    package init?(path: String) {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < Self.pathCapacity, !bytes.contains(0) else { return nil }
        self.init(sunPath: bytes + [0])
    }

    /// The abstract socket `name` (without the leading NUL), or nil when it does not fit.
    package init?(abstractName name: String) {
        let bytes = Array(name.utf8)
        guard bytes.count < Self.pathCapacity else { return nil }
        self.init(sunPath: [0] + bytes)
    }

    /// The address `NOTIFY_SOCKET` names: an absolute path, or `@name` for an abstract socket.
    package init?(notifySocket value: String) {
        if value.hasPrefix("@") {
            self.init(abstractName: String(value.dropFirst()))
        } else if value.hasPrefix("/") {
            self.init(path: value)
        } else {
            return nil
        }
    }

    private init(sunPath: [UInt8]) {
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { destination in
            destination.copyBytes(from: sunPath)
        }
        length = socklen_t(Self.pathOffset + sunPath.count)
    }

    /// Calls `body` with the address as the `sockaddr` pointer and length C calls take.
    package func withSocketAddress<Result, Failure: Error>(
        _ body: (UnsafePointer<sockaddr>, socklen_t) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var copy = storage
        let length = length
        return try withUnsafePointer(to: &copy) { pointer throws(Failure) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address throws(Failure) in
                try body(address, length)
            }
        }
    }
}
