import ChimeCore
import ChimeStore
import ChimeTestSupport
import Foundation

/// The `recurrence` suite: how long the engine takes to find a rule's next occurrence, and to
/// answer "none" for rules that never occur.
///
/// - `next_occurrence_p50_ns`, `next_occurrence_p99_ns`: one query, expander made from the rule and
///   its start included (what chimed does after a delivery), over a corpus of everyday and RFC 5545
///   rules plus random rules, at random instants after their starts, in six zones.
/// - `no_occurrence_ms`: the slowest answer for rules no calendar date satisfies (the worst of
///   several runs of each).
/// - `no_occurrence_scan_ms`: a never-occurring rule the up-front check cannot see (an elapsed-time
///   rule that only daylight saving could move onto its hour), so the search runs to its bound.
/// - `start_to_armed_ms`: the real `chimed` (next to this executable) from spawning to `READY=1`
///   with 10,000 recurring reminders stored in Europe/Berlin, median of 5;
///   `start_to_armed_catch_up_ms`: the same, once, when every pending occurrence was missed three
///   days earlier, so chimed drops each and derives its next occurrence while starting.
enum RecurrenceBenchmark {
    /// Everyday rules, as `chime explain` would receive them, and RFC 5545 examples.
    static let corpus: [String] = [
        "daily 08:00", "daily 08:00,20:00", "weekdays 09:30", "weekends 10:00", "mon,thu 18:30",
        "every 2 weeks fri 17:00", "monthly 1 09:00", "monthly last 18:00", "monthly first fri 09:00",
        "monthly last fri 17:00", "yearly 03-14 09:00", "every 90m 09:00-17:00 weekdays", "daily 02:30",
        "every 90m", "every 2h weekends", "daily 08:15,20:45",
        "FREQ=YEARLY;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA", "FREQ=YEARLY;BYMONTH=6,7", "FREQ=YEARLY;INTERVAL=2;BYMONTH=1,2,3",
        "FREQ=YEARLY;INTERVAL=3;BYYEARDAY=1,100,200", "FREQ=YEARLY;BYDAY=20MO", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
        "FREQ=YEARLY;BYMONTH=3;BYDAY=TH", "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8",
        "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8", "FREQ=MONTHLY;BYDAY=1FR",
        "FREQ=MONTHLY;INTERVAL=2;BYDAY=1SU,-1SU", "FREQ=MONTHLY;BYDAY=-2MO", "FREQ=MONTHLY;BYMONTHDAY=-3",
        "FREQ=MONTHLY;BYMONTHDAY=2,15", "FREQ=MONTHLY;BYMONTHDAY=1,-1", "FREQ=MONTHLY;INTERVAL=18;BYMONTHDAY=10,11,12,13,14,15",
        "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13",
        "FREQ=MONTHLY;BYDAY=TU,WE,TH;BYSETPOS=3", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", "FREQ=WEEKLY",
        "FREQ=WEEKLY;INTERVAL=2;WKST=SU", "FREQ=WEEKLY;WKST=SU;BYDAY=TU,TH", "FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=MO,WE,FR",
        "FREQ=DAILY", "FREQ=DAILY;INTERVAL=2", "FREQ=DAILY;INTERVAL=10", "FREQ=DAILY;BYMONTH=1",
        "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40", "FREQ=HOURLY;INTERVAL=3", "FREQ=MINUTELY;INTERVAL=15",
        "FREQ=MINUTELY;INTERVAL=90", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=FR", "FREQ=YEARLY;BYWEEKNO=53;BYDAY=TH",
    ]

    /// Rules no calendar date satisfies, from their start on Tuesday 2026-09-22 at hh:13:20 UTC.
    static let impossible: [String] = [
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=MONTHLY;BYMONTH=4,6,9,11;BYMONTHDAY=31", "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=-30",
        "FREQ=YEARLY;BYMONTH=1;BYYEARDAY=200", "FREQ=YEARLY;BYMONTH=2;BYDAY=5FR;BYMONTHDAY=1,2,3", "FREQ=DAILY;INTERVAL=7;BYDAY=MO",
        "FREQ=MONTHLY;INTERVAL=12;BYMONTH=5", "FREQ=DAILY;BYHOUR=9;BYSETPOS=2", "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=31",
        "FREQ=SECONDLY;BYMONTH=6;BYYEARDAY=1", "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;BYDAY=MO",
        "FREQ=SECONDLY;INTERVAL=2;BYSECOND=1,3,5", "FREQ=SECONDLY;INTERVAL=3;BYSECOND=1,4,7",
    ]

