import CSQLite
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The database file on disk, before and around SQLite: creating it with safe permissions,
/// recognising what lies at the path, and spotting dangerous surroundings.
enum DatabaseFile {
    /// What the first 100 bytes of an SQLite file say.
    struct Header: Equatable {
        /// Whether the file is in WAL mode (file format versions 2 at offsets 18 and 19).
        let isWALMode: Bool
    }

    /// The 16 bytes every SQLite 3 database starts with.
    static let magic = Array("SQLite format 3\0".utf8)

    // MARK: Creating

    /// Creates missing directories (mode 0700) and the database file (mode 0600) before SQLite
    /// touches it, so no byte of it is ever readable by others. An existing file keeps its
    /// content; group or other permission bits on it or its `-wal`/`-shm` files are removed.
    static func prepare(path: String) throws(StoreError) {
        try makeDirectories(directory(of: path))
        var descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        let created = descriptor >= 0
        if !created, errno == EEXIST {
            descriptor = open(path, O_RDWR | O_CLOEXEC)
        }
        guard descriptor >= 0 else { throw error(errno: errno, path: path, action: "create or open") }
        defer { close(descriptor) }
        if created {
            // The new name must survive a power cut as surely as the commits that will follow.
            _ = fsync(descriptor)
            syncDirectory(directory(of: path))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw error(errno: errno, path: path, action: "inspect") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StoreError(.unavailable, "\(path) is not a regular file, so Chime cannot keep its database there: remove it or choose another path")
        }
        if info.st_mode & 0o077 != 0 {
            // Best effort: a file that is not ours cannot be changed, and SQLite reports that better.
            _ = fchmod(descriptor, 0o600)
        }
        for sidecar in ["-wal", "-shm"] where stat(path + sidecar, &info) == 0 && info.st_mode & 0o077 != 0 {
            _ = chmod(path + sidecar, 0o600)
        }
    }

    /// Creates each missing directory of `directory` with mode 0700; existing ones are left alone.
    static func makeDirectories(_ directory: String) throws(StoreError) {
        var prefix = ""
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            var info = stat()
            if stat(prefix, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw StoreError(.unavailable, "\(prefix) is not a directory, so Chime cannot keep its database under it: move it aside or choose another path")
                }
                continue
            }
            if mkdir(prefix, 0o700) == 0 {
                // The umask may have taken bits away; the owner needs all three.
                _ = chmod(prefix, 0o700)
                syncDirectory(Self.directory(of: prefix))
            } else if errno != EEXIST {
                throw error(errno: errno, path: prefix, action: "create the directory")
            }
        }
    }

    /// Flushes the directory entries of `directory` to disk; best effort (a failure here leaves
    /// the entry as durable as the file system makes it on its own).
    static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// The directory part of `path` (the working directory for a bare file name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return FileManager.default.currentDirectoryPath }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    // MARK: Recognising

    /// The header of the file at `path`, or `nil` when the file is empty (a new database).
    /// Anything else than an SQLite 3 file is refused without a byte being written.
    static func readHeader(path: String) throws(StoreError) -> Header? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw error(errno: errno, path: path, action: "read") }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 100)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw error(errno: errno, path: path, action: "read") }
            if count == 0 { break }
            filled += count
        }
        if filled == 0 { return nil }
        guard filled == bytes.count, Array(bytes[0..<16]) == magic else {
            throw StoreError(.corrupt, StoreError.corruptSentence(path: path, problem: "is not an SQLite database"))
        }
        return Header(isWALMode: bytes[18] == 2 && bytes[19] == 2)
    }

    // MARK: Warnings

    /// Loud warnings about where the database lies, for the caller to print.
    static func warnings(path: String, header: Header?) -> [String] {
        var warnings: [String] = []
        // Checked twice so a connection closing at this very moment (which deletes -shm, then
        // -wal) or opening (which creates -wal, then -shm) is not mistaken for a lost log.
        let missingLog = { missingWALWarning(path: path, isWALMode: header?.isWALMode ?? false, walExists: exists(path + "-wal"), shmExists: exists(path + "-shm")) }
        if let warning = missingLog(), missingLog() != nil {
            warnings.append(warning)
        }
        let type = chime_file_system_type(directory(of: path))
        if type >= 0, let name = networkFileSystemName(magic: UInt64(type) & 0xFFFF_FFFF) {
            warnings.append("the Chime database \(path) is on a network file system (\(name)): SQLite's locking is not reliable there and the database can be damaged; set XDG_DATA_HOME to a directory on a local disk")
        }
        return warnings
    }

    /// The warning for a WAL database whose `-shm` index exists without its `-wal` log: SQLite
    /// itself never leaves that state (it creates the log before the index and deletes the index
    /// first), so the log was deleted or not moved with the database, and commits may be lost.
    static func missingWALWarning(path: String, isWALMode: Bool, walExists: Bool, shmExists: Bool) -> String? {
        guard isWALMode, shmExists, !walExists else { return nil }
        return "the Chime database \(path) is in WAL mode and its \(path)-shm index exists, but its write-ahead log \(path)-wal is missing: recent changes may be lost; if you moved or copied the database, move its -wal file next to it before running chime again"
    }

    /// The name of a network (or remote-capable FUSE) file system from its `statfs` magic number.
    static func networkFileSystemName(magic: UInt64) -> String? {
        switch magic {
        case 0x6969: return "NFS"
        case 0x517B: return "SMB"
        case 0xFF53_4D42: return "CIFS"
        case 0xFE53_4D42: return "SMB2"
        case 0x6573_5546: return "FUSE, such as sshfs, which may be remote"
        case 0x5346_414F, 0x6B41_4653: return "AFS"
        case 0x7375_7245: return "Coda"
        case 0x564C: return "NCP"
        case 0x0102_1997: return "9P"
        case 0x00C3_6400: return "Ceph"
        case 0x0BD0_0BD0: return "Lustre"
        case 0x4750_4653: return "GPFS"
        case 0x0116_1970: return "GFS2"
        case 0x7461_636F: return "OCFS2"
        default: return nil
        }
    }

    // MARK: Helpers

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Total bytes of the files at `paths` that exist.
    static func size(of paths: [String]) -> Int64 {
        paths.reduce(0) { total, path in
            var info = stat()
            return total + (stat(path, &info) == 0 ? Int64(info.st_size) : 0)
        }
    }

    /// The error for a failed file-system call, classified for the exit code.
    static func error(errno code: Int32, path: String, action: String) -> StoreError {
        let reason = String(cString: strerror(code))
        switch code {
        case EROFS:
            return StoreError(.tryAgain, "cannot \(action) \(path): the file system is read-only, so nothing was saved; make it writable and try again")
        case ENOSPC, EDQUOT:
            return StoreError(.tryAgain, "cannot \(action) \(path): \(reason), so nothing was saved; free some space and try again")
        case EAGAIN, EINTR, EBUSY, ENOMEM, EMFILE, ENFILE, EIO:
            return StoreError(.tryAgain, "cannot \(action) \(path): \(reason); try again in a moment")
        default:
            return StoreError(.unavailable, "cannot \(action) \(path): \(reason); check the path and its permissions")
        }
    }
}
