import CLinux
import ChimeSystem
import Glibc

/// One inotify instance watching the folders of every calendar chimed reads: a collection's
/// folder (its files), a set's folder (its collections) and the folder above each calendar
/// (the calendar's own folder or file deleted, recreated or replaced).
///
/// Every folder is watched for the same events: entries created, renamed in or out, deleted,
/// and closed after writing (editors that write in place), plus the folder itself deleted or
/// moved. vdirsyncer and khal write an item with link() then unlink() and update it with
/// rename(), which is IN_CREATE or IN_MOVED_TO, never IN_CLOSE_WRITE.
///
/// Not Sendable: it belongs to the loop's thread.
public final class CalendarFolderWatch {
    /// One event: which watch, what happened, and the entry's name (empty for the folder itself).
    public struct Event: Hashable, Sendable {
        /// The watch descriptor.
        public let watch: Int32
        /// The inotify mask.
        public let mask: UInt32
        /// The entry named, or empty.
        public let name: String

        /// Whether events were lost (`IN_Q_OVERFLOW`): a stat pass must find what changed.
        public var isOverflow: Bool { mask & UInt32(IN_Q_OVERFLOW) != 0 }
        /// Whether the watch ended: its folder was deleted, moved or unmounted (`IN_IGNORED`).
        public var endsWatch: Bool { mask & UInt32(IN_IGNORED) != 0 }
        /// Whether the event is about the watched folder itself (deleted or moved away).
        public var isAboutFolder: Bool { mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 }
        /// Whether the entry is a folder.
        public var isFolder: Bool { mask & UInt32(IN_ISDIR) != 0 }

        /// Makes an event (for tests that feed a watch by hand).
        public init(watch: Int32, mask: UInt32, name: String) {
            self.watch = watch
            self.mask = mask
            self.name = name
        }

        /// An overflow of the kernel's queue, as inotify reports it.
        public static let overflow = Event(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: "")
    }

    /// The events every folder is watched for.
    public static let mask: UInt32 = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
        | UInt32(IN_CLOSE_WRITE) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

    private let descriptor: OwnedFileDescriptor
    /// Room for many events at once; owned here, freed in deinit.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: MemoryLayout<inotify_event>.alignment)

    /// Opens the inotify instance.
    public init() throws(SystemError) {
        descriptor = try OwnedFileDescriptor("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC)) }
    }

    deinit {
        buffer.deallocate()
    }

    /// The descriptor to register with an ``EventLoop``.
    public var fileDescriptor: Int32 { descriptor.rawValue }

    /// Watches `folder`; returns its watch descriptor (the same for a folder watched already).
    public func watch(_ folder: String) throws(SystemError) -> Int32 {
        let raw = descriptor.rawValue
        return try valueOrErrno("inotify_add_watch") { inotify_add_watch(raw, folder, Self.mask) }
    }

    /// Stops the watch `watch` (a folder gone already ended its watch: that is no error).
    public func unwatch(_ watch: Int32) {
        _ = inotify_rm_watch(descriptor.rawValue, watch)
    }

    /// Every event waiting, oldest first.
    public func readEvents() throws(SystemError) -> [Event] {
        var events: [Event] = []
        let raw = descriptor.rawValue
        while let count = try NonBlockingIO.read(raw, into: buffer), count > 0 {
            Self.parse(UnsafeRawBufferPointer(rebasing: buffer[..<count]), into: &events)
        }
        return events
    }

    /// Walks the `struct inotify_event` records (header, then a NUL-padded name) in `bytes`.
    private static func parse(_ bytes: UnsafeRawBufferPointer, into events: inout [Event]) {
        let headerSize = MemoryLayout<inotify_event>.size
        var offset = 0
        while offset + headerSize <= bytes.count {
            let header = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
            let nameStart = offset + headerSize
            let nameEnd = min(nameStart + Int(header.len), bytes.count)
            let name = String(decoding: bytes[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            events.append(Event(watch: header.wd, mask: header.mask, name: name))
            offset = nameStart + Int(header.len)
        }
    }
}

@available(*, unavailable, message: "a CalendarFolderWatch belongs to the event loop's thread")
extension CalendarFolderWatch: Sendable {}
