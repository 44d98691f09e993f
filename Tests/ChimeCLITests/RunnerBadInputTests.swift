import ChimeCore
import ChimeStore
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: bad input changes nothing")
struct RunnerBadInputTests {
    /// A store with a fast, water and a reminder, so "nothing changed" means something.
    static func populated() -> RunnerHarness {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "--id", "f-abc", "--remind-before", "1h")
        harness.succeed("water", "every", "1h", "--id", "w-abc")
        harness.succeed("remind", "in", "25m", "tea", "--id", "r-tea")
        return harness
    }

    @Test("each bad value exits 65 with one chime: line and leaves the database as it was", arguments: [
        ["remind", "in", "5m", ""],
        ["remind", "in", "5m", "   "],
        ["remind", "at", "25:00", "late"],
        ["fast", "start", "--at", "25:00"],
        ["remind", "in", "0m", "never"],
        ["remind", "in", "-5m", "past"],
        ["fast", "extend", "-5m"],
        ["water", "every", "0m"],
        ["remind", "in", "99999999999999999999s", "forever"],
        ["snooze", "remind/r-tea", "99999999999999999999m"],
        ["fast", "start", "25:8"],
        ["fast", "start", "--tag", String(repeating: "x", count: 2000)],
        ["water", "drink", "0"],
        ["water", "every", "1h", "--amount", "99999999999"],
        ["cancel", "r-tea", "r-nope"],
        ["cancel", "remind/r-nope"],
        ["fast", "start", "--id", "bad id"],
    ])
    func badValue(_ arguments: [String]) {
        let harness = Self.populated()
        let before = harness.dump()
        let nudges = harness.daemon.nudges
        let result = harness.run(arguments)
        #expect(result.exitCode == .dataError)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix("chime: "))
        #expect(result.errors.split(separator: "\n").count == 1)
        #expect(harness.dump() == before)
        #expect(harness.daemon.nudges == nudges)
    }

    @Test("an unknown zone in TZ fails every command that reads or shows times with 65, changing nothing", arguments: [
        ["fast", "start"], ["remind", "in", "5m", "tea"], ["list"], ["status"], ["cancel", "--all"], ["config", "set", "fast.plan", "18:6"],
    ])
    func unknownZone(_ arguments: [String]) throws {
        let harness = Self.populated()
        let before = harness.dump()
        harness.timeZoneError = zoneError("Mars/Olympus")
        #expect(harness.timeZoneError != nil)
        let result = harness.run(arguments)
        #expect(result.exitCode == .dataError)
        #expect(result.errors == "chime: unknown time zone \"Mars/Olympus\" in TZ: use a name such as Europe/Berlin (see /usr/share/zoneinfo), or unset TZ\n")
        #expect(harness.dump() == before)
    }

    @Test("a database another process keeps locked: 75 with one line saying to try again, nothing changed")
    func lockedStore() throws {
        let harness = Self.populated()
        let before = harness.dump()
        harness.storeBusyTimeout = .milliseconds(100)
        let nudges = harness.daemon.nudges
        // Another writer (sqlite3 in a transaction) holds the write lock until told to stop.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [harness.databasePath]
        let input = Pipe(), output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        try holder.run()
        defer {
            try? input.fileHandleForWriting.write(contentsOf: Data("ROLLBACK;\n.quit\n".utf8))
            holder.waitUntilExit()
        }
        try input.fileHandleForWriting.write(contentsOf: Data("BEGIN IMMEDIATE;\nINSERT INTO settings (key, value) VALUES ('lock', '1');\nSELECT 'locked';\n".utf8))
        var answer = Data()
        while !String(decoding: answer, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            answer += chunk
        }

        for arguments in [["remind", "in", "5m", "tea"], ["water", "drink"], ["config", "set", "fast.plan", "18:6"]] {
            let result = harness.run(arguments)
            #expect(result.exitCode == .tryAgain, "\(arguments)")
            #expect(result.exitCode.rawValue == 75)
            #expect(result.errors.hasPrefix("chime: ") && result.errors.contains("locked") && result.errors.hasSuffix("try again in a moment\n"), "\(result.errors)")
            #expect(result.errors.split(separator: "\n").count == 1)
        }
        try input.fileHandleForWriting.write(contentsOf: Data("ROLLBACK;\n".utf8))
        #expect(harness.dump() == before)
        #expect(harness.daemon.nudges == nudges)
    }

    @Test("usage errors exit 64 and change nothing")
    func usage() {
        let harness = Self.populated()
        let before = harness.dump()
        for arguments in [["fats", "start"], ["fast", "start", "--tga", "x"], ["cancel"], ["cancel", "--all", "r-tea"]] {
            let result = harness.run(arguments)
            #expect(result.exitCode == .usage, "\(arguments)")
        }
        #expect(harness.dump() == before)
    }

    @Test("an argument that is not UTF-8 is refused before anything runs")
    func invalidUTF8() {
        let decoded = ArgumentDecoder.decode([Array("fast".utf8), Array("start".utf8), Array("--tag".utf8), [0x66, 0xFF, 0x6F]])
        guard case .failure(let error) = decoded else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(error.exitCode == .dataError)
        #expect(error.argumentPosition == 4)
    }

    @Test("a store that cannot be opened maps to its exit code")
    func storeUnavailable() throws {
        let harness = RunnerHarness()
        // A directory where the database file should be: the store cannot open it.
        try FileManager.default.createDirectory(atPath: harness.databasePath, withIntermediateDirectories: true)
        let result = harness.run("list")
        #expect([ExitCode.unavailable, .dataError].contains(result.exitCode))
        #expect(result.errors.hasPrefix("chime: "))
        #expect(result.errors.split(separator: "\n").count == 1)
    }
}
