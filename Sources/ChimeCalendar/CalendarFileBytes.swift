import ChimeCore
import Foundation
import Glibc

/// What `stat` says about a calendar file: changed files are the ones whose stamp changed.
/// vdirsyncer's etag is the same pair of mtime and inode, so a rename onto a file is seen.
public struct CalendarFileStamp: Hashable, Sendable {
    /// The size in bytes.
    public let size: Int64
    /// The modification time, nanoseconds since 1970.
    public let modificationNanoseconds: Int64
    /// The inode number.
    public let inode: UInt64

    /// Makes a stamp from its parts.
    public init(size: Int64, modificationNanoseconds: Int64, inode: UInt64) {
        self.size = size
        self.modificationNanoseconds = modificationNanoseconds
        self.inode = inode
    }

    init(_ status: stat) {
        self.init(
            size: Int64(status.st_size),
            modificationNanoseconds: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
            inode: UInt64(status.st_ino)
        )
    }
}

/// The file system calls of calendar reading, each failure a ``CalendarProblem``.
enum CalendarFileBytes {
    /// `stat` of `path` (following symbolic links), or the system's error.
    static func status(of path: String) -> Result<stat, SystemCallFailure> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(SystemCallFailure(errno: errno)) }
        return .success(status)
    }

    /// Whether `status` is a regular file / a directory.
    static func isRegularFile(_ status: stat) -> Bool { status.st_mode & S_IFMT == S_IFREG }
    static func isDirectory(_ status: stat) -> Bool { status.st_mode & S_IFMT == S_IFDIR }

    /// The bytes of the regular file at `path`, at most `maximumBytes` of them.
    static func read(path: String, maximumBytes: Int) -> Result<[UInt8], CalendarProblem> {
        func failure(_ detail: LocalizedText, kind: CalendarProblem.Kind = .skippedFile) -> Result<[UInt8], CalendarProblem> {
            .failure(CalendarProblem(file: path, kind: kind, detail: detail))
        }
        func unreadable(_ code: Int32) -> Result<[UInt8], CalendarProblem> {
            failure(LocalizedText(CalendarText.fileUnreadable, ["reason": SystemCallFailure(errno: code).description]))
        }
        // Non-blocking, so a FIFO named *.ics never holds the reader; refused below anyway.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return unreadable(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return unreadable(errno) }
        guard isRegularFile(status) else { return unreadable(EINVAL) }
        guard status.st_size <= maximumBytes else {
            return failure(LocalizedText(CalendarText.fileTooLarge, ["bytes": "\(status.st_size)", "maximum": "\(maximumBytes)"]))
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                // The file grew while being read: read up to the maximum, no further.
                guard bytes.count <= maximumBytes else {
                    return failure(LocalizedText(CalendarText.fileTooLarge, ["bytes": "\(bytes.count)", "maximum": "\(maximumBytes)"]))
                }
                bytes += [UInt8](repeating: 0, count: max(4096, bytes.count))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return unreadable(errno)
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }
}

/// A failed system call's error number, with the C library's words for it.
struct SystemCallFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// `errno`.
    let errno: Int32

    /// `Too many levels of symbolic links (ELOOP 40)`-like text: the C library's message and the number.
    var description: String {
        "\(String(cString: strerror(errno))) (errno \(errno))"
    }
}
