import ChimeTestSupport
import Foundation
import Testing

/// Skipping under real concurrency: twenty `chime` processes skip, stop, cancel and delete the
/// same waiting scheduled fast and start fasts of their own at once, while the real `chimed`
/// runs. Each command decides inside the write that applies it, so afterwards there is one
/// coherent answer: no two fasts running, every fast a command says it skipped is gone from
/// what is pending, what is current and the history, and the schedule's next fast is pending
/// exactly once.
@Suite("chime binary: racing skips of one scheduled fast", .serialized)
struct CliScheduleRaceTests {
    static let trials = 3

    /// The commands of one trial: every way to skip the waiting fast `waiting`, and fasts started by hand.
    static func commands(waiting: String) -> [[String]] {
        let ways: [[String]] = [
            ["fast", "stop"], ["cancel", waiting], ["cancel", "fast/\(waiting)/start"], ["fast", "delete", waiting],
            ["fast", "start", "16:8", "--id", "f-race"],
        ]
        return (0..<20).map { index in
            var command = ways[index % ways.count]
            if command[1] == "start" { command[command.count - 1] = "f-race\(index)" }
            return command
        }
    }

    /// The fasts a command's output says it skipped (or took the place of).
    static func skipped(in output: String) -> Set<String> {
        var found = Set<String>()
        for pattern in [#"[Ss]cheduled fast (fs-[a-z0-9]+\.[0-9]{8}-[0-9]{4})"#, #"Fast (fs-[a-z0-9]+\.[0-9]{8}-[0-9]{4}) removed from the history"#] {
            let expression = try! NSRegularExpression(pattern: pattern)
            for match in expression.matches(in: output, range: NSRange(output.startIndex..., in: output)) {
                if let range = Range(match.range(at: 1), in: output) { found.insert(String(output[range])) }
            }
        }
        return found
    }

    @Test("20 parallel skips, stops, cancels, deletes and starts of one waiting scheduled fast, chimed running: one coherent answer", .timeLimit(.minutes(3)))
    func oneCoherentAnswer() async throws {
        for trial in 0..<Self.trials {
            let sandbox = await CliSandbox.pinned()
            let daemon = try SandboxDaemon(sandbox: sandbox)
            defer { daemon.stop() }
            try await daemon.waitUntilAnswering()
            let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3 * 3600).rounded(.up))
            let set = await sandbox.succeed("fast", "schedule", "16:8", Occurrences.dailyRule(at: start, in: TimeZone(identifier: "UTC")!))
            let id = try #require(Occurrences.scheduleID(in: set.output), "\(set.output)")
            let waiting = try #require(cliJSONObject(await sandbox.succeed("fast", "schedule", "--json").output)
                .flatMap { ($0["current"] as? [String: Any])?["id"] as? String })

            let outcomes = await sandbox.raceChime(Self.commands(waiting: waiting))
            let context = "trial \(trial): " + outcomes.map { "[\($0.status)] \($0.output)\($0.errors)" }.joined(separator: " | ")
            #expect(outcomes.allSatisfy { $0.status == 0 || $0.status == 65 }, "\(context)")
            let skipped = outcomes.reduce(into: Set<String>()) { $0.formUnion(Self.skipped(in: $1.output)) }
            #expect(!skipped.isEmpty, "\(context)")

            // No two fasts running: fast status names one, and the store holds at most one
            // fast by hand that is not stopped.
            let status = await sandbox.chime("fast", "status", "--json")
            #expect(status.status == 0, "\(status.errors) \(context)")
            let current = cliJSONObject(status.output)?["id"] as? String
            #expect(await sandbox.query("SELECT id FROM sessions WHERE schedule_id IS NULL AND stopped_at IS NULL").count <= 1, "\(context)")
            // Every fast said skipped is skipped: recorded so, not current, nothing of it pending.
            let recordedSkips = Set(await sandbox.query("SELECT id FROM sessions WHERE schedule_id = '\(id)' AND stopped_at <= start"))
            #expect(skipped.isSubset(of: recordedSkips), "said \(skipped), recorded \(recordedSkips); \(context)")
            #expect(!skipped.contains(current ?? ""), "\(context)")
            let pending = await sandbox.pendingIdentifiers()
            #expect(!pending.contains { identifier in skipped.contains { identifier.hasPrefix("fast/\($0)/") } }, "\(pending); \(context)")
            // The schedule's next fast is pending once, and it is the one fast schedule names.
            let next = cliJSONObject(await sandbox.succeed("fast", "schedule", "--json").output).flatMap { ($0["current"] as? [String: Any])?["id"] as? String }
            let starts = pending.filter { $0.hasPrefix("fast/\(id).") && $0.hasSuffix("/start") }
            #expect(starts.count == 1 && starts == next.map { ["fast/\($0)/start"] }, "starts \(starts), next \(String(describing: next)); \(context)")
            // chimed agrees: a restart derives nothing new.
            daemon.stop()
            let again = try SandboxDaemon(sandbox: sandbox)
            defer { again.stop() }
            try await again.waitUntilAnswering()
            #expect(await sandbox.pendingIdentifiers() == pending, "\(again.log); \(context)")
            // Once the waiting fast's day is past, none of the skipped fasts is in the history.
            let later = await sandbox.chime(at: start.addingTimeInterval(20 * 3600), "fast", "history", "--json")
            #expect(Set(Occurrences.historyIDs(later.output)).isDisjoint(with: skipped), "\(later.output); \(context)")
        }
    }
}
