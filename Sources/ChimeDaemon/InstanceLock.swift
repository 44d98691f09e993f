import ChimeControl
import ChimeSystem
import ChimeCore
import CLinux
import ChimeStore
import Foundation
import Glibc

/// Proof that this process is the user's only daemon: an exclusive `flock` on a lock file in
/// the runtime directory, held until this object is released or the process ends.
///
/// The kernel drops the lock when the process dies, however it dies, so a crashed daemon
/// never blocks the next one. The holder's pid is written into the file so a refused second
/// daemon can name the first.
public final class InstanceLock: Sendable {
    private let descriptor: OwnedFileDescriptor

    /// The lock file.
    public let path: String

    /// The file name of the lock inside the runtime directory.
    public static let fileName = "chimed.lock"

    /// Takes the lock in `directory` (preparing the directory first), or throws
    /// ``RuntimeError/Kind-swift.enum/alreadyRunning`` when another process holds it.
    public convenience init(in directory: RuntimeDirectory) throws {
        try directory.prepare()
        try self.init(path: directory.path + "/" + Self.fileName)
    }

    /// Takes the lock on the file at `path`, creating it (mode 0600) if needed.
    ///
    /// A lock file that is a symbolic link or not a regular file (``PlainFile``) is refused with
    /// ``RuntimeError/Kind-swift.enum/unusableFile``, before it is opened, and left as it is.
    public init(path: String) throws {
        self.path = path
        if let refusal = PlainFile.refusal(of: path, user: "chimed") {
            throw RuntimeError(.unusableFile, refusal)
        }
        descriptor = try OwnedFileDescriptor("open") {
            open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        }
        let raw = descriptor.rawValue
        var info = stat()
        // Put there between the look and the open: refused all the same, still unchanged.
        if fstat(raw, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw RuntimeError(.unusableFile, PlainFile.refusal(of: path, user: "chimed")
                ?? LocalizedText(verbatim: "\(path) is not a regular file, so chimed will not use it: remove it and try again"))
        }
        do {
            try valueOrErrno("flock") { flock(raw, LOCK_EX | LOCK_NB) }
        } catch {
            guard error.code == .wouldBlock else { throw error }
            throw RuntimeError.alreadyRunning(pid: Self.holderPID(of: raw), lockPath: path)
        }
        let pid = Array("\(getpid())\n".utf8)
        try valueOrErrno("ftruncate") { ftruncate(raw, 0) }
        _ = try pid.withUnsafeBytes { bytes throws(SystemError) in
            try valueOrErrno("pwrite") { pwrite(raw, bytes.baseAddress, bytes.count, 0) }
        }
    }

    /// The pid the current holder wrote into the lock file, if it is readable.
    private static func holderPID(of descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { buffer in
            (try? valueOrErrno("pread") { pread(descriptor, buffer.baseAddress, buffer.count, 0) }) ?? 0
        }
        let text = String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

extension RuntimeDirectory {
    /// The daemon's instance lock file.
    public var lockPath: String { path + "/" + InstanceLock.fileName }
}
