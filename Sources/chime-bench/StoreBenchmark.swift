import ChimeCore
import ChimeStore
import Foundation

/// The `store` suite: durable writes, batched writes, the daemon's start-up load (every pending
/// request read into a `PendingQueue`, as chimed does) and disk use, with 100k requests stored,
/// in a temporary directory.
///
/// A durable operation is one `apply` with its own request id: one `BEGIN IMMEDIATE` transaction
/// committed with `synchronous=FULL`, exactly what one `chime` command does.
enum StoreBenchmark {
    /// Requests stored.
    static let storedCount = 100_000
    /// Requests per transaction for the batched figure.
    static let batchSize = 1_000
    /// Single operations timed for each durable figure (on top of the stored requests).
    static let durableCount = 5_000
    /// Start-up loads timed; the median is reported.
    static let loadRuns = 7

    static func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chime-bench-store-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("chime.db").path
        let now = Date()
        var store: Store? = try Store(path: path)

        // Plans are built before the clock starts: the figure is the store's, not the caller's.
        let batches = (0..<(storedCount / batchSize)).map { batch in
            var plan = ChangePlan()
            plan.requests = (0..<batchSize).map { request(batch * batchSize + $0, now: now) }
            return plan
        }
        let batched = try measure(operations: storedCount) {
            for (index, plan) in batches.enumerated() {
                try store!.apply(plan, requestID: "batch-\(index)", now: now)
            }
        }
        emit("batched_add_per_second", batched, unit: "ops/s")

        let additions = (storedCount..<(storedCount + durableCount)).map { single(request($0, now: now)) }
        let added = try measure(operations: durableCount) {
            for (offset, plan) in additions.enumerated() {
                try store!.apply(plan, requestID: "add-\(offset)", now: now)
            }
        }
        emit("durable_add_per_second", added, unit: "ops/s")

        // Spread over the table, so the rows touched are not all on a few pages.
        let replacements = (0..<durableCount).map { single(request(($0 * 7919) % storedCount, now: now, shift: 60)) }
        let replaced = try measure(operations: durableCount) {
            for (offset, plan) in replacements.enumerated() {
                try store!.apply(plan, requestID: "replace-\(offset)", now: now)
            }
        }
        emit("durable_replace_per_second", replaced, unit: "ops/s")

        let cancellations = (0..<durableCount).map { offset in
            var plan = ChangePlan()
            plan.cancelledIdentifiers = [identifier(storedCount + offset)]
            return plan
        }
        let cancelled = try measure(operations: durableCount) {
            for (offset, plan) in cancellations.enumerated() {
                try store!.apply(plan, requestID: "cancel-\(offset)", now: now)
            }
        }
        emit("durable_cancel_per_second", cancelled, unit: "ops/s")

        // What chimed does at start: stream every pending row into its queue.
        var loads: [Double] = []
        var loaded = 0
        for _ in 0..<loadRuns {
            let started = ContinuousClock.now
            var queue = PendingQueue<Int64, Int64>()
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

