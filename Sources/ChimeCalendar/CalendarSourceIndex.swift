import ChimeCore
import ChimeSystem
import FoundationEssentials
import Glibc

/// What a refresh of a calendar source changed.
public struct CalendarRefresh: Hashable, Sendable {
    /// Files read again: new, or whose stamp changed.
    public let readFiles: [String]
    /// Files gone since the last refresh.
    public let removedFiles: [String]
    /// Files left as they were.
    public let unchangedCount: Int

    /// Makes a refresh's answer.
    public init(readFiles: [String], removedFiles: [String], unchangedCount: Int) {
        self.readFiles = readFiles
        self.removedFiles = removedFiles
        self.unchangedCount = unchangedCount
    }
}

/// One calendar path (`chime calendar add PATH`) kept read: the stamp and contents of each of
/// its files, so a stat pass reads again only the files that changed.
///
/// Not Sendable: one owner (chimed's calendar watcher) refreshes it on one thread.
public final class CalendarSourceIndex {
    /// The path as added.
    public let path: String
    /// Its layout at the last refresh (`nil` before the first, or when the path was missing).
    public private(set) var layout: CalendarLayout?
    /// The calendars found at the last refresh.
    public private(set) var collections: [CalendarCollectionListing] = []
    /// Problems of the path itself and of its listing at the last refresh.
    public private(set) var listingProblems: [CalendarProblem] = []

    private let reader: CalendarReader
    private var files: [String: (stamp: CalendarFileStamp, contents: CalendarFileContents)] = [:]

    /// Makes an index of `path`, reading files with `reader`; nothing is read until ``refresh()``.
    public init(path: String, reader: CalendarReader = CalendarReader()) {
        self.path = path
        self.reader = reader
    }

    /// A stat pass over the whole path: lists it again, reads the new and changed files, and
    /// forgets the removed ones (what chimed does at start, on an inotify queue overflow, after
    /// a clock jump and after resume).
    @discardableResult
    public func refresh() -> CalendarRefresh {
        var stamps: [String: CalendarFileStamp] = [:]
        switch CalendarFolderScanner.list(path) {
        case .success(let listing):
            layout = listing.layout
            collections = listing.collections
            listingProblems = listing.problems
            for collection in listing.collections { stamps.merge(collection.files) { first, _ in first } }
        case .failure(let problem):
            layout = nil
            collections = []
            listingProblems = [problem]
        }
        var read: [String] = []
        var unchanged = 0
        for (file, stamp) in stamps {
            if files[file]?.stamp == stamp {
                unchanged += 1
                continue
            }
            files[file] = (stamp, reader.read(path: file))
            read.append(file)
        }
        let removed = files.keys.filter { stamps[$0] == nil }
        for file in removed { files[file] = nil }
        return CalendarRefresh(readFiles: read.sorted(), removedFiles: removed.sorted(), unchangedCount: unchanged)
    }

    /// Looks at one file again after an inotify event named it: reads it when it is new or
    /// changed, forgets it when it is gone. Files outside the collections of the last refresh,
    /// and names not ending in `.ics`, are ignored (a new subfolder needs a ``refresh()``).
    @discardableResult
    public func refresh(file: String) -> CalendarRefresh {
        let folder = PathText.deletingLastComponent(of: file)
        guard CalendarFolderScanner.isCalendarFileName(PathText.lastComponent(of: file)),
              let index = collections.firstIndex(where: { $0.path == folder || ($0.path == file && layout == .file) })
        else { return CalendarRefresh(readFiles: [], removedFiles: [], unchangedCount: 0) }
        var collectionFiles = collections[index].files
        defer { collections[index] = CalendarCollectionListing(name: collections[index].name, path: collections[index].path, files: collectionFiles) }
        let found = CalendarFileBytes.status(of: file)
        guard case .success(let status) = found, CalendarFileBytes.isRegularFile(status) else {
            collectionFiles[file] = nil
            if case .failure(let failure) = found, failure.code == .noSuchFile {
                let existed = files.removeValue(forKey: file) != nil
                return CalendarRefresh(readFiles: [], removedFiles: existed ? [file] : [], unchangedCount: 0)
            }
            // There, but no calendar file (a FIFO, a folder, a symbolic link loop): its problem
            // is kept, as a stat pass lists it, and it is never opened.
            let failure: SystemError
            if case .failure(let reason) = found { failure = reason } else { failure = .notCalendarFile }
            let problem = CalendarProblem(file: file, kind: .skippedFile, detail: failure.calendarProblemText)
            let stamp = (try? found.get()).map(CalendarFileStamp.init) ?? CalendarFileStamp(size: -1, modificationNanoseconds: 0, inode: 0)
            files[file] = (stamp, CalendarFileContents(file: file, items: [], problems: [problem]))
            return CalendarRefresh(readFiles: [file], removedFiles: [], unchangedCount: 0)
        }
        let stamp = CalendarFileStamp(status)
        collectionFiles[file] = stamp
        if files[file]?.stamp == stamp { return CalendarRefresh(readFiles: [], removedFiles: [], unchangedCount: 1) }
        files[file] = (stamp, reader.read(path: file))
        return CalendarRefresh(readFiles: [file], removedFiles: [], unchangedCount: 0)
    }

    /// Lets go of the items read from `file`, keeping its stamp and problems: for an owner that
    /// keeps the items elsewhere (chimed's shelf), so they are not held twice. The file is read
    /// again only when its stamp changes, as before.
    public func releaseItems(ofFile file: String) {
        guard let entry = files[file], !entry.contents.items.isEmpty else { return }
        files[file] = (entry.stamp, CalendarFileContents(file: file, items: [], problems: entry.contents.problems))
    }

    /// The contents of each file of `collection`, by path.
    public func contents(of collection: CalendarCollectionListing) -> [CalendarFileContents] {
        collection.files.keys.sorted().compactMap { files[$0]?.contents }
    }

    /// The contents of `file`, if it was read.
    public func contents(ofFile file: String) -> CalendarFileContents? {
        files[file]?.contents
    }

    /// The items of `collection`, files in name order.
    public func items(of collection: CalendarCollectionListing) -> [CalendarItem] {
        contents(of: collection).flatMap(\.items)
    }

    /// Every problem: the listing's and each file's.
    public var problems: [CalendarProblem] {
        listingProblems + files.keys.sorted().flatMap { files[$0]!.contents.problems }
    }
}