    static func run() throws {
        let zones = RecurrenceRuleGenerator.zones.map { TimeZone(identifier: $0)! }
        var random = SeededGenerator(seed: 0x0013_BE4C)
        var rules: [RecurrenceRule] = try corpus.map { try RecurrencePhrase.rule(from: $0) }
        for _ in 0..<500 { rules.append(RecurrenceRuleGenerator.rule(using: &random)) }

        var samples: [Double] = []
        var sink = 0.0
        for _ in 0..<3 {
            for rule in rules {
                let zone = zones.randomElement(using: &random)!
                let start = RecurrenceRuleGenerator.start(using: &random)
                let query = start.addingTimeInterval(Double(Int.random(in: 0...(90 * 86_400), using: &random)))
                let began = DispatchTime.now().uptimeNanoseconds
                let next = RecurrenceExpander(rule: rule, start: start, timeZone: zone).firstOccurrence(after: query)
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - began))
                sink += next?.timeIntervalSince1970 ?? 0
            }
        }
        samples.sort()
        emit("next_occurrence_p50_ns", n: samples.count, value: percentile(samples, 0.50), unit: "ns")
        emit("next_occurrence_p99_ns", n: samples.count, value: percentile(samples, 0.99), unit: "ns")

        var slowest = 0.0
        for text in impossible {
            let rule = try RecurrenceRule(parsing: text)
            for zone in zones {
                let began = DispatchTime.now().uptimeNanoseconds
                let found = RecurrenceExpander(rule: rule, start: Date(timeIntervalSince1970: 1_790_086_400), timeZone: zone).occurrences(limit: 1)
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - began) / 1_000_000
                guard found.isEmpty else { throw BenchmarkFailure("\(text) occurred at \(found[0]) in \(zone.identifier)") }
                slowest = max(slowest, elapsed)
            }
        }
        emit("no_occurrence_ms", n: impossible.count * zones.count, value: slowest, unit: "ms")

        let scanned = try RecurrenceRule(parsing: "FREQ=HOURLY;INTERVAL=3;BYHOUR=0;BYDAY=FR;BYMONTH=4,9")
        let newYork = TimeZone(identifier: "America/New_York")!
        let began = DispatchTime.now().uptimeNanoseconds
        let found = RecurrenceExpander(rule: scanned, start: Date(timeIntervalSince1970: 1_786_188_922), timeZone: newYork).occurrences(limit: 1)
        guard found.isEmpty else { throw BenchmarkFailure("the scanned rule occurred at \(found[0])") }
        emit("no_occurrence_scan_ms", n: 1, value: Double(DispatchTime.now().uptimeNanoseconds - began) / 1_000_000, unit: "ms")
        if sink == 1 { print("") }

        let chimed = DaemonBenchmark.executableDirectory() + "/chimed"
        guard FileManager.default.isExecutableFile(atPath: chimed) else {
            throw BenchmarkFailure("chimed is not built next to chime-bench (\(chimed)): build the whole package first")
        }
        let current = try DaemonBenchmark.Sandbox(label: "recurring")
        try fill(current, count: reminderCount, createdAt: Date())
        var startTimes: [Double] = []
        for _ in 0..<5 {
            let daemon = try DaemonBenchmark.DaemonUnderTest(chimed, notifier: "stdout", sandbox: current)
            startTimes.append(try daemon.waitUntilReady())
            try daemon.stop()
        }
        emit("start_to_armed_ms", n: reminderCount, value: DaemonBenchmark.median(startTimes), unit: "ms")

        let missed = try DaemonBenchmark.Sandbox(label: "recurring-missed")
        try fill(missed, count: reminderCount, createdAt: Date().addingTimeInterval(-3 * 86_400))
        let daemon = try DaemonBenchmark.DaemonUnderTest(chimed, notifier: "stdout", sandbox: missed)
        emit("start_to_armed_catch_up_ms", n: reminderCount, value: try daemon.waitUntilReady(), unit: "ms")
        try daemon.stop()
    }

    /// Recurring reminders stored for the daemon measurements.
    static let reminderCount = 10_000

    /// Stores `count` recurring reminders made at `createdAt` in Europe/Berlin, 1000 per write.
    static func fill(_ sandbox: DaemonBenchmark.Sandbox, count: Int, createdAt: Date) throws {
        sandbox.environment["TZ"] = "Europe/Berlin"
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let calendar = LocalTimeResolver.gregorian(in: zone)
        let rules = try ["daily 08:00", "weekdays 09:30", "monthly first fri 09:00", "every 2 weeks fri 17:00", "mon,thu 18:30", "daily 08:15,20:45"]
            .map { try RecurrencePhrase.rule(from: $0) }
        let store = try Store(environment: sandbox.environment)
        let planner = FastingPlanner()
        for batch in stride(from: 0, to: count, by: 1000) {
            var plan = ChangePlan()
            for index in batch..<min(count, batch + 1000) {
                let reminder = RecurringReminder(id: "rr-\(index)", text: "recurring \(index)", rule: rules[index % rules.count], start: createdAt)
                plan.merge(try planner.remind(reminder, now: createdAt, timeZone: zone, calendar: calendar))
            }
            try store.apply(plan, now: createdAt)
        }
    }

    /// The value at fraction `p` of sorted `values`.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
    }

    static func emit(_ metric: String, n: Int, value: Double, unit: String) {
        BenchmarkResult(suite: "recurrence", metric: metric, n: n, value: value, unit: unit).emit()
    }
}
