import CSQLite
import ChimeCore
import ChimeSystem
import FoundationEssentials
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

    // MARK: Preparing

    /// What ``prepare(path:)`` found at the database path.
    struct Prepared: Equatable {
        /// Whether the file was created just now, empty.
        let created: Bool
        /// The file's header; `nil` when the file is empty (a new database).
        let header: Header?
    }

    /// Makes ready what SQLite will open, refusing before SQLite touches anything what Chime
    /// must not use, and changing nothing that exists.
    ///
    /// Creates the missing directories (mode 0700) and a missing database file (mode 0600, so no
    /// byte of it is ever readable by others). Refuses a database directory that is a symbolic
    /// link, belongs to another user or is shared (sticky, like `/tmp`); a directory, file, `-wal`
    /// or `-shm` Chime cannot write; and a file that is not an SQLite database. Permissions that
    /// are too loose are tightened only once the file is accepted, by ``makePrivate(path:)``.
    @discardableResult
    static func prepare(path: String) throws(StoreError) -> Prepared {
        try prepareDirectory(directory(of: path), databasePath: path)
        try refuseUnusualFiles(path: path)
        return try openFile(path)
    }

    /// Refuses (69, naming it) a database, `-wal` or `-shm` file that is a symbolic link or not a
    /// regular file (``PlainFile``), before SQLite or Chime opens, creates or changes any of them.
    static func refuseUnusualFiles(path: String) throws(StoreError) {
        for file in [path, path + "-wal", path + "-shm"] {
            if let refusal = PlainFile.refusal(of: file, user: "Chime") {
                throw StoreError(.unavailable, refusal)
            }
        }
    }

    /// Creates each missing directory of `directory` with mode 0700 and checks that the last one,
    /// which holds the database, is a directory of the user's own that they can write in.
    /// Existing directories are not changed here (and above the last one, never).
    static func prepareDirectory(_ directory: String, databasePath path: String) throws(StoreError) {
        var prefix = ""
        let components = directory.split(separator: "/")
        for (index, component) in components.enumerated() {
            prefix += "/" + component
            let isDatabaseDirectory = index == components.count - 1
            var info = stat()
            // The database's own directory is looked at itself, not through a link.
            let found = isDatabaseDirectory ? lstat(prefix, &info) == 0 : stat(prefix, &info) == 0
            if found {
                if isDatabaseDirectory {
                    try checkOwnDirectory(prefix, databasePath: path)
                } else if info.st_mode & S_IFMT != S_IFDIR {
                    throw StoreError(.unavailable, .notADirectory, ["path": prefix])
                }
                continue
            }
            do {
                try valueOrErrno("mkdir") { mkdir(prefix, 0o700) }
                // The umask may have taken bits away; the owner needs all three.
                _ = chmod(prefix, 0o700)
                syncDirectory(Self.directory(of: prefix))
            } catch where error.code == .fileExists {
                // Another process made it meanwhile: it gets the same checks.
                if isDatabaseDirectory, lstat(prefix, &info) == 0 {
                    try checkOwnDirectory(prefix, databasePath: path)
                }
            } catch where error.code == .permissionDenied || error.code == .notPermitted {
                let parent = Self.directory(of: prefix)
                throw StoreError(.unavailable, StoreError.directoryNotWritableSentence(directory: parent, databasePath: path, creating: prefix))
            } catch {
                throw Self.error(error, path: prefix, action: .actionCreateDirectory)
            }
        }
    }

    /// Refuses a database directory Chime must not use or change (see ``prepare(path:)``): one
    /// that is not a private directory of the user's own (``PrivateDirectory``), is shared
    /// (sticky) or, when `needsWrite`, that the user may not write in.
    static func checkOwnDirectory(_ directory: String, databasePath path: String, needsWrite: Bool = true) throws(StoreError) {
        let user = geteuid()
        let opened: PrivateDirectory
        do {
            opened = try PrivateDirectory(opening: directory, ownerID: user)
        } catch {
            switch error {
            case .symbolicLink:
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: directory)) ?? "elsewhere"
                throw StoreError(.unavailable, .directoryIsLink, ["path": directory, "target": target])
            case .notDirectory:
                throw StoreError(.unavailable, .notADirectory, ["path": directory])
            case .otherOwner(let owner):
                throw StoreError(.unavailable, .directoryOfAnotherUser, ["path": directory, "owner": "\(owner)", "user": "\(user)"])
            case .failed(let failure) where needsWrite && (failure.code == .permissionDenied || failure.code == .notPermitted):
                // Not even readable: not writable either, and the remedy is the same.
                throw StoreError(.unavailable, StoreError.directoryNotWritableSentence(directory: directory, databasePath: path, creating: nil))
            case .failed(let failure):
                throw Self.error(failure, path: directory, action: .actionInspect)
            }
        }
        guard opened.status.st_mode & S_ISVTX == 0 else {
            throw StoreError(.unavailable, .directoryShared, ["path": directory])
        }
        guard needsWrite else { return }
        // Real and effective ids are the same here (chime is not setuid), so access(2) answers
        // for this process, read-only file systems included.
        do {
            try valueOrErrno("access") { access(directory, W_OK | X_OK) }
        } catch where error.code == .permissionDenied || error.code == .notPermitted {
            throw StoreError(.unavailable, StoreError.directoryNotWritableSentence(directory: directory, databasePath: path, creating: nil))
        } catch {
            throw Self.error(error, path: directory, action: .actionWriteInDirectory)
        }
    }

    /// Opens the database file, creating it (mode 0600) when missing, checks that it and its
    /// `-wal` and `-shm` files can be written, and reads its header; nothing existing is changed.
    static func openFile(_ path: String) throws(StoreError) -> Prepared {
        // No following links, no waiting on a FIFO: what was put there since the check is
        // refused below, not used. The descriptor is released (closed) before SQLite opens the
        // file: closing any descriptor of a file drops every POSIX lock this process holds on
        // it, SQLite's included.
        let file: OwnedFileDescriptor
        var created = true
        do {
            file = try OwnedFileDescriptor("open") { open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        } catch where error.code == .fileExists {
            created = false
            do {
                file = try OwnedFileDescriptor("open") { open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
            } catch where error.code == .permissionDenied || error.code == .notPermitted {
                throw StoreError(.unavailable, StoreError.fileNotWritableSentence(file: path, databasePath: path))
            } catch {
                throw Self.error(error, path: path, action: .actionCreateOrOpen)
            }
        } catch {
            throw Self.error(error, path: path, action: .actionCreateOrOpen)
        }
        let descriptor = file.rawValue
        if created {
            // The umask may have taken the owner's bits away; group and others never had any.
            _ = fchmod(descriptor, 0o600)
            // The new name must survive a power cut as surely as the commits that will follow.
            _ = fsync(descriptor)
            syncDirectory(directory(of: path))
        }
        try checkRegularFile(file, path: path)
        for sidecar in [path + "-wal", path + "-shm"] where exists(sidecar) {
            do {
                try valueOrErrno("access") { access(sidecar, R_OK | W_OK) }
            } catch where error.code == .noSuchFile {
                // The last connection of another process removes the -wal as it closes: gone
                // between the two looks is as good as never there.
                continue
            } catch where error.code == .permissionDenied || error.code == .notPermitted {
                throw StoreError(.unavailable, StoreError.fileNotWritableSentence(file: sidecar, databasePath: path))
            } catch {
                throw Self.error(error, path: sidecar, action: .actionOpen)
            }
        }
        return Prepared(created: created, header: try readHeader(file, path: path))
    }

    /// Checks the existing database at `path` on a read-only file system without changing
    /// anything: its directory as ``prepare(path:)`` does (writing aside), the file as a regular
    /// file; returns its header. A file that is empty there is no database to read.
    static func inspectReadOnly(path: String) throws(StoreError) -> Header? {
        let directory = directory(of: path)
        var info = stat()
        do {
            try valueOrErrno("lstat") { lstat(directory, &info) }
        } catch {
            throw Self.error(error, path: directory, action: .actionInspect)
        }
        try checkOwnDirectory(directory, databasePath: path, needsWrite: false)
        try refuseUnusualFiles(path: path)
        let file: OwnedFileDescriptor
        do {
            file = try OwnedFileDescriptor("open") { open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        } catch {
            throw Self.error(error, path: path, action: .actionOpen)
        }
        try checkRegularFile(file, path: path)
        guard let header = try readHeader(file, path: path) else {
            throw StoreError(.tryAgain, StoreError.readOnlyFileSystemSentence(path: directory, action: .actionWriteInDirectory))
        }
        return header
    }

    /// Refuses the open `file` (the database at `path`) unless it is a regular file.
    private static func checkRegularFile(_ file: OwnedFileDescriptor, path: String) throws(StoreError) {
        var info = stat()
        let descriptor = file.rawValue
        do {
            try valueOrErrno("fstat") { fstat(descriptor, &info) }
        } catch {
            throw Self.error(error, path: path, action: .actionInspect)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StoreError(.unavailable, .notARegularFile, ["path": path])
        }
    }

    /// Removes group and other permission bits from the database directory, the database and
    /// its `-wal` and `-shm` files, for those that belong to the user: called once the file is
    /// accepted, so a file Chime refuses keeps its mode. Works on paths, never on descriptors:
    /// SQLite holds POSIX locks on these files, which closing a descriptor would drop.
    static func makePrivate(path: String) {
        let user = geteuid()
        var info = stat()
        let directory = directory(of: path)
        if lstat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == user,
           info.st_mode & S_ISVTX == 0, info.st_mode & 0o077 != 0 {
            _ = chmod(directory, 0o700)
        }
        for file in [path, path + "-wal", path + "-shm"] {
            guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == user, info.st_mode & 0o077 != 0 else { continue }
            _ = chmod(file, info.st_mode & 0o700)
        }
    }

    /// Flushes the directory entries of `directory` to disk; best effort (a failure here leaves
    /// the entry as durable as the file system makes it on its own).
    static func syncDirectory(_ directory: String) {
        guard let folder = try? OwnedFileDescriptor("open", { open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }) else { return }
        withExtendedLifetime(folder) { _ = fsync(folder.rawValue) }
    }

    /// The directory part of `path` (the working directory for a bare file name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return FileManager.default.currentDirectoryPath }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    // MARK: Recognising

    /// The header of the open `file` (the database at `path`), or `nil` when the file is empty
    /// (a new database). Anything else than an SQLite 3 file is refused.
    static func readHeader(_ file: OwnedFileDescriptor, path: String) throws(StoreError) -> Header? {
        var bytes = [UInt8](repeating: 0, count: 100)
        var filled = 0
        let descriptor = file.rawValue
        while filled < bytes.count {
            // withUnsafeMutableBytes rethrows untyped errors; a Result keeps the type.
            let read = bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in
                    try valueOrErrno("pread") { pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(filled)) }
                }
            }
            let count: Int
            switch read {
            case .success(let found): count = found
            case .failure(let failure): throw Self.error(failure, path: path, action: .actionRead)
            }
            if count == 0 { break }
            filled += count
        }
        if filled == 0 { return nil }
        guard filled == bytes.count, Array(bytes[0..<16]) == magic else {
            throw StoreError(.corrupt, StoreError.corruptSentence(path: path, problem: .notSQLite))
        }
        return Header(isWALMode: bytes[18] == 2 && bytes[19] == 2)
    }

    // MARK: The write-ahead log

    /// Refuses a WAL database whose `-shm` index exists without its `-wal` log.
    ///
    /// SQLite never leaves that state itself (it creates the log before the index, and deletes
    /// the index first), so the log was deleted, or not moved or copied with the database, and
    /// the latest acknowledged changes may be in it. Opening the database now would start a new
    /// log and, on closing, drop the index: the state could no longer be seen, and the old log,
    /// put back later, would no longer fit. So Chime neither reads nor writes until the user
    /// restores the log or removes the index.
    static func checkLog(path: String, header: Header?) throws(StoreError) {
        guard header?.isWALMode == true else { return }
        // A connection opening (log, then index) or closing (index, then log) in another process
        // passes through look-alike states for microseconds; a lost log stays lost. Look three
        // times, a little apart, before refusing.
        for attempt in 0..<3 {
            let shmExists = exists(path + "-shm")
            guard isLogMissing(isWALMode: true, walExists: exists(path + "-wal"), shmExists: shmExists) else { return }
            if attempt < 2 { usleep(20_000) }
        }
        throw StoreError(.tryAgain, StoreError.missingLogSentence(path: path))
    }

    /// Whether a database in WAL mode has its `-shm` index without its `-wal` log.
    static func isLogMissing(isWALMode: Bool, walExists: Bool, shmExists: Bool) -> Bool {
        isWALMode && shmExists && !walExists
    }

    // MARK: Warnings

    /// Loud warnings about where the database lies, for the caller to print.
    static func warnings(path: String) -> [LocalizedText] {
        var warnings: [LocalizedText] = []
        let type = chime_file_system_type(directory(of: path))
        if type >= 0, let name = networkFileSystemName(magic: UInt64(type) & 0xFFFF_FFFF) {
            warnings.append(LocalizedText(StoreText.networkFileSystem, ["path": path, "name": name]))
        }
        return warnings
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

    /// Whether the file system holding `path` (or its directory, when `path` does not exist) is
    /// mounted read-only.
    static func isOnReadOnlyFileSystem(_ path: String) -> Bool {
        var info = statvfs()
        guard statvfs(path, &info) == 0 || statvfs(directory(of: path), &info) == 0 else { return false }
        return info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// The error for a failed file-system call, classified for the exit code: 75 for what may
    /// pass (a read-only file system, a full disk, a passing failure), 69 for the rest.
    static func error(_ failure: SystemError, path: String, action: StoreText) -> StoreError {
        let values = ["action": LocalizedText(action), "path": LocalizedText(verbatim: path), "reason": LocalizedText(verbatim: failure.code.description)]
        switch failure.code {
        case .readOnlyFileSystem:
            return StoreError(.tryAgain, StoreError.readOnlyFileSystemSentence(path: path, action: action))
        case .noSpace, .quotaExceeded:
            return StoreError(.tryAgain, LocalizedText(StoreText.callFailedNoSpace, localized: values))
        case .wouldBlock, .interrupted, .busy, .outOfMemory, .tooManyOpenFiles, .tooManyOpenFilesInSystem, .inputOutput:
            return StoreError(.tryAgain, LocalizedText(StoreText.callFailedTryAgain, localized: values))
        default:
            return StoreError(.unavailable, LocalizedText(StoreText.callFailed, localized: values))
        }
    }
}
