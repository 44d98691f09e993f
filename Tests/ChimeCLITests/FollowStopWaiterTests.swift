#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import ChimeCLI

/// The pause of `status --follow` ends at once when nobody reads its output any more, and when
/// another process writes the store.
@Suite("status --follow: the reader going away, the store written")
struct FollowStopWaiterTests {
    @Test("a pipe whose reader closed ends the pause as readerGone, long before its length")
    func closedPipe() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[1]) }
        close(ends[0])
        // An hour: were the reader's going not seen, the test would hang, not pass.
        #expect(FollowStopWaiter(output: ends[1], watchingSignals: false).pause(for: 3600) == .readerGone)
    }

    @Test("a pipe still read, and a file, only let the time pass")
    func readersStay() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(FollowStopWaiter(output: ends[1], watchingSignals: false).pause(for: 0.01) == .elapsed)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID().uuidString)").path
        let file = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        #expect(file >= 0)
        defer { close(file); unlink(path) }
        #expect(FollowStopWaiter(output: file, watchingSignals: false).pause(for: 0.01) == .elapsed)
    }

    @Test("a write to the store's log ends the pause as storeWritten; one to another file of its folder does not")
    func storeWritten() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("chime.db").path
        try Data("db".utf8).write(to: URL(fileURLWithPath: database))
        let waiter = FollowStopWaiter(output: ends[1], watchingSignals: false)
        #expect(waiter.watchStore(databasePath: database))

        try Data("other".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        #expect(waiter.pause(for: 0.01) == .elapsed)
        // What another connection's commit does: it appends to the -wal log.
        try Data("frame".utf8).write(to: URL(fileURLWithPath: database + "-wal"))
        // An hour: were the write not seen, the test would hang, not pass.
        #expect(waiter.pause(for: 3600) == .storeWritten)
        #expect(waiter.pause(for: 0.01) == .elapsed)
    }

    @Test("a store whose folder is gone cannot be watched: the caller polls")
    func unwatchable() {
        let waiter = FollowStopWaiter(output: STDOUT_FILENO, watchingSignals: false)
        #expect(!waiter.watchStore(databasePath: "/nonexistent-\(UUID().uuidString)/chime.db"))
    }
}
