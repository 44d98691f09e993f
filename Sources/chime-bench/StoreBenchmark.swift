import ChimeCore
import ChimeStore
import Foundation

/// The `store` suite: durable writes, batched writes, the daemon's start-up load (every pending
/// request read into a `PendingQueue`, as chimed does) and disk use, with 100k requests stored,
/// in a temporary directory.
///
/// A durable operation is one `apply` with its own request id: one `BEGIN IMMEDIATE` transaction
/// committed with `synchronous=FULL`, exactly what one `chime` command does.
///
/// Each rate is the best of ``runs`` runs, as in the queue suite: the machine is shared, and a
/// run slowed by another process says nothing about the store. Every run starts from the same
/// state: a batched run fills an empty database, and each durable round works on a fresh copy of
/// a database holding exactly ``storedCount`` requests.
enum StoreBenchmark {
    /// Requests stored.
    static let storedCount = 100_000
    /// Requests per transaction for the batched figure.
    static let batchSize = 1_000
    /// Single operations timed for each durable figure (on top of the stored requests).
    static let durableCount = 5_000
    /// Runs of each rate; the best is reported.
    static let runs = 3
    /// Start-up loads timed; the median is reported.
    static let loadRuns = 7

    static func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chime-bench-store-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        let basePath = directory.appendingPathComponent("base.db").path
        let path = directory.appendingPathComponent("chime.db").path
        let now = Date()

        // Plans are built before the clock starts: the figure is the store's, not the caller's.
        let batches = (0..<(storedCount / batchSize)).map { batch in
            var plan = ChangePlan()
            plan.requests = (0..<batchSize).map { request(batch * batchSize + $0, now: now) }
            return plan
        }
        var batched: [Double] = []
        for _ in 0..<runs {
            try removeDatabase(at: basePath)
            let store = try Store(path: basePath)
            batched.append(try measure(operations: storedCount) {
                for (index, plan) in batches.enumerated() {
                    try store.apply(plan, requestID: "batch-\(index)", now: now)
                }
            })
            // Closing checkpoints the log into the file, so the last run's file is complete on its own.
        }
        emit("batched_add_per_second", batched.max()!, unit: "ops/s")
        guard FileManager.default.fileExists(atPath: basePath), !FileManager.default.fileExists(atPath: basePath + "-wal") else {
            throw BenchmarkFailure("the filled database \(basePath) was not closed cleanly")
        }

        let additions = (storedCount..<(storedCount + durableCount)).map { single(request($0, now: now)) }
        // Spread over the table, so the rows touched are not all on a few pages.
        let replacements = (0..<durableCount).map { single(request(($0 * 7919) % storedCount, now: now, shift: 60)) }
        let cancellations = (0..<durableCount).map { offset in
            var plan = ChangePlan()
            plan.cancelledIdentifiers = [identifier(storedCount + offset)]
            return plan
        }
        var added: [Double] = [], replaced: [Double] = [], cancelled: [Double] = []
        var store: Store?
        for _ in 0..<runs {
            // A round: add 5k to the 100k stored, replace 5k of them, cancel the 5k added.
            store = nil
            try removeDatabase(at: path)
            try FileManager.default.copyItem(atPath: basePath, toPath: path)
            let opened = try Store(path: path)
            store = opened
            guard try opened.requestCount(in: .pending) == storedCount else {
                throw BenchmarkFailure("a round started without \(storedCount) stored requests")
            }
            added.append(try durableRate(opened, additions, requestIDPrefix: "add", now: now))
            replaced.append(try durableRate(opened, replacements, requestIDPrefix: "replace", now: now))
            cancelled.append(try durableRate(opened, cancellations, requestIDPrefix: "cancel", now: now))
        }
        emit("durable_add_per_second", added.max()!, unit: "ops/s")
        emit("durable_replace_per_second", replaced.max()!, unit: "ops/s")
        emit("durable_cancel_per_second", cancelled.max()!, unit: "ops/s")

        // What chimed does at start: stream every pending row into its queue.
        var loads: [Double] = []
        var loaded = 0
        for _ in 0..<loadRuns {
            let started = ContinuousClock.now
            var queue = PendingQueue<Int64>()
            try store!.forEachPending { entry in
                queue.add(entry.rowID, due: entry.effectiveDue, deadline: entry.deadline)
            }
            loads.append(milliseconds(ContinuousClock.now - started))
            loaded = queue.count
        }
        guard loaded == storedCount else {
            throw BenchmarkFailure("loaded \(loaded) pending requests, expected \(storedCount)")
        }
        emit("load_ms", loads.sorted()[loadRuns / 2], unit: "ms")

        let rows = try store!.requestCount(in: .pending) + store!.requestCount(in: .cancelled)
        // Closing checkpoints the write-ahead log into the database file and removes it.
        store = nil
        let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.doubleValue ?? 0
        emit("disk_bytes_per_request", bytes / Double(rows), unit: "bytes")
    }

    /// Operations per second of applying each of `plans` as its own durable transaction, with its
    /// own request id: what as many `chime` commands would do one after the other.
    static func durableRate(_ store: Store, _ plans: [ChangePlan], requestIDPrefix: String, now: Date) throws -> Double {
        try measure(operations: plans.count) {
            for (offset, plan) in plans.enumerated() {
                try store.apply(plan, requestID: "\(requestIDPrefix)-\(offset)", now: now)
            }
        }
    }

    /// Removes the database at `path` with its `-wal` and `-shm` files, if there are any.
    static func removeDatabase(at path: String) throws {
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.removeItem(atPath: file)
        }
    }

    /// Request `index` belongs to group `w-(index / 100)`: a plan's requests share their group
    /// (one session or schedule), so neighbouring requests of a batch do too.
    static func identifier(_ index: Int) -> String { "water/w-\(index / 100)/req-\(index)" }

    /// A request shaped like a water reminder, the most common kind.
    static func request(_ index: Int, now: Date, shift: TimeInterval = 0) -> NotificationRequest {
        let due = now.addingTimeInterval(3600 + Double(index) + shift)
        return NotificationRequest(
            identifier: identifier(index), group: "w-\(index / 100)", kind: .water, due: due, tolerance: 270,
            content: NotificationContent(template: .waterReminder, arguments: [
                ContentArgument.amount: "250", ContentArgument.consumed: "750", ContentArgument.goal: "2000",
            ]),
            misfirePolicy: .collapse(until: due.addingTimeInterval(7200))
        )
    }

    static func single(_ request: NotificationRequest) -> ChangePlan {
        var plan = ChangePlan()
        plan.requests = [request]
        return plan
    }

    /// Operations per second while running `body`.
    static func measure(operations: Int, _ body: () throws -> Void) throws -> Double {
        let started = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - started
        return Double(operations) / (milliseconds(elapsed) / 1000)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func emit(_ metric: String, _ value: Double, unit: String) {
        BenchmarkResult(suite: "store", metric: metric, n: storedCount, value: value, unit: unit).emit()
    }
}

