import ChimeCalendar
import ChimeCore
import ChimeTestSupport
import Foundation
import Glibc
import Testing

/// Calendar paths as vdirsyncer, khal and calcurse leave them, read by stat alone until a
/// file changes; loops and huge folders end.
@Suite("CalendarSourceIndex: vdir folders, stat passes and bounds")
struct CalendarFolderTests {
    static func event(_ uid: String, hour: Int = 9) -> String {
        CalendarFixture.calendar("BEGIN:VEVENT\nUID:\(uid)\nSUMMARY:\(uid)\nDTSTART:20270601T\(hour < 10 ? "0" : "")\(hour)0000Z\nBEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT10M\nEND:VALARM\nEND:VEVENT\n")
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func theThreeLayouts() throws {
        let root = try TemporaryDirectory(prefix: "chime-vdir")
        // One collection, with a vdirsyncer temporary file and other names beside the items.
        let collection = root.appending("personal")
        try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: false)
        try Self.write(Self.event("a"), to: collection + "/a.ics")
        try Self.write(Self.event("b"), to: collection + "/b.ICS")
        try Self.write(Self.event("tmp"), to: collection + "/c.ics.3a5f9e")
        try Self.write("#ffffff", to: collection + "/color")
        let single = CalendarSourceIndex(path: collection)
        #expect(single.refresh().readFiles.count == 2)
        #expect(single.layout == .collection)
        #expect(single.collections.map(\.name) == ["personal"])
        #expect(single.items(of: single.collections[0]).map(\.uid) == ["a", "b"])
        // A folder of collections: each subfolder one calendar, an empty one included.
        try FileManager.default.createDirectory(atPath: root.appending("work"), withIntermediateDirectories: false)
        try Self.write(Self.event("w"), to: root.appending("work/w.ics"))
        try FileManager.default.createDirectory(atPath: root.appending("empty"), withIntermediateDirectories: false)
        let set = CalendarSourceIndex(path: root.path)
        set.refresh()
        #expect(set.layout == .collectionSet)
        #expect(set.collections.map(\.name) == ["empty", "personal", "work"])
        #expect(set.collections.map { set.items(of: $0).map(\.uid) } == [[], ["a", "b"], ["w"]])
        // One file.
        let file = CalendarSourceIndex(path: collection + "/a.ics")
        file.refresh()
        #expect(file.layout == .file && file.collections.map(\.name) == ["a"])
        #expect(file.problems == [])
        // A path that is not there.
        let missing = CalendarSourceIndex(path: root.appending("nowhere"))
        missing.refresh()
        #expect(missing.layout == nil && missing.problems.count == 1)
        #expect(missing.problems[0].kind == .skippedFile && missing.problems[0].description.contains("nowhere"))
    }

    @Test func onlyChangedFilesAreReadAgain() throws {
        let root = try TemporaryDirectory(prefix: "chime-vdir")
        for uid in ["a", "b", "c"] { try Self.write(Self.event(uid), to: root.appending("\(uid).ics")) }
        let index = CalendarSourceIndex(path: root.path)
        #expect(index.refresh().readFiles.count == 3)
        #expect(index.refresh() == CalendarRefresh(readFiles: [], removedFiles: [], unchangedCount: 3))
        // vdirsyncer's update: a new file renamed over the old one (a new inode).
        try Self.write(Self.event("b", hour: 11), to: root.appending("b.ics.tmp"))
        #expect(rename(root.appending("b.ics.tmp"), root.appending("b.ics")) == 0)
        unlink(root.appending("c.ics"))
        #expect(index.refresh() == CalendarRefresh(readFiles: [root.appending("b.ics")], removedFiles: [root.appending("c.ics")], unchangedCount: 1))
        let collection = index.collections[0]
        #expect(index.items(of: collection).map { $0.master?.start } == [.utc(CalendarFixture.at("2027-06-01T09:00:00Z")), .utc(CalendarFixture.at("2027-06-01T11:00:00Z"))])
        // One file named by an inotify event: read if changed, forgotten when gone, ignored when not *.ics.
        try Self.write(Self.event("d"), to: root.appending("d.ics"))
        #expect(index.refresh(file: root.appending("d.ics")).readFiles == [root.appending("d.ics")])
        #expect(index.refresh(file: root.appending("d.ics")).unchangedCount == 1)
        #expect(index.refresh(file: root.appending("b.ics.tmp")) == CalendarRefresh(readFiles: [], removedFiles: [], unchangedCount: 0))
        unlink(root.appending("a.ics"))
        #expect(index.refresh(file: root.appending("a.ics")).removedFiles == [root.appending("a.ics")])
        #expect(index.items(of: index.collections[0]).map(\.uid) == ["b", "d"])
    }

