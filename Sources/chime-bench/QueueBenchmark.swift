import ChimeCore
import ChimeTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The `queue` suite: PendingQueue operations per second, heap bytes per pending request, and
/// wake-ups on a one-day trace against the interval-stabbing optimum.
///
/// Identifiers are `Int64` (the store's row ids), the shape the daemon keeps; times are spread
/// over one day with the default tolerances of every request kind.
enum QueueBenchmark {
    static func run() throws {
        for n in [100_000, 1_000_000] {
            let workload = Workload(count: n, seed: UInt64(n))
            // Adds new identifiers into a queue already holding n: the rate at n pending and more.
            emit("add_per_second", n: n, value: bestRate(operations: n, prepare: { workload.filled() }) { queue in
                for index in workload.order {
                    queue.add(Int64(n + index), due: workload.laterDue[index], deadline: workload.laterDeadline[index])
                }
            })
            emit("replace_per_second", n: n, value: bestRate(operations: n, prepare: { workload.filled() }) { queue in
                for index in workload.order {
                    queue.add(Int64(index), due: workload.laterDue[index], deadline: workload.laterDeadline[index])
                }
            })
            emit("remove_per_second", n: n, value: bestRate(operations: n, prepare: { workload.filled() }) { queue in
                for index in workload.order { queue.remove(Int64(index)) }
            })
        }
        if let bytes = bytesPerRequest(count: 100_000) {
            emit("bytes_per_request", n: 100_000, value: bytes, unit: "bytes")
        }
        let trace = try wakeUps(requests: 10_000)
        emit("wakeups", n: 10_000, value: Double(trace.wakeups), unit: "wakeups")
        emit("optimal_wakeups", n: 10_000, value: Double(trace.optimal), unit: "wakeups")
    }

    typealias Queue = PendingQueue<Int64>

    /// Random requests spread over one day, with every kind's default tolerance.
    struct Workload {
        /// Tolerances in seconds: reminders, fast start/end, nudges, and water at 20 min, 30 min, 1 h intervals.
        static let tolerances: [TimeInterval] = [5, 10, 60, 120, 180, 300]
        let due: [Date]
        let deadline: [Date]
        let laterDue: [Date]
        let laterDeadline: [Date]
        /// Every index once, shuffled: the order of replacements and removals.
        let order: [Int]

        init(count: Int, seed: UInt64) {
            var random = SeededGenerator(seed: seed)
            let start = Date(timeIntervalSinceReferenceDate: 815_000_000)
            func times() -> ([Date], [Date]) {
                var due: [Date] = []
                var deadline: [Date] = []
                due.reserveCapacity(count)
                deadline.reserveCapacity(count)
                for _ in 0..<count {
                    let instant = start.addingTimeInterval(Double(Int.random(in: 0..<86_400_000, using: &random)) / 1000)
                    due.append(instant)
                    deadline.append(instant.addingTimeInterval(Self.tolerances.randomElement(using: &random)!))
                }
                return (due, deadline)
            }
            (due, deadline) = times()
            (laterDue, laterDeadline) = times()
            order = Array(0..<count).shuffled(using: &random)
        }

        /// A queue holding every request of the workload.
        func filled() -> Queue {
            var queue = Queue()
            for index in due.indices {
                queue.add(Int64(index), due: due[index], deadline: deadline[index])
            }
            return queue
        }
    }

    /// Operations per second of `body` on a queue made by `prepare` (not timed), the best of
    /// three runs (the machine is shared).
    static func bestRate(operations: Int, prepare: () -> Queue, _ body: (inout Queue) -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            var queue = prepare()
            let before = queue.count
            let started = ContinuousClock.now
            body(&queue)
            let seconds = (ContinuousClock.now - started).seconds
            precondition(queue.count == 0 || queue.count == before || queue.count == 2 * before, "the benchmark left the queue inconsistent")
            best = min(best, seconds)
        }
        return Double(operations) / best
    }

    /// Heap bytes held per pending request by a queue of `count` requests, from glibc's own
    /// accounting of bytes in use (heap and mmapped chunks) before and after filling it.
    static func bytesPerRequest(count: Int) -> Double? {
        let workload = Workload(count: count, seed: 99)
        // Both lifetimes are pinned: Swift may otherwise release the workload's unused arrays,
        // or the queue, between the two readings and hide bytes from the difference.
        return withExtendedLifetime(workload) {
            guard let before = HeapUsage.bytesInUse() else { return nil }
            let queue = workload.filled()
            return withExtendedLifetime(queue) {
                guard let after = HeapUsage.bytesInUse() else { return nil }
                return Double(after - before) / Double(queue.count)
            }
        }
    }

    /// Wake-ups when arming at `earliestWake` (as the daemon does) and taking `popDue` there, on a day of `requests`
    /// requests, and the optimum computed independently.
    static func wakeUps(requests: Int) throws -> (wakeups: Int, optimal: Int) {
        let workload = Workload(count: requests, seed: 2026)
        var queue = workload.filled()
        var wakeups = 0
        var fired = 0
        while let wake = queue.earliestWake {
            let due = queue.popDue(at: wake)
            wakeups += 1
            fired += due.count
            if due.isEmpty || due.contains(where: { $0.due > wake || $0.deadline < wake }) {
                throw BenchmarkFailure("a request fired outside [due, deadline] at wake-up \(wakeups)")
            }
        }
        guard fired == requests else { throw BenchmarkFailure("\(requests - fired) requests never fired") }
        return (wakeups, optimalStabbing(due: workload.due, deadline: workload.deadline))
    }

    /// The fewest instants that stab every `[due, deadline]` interval: take intervals by
    /// deadline and stab at the first deadline not yet covered (the classic greedy, optimal by an
    /// exchange argument).
    static func optimalStabbing(due: [Date], deadline: [Date]) -> Int {
        let byDeadline = due.indices.sorted { deadline[$0] < deadline[$1] }
        var stabs = 0
        var last: Date?
        for index in byDeadline where last.map({ due[index] > $0 }) ?? true {
            stabs += 1
            last = deadline[index]
        }
        return stabs
    }

    static func emit(_ metric: String, n: Int, value: Double, unit: String = "ops/s") {
        BenchmarkResult(suite: "queue", metric: metric, n: n, value: value, unit: unit).emit()
    }
}

/// Bytes the C allocator has handed out and not taken back.
///
/// glibc's `malloc_stats()` prints them ("in use bytes" under "Total (incl. mmap)") to standard
/// error; it is the one statistics call with a plain C signature (`mallinfo2` returns a struct,
/// and `<malloc.h>` is not part of Swift's Glibc module), so it is looked up with `dlsym` and
/// its output captured through a temporary file.
enum HeapUsage {
    static func bytesInUse() -> Int? {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_stats") else { return nil }
        let mallocStats = unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
        var template = Array("/tmp/chime-bench-heap-XXXXXX".utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { return nil }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer {
            close(file)
            unlink(path)
        }
        fflush(nil)
        let savedError = dup(STDERR_FILENO)
        guard savedError >= 0 else { return nil }
        dup2(file, STDERR_FILENO)
        mallocStats()
        fflush(nil)
        dup2(savedError, STDERR_FILENO)
        close(savedError)
        guard let report = try? String(contentsOfFile: path, encoding: .utf8),
              let total = report.range(of: "Total (incl. mmap):") else { return nil }
        let line = report[total.upperBound...].split(separator: "\n").first { $0.contains("in use bytes") }
        return line.flatMap { Int($0.split(separator: "=").last!.trimmingCharacters(in: .whitespaces)) }
        #else
        return nil
        #endif
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
