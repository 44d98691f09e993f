import ChimeCore
import ChimeDaemon
import ChimeStore
import ChimeTestSupport
import Foundation
import Glibc
import Testing

/// The store watch on real files: inotify on a temporary database and its `-wal`, and SQLite's
/// data version telling another connection's commit from this one's own writes.
@Suite("StoreWatch")
struct StoreWatchTests {
    /// Short rechecks, so a test waits little for the watch to go quiet.
    static let quick = StoreWatch.Configuration(settleDelays: [.milliseconds(20), .milliseconds(80)])

    /// A watched store (the only one this process opens: a second `Store` on the same file in one
    /// process would drop the first one's POSIX locks when it opens and closes the file), a loop,
    /// and another process's writes through `chime-store-worker`, as `chime` writes.
    final class Bed {
        let directory: TemporaryDirectory
        let path: String
        let watched: Store
        let loop: EventLoop
        var commits = 0
        private(set) var watch: StoreWatch!

        init() throws {
            directory = try TemporaryDirectory()
            path = directory.appending("chime.db")
            watched = try Store(path: path)
            loop = try EventLoop()
            watch = try StoreWatch(store: watched, loop: loop, configuration: StoreWatchTests.quick) { [unowned self] in
                commits += 1
            }
        }

        /// Turns the loop until a file event has come and every recheck after it has run.
        func runUntilQuiet() throws -> Bool {
            try runLoop(loop) { watch.isSettling }
            return try runLoop(loop) { !watch.isSettling }
        }
    }

    static func plan(_ id: String, due: Date = Date().addingTimeInterval(3600)) -> ChangePlan {
        Requests.plan(Requests.reminder(id, due: due))
    }

    /// Writes one request `prefix/0` from another process (a new store, one commit, exit).
    static func writeFromAnotherProcess(_ path: String, prefix: String) throws {
        let worker = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("chime-store-worker").path
        let result = try ChildProcess.run(worker, ["write", path, prefix, "1"])
        #expect(result.status == 0, "chime-store-worker: \(result.errors)")
    }

    @Test("another process's commit is reported once, the watched store's own commits never")
    func tellsOthersCommitsFromOwn() throws {
        let bed = try Bed()
        try bed.watched.apply(Self.plan("own-1"), now: Date())
        try bed.watched.apply(Self.plan("own-2"), now: Date())
        // Its own writes touch the files (the watch wakes) but are not a commit to report.
        #expect(try bed.runUntilQuiet())
        #expect(bed.commits == 0)

        try Self.writeFromAnotherProcess(bed.path, prefix: "cli-1")
        #expect(try runLoop(bed.loop) { bed.commits == 1 })
        #expect(try runLoop(bed.loop) { !bed.watch.isSettling })
        #expect(bed.commits == 1)
        #expect(bed.watch.commitsSeen == 1)

        try Self.writeFromAnotherProcess(bed.path, prefix: "cli-2")
        #expect(try runLoop(bed.loop) { bed.commits == 2 })
    }

    @Test("nothing wakes the loop while nothing is written")
    func staysQuietWhenIdle() throws {
        let bed = try Bed()
        try Self.writeFromAnotherProcess(bed.path, prefix: "cli")
        #expect(try runLoop(bed.loop) { bed.commits == 1 })
        try runLoop(bed.loop) { !bed.watch.isSettling }
        // Reads write nothing: no event, no recheck.
        _ = try bed.watched.pendingSnapshot()
        _ = try bed.watched.changes(since: 0)
        #expect(try bed.loop.runOnce(timeout: .milliseconds(300)) == 0)
        #expect(bed.commits == 1)
    }

    @Test("a commit is still seen after another process checkpointed the log and truncated it")
    func seesCommitAfterTruncatedLog() throws {
        let bed = try Bed()
        try Self.writeFromAnotherProcess(bed.path, prefix: "before")
        #expect(try runLoop(bed.loop) { bed.commits == 1 })

        // An empty log, rewritten from its start by the next commit.
        let checkpoint = try ChildProcess.run("/usr/bin/sqlite3", [bed.path, "PRAGMA wal_checkpoint(TRUNCATE);"])
        #expect(checkpoint.status == 0, "\(checkpoint.errors)")
        #expect(try FileManager.default.attributesOfItem(atPath: bed.path + "-wal")[.size] as? Int == 0)
        try runLoop(bed.loop) { !bed.watch.isSettling }
        let seen = bed.commits

        try Self.writeFromAnotherProcess(bed.path, prefix: "after")
        #expect(try runLoop(bed.loop) { bed.commits > seen })
    }

    @Test("the daemon's scheduler takes in a reminder written without a nudge, and its own deliveries are not reported back")
    func schedulerFollowsUnnudgedWrite() throws {
        let harness = try SchedulerHarness()
        try harness.start()
        let loop = try EventLoop()
        var reported = 0
        let watch = try StoreWatch(store: harness.store, loop: loop, configuration: Self.quick) {
            reported += 1
            harness.scheduler.storeChanged()
        }
        try Self.writeFromAnotherProcess(harness.store.path, prefix: "unnudged")
        let written = try #require(try harness.stored("unnudged/0"))

        #expect(try runLoop(loop) { harness.scheduler.pendingCount == 1 })
        #expect(harness.timer.armedDeadline == written.request.due)
        #expect(try harness.isInSync())

        try runLoop(loop) { !watch.isSettling }
        let before = reported
        harness.advance(to: written.request.due)
        #expect(harness.deliveredIdentifiers == ["unnudged/0"])
        // The scheduler's writes for the delivery wake the watch, which finds no other commit.
        #expect(try runLoop(loop) { watch.isSettling })
        #expect(try runLoop(loop) { !watch.isSettling })
        #expect(reported == before)
        #expect(try harness.isInSync())
    }
}
