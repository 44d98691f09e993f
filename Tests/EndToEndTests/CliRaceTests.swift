import ChimeTestSupport
import Foundation
import Testing

extension CliSandbox {
    /// Starts one `chime` per argument list, all before any is waited for, and collects how each
    /// ended: the commands race for the store as commands typed at once would.
    func raceChime(_ argumentLists: [[String]], timeout: TimeInterval = 60) async -> [CliOutcome] {
        var children: [(child: ChildProcess, output: String, errors: String)] = []
        for (index, arguments) in argumentLists.enumerated() {
            let output = root.appendingPathComponent("race-out-\(index)").path
            let errors = root.appendingPathComponent("race-err-\(index)").path
            let child = try! start(CliBinaries.path("chime"), arguments, standardOutput: .file(output), standardError: .file(errors))
            children.append((child, output, errors))
        }
        var outcomes: [CliOutcome] = []
        for (child, output, errors) in children {
            if await child.waitForExit(timeout: .seconds(timeout), checkingEvery: .milliseconds(5)) == nil {
                Issue.record("a racing chime did not finish within \(timeout) s")
                child.terminate()
            }
            outcomes.append(CliOutcome(
                status: child.wait(),
                output: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
                errors: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            ))
            unlink(output)
            unlink(errors)
        }
        return outcomes
    }

    /// The rows of `sql` on this sandbox's database, one line each (`sqlite3` list mode).
    func query(_ sql: String) async -> [String] {
        await run("/usr/bin/sqlite3", [databasePath, sql]).output.split(separator: "\n").map(String.init)
    }
}

/// README's rules under real concurrency: 20 `chime` processes at once against one store,
/// repeated. Every rule is decided inside the write that applies it, so the commands that lose a
/// race fail exactly as they fail when run after the winner (65, the same line), nothing is lost,
/// and each command that says it changed something did. Each trial counts the invariant
/// violations it sees; the expectation is none.
@Suite("chime binary: racing commands", .serialized)
struct CliRaceTests {
    /// Trials per rule: enough to have caught the races of the old code (it broke "one fast"
    /// in 13 of 20 trials), few enough to keep each test a few seconds long.
    static let trials = 4
    /// Processes started at once in a trial.
    static let racers = 20

    @Test("20 parallel `fast start`: one fast runs, one command says it started it, the rest fail as a second start does")
    func oneFastAtATime() async {
        var violations = 0
        for trial in 0..<Self.trials {
            let sandbox = CliSandbox()
            await sandbox.succeed("config", "list")
            let outcomes = await sandbox.raceChime(Array(repeating: ["fast", "start"], count: Self.racers))
            let winners = outcomes.filter { $0.status == 0 }
            let running = await sandbox.query("SELECT id FROM sessions WHERE stopped_at IS NULL")
            let second = await sandbox.chime("fast", "start")
            violations += winners.count == 1 ? 0 : 1
            violations += running.count == 1 ? 0 : 1
            violations += outcomes.filter { $0.status != 0 && ($0.status != 65 || $0.errors != second.errors) }.count
            if let id = running.first {
                violations += winners.allSatisfy { $0.output.hasPrefix("Fast \(id) started") } ? 0 : 1
            }
            #expect(second.status == 65, "trial \(trial)")
            #expect(violations == 0, "trial \(trial): \(winners.count) started, running \(running), outcomes \(outcomes.map { ($0.status, $0.errors) })")
        }
    }

    @Test("20 parallel `fast start --id same --tag tN`: only the stored fast's command says it started")
    func sameIDSameFast() async {
        var violations = 0
        for trial in 0..<Self.trials {
            let sandbox = CliSandbox()
            await sandbox.succeed("config", "list")
            let outcomes = await sandbox.raceChime((0..<Self.racers).map { ["fast", "start", "16:8", "--id", "same", "--tag", "t\($0)"] })
            let stored = await sandbox.query("SELECT tag FROM sessions")
            let second = await sandbox.chime("fast", "start", "16:8", "--id", "same", "--tag", "again")
            let winners = outcomes.indices.filter { outcomes[$0].status == 0 }
            violations += winners.count == 1 ? 0 : 1
            violations += stored.count == 1 ? 0 : 1
            if let winner = winners.first, let tag = stored.first {
                violations += tag == "t\(winner)" ? 0 : 1
                violations += outcomes[winner].output.contains("tag \"t\(winner)\"") ? 0 : 1
            }
            violations += outcomes.filter { $0.status != 0 && ($0.status != 65 || $0.errors != second.errors) }.count
            #expect(second.errors == "chime: a fast with id \"same\" is still running: stop it first or choose another id\n")
            #expect(violations == 0, "trial \(trial): winners \(winners), stored \(stored)")
        }
    }

