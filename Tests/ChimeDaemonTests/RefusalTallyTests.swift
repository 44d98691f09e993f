import ChimeDaemon
import Testing

/// The refusal tally with injected instants (nanoseconds): what is logged at once, what waits
/// for the interval's report, and when the tally falls quiet.
@Suite("RefusalTally")
struct RefusalTallyTests {
    static let second: UInt64 = 1_000_000_000

    @Test("the first refusal is logged at once, the rest of a burst in one count at the interval's end")
    func burst() {
        var tally = RefusalTally(interval: .seconds(10))
        let start = 5 * Self.second
        let first = tally.record(at: start)
        #expect(first)
        #expect(tally.intervalEnd == start + 10 * Self.second)
        var loggedAtOnce = 0
        for index in 1...1233 where tally.record(at: start + UInt64(index) * 1_000_000) {
            loggedAtOnce += 1
        }
        #expect(loggedAtOnce == 0)
        let early = tally.closeInterval(at: start + 10 * Self.second - 1)
        #expect(early == nil)
        let report = tally.closeInterval(at: start + 10 * Self.second)
        #expect(report == 1233)
        // A report starts another interval, counted from the report.
        #expect(tally.intervalEnd == start + 20 * Self.second)
        #expect(tally.unreported == 0)
    }

    @Test("refusals that go on are reported once per interval, each count covering its own interval")
    func continuing() {
        var tally = RefusalTally(interval: .seconds(10))
        let first = tally.record(at: 0)
        #expect(first)
        var reports: [Int] = []
        var loggedAtOnce = 0
        // One refusal per 10 ms for 35 s; the timer closes each interval when it ends.
        var now: UInt64 = 0
        while now < 35 * Self.second {
            now += 10_000_000
            if let end = tally.intervalEnd, end <= now, let count = tally.closeInterval(at: end) {
                reports.append(count)
            }
            if tally.record(at: now) { loggedAtOnce += 1 }
        }
        #expect(loggedAtOnce == 0)
        #expect(reports == [999, 1000, 1000])
        #expect(tally.unreported == 501)
    }

    @Test("an interval with no refusal ends the tally; the next refusal is logged at once again")
    func quietInterval() {
        var tally = RefusalTally(interval: .seconds(10))
        let first = tally.record(at: 0)
        let quiet = tally.closeInterval(at: 10 * Self.second)
        #expect(first)
        #expect(quiet == nil)
        #expect(tally.intervalEnd == nil)
        let later = tally.closeInterval(at: 30 * Self.second)
        let again = tally.record(at: 40 * Self.second)
        #expect(later == nil)
        #expect(again)
        #expect(tally.intervalEnd == 50 * Self.second)
    }
}
