import CLinux
import Glibc

/// An inotify watch that reports when one file is written, replaced or removed; made for
/// `/etc/localtime`, whose change means the time zone changed.
///
/// Tools change the time zone by replacing `/etc/localtime` (a new symlink renamed over the
/// old one), and a watch on the file itself would keep following the old, unlinked inode. So
/// the parent directory is watched and only events naming the file's entry count.
///
/// Not Sendable: it belongs to the loop's thread.
public final class FileWatch {
    /// The file whose change means the system time zone changed.
    public static let localTimePath = "/etc/localtime"

    /// What happens in the parent directory that concerns the entry: created, renamed onto,
    /// written and closed, removed, renamed away, or its attributes changed.
    private static let directoryEvents = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_CLOSE_WRITE)
        | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_ATTRIB) | UInt32(IN_ONLYDIR)

    private let descriptor: OwnedFileDescriptor
    /// Room for many events at once; owned here, freed in deinit.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: MemoryLayout<inotify_event>.alignment)

    /// The watched file.
    public let path: String
    /// The file's name inside its directory: the entry events must name.
    private let entryName: [UInt8]

    /// Starts watching `path` (by watching its parent directory, which must exist).
    public init(path: String = FileWatch.localTimePath) throws(SystemError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        entryName = Array((slash.map { String(path[path.index(after: $0)...]) } ?? path).utf8)
        descriptor = try OwnedFileDescriptor("inotify_init1") {
            inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        }
        let raw = descriptor.rawValue
        try valueOrErrno("inotify_add_watch") { inotify_add_watch(raw, directory, Self.directoryEvents) }
    }

    deinit {
        buffer.deallocate()
    }

    /// The descriptor to register with an ``EventLoop``.
    public var fileDescriptor: Int32 { descriptor.rawValue }

    /// Consumes every pending event; returns whether any concerned the watched file (or events
    /// were lost, or the directory itself went away, when a change has to be assumed).
    public func readChanges() throws(SystemError) -> Bool {
        var changed = false
        let raw = descriptor.rawValue
        while let count = try NonBlockingIO.read(raw, into: buffer), count > 0 {
            if concernsEntry(eventsIn: UnsafeRawBufferPointer(rebasing: buffer[..<count])) { changed = true }
        }
        return changed
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
            if mask & assumeChanged != 0 || name.elementsEqual(entryName) {
                concerned = true
            }
            offset = nameStart + nameLength
        }
        return concerned
    }
}

@available(*, unavailable, message: "a FileWatch belongs to the event loop's thread")
extension FileWatch: Sendable {}