    @Test("`remind in 3h x --id x` against `water every 2h --id x`, 10 of each at once: one kind wins whole, the other is refused")
    func oneIDOneThing() async {
        var violations = 0
        for trial in 0..<Self.trials {
            let sandbox = CliSandbox()
            await sandbox.succeed("config", "list")
            // Interleaved, so neither kind always starts first.
            let commands: [[String]] = (0..<Self.racers).map {
                $0 % 2 == trial % 2 ? ["remind", "in", "3h", "x", "--id", "x"] : ["water", "every", "2h", "--id", "x", "--from", "00:00", "--until", "00:00"]
            }
            let outcomes = await sandbox.raceChime(commands)
            let remindersWon = zip(commands, outcomes).filter { $0.0[0] == "remind" && $0.1.status == 0 }.count
            let waterWon = zip(commands, outcomes).filter { $0.0[0] == "water" && $0.1.status == 0 }.count
            let schedules = await sandbox.query("SELECT id FROM water_schedules")
            let liveReminder = await sandbox.query("SELECT identifier FROM requests WHERE identifier = 'remind/x' AND state = 'pending'")
            let liveWater = await sandbox.query("SELECT identifier FROM requests WHERE group_id = 'x' AND kind = 'water' AND state = 'pending'")
            // Exactly one kind succeeded, every command of it, and its change is whole in the store.
            violations += (remindersWon == 0) != (waterWon == 0) ? 0 : 1
            if remindersWon > 0 {
                violations += remindersWon == Self.racers / 2 && liveReminder.count == 1 && schedules.isEmpty && liveWater.isEmpty ? 0 : 1
            } else {
                violations += waterWon == Self.racers / 2 && schedules == ["x"] && liveWater.count == 1 && liveReminder.isEmpty ? 0 : 1
            }
            let losing = remindersWon > 0 ? ["water", "every", "2h", "--id", "x"] : ["remind", "in", "3h", "x", "--id", "x"]
            let second = await sandbox.run(CliBinaries.path("chime"), losing)
            #expect(second.status == 65)
            violations += outcomes.filter { $0.status != 0 && ($0.status != 65 || $0.errors.prefix(40) != second.errors.prefix(40)) }.count
            #expect(violations == 0, "trial \(trial): reminders \(remindersWon), water \(waterWon), schedules \(schedules), \(liveReminder), \(liveWater); \(outcomes.filter { $0.status != 0 }.map(\.errors))")
        }
    }

    @Test("10 parallel `water every 1h --id wzN`: one schedule is on, the other nine are refused")
    func oneWaterSchedule() async {
        var violations = 0
        for trial in 0..<Self.trials {
            let sandbox = CliSandbox()
            await sandbox.succeed("config", "list")
            let outcomes = await sandbox.raceChime((0..<10).map { ["water", "every", "1h", "--id", "wz\($0)"] })
            let schedules = await sandbox.query("SELECT id FROM water_schedules")
            let winners = outcomes.indices.filter { outcomes[$0].status == 0 }
            violations += winners.count == 1 ? 0 : 1
            violations += schedules.count == 1 ? 0 : 1
            if let winner = winners.first {
                violations += schedules == ["wz\(winner)"] ? 0 : 1
                let second = await sandbox.chime("water", "every", "1h", "--id", "wz-late")
                #expect(second.status == 65)
                // The losers name the winner exactly as a later command does.
                let expected = second.errors
                violations += outcomes.filter { $0.status != 0 && ($0.status != 65 || $0.errors != expected) }.count
            }
            #expect(violations == 0, "trial \(trial): winners \(winners), schedules \(schedules)")
        }
    }

    @Test("chimed and 30 parallel commands for a user with no database yet: all succeed, none says the database stayed locked")
    func firstUse() async throws {
        var failures: [String] = []
        for trial in 0..<Self.trials {
            let sandbox = CliSandbox()
            // chimed opening the new store with the commands is what made the switch to WAL fail
            // at once: 16 false exits 75 in 15 such trials before the set-up was retried.
            let daemon = try CliDaemonProcess(sandbox: sandbox, arguments: ["--foreground", "--notifier", "stdout"])
            defer { daemon.stop() }
            let kinds: [[String]] = [["list"], ["remind", "in", "1h", "hello"], ["status"], ["water", "status"], ["fast", "history"], ["config", "set", "water.amount", "300"]]
            let commands = (0..<30).map { kinds[$0 % kinds.count] }
            let outcomes = await sandbox.raceChime(commands)
            for (command, outcome) in zip(commands, outcomes) where outcome.status != 0 {
                failures.append("trial \(trial): chime \(command.joined(separator: " ")) exited \(outcome.status): \(outcome.errors)")
            }
            let reminders = await sandbox.query("SELECT count(*) FROM reminders")
            #expect(reminders == ["5"], "trial \(trial)")
            try await daemon.waitUntilAnswering(within: 60)
            #expect(!daemon.log.contains("stayed locked"), "trial \(trial): \(daemon.log)")
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
