import ChimeCalendar
import ChimeCore
import ChimeTestSupport
import Foundation

/// The `calendar-read` suite: how fast calendars are read and their alarms worked out, without
/// the store or chimed (phase 1 of the calendar work; `chime-bench calendar` builds on it).
///
/// Over a generated vdir of 10,000 items (``CalendarBenchmarkGenerator``), in Europe/Berlin:
/// - `calendar_read_10k_ms`: a fresh reader lists the folder, stats and parses every file (the
///   file system's cache warm); median of 5. `calendar_read_10k_cpu_ms`: the processor time it
///   took, which a busy machine does not inflate.
/// - `calendar_stat_pass_10k_ms`: the same index again with nothing changed; median of 5.
/// - `calendar_alarms_24h_first_ms`: preparing every item and listing the next 24 hours of
///   alarms; median of 5.
/// - `calendar_alarms_24h_warm_ms`: the 24-hour listing again on the prepared items; median of 5.
/// - `calendar_next_firings_ms`: each item's next firing (what chimed keeps pending); median of 5.
/// - `calendar_cold_total_ms`: read plus first listing, the phase-1 part of `calendar_index_cold_ms`
///   (target 1,000 ms for add + first `calendar alarms`).
enum CalendarReadBenchmark {
    static func run() throws {
        let now = Date(timeIntervalSince1970: 1_811_498_400)  // 2027-05-28T08:00:00Z
        let folder = try TemporaryDirectory(prefix: "chime-bench-calendar")
        try CalendarBenchmarkGenerator.writeVdir(to: folder.path, around: now)
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let engine = CalendarAlarmEngine(localZone: zone)
        var read: [Double] = [], readCPU: [Double] = [], stat: [Double] = [], first: [Double] = [], warm: [Double] = [], next: [Double] = [], total: [Double] = []
        var rows = 0, items = 0, problems = 0
        for _ in 0..<5 {
            let clock = ContinuousClock()
            let index = CalendarSourceIndex(path: folder.path)
            let cpuBefore = processorMilliseconds()
            let readTime = clock.measure { index.refresh() }
            readCPU.append(processorMilliseconds() - cpuBefore)
            let statTime = clock.measure { index.refresh() }
            let contents = index.collections.map { CalendarContents(name: $0.name, items: index.items(of: $0)) }
            items = contents.reduce(0) { $0 + $1.items.count }
            problems = index.problems.count
            var prepared: [CalendarItemAlarms] = []
            let firstTime = clock.measure {
                prepared = engine.prepare(contents)
                rows = engine.firings(of: prepared, from: now, until: now.addingTimeInterval(86_400)).firings.count
            }
            let warmTime = clock.measure { rows = engine.firings(of: prepared, from: now, until: now.addingTimeInterval(86_400)).firings.count }
            let nextTime = clock.measure { _ = engine.nextFirings(of: prepared, after: now) }
            read.append(milliseconds(readTime))
            stat.append(milliseconds(statTime))
            first.append(milliseconds(firstTime))
            warm.append(milliseconds(warmTime))
            next.append(milliseconds(nextTime))
            total.append(milliseconds(readTime + firstTime))
        }
        guard items == 10_000, problems == 0, rows > 0 else {
            throw BenchmarkFailure("calendar-read: read \(items) items with \(problems) problems and \(rows) alarms in 24 h; expected 10,000, none and some")
        }
        for (metric, samples) in [("calendar_read_10k_ms", read), ("calendar_read_10k_cpu_ms", readCPU), ("calendar_stat_pass_10k_ms", stat), ("calendar_alarms_24h_first_ms", first),
                                  ("calendar_alarms_24h_warm_ms", warm), ("calendar_next_firings_ms", next), ("calendar_cold_total_ms", total)] {
            BenchmarkResult(suite: "calendar-read", metric: metric, n: samples.count, value: samples.sorted()[samples.count / 2], unit: "ms").emit()
        }
        BenchmarkResult(suite: "calendar-read", metric: "calendar_alarms_24h_rows", n: 1, value: Double(rows), unit: "rows").emit()
    }

    /// The processor time this process has used, in milliseconds.
    private static func processorMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
