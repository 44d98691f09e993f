import ChimeCore
import ChimeSystem
import FoundationEssentials
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
    static func status(of path: String) -> Result<stat, SystemError> {
        var status = stat()
        do {
            try valueOrErrno("stat") { stat(path, &status) }
        } catch {
            return .failure(error)
        }
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
        func unreadable(_ error: SystemError) -> Result<[UInt8], CalendarProblem> {
            failure(error.calendarProblemText)
        }
        let file: OwnedFileDescriptor
        do {
            // Non-blocking, so a FIFO named *.ics never holds the reader; refused below anyway.
            file = try OwnedFileDescriptor("open") { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        } catch {
            return unreadable(error)
        }
        let descriptor = file.rawValue
        var status = stat()
        do {
            try valueOrErrno("fstat") { fstat(descriptor, &status) }
        } catch {
            return unreadable(error)
        }
        guard isRegularFile(status) else { return unreadable(.notCalendarFile) }
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
            // withUnsafeMutableBytes rethrows untyped errors; a Result keeps the type.
            let read = bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in
                    try valueOrErrno("read") { Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled) }
                }
            }
            let count: Int
            switch read {
            case .success(let found): count = found
            case .failure(let failure): return unreadable(failure)
            }
            if count == 0 { break }
            filled += count
        }
        // Only the number was used above: the descriptor is kept open until the last read.
        withExtendedLifetime(file) {}
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }
}

extension SystemError {
    /// The reason a calendar problem gives for a failed call: the C library's words and the
    /// number, e.g. `Too many levels of symbolic links (errno 40)`.
    var calendarReason: String {
        "\(code) (errno \(code.rawValue))"
    }

    /// The failure a path that is there but is no calendar file or folder is reported with.
    static let notCalendarFile = SystemError(.invalidArgument, operation: "stat")

    /// What is said of a calendar file that failed so: one that is there but no file
    /// (``notCalendarFile``) is said to be no regular file, any other cannot be read, for the
    /// system's reason.
    var calendarProblemText: LocalizedText {
        self == .notCalendarFile
            ? LocalizedText(CalendarText.fileNotRegular)
            : LocalizedText(CalendarText.fileUnreadable, ["reason": calendarReason])
    }
}
