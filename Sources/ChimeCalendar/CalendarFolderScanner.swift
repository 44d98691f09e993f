import ChimeCore
import ChimeSystem
import FoundationEssentials
import Glibc

/// How a calendar path is laid out.
public enum CalendarLayout: String, Hashable, Sendable {
    /// One `.ics` file (a calcurse export, a downloaded calendar).
    case file
    /// A vdir collection: a folder with one `.ics` file per item (vdirsyncer, khal, todoman).
    case collection
    /// A folder of collections: each subfolder one calendar (vdirsyncer's layout, khal's
    /// `path = ~/.calendars/*`).
    case collectionSet
}

/// One calendar found at a path: its name, folder (or file) and the stamps of its `.ics` files.
public struct CalendarCollectionListing: Hashable, Sendable {
    /// The subfolder's name, or the folder's or file's own name.
    public let name: String
    /// The folder (or, for ``CalendarLayout/file``, the file).
    public let path: String
    /// Each `.ics` file's path and stamp.
    public let files: [String: CalendarFileStamp]
}

/// What a stat pass over a calendar path found.
public struct CalendarSourceListing: Hashable, Sendable {
    /// The layout.
    public let layout: CalendarLayout
    /// The calendars, by name.
    public let collections: [CalendarCollectionListing]
    /// Files and folders that could not be looked at, or were left out by a bound.
    public let problems: [CalendarProblem]
}

/// Lists calendar paths by `stat` alone, never reading a file: names not ending in `.ics`
/// (vdirsyncer's temporary files) are ignored, and nothing deeper than a set's subfolders is
/// looked at, so a symbolic link loop or a folder of 100,000 files ends in bounded time.
public enum CalendarFolderScanner {
    /// The most `.ics` files one collection is read with.
    public static let maximumFilesPerCollection = 100_000
    /// The most collections one set is read with.
    public static let maximumCollections = 1_000

    /// The listing of `path`, or why the path itself cannot be used.
    public static func list(_ path: String) -> Result<CalendarSourceListing, CalendarProblem> {
        let status: stat
        switch CalendarFileBytes.status(of: path) {
        case .success(let found): status = found
        case .failure(let failure): return .failure(unreadable(path, failure))
        }
        if CalendarFileBytes.isRegularFile(status) {
            let name = PathText.lastComponent(of: path)
            let listing = CalendarCollectionListing(name: baseName(of: name), path: path, files: [path: CalendarFileStamp(status)])
            return .success(CalendarSourceListing(layout: .file, collections: [listing], problems: []))
        }
        guard CalendarFileBytes.isDirectory(status) else { return .failure(unreadable(path, .notCalendarFile)) }
        let entries: [String]
        switch names(in: path) {
        case .success(let found): entries = found
        case .failure(let problem): return .failure(problem)
        }
        var problems: [CalendarProblem] = []
        let folderName = PathText.lastComponent(of: path)
        if entries.contains(where: isCalendarFileName) || !entries.contains(where: { isSubfolder(path, $0) }) {
            let listing = collection(named: folderName, at: path, entries: entries, problems: &problems)
            return .success(CalendarSourceListing(layout: .collection, collections: [listing], problems: problems))
        }
        var subfolders = entries.filter { isSubfolder(path, $0) }.sorted()
        if subfolders.count > maximumCollections {
            problems.append(CalendarProblem(file: path, kind: .bounded, detail: LocalizedText(CalendarText.tooManyCollections, [
                "count": "\(subfolders.count)", "maximum": "\(maximumCollections)",
            ])))
            subfolders = Array(subfolders.prefix(maximumCollections))
        }
        var collections: [CalendarCollectionListing] = []
        for name in subfolders {
            let folder = path + "/" + name
            switch names(in: folder) {
            case .success(let inside): collections.append(collection(named: name, at: folder, entries: inside, problems: &problems))
            case .failure(let problem): problems.append(problem)
            }
        }
        return .success(CalendarSourceListing(layout: .collectionSet, collections: collections, problems: problems))
    }

    /// Whether `name` is read as a calendar file: it ends in `.ics` (in any case) and is more than that.
    public static func isCalendarFileName(_ name: String) -> Bool {
        name.count > 4 && name.lowercased().hasSuffix(".ics")
    }

    /// The collection in `folder`: the stamps of its `.ics` files that are regular files.
    private static func collection(named name: String, at folder: String, entries: [String], problems: inout [CalendarProblem]) -> CalendarCollectionListing {
        var calendarFiles = entries.filter(isCalendarFileName).sorted()
        if calendarFiles.count > maximumFilesPerCollection {
            problems.append(CalendarProblem(file: folder, kind: .bounded, detail: LocalizedText(CalendarText.tooManyFiles, [
                "count": "\(calendarFiles.count)", "maximum": "\(maximumFilesPerCollection)",
            ])))
            calendarFiles = Array(calendarFiles.prefix(maximumFilesPerCollection))
        }
        var files: [String: CalendarFileStamp] = [:]
        files.reserveCapacity(calendarFiles.count)
        for entry in calendarFiles {
            let file = folder + "/" + entry
            switch CalendarFileBytes.status(of: file) {
            case .success(let status) where CalendarFileBytes.isRegularFile(status):
                files[file] = CalendarFileStamp(status)
            case .success:
                // A folder or device named *.ics: not a calendar file, and never opened.
                problems.append(unreadable(file, .notCalendarFile))
            case .failure(let failure):
                problems.append(unreadable(file, failure))
            }
        }
        return CalendarCollectionListing(name: name, path: folder, files: files)
    }

    /// The names in `folder`, or why it cannot be listed.
    private static func names(in folder: String) -> Result<[String], CalendarProblem> {
        do {
            return .success(try FileManager.default.contentsOfDirectory(atPath: folder))
        } catch {
            // Foundation's error does not say why: there but unlistable is a permission problem.
            let reason: SystemError
            switch CalendarFileBytes.status(of: folder) {
            case .success: reason = SystemError(.permissionDenied, operation: "opendir")
            case .failure(let failure): reason = failure
            }
            return .failure(unreadable(folder, reason))
        }
    }

    /// Whether `name` in `folder` is a folder (through links), not hidden.
    private static func isSubfolder(_ folder: String, _ name: String) -> Bool {
        guard !name.hasPrefix(".") else { return false }
        guard case .success(let status) = CalendarFileBytes.status(of: folder + "/" + name) else { return false }
        return CalendarFileBytes.isDirectory(status)
    }

    private static func baseName(of fileName: String) -> String {
        isCalendarFileName(fileName) ? String(fileName.dropLast(4)) : fileName
    }

    private static func unreadable(_ path: String, _ failure: SystemError) -> CalendarProblem {
        CalendarProblem(file: path, kind: .skippedFile, detail: failure.calendarProblemText)
    }
}
