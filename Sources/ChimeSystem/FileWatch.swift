import CLinux
import Glibc

/// An inotify watch that reports when named files in one directory are written, replaced or
/// removed: `/etc/localtime`, whose change means the time zone changed, and the store's
/// database and `-wal` log, whose writes may be another process's commit.
///
/// The parent directory is watched and only events naming a watched entry count. Tools change
/// the time zone by replacing `/etc/localtime` (a new symlink renamed over the old one), and
/// SQLite removes and recreates the `-wal` log: a watch on the file itself would keep following
/// the old, unlinked inode.
///
/// Not Sendable: it belongs to the thread that waits on it (chimed's loop, or `status --follow`).
public final class FileWatch {
    /// What happens to a watched entry that counts as a change.
    public struct Events: OptionSet, Hashable, Sendable {
        /// The inotify bit mask.
        public let rawValue: UInt32

        /// Wraps an inotify bit mask.
        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// The entry was created (`IN_CREATE`).
        public static let created = Events(rawValue: UInt32(IN_CREATE))
        /// Another entry was renamed onto it (`IN_MOVED_TO`).
        public static let movedTo = Events(rawValue: UInt32(IN_MOVED_TO))
        /// A descriptor open for writing was closed (`IN_CLOSE_WRITE`).
        public static let closedAfterWriting = Events(rawValue: UInt32(IN_CLOSE_WRITE))
        /// Its contents were written (`IN_MODIFY`), once per write call.
        public static let modified = Events(rawValue: UInt32(IN_MODIFY))
        /// It was removed (`IN_DELETE`).
        public static let deleted = Events(rawValue: UInt32(IN_DELETE))
        /// It was renamed away (`IN_MOVED_FROM`).
        public static let movedFrom = Events(rawValue: UInt32(IN_MOVED_FROM))
        /// Its mode, owner or times changed (`IN_ATTRIB`).
        public static let attributesChanged = Events(rawValue: UInt32(IN_ATTRIB))

        /// What a replacement looks like: created, renamed onto, written and closed, removed,
        /// renamed away, or its attributes changed (the time-zone watch).
        public static let replacement: Events = [.created, .movedTo, .closedAfterWriting, .deleted, .movedFrom, .attributesChanged]
    }

    /// The file whose change means the system time zone changed.
    public static let localTimePath = "/etc/localtime"

    private let descriptor: OwnedFileDescriptor
    /// Room for many events at once; owned here, freed in deinit.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: MemoryLayout<inotify_event>.alignment)

    /// The watched files, all in one directory.
    public let paths: [String]
    /// The files' names inside their directory: the entries events must name.
    private let entryNames: [[UInt8]]

    /// Starts watching the file at `path` for `events` (by watching its parent directory,
    /// which must exist).
    public convenience init(path: String = FileWatch.localTimePath, events: Events = .replacement) throws(SystemError) {
        let (directory, name) = Self.split(path)
        try self.init(entries: [name], in: directory, events: events)
    }

    /// Starts watching the entries `names` of `directory` (which must exist) for `events`.
    public init(entries names: [String], in directory: String, events: Events) throws(SystemError) {
        paths = names.map { directory == "/" ? "/" + $0 : directory + "/" + $0 }
        entryNames = names.map { Array($0.utf8) }
        descriptor = try OwnedFileDescriptor("inotify_init1") {
            inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        }
        let raw = descriptor.rawValue
        try valueOrErrno("inotify_add_watch") { inotify_add_watch(raw, directory, events.rawValue | UInt32(IN_ONLYDIR)) }
    }

    deinit {
        buffer.deallocate()
    }

    /// The descriptor to wait on (chimed registers it with its event loop, `status --follow` polls it).
    public var fileDescriptor: Int32 { descriptor.rawValue }

    /// Consumes every pending event; returns whether any concerned a watched file (or events
    /// were lost, or the directory itself went away, when a change has to be assumed).
    public func readChanges() throws(SystemError) -> Bool {
        var changed = false
        let raw = descriptor.rawValue
        while let count = try NonBlockingIO.read(raw, into: buffer), count > 0 {
            if concernsEntry(eventsIn: UnsafeRawBufferPointer(rebasing: buffer[..<count])) { changed = true }
        }
        return changed
    }

    /// Starts watching the files another process writes when it commits to the SQLite database
    /// at `databasePath`: the database and its `-wal` log, written, closed after writing,
    /// created or renamed into place (the `-shm` index is written through shared memory, which
    /// inotify does not see). chimed's store watch and `status --follow` both use it.
    public static func storeCommits(databasePath: String) throws(SystemError) -> FileWatch {
        let (directory, name) = split(databasePath)
        return try FileWatch(entries: [name, name + "-wal"], in: directory, events: [.modified, .closedAfterWriting, .created, .movedTo])
    }

    /// When to look at the store again after the last event of ``storeCommits(databasePath:)``:
    /// a writer appends its commit to the `-wal` log before it publishes it in the shared index
    /// (after an `fsync`), so the last file event of a commit can come before the commit is
    /// visible to a reader.
    public static let storeCommitRechecks: [Duration] = [.milliseconds(100), .seconds(1)]

    /// The directory holding `path` and the entry's name in it.
    public static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        return (directory, String(path[path.index(after: slash)...]))
    }

    /// Walks the `struct inotify_event` records (header, then a NUL-padded name) in `bytes`.
    private func concernsEntry(eventsIn bytes: UnsafeRawBufferPointer) -> Bool {
        let headerSize = MemoryLayout<inotify_event>.size
        let assumeChanged = UInt32(IN_Q_OVERFLOW) | UInt32(IN_IGNORED) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
        var offset = 0
        var concerned = false
        while offset + headerSize <= bytes.count {
            let header = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
            let mask = header.mask
            let nameLength = Int(header.len)
            let nameStart = offset + headerSize
            let nameEnd = min(nameStart + nameLength, bytes.count)
            let name = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
            if mask & assumeChanged != 0 || entryNames.contains(where: { name.elementsEqual($0) }) {
                concerned = true
            }
            offset = nameStart + nameLength
        }
        return concerned
    }
}

@available(*, unavailable, message: "a FileWatch belongs to the thread that waits on it")
extension FileWatch: Sendable {}
