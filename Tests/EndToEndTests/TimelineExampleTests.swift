import Foundation
import Testing

@Suite("chime-timeline runs chimed's scheduler")
struct TimelineExampleTests {
    @Test("each notification is shown at its due time, as chimed shows one alone, and UTC is named UTC")
    func showsWhatChimedShows() async throws {
        let sandbox = CliSandbox()
        let outcome = await sandbox.run(CliBinaries.path("chime-timeline"), ["--zone", "UTC", "--start", "2026-06-01T20:00", "--days", "1"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.lines.first?.hasPrefix("Chime timeline in UTC, 1 day from") == true)
        // Not at its deadline (due + tolerance, 20:00:10) as a copy of an old wake rule printed it.
        #expect(outcome.lines.contains { $0.hasPrefix("  20:00    +00:00  fast-start  fast/f-demo/start") }, "\(outcome.output)")
        #expect(outcome.lines.contains { $0.hasPrefix("  12:00    +00:00  fast-end    fast/f-demo/end/0") })
        #expect(outcome.lines.contains { $0.hasPrefix("  11:00    +00:00  fast-nudge  fast/f-demo/before-1h/0") })
        #expect(outcome.lines.contains { $0.hasPrefix("  09:00    +00:00  water       water/w-demo/2026-06-02T09:00") })
    }
}
