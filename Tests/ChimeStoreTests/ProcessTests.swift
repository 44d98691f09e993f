import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeStore

/// Real processes against one database: killed writers and concurrent writers. Serialised so the
/// two tests do not compete for the machine's cores with each other.
@Suite("Crashing and concurrent processes", .serialized)
struct ProcessTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "chime-store-tests")
    }

    @Test("a writer killed at random moments loses nothing acknowledged and leaves nothing half-applied")
    func crashes() throws {
        let path = directory.appending("chime.db")
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        var lastAcknowledged = -1
        var committedBefore = 0
        var acknowledged = 0
        let kills = 60
        // At least `kills` rounds; more (up to five times as many) while the writer has not
        // acknowledged as many plans: on a loaded machine its start-up takes longer than the
        // kill moments, and the rounds must still have killed it while it wrote.
        var round = 0
        while round < kills || (acknowledged < kills && round < 5 * kills) {
            defer { round += 1 }
            let context = Comment(rawValue: "seed \(seed), round \(round)")
            let worker = try WorkerProcess(["crash", path, String(lastAcknowledged + 1)])
            // The kill moment is what is random here, not a wait for something: anywhere from the
            // worker's start-up (opening, migrating a new file) to the middle of its writes.
            usleep(UInt32.random(in: 2_000...90_000, using: &random))
            worker.kill()
            let (status, lines, errors) = worker.finish()
            #expect(status == SIGKILL && worker.process.terminationReason == .uncaughtSignal, context)
            #expect(errors.isEmpty, context)

            let committed = try verifyCrashDatabase(path: path, context: context)
            for line in lines {
                let fields = line.split(separator: " ").compactMap { Int($0) }
                try #require(fields.count == 3, "unexpected line \(line); \(context)")
                let (index, sequence, replayed) = (fields[0], fields[1], fields[2] == 1)
                #expect(sequence == index + 1, context)
                #expect(index < committed, "acknowledged plan \(index) is missing; \(context)")
                // Plans committed before this round (without their acknowledgement) are replays.
                #expect(replayed == (index < committedBefore), "plan \(index) replayed: \(replayed); \(context)")
                lastAcknowledged = max(lastAcknowledged, index)
                acknowledged += 1
            }
            committedBefore = committed
        }
        #expect(acknowledged >= kills, "the writer should have acknowledged plans between kills (seed \(seed))")
    }

    /// Checks the crash worker's database: every plan is all there or not there at all, the
    /// committed plans are exactly 0..<N, and SQLite finds the file intact. Returns N.
    func verifyCrashDatabase(path: String, context: Comment) throws -> Int {
        guard DatabaseFile.exists(path) else { return 0 }
        let store = try Store(path: path)
        #expect(try store.texts("PRAGMA integrity_check") == ["ok"], context)
        let committed = Int(try store.integer("SELECT count(*) FROM change_log WHERE request_id IS NOT NULL"))
        guard committed > 0 else {
            #expect(try store.integer("SELECT count(*) FROM sessions") == 0, context)
            #expect(try store.integer("SELECT count(*) FROM requests") == 0, context)
            return 0
        }
        let n = Int64(committed)
        #expect(try store.integer("SELECT max(CAST(substr(request_id, 7) AS INTEGER)) FROM change_log") == n - 1, context)
        #expect(try store.currentSequence() == n, context)
        #expect(try store.integer("SELECT count(*) FROM sessions") == n, context)
        #expect(try store.integer("SELECT count(*) FROM sessions WHERE CAST(substr(id, 2) AS INTEGER) >= \(n)") == 0, context)
        #expect(try store.integer("SELECT count(*) FROM reminders") == n, context)
        #expect(try store.integer("SELECT count(*) FROM water_intake") == n, context)
        #expect(try store.integer("SELECT count(*) FROM requests") == 4 * n, context)
        #expect(try store.integer("SELECT count(*) FROM (SELECT group_id FROM requests GROUP BY group_id HAVING count(*) = 4)") == n, context)
        // Plan i cancels plan i-1's group: only the newest group is still pending.
        #expect(try store.texts("SELECT DISTINCT group_id FROM requests WHERE state = 'pending'") == ["g\(n - 1)"], context)
        #expect(try store.integer("SELECT count(*) FROM requests WHERE state = 'cancelled'") == 4 * (n - 1), context)
        return committed
    }

    @Test("three writers and a following reader at once: no lock error reaches anyone, the reader sees every change")
    func concurrency() throws {
        let path = directory.appending("chime.db")
        let prefixes = ["a", "b", "c"]
        let count = 80
        // All four start together on a database that does not exist yet; the writers wait for
        // each other after their first commit, so their runs overlap however the load falls.
        let barrier = directory.appending("barrier")
        try FileManager.default.createDirectory(atPath: barrier, withIntermediateDirectories: true)
        let follower = try WorkerProcess(["follow", path, prefixes.joined(separator: ","), String(count)])
        let writers = try prefixes.map { try WorkerProcess(["write", path, $0, String(count), barrier, String(prefixes.count)]) }

        var sequences: [Int] = []
        var ranges: [ClosedRange<Int>] = []
        var acknowledged: Set<String> = []
        for (prefix, writer) in zip(prefixes, writers) {
            let (status, lines, errors) = writer.finish()
            #expect(status == 0, "writer \(prefix) failed: \(errors)")
            #expect(errors.isEmpty, "writer \(prefix): \(errors)")
            #expect(lines.count == count)
            let writerSequences = lines.compactMap { Int($0.split(separator: " ").last ?? "") }
            #expect(writerSequences == writerSequences.sorted(), "each writer's sequences increase")
            sequences += writerSequences
            if let first = writerSequences.first, let last = writerSequences.last { ranges.append(first...last) }
            acknowledged.formUnion(lines.map { String($0.split(separator: " ")[1]) })
        }
        #expect(Set(sequences).count == sequences.count, "every write got its own sequence number")
        let overlapping = ranges.indices.contains { i in ranges.indices.contains { j in i < j && ranges[i].overlaps(ranges[j]) } }
        #expect(overlapping, "the writers ran at the same time: \(ranges)")
        #expect(acknowledged.count == prefixes.count * count)

        let (status, lines, errors) = follower.finish()
        #expect(status == 0, "follower failed: \(errors)")
        #expect(errors.isEmpty)
        let report = try #require(lines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        let seen = try #require(report["seen"] as? [String: String])
        let queue = try #require(report["queue"] as? [Int])
        #expect(acknowledged.isSubset(of: Set(seen.keys)), "the follower saw every acknowledged change")
        for prefix in prefixes {
            #expect(seen["\(prefix)/\(count - 1)"] == "pending")
            #expect((0..<(count - 1)).allSatisfy { seen["\(prefix)/\($0)"] == "cancelled" })
        }
        // The follower's queue, built only from the change stream, matches the database.
        let store = try Store(path: path)
        #expect(Set(queue.map(Int64.init)) == Set(try store.pendingSnapshot().entries.map(\.rowID)))
        #expect(queue.count == prefixes.count)
        #expect(try store.texts("PRAGMA integrity_check") == ["ok"])
    }
}