    @Test func loopsDevicesAndFoldersNamedLikeCalendarsEndWithReasons() throws {
        let root = try TemporaryDirectory(prefix: "chime-vdir")
        let calendars = root.appending("calendars")
        try FileManager.default.createDirectory(atPath: calendars + "/home", withIntermediateDirectories: true)
        try Self.write(Self.event("h"), to: calendars + "/home/h.ics")
        // A link to itself, a pair of links to each other, a subfolder linking back to the set,
        // a FIFO (opening it would block) and a folder, each named like a calendar file.
        #expect(symlink("self.ics", calendars + "/home/self.ics") == 0)
        #expect(symlink("pong.ics", calendars + "/home/ping.ics") == 0 && symlink("ping.ics", calendars + "/home/pong.ics") == 0)
        #expect(symlink("..", calendars + "/loop") == 0)
        #expect(mkfifo(calendars + "/home/fifo.ics", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: calendars + "/home/folder.ics", withIntermediateDirectories: false)
        let index = CalendarSourceIndex(path: calendars)
        index.refresh()
        #expect(index.layout == .collectionSet)
        #expect(index.collections.map(\.name) == ["home", "loop"])
        #expect(index.items(of: index.collections[0]).map(\.uid) == ["h"])
        let problems = index.problems.map(\.file).sorted()
        #expect(problems == ["fifo.ics", "folder.ics", "ping.ics", "pong.ics", "self.ics"].map { calendars + "/home/" + $0 })
        #expect(index.problems.allSatisfy { $0.kind == .skippedFile })
        // The FIFO and the folder are there and may be read: they are said to be no files, not
        // to be missing or unreadable ("Invalid argument (errno 22): check that it exists").
        let notFiles = index.problems.filter { $0.file.hasSuffix("/fifo.ics") || $0.file.hasSuffix("/folder.ics") }.map { $0.text.text(in: .english) }
        #expect(notFiles.count == 2 && notFiles.allSatisfy { $0.contains("it is not a regular file") && !$0.contains("errno") }, "\(notFiles)")
        // A source path that is itself a loop.
        #expect(symlink("knot", root.appending("knot")) == 0)
        let knot = CalendarSourceIndex(path: root.appending("knot"))
        knot.refresh()
        #expect(knot.layout == nil && knot.problems.first?.description.contains("symbolic links") == true)
    }

    @Test func aFolderOfOneHundredThousandFiles() throws {
        let root = try TemporaryDirectory(prefix: "chime-vdir")
        // FileManager takes minutes to remove 100,000 files; unlink takes a second.
        defer { for number in 0..<100_000 { unlink(root.appending("\(number).ics")) } }
        let bytes = Array(Self.event("x").utf8)
        for number in 0..<100_000 {
            let descriptor = open(root.appending("\(number).ics"), O_WRONLY | O_CREAT | O_EXCL, 0o600)
            #expect(descriptor >= 0)
            #expect(bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
            close(descriptor)
        }
        let index = CalendarSourceIndex(path: root.path)
        #expect(index.refresh().readFiles.count == 100_000)
        #expect(index.problems == [])
        #expect(index.items(of: index.collections[0]).count == 100_000)
        #expect(index.refresh().unchangedCount == 100_000)
        // One more than the bound: the first 100,000 by name are read, with a reason.
        try Self.write(Self.event("one-too-many"), to: root.appending("zzz.ics"))
        let refresh = index.refresh()
        #expect(refresh.readFiles.count + refresh.unchangedCount == CalendarFolderScanner.maximumFilesPerCollection)
        #expect(index.problems.map(\.kind) == [.bounded])
    }
}
