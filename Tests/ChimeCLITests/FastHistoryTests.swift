import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite struct FastHistoryTests {
    let plan = Fixture.plan("16:8")
    /// Monday 2026-06-08, 10:00 in Berlin.
    let display = Fixture.display("2026-06-08T10:00:00+02:00")

    var sessions: [FastingSession] {
        [
            FastingSession(id: "done", plan: plan, start: Fixture.at("2026-06-01T20:00:00+02:00")),
            FastingSession(id: "short", plan: plan, start: Fixture.at("2026-06-03T20:00:00+02:00"),
                           stoppedAt: Fixture.at("2026-06-04T08:00:00+02:00")),
            FastingSession(id: "roll", plan: plan, start: Fixture.at("2026-06-05T20:00:00+02:00"), mode: .rolling),
            FastingSession(id: "later", plan: plan, start: Fixture.at("2026-06-09T20:00:00+02:00")),
            FastingSession(id: "never", plan: plan, start: Fixture.at("2026-06-06T20:00:00+02:00"),
                           stoppedAt: Fixture.at("2026-06-06T19:00:00+02:00")),
        ]
    }

    var records: [FastRecord] {
        FastRecord.records(from: sessions, now: display.now, since: Fixture.at("2026-05-01T00:00:00Z"))
    }

    @Test func recordsCoverEveryFastThatBegan() {
        let summary = records.map { "\($0.id)/\($0.cycle) \($0.isFinished ? ($0.completed ? "completed" : "stopped") : "running") \(Int($0.duration / 3600))h" }
        #expect(summary == ["done/0 completed 16h", "short/0 stopped 12h", "roll/0 completed 16h", "roll/1 completed 16h", "roll/2 running 14h"])
    }

    @Test func statistics() {
        let history = FastHistory(records: records, days: 30, display: display)
        #expect(history.fasts.map(\.id) == ["done", "short", "roll", "roll"])
        #expect(history.completedCount == 3)
        #expect(history.completionRate == 0.75)
        // Completed fasts ended on Jun 2, 6 and 7; today (Jun 8) has none yet, so the streak counts from yesterday.
        #expect(history.currentStreak == 2)
    }

    @Test func aShorterPeriodCountsOnlyFastsEndingInIt() {
        let history = FastHistory(records: records, days: 3, display: display)
        #expect(history.fasts.count == 2)
        #expect(history.completionRate == 1)
        #expect(history.currentStreak == 2)
    }

    @Test func dailyHoursSplitAtLocalMidnightAndIncludeTheRunningFast() throws {
        let history = FastHistory(records: records, days: 30, display: display)
        #expect(history.dailyHours.count == 14)
        #expect(history.dailyHours.last?.date == LocalDate(year: 2026, month: 6, day: 8))
        #expect(history.dailyHours.first?.date == LocalDate(year: 2026, month: 5, day: 26))
        let hours = Dictionary(uniqueKeysWithValues: history.dailyHours.map { ($0.date.description, $0.hours) })
        #expect(hours["2026-06-08"] == 10)
        #expect(hours["2026-06-07"] == 16)
        #expect(hours["2026-06-04"] == 8)
        #expect(hours["2026-06-03"] == 4)
        #expect(hours["2026-05-31"] == 0)
    }

    @Test func aFastAcrossTheSpringForwardNightCountsRealHours() {
        let session = FastingSession(id: "dst", plan: plan, start: Fixture.at("2026-03-28T20:00:00+01:00"),
                                     stoppedAt: Fixture.at("2026-03-29T12:00:00+02:00"))
        let display = Fixture.display("2026-03-30T09:00:00+02:00")
        let records = FastRecord.records(from: [session], now: display.now, since: .distantPast)
        let history = FastHistory(records: records, days: 7, display: display)
        let hours = Dictionary(uniqueKeysWithValues: history.dailyHours.map { ($0.date.description, $0.hours) })
        #expect(hours["2026-03-28"] == 4)
        #expect(hours["2026-03-29"] == 11)
        #expect(records.first?.duration == TimeInterval(15 * 3600))
        #expect(records.first?.completed == false)
    }

    @Test func aLongRollingSessionIsNotWalkedFromItsFirstCycle() throws {
        let session = FastingSession(id: "tiny", plan: Fixture.plan("10s:5s"), start: Fixture.at("2025-06-08T10:00:00Z"), mode: .rolling)
        let now = Fixture.at("2026-06-08T10:00:00Z")
        let since = now.addingTimeInterval(-60)
        let records = FastRecord.records(from: [session], now: now, since: since)
        #expect(records.count == 4)
        #expect(records.allSatisfy { $0.end > since && $0.start < now })
        let first = try #require(records.first)
        #expect(first.cycle > 2_000_000)
    }

    @Test func textHasSummaryChartAndRecentFasts() {
        let text = FastHistory(records: records, days: 30, display: display).text(style: .plain)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Last 30 days: 4 fasts, 3 completed (75%), current streak 2 days")
        #expect(lines[1] == "average 15 h, longest 16 h (done)")
        #expect(lines[3] == "Fasting hours, last 14 days:")
        let chart = lines[4..<18]
        #expect(chart.count == 14)
        #expect(chart.first?.hasPrefix("  Tue May 26") == true)
        #expect(chart.last == "  Mon Jun  8  ██████████                10.0 h")
        #expect(chart.contains("  Sun Jun  7  ████████████████          16.0 h"))
        #expect(chart.contains("  Sun May 31                             0.0 h"))
        #expect(Array(lines[19...]) == [
            "By week:",
            "  WEEK OF  FASTS  COMPLETED  HOURS  AVERAGE",
            "  06-01    4      3          60.0   15 h",
            "  06-08    0      0          0.0    -",
            "",
            "Recent fasts:",
            "  Jun 6 20:00  16 h  16:8  completed      roll",
            "  Jun 5 20:00  16 h  16:8  completed      roll",
            "  Jun 3 20:00  12 h  16:8  stopped early  short",
            "  Jun 1 20:00  16 h  16:8  completed      done",
            "",
        ])
        #expect(!containsANSI(text))
        #expect(containsANSI(FastHistory(records: records, days: 30, display: display).text(style: TerminalStyle(usesColor: true))))
    }

    @Test func emptyHistory() {
        let history = FastHistory(records: [], days: 30, display: display)
        #expect(history.completionRate == nil)
        #expect(history.currentStreak == 0)
        #expect(history.text(style: .plain).hasPrefix("Last 30 days: 0 fasts, 0 completed, current streak 0 days\n"))
        #expect(history.json.completionRate == nil)
    }

    @Test func jsonShape() throws {
        let json = try OrderedJSONEncoder().encode(FastHistory(records: records, days: 30, display: display).json)
        #expect(json.hasPrefix(#"{"days":30,"total":4,"completed":3,"completion_rate":0.75,"current_streak_days":2,"fasts":[{"id":"done","plan":"16:8","tag":null,"cycle":0,"started_at":"2026-06-01T20:00:00+02:00","ended_at":"2026-06-02T12:00:00+02:00","goal_ends_at":"2026-06-02T12:00:00+02:00","duration_seconds":57600,"completed":true},"#))
        #expect(json.contains(#"{"date":"2026-06-07","hours":16},{"date":"2026-06-08","hours":10}],"#))
        #expect(json.hasSuffix(#""average_seconds":54000,"longest":{"id":"done","started_at":"2026-06-01T20:00:00+02:00","duration_seconds":57600},"weeks":[{"week_start":"2026-05-04","fasts":0,"completed":0,"hours":0,"average_seconds":null},{"week_start":"2026-05-11","fasts":0,"completed":0,"hours":0,"average_seconds":null},{"week_start":"2026-05-18","fasts":0,"completed":0,"hours":0,"average_seconds":null},{"week_start":"2026-05-25","fasts":0,"completed":0,"hours":0,"average_seconds":null},{"week_start":"2026-06-01","fasts":4,"completed":3,"hours":60,"average_seconds":54000},{"week_start":"2026-06-08","fasts":0,"completed":0,"hours":0,"average_seconds":null}]}"#))
    }

    @Test func neutralModeHidesTheStreakAndSaysEnded() throws {
        let history = FastHistory(records: records, days: 30, display: display, judges: false)
        let text = history.text(style: .plain)
        #expect(text.hasPrefix("Last 30 days: 4 fasts, 3 completed (75%)\n"))
        #expect(!text.contains("streak"))
        #expect(!text.contains("stopped early"))
        #expect(text.contains("  Jun 3 20:00  12 h  16:8  ended      short"))
        let json = try OrderedJSONEncoder().encode(history.json)
        #expect(json.contains(#""current_streak_days":null,"#))
    }
}
