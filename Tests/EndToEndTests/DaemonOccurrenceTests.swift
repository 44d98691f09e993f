import ChimeTestSupport
import Foundation
import Glibc
import Testing

/// The cases of issue 19 that need the real `chimed`: the built binaries in real time, rules
/// to the second (`FREQ=DAILY;BYHOUR=..;BYMINUTE=..;BYSECOND=..`) a few seconds ahead, and
/// every wait bounded by a deadline and ended by what chimed did (a bubble, a log line).
@Suite("chime and chimed: what recurs is its rule plus what happened", .serialized)
struct DaemonOccurrenceTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// The whole second at least `seconds` from now.
    func secondsAhead(_ seconds: TimeInterval) -> Date {
        Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + seconds).rounded(.up))
    }

    /// The instance key of a schedule's fast starting at `start` in UTC (`20261202-0040`).
    func key(_ start: Date) -> String {
        let reading = Occurrences.occurrenceReading(start, in: Self.utc)
        return reading.prefix(10).replacingOccurrences(of: "-", with: "") + "-" + reading.dropFirst(11).prefix(5).replacingOccurrences(of: ":", with: "")
    }

    /// A sandbox whose rules follow UTC, with chimed answering.
    func started() async throws -> (CliSandbox, SandboxDaemon) {
        let sandbox = await CliSandbox.pinned()
        let daemon = try SandboxDaemon(sandbox: sandbox)
        try await daemon.waitUntilAnswering()
        return (sandbox, daemon)
    }

    // MARK: Skipping one scheduled fast

    @Test("fast stop skips the waiting scheduled fast: chimed never starts it, it is not in the history, a second stop skips the next", .timeLimit(.minutes(2)))
    func skippedFastNeverStarts() async throws {
        let (sandbox, daemon) = try await started()
        defer { daemon.stop() }
        // Far enough ahead that `fast stop` runs before it begins on a loaded machine.
        let start = secondsAhead(30)
        let set = await sandbox.succeed("fast", "schedule", "5s:5s", Occurrences.dailyRule(at: start, in: Self.utc))
        let id = try #require(Occurrences.scheduleID(in: set.output), "\(set.output)")
        let instance = "\(id).\(key(start))"
        let tomorrow = "\(id).\(key(start.addingTimeInterval(86_400)))"
        let stopped = await sandbox.succeed("fast", "stop")
        #expect(stopped.lines.first?.hasPrefix("Scheduled fast \(instance) (due ") == true, "\(stopped.output)")
        #expect(stopped.lines.first?.hasSuffix(") skipped; the schedule goes on") == true, "\(stopped.output)")
        #expect(stopped.lines.last?.hasPrefix("Next scheduled fast: \(tomorrow) at tomorrow ") == true, "\(stopped.output)")
        // A reminder due after the skipped fast would have started and ended: once chimed has
        // shown it, it would have shown the fast's start and end too.
        await sandbox.succeed("remind", "in", "45s", "canary", "--id", "canary")
        #expect(await daemon.waitUntil(within: 90) { daemon.shownIdentifiers.contains("remind/canary") }, "\(daemon.log)")
        #expect(!daemon.shownIdentifiers.contains { $0.hasPrefix("fast/\(instance)/") }, "\(daemon.shownIdentifiers)")
        let status = cliJSONObject(await sandbox.succeed("fast", "status", "--json").output)
        #expect(status?["id"] as? String == tomorrow)
        #expect(status?["phase"] as? String == "scheduled")
        #expect(!Occurrences.historyIDs(await sandbox.succeed("fast", "history", "--json").output).contains(instance))
        #expect(await sandbox.pendingIdentifiers() == ["fast/\(tomorrow)/start", "fast/\(tomorrow)/end"])
        let second = await sandbox.succeed("fast", "stop")
        #expect(second.lines.first?.hasPrefix("Scheduled fast \(tomorrow) (due ") == true, "\(second.output)")
    }

    @Test("fast delete of the waiting scheduled fast leaves the schedule on, also after chimed restarts", .timeLimit(.minutes(1)))
    func deleteThenRestart() async throws {
        let (sandbox, daemon) = try await started()
        let start = secondsAhead(3 * 3600)
        let set = await sandbox.succeed("fast", "schedule", "16:8", Occurrences.dailyRule(at: start, in: Self.utc))
        let id = try #require(Occurrences.scheduleID(in: set.output), "\(set.output)")
        let deleted = await sandbox.succeed("fast", "delete", "\(id).\(key(start))")
        #expect(deleted.output.contains("the schedule goes on"), "\(deleted.output)")
        daemon.stop()
        let again = try SandboxDaemon(sandbox: sandbox)
        defer { again.stop() }
        try await again.waitUntilAnswering()
        let next = "\(id).\(key(start.addingTimeInterval(86_400)))"
        let schedule = cliJSONObject(await sandbox.succeed("fast", "schedule", "--json").output)
        #expect((schedule?["current"] as? [String: Any])?["id"] as? String == next)
        #expect(await sandbox.pendingIdentifiers() == ["fast/\(next)/start", "fast/\(next)/end"])
    }

    @Test("fast start 16:8 --ago 17h --repeat: the schedule's next fast is pending once, before and after chimed starts", .timeLimit(.minutes(1)))
    func repeatThenChimed() async throws {
        let sandbox = await CliSandbox.pinned()
        let began = Date().addingTimeInterval(-17 * 3600)
        let started = await sandbox.succeed("fast", "start", "16:8", "--ago", "17h", "--repeat")
        let id = try #require(Occurrences.scheduleID(in: started.output), "\(started.output)")
        func nextStarts() async -> [String] {
            await sandbox.pendingIdentifiers().filter { $0.hasPrefix("fast/\(id).") && $0.hasSuffix("/start") }
        }
        let expected = ["fast/\(id).\(key(began.addingTimeInterval(86_400)))/start"]
        #expect(await nextStarts() == expected)
        let daemon = try SandboxDaemon(sandbox: sandbox)
        defer { daemon.stop() }
        try await daemon.waitUntilAnswering()
        #expect(await nextStarts() == expected, "\(daemon.log)")
    }

    // MARK: Counting

    @Test("remind every \"every 2s\" --count 2: chimed shows exactly two, then nothing of it is left", .timeLimit(.minutes(1)))
    func countTwoShowsTwo() async throws {
        let (sandbox, daemon) = try await started()
        defer { daemon.stop() }
        await sandbox.succeed("remind", "every", "every 2s", "tea", "--count", "2", "--id", "tea")
        #expect(await daemon.waitUntil(within: 30) { daemon.shownIdentifiers.filter { $0.hasPrefix("remind/tea/") }.count == 2 }, "\(daemon.log)")
        let tea = cliJSONArray(await sandbox.succeed("remind", "list", "--all", "--json").output)?.first { $0["id"] as? String == "tea" }
        #expect(tea?["left"] as? Int == 0, "\(String(describing: tea))")
        #expect(tea?["next"] is NSNull, "\(String(describing: tea))")
        #expect(await sandbox.pendingIdentifiers().isEmpty)
        #expect(Set(daemon.shownIdentifiers.filter { $0.hasPrefix("remind/tea/") }).count == 2)
    }

    // MARK: Catch-up

    @Test("chimed stopped (SIGSTOP) while three occurrences come due: the last is shown late, the earlier ones are recorded missed", .timeLimit(.minutes(2)))
    func severalMisses() async throws {
        let (sandbox, daemon) = try await started()
        defer { daemon.stop() }
        await sandbox.succeed("remind", "every", "every 15s", "pills", "--nag", "1m", "--id", "pills")
        #expect(await daemon.waitUntil(within: 30) { daemon.shown.contains { ($0["identifier"] as? String)?.hasPrefix("remind/pills/") == true } }, "\(daemon.log)")
        let first = try #require(daemon.shown.first { ($0["identifier"] as? String)?.hasPrefix("remind/pills/") == true })
        let firstDue = try Date(try #require(first["due"] as? String), strategy: .iso8601)
        daemon.send(SIGSTOP)
        // Down until halfway between the third and the fourth occurrence after the first.
        let resumeAt = firstDue.addingTimeInterval(52)
        try await Task.sleep(for: .seconds(max(0, resumeAt.timeIntervalSinceNow)))
        daemon.send(SIGCONT)
        let occurrences = (1...3).map { "remind/pills/" + Occurrences.occurrenceReading(firstDue.addingTimeInterval(15 * Double($0)), in: Self.utc) }
        #expect(await daemon.waitUntil(within: 10) { daemon.shownIdentifiers.contains(occurrences[2]) }, "\(daemon.log)")
        // Acknowledged at once, before its first nag would come: its record says it was shown.
        await sandbox.succeed("done", "pills")
        let late = daemon.shown.first { $0["identifier"] as? String == occurrences[2] }
        #expect(late?["late"] as? Bool == true)
        #expect(!daemon.shownIdentifiers.contains(occurrences[0]) && !daemon.shownIdentifiers.contains(occurrences[1]), "\(daemon.shownIdentifiers)")
        let history = cliJSONArray(await sandbox.succeed("remind", "history", "pills", "--json").output) ?? []
        let outcomes = Dictionary(history.compactMap { row in (row["id"] as? String).map { ($0, row["outcome"] as? String ?? "") } }) { first, _ in first }
        #expect(outcomes[occurrences[0]] == "missed", "\(history)")
        #expect(outcomes[occurrences[1]] == "missed", "\(history)")
        #expect(outcomes[occurrences[2]] == "done-on-time", "\(history)")
    }

    // MARK: Extend 1 h on a real bubble

    static let picksActionsByLabel = (try? NotificationServerEnvironment.Server.selected().picksActionsByLabel) ?? true

    @Test(
        "Extend 1 h on the Fast complete bubble, then fast stop: completed in stop, status and history", .timeLimit(.minutes(1)),
        .enabled(if: Self.picksActionsByLabel, "needs a server whose buttons a test can pick by label")
    )
    func extendButtonThenStop() async throws {
        let desktop = try NotificationServerEnvironment.start(label: "occurrence-extend", server: .selected())
        defer { desktop.stop() }
        let sandbox = await CliSandbox.pinned()
        sandbox.environment.merge(desktop.variables) { $1 }
        let daemon = try SandboxDaemon(sandbox: sandbox, notifier: "libnotify")
        defer { daemon.stop() }
        try await daemon.waitUntilAnswering()
        await sandbox.succeed("fast", "start", "3m:1h", "--ago", "2m55s", "--id", "f-ext")
        #expect(await daemon.waitUntil(within: 30) { daemon.log.contains("delivered fast/f-ext/end") }, "\(daemon.log)")
        try desktop.invokeAction(labeled: "Extend 1 h")
        #expect(await daemon.waitUntil(within: 15) { daemon.log.contains("action extend-1h on fast/f-ext/end applied") }, "\(daemon.log)")
        let stopped = await sandbox.succeed("fast", "stop")
        #expect(stopped.output.contains(", completed (3m:1h, extended)"), "\(stopped.output)")
        let status = await sandbox.succeed("fast", "status")
        #expect(status.output.contains("goal reached"), "\(status.output)")
        let history = await sandbox.succeed("fast", "history", "--json").output
        #expect(Occurrences.historyFast(history, id: "f-ext")?["completed"] as? Bool == true, "\(history)")
    }
}
