import CLinux
import ChimeControl
import ChimeSystem
import Foundation
import Glibc

/// The socket file itself: clearing one a dead daemon left, telling who is at the other end of
/// a connection, and knowing the file again (to remove only the one this server made).
extension ControlServer {
    /// Removes the socket file at `path` if no daemon listens on it any more; throws if one
    /// does, or if the path holds something other than a socket.
    static func removeStaleSocket(at path: String, address: UnixSocketAddress) throws {
        var status = stat()
        do {
            _ = try withUnsafeMutablePointer(to: &status) { pointer throws(SystemError) in
                try valueOrErrno("lstat") { lstat(path, pointer) }
            }
        } catch {
            if error.code == .noSuchFile { return }
            throw error
        }
        guard chime_is_socket(status.st_mode) != 0 else {
            throw RuntimeError(.socketPathOccupied, "\(path) exists and is not a socket: remove it so chimed can listen there")
        }
        let probe = try OwnedFileDescriptor("socket") {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        let raw = probe.rawValue
        do {
            _ = try address.withSocketAddress { socketAddress, length throws(SystemError) in
                try valueOrErrno("connect") { connect(raw, socketAddress, length) }
            }
            throw RuntimeError.alreadyRunning(pid: peerCredentials(of: raw)?.pid, lockPath: path)
        } catch let error as SystemError {
            switch error.code {
            case .connectionRefused:
                break
            case .wouldBlock:
                // A full backlog: someone is listening.
                throw RuntimeError.alreadyRunning(pid: nil, lockPath: path)
            default:
                throw error
            }
        }
        try valueOrErrno("unlink") { unlink(path) }
    }

    /// Who is at the other end of the connected socket (`SO_PEERCRED`: the process that
    /// connected, or that listens), or nil if the kernel cannot say.
    static func peerCredentials(of descriptor: Int32) -> chime_peer_credentials? {
        var credentials = chime_peer_credentials()
        let answered = withUnsafeMutablePointer(to: &credentials) { pointer in
            (try? valueOrErrno("getsockopt") { chime_peer_credentials(descriptor, pointer) }) != nil
        }
        return answered ? credentials : nil
    }

    static func identity(ofFileAt path: String) throws(SystemError) -> (device: UInt64, inode: UInt64) {
        var status = stat()
        _ = try withUnsafeMutablePointer(to: &status) { pointer throws(SystemError) in
            try valueOrErrno("lstat") { lstat(path, pointer) }
        }
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }
}
