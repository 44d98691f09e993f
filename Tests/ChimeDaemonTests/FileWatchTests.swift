import ChimeSystem
import ChimeDaemon
import ChimeTestSupport
import Foundation
import Glibc
import Testing

@Suite("FileWatch")
struct FileWatchTests {
    @Test("replacing the file by renaming a new symlink over it is seen through the loop")
    func seesSymlinkSwap() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("localtime")
        #expect(symlink("/usr/share/zoneinfo/Etc/UTC", path) == 0)
        let watch = try FileWatch(path: path)
        #expect(watch.paths == [path])
        #expect(try !watch.readChanges())

        let loop = try EventLoop()
        var changes = 0
        try loop.register(watch.fileDescriptor) { _ in
            if try watch.readChanges() { changes += 1 }
        }
        // What timedatectl does: a new link under a temporary name, renamed over the old one.
        let replacement = directory.appending(".localtime.new")
        #expect(symlink("/usr/share/zoneinfo/Europe/Berlin", replacement) == 0)
        #expect(rename(replacement, path) == 0)

        #expect(try runLoop(loop) { changes > 0 })
    }

    @Test("writing the file in place counts as a change")
    func seesInPlaceWrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("localtime")
        try Data("UTC".utf8).write(to: URL(fileURLWithPath: path))
        let watch = try FileWatch(path: path)

        // Closed explicitly: the watch reacts to IN_CLOSE_WRITE, and Data.write may leave the
        // close to a deinit that runs later.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("CET".utf8))
        try handle.close()

        #expect(try watch.readChanges())
        #expect(try !watch.readChanges())
    }

    @Test("changes to other files in the directory do not count")
    func ignoresOtherEntries() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("localtime")
        try Data("UTC".utf8).write(to: URL(fileURLWithPath: path))
        let watch = try FileWatch(path: path)

        try Data("x".utf8).write(to: URL(fileURLWithPath: directory.appending("localtime.bak")))
        try Data("y".utf8).write(to: URL(fileURLWithPath: directory.appending("timezone")))
        #expect(unlink(directory.appending("timezone")) == 0)

        #expect(try !watch.readChanges())
    }

    @Test("removing the file counts as a change")
    func seesRemoval() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("localtime")
        try Data("UTC".utf8).write(to: URL(fileURLWithPath: path))
        let watch = try FileWatch(path: path)

        #expect(unlink(path) == 0)

        #expect(try watch.readChanges())
    }

    @Test("several entries: writes to each are seen, also to one removed and created again")
    func seesWritesToRecreatedEntries() throws {
        let directory = try TemporaryDirectory()
        let database = directory.appending("chime.db")
        let log = directory.appending("chime.db-wal")
        try Data("a".utf8).write(to: URL(fileURLWithPath: database))
        try Data("b".utf8).write(to: URL(fileURLWithPath: log))
        let watch = try FileWatch(entries: ["chime.db", "chime.db-wal"], in: directory.path, events: [.modified, .created])
        #expect(watch.paths == [database, log])

        try append("c", to: database)
        #expect(try watch.readChanges())
        try append("d", to: log)
        #expect(try watch.readChanges())

        // Removal is not asked for; the new file is.
        #expect(unlink(log) == 0)
        #expect(try !watch.readChanges())
        let descriptor = open(log, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        #expect(descriptor >= 0)
        #expect(try watch.readChanges())
        #expect(write(descriptor, "e", 1) == 1)
        close(descriptor)
        #expect(try watch.readChanges())

        try append("f", to: directory.appending("chime.db-shm"))
        #expect(try !watch.readChanges())
    }

    private func append(_ text: String, to path: String) throws {
        let descriptor = open(path, O_CREAT | O_WRONLY | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        guard write(descriptor, text, text.utf8.count) == text.utf8.count else { throw POSIXError(.EIO) }
    }

    @Test("a missing directory is an error")
    func missingDirectory() {
        #expect(throws: SystemError.self) { try FileWatch(path: "/nonexistent-chime-dir/localtime") }
    }
}
