import ChimeTestSupport
import Foundation
import Testing

/// A store written by release 0.1 (38fc83a), the last before issue 19 changed how recurring
/// things are stored: this build's `chime`, run on a copy of it at the instant T the release
/// answered at, must answer every recorded command as the release did. An answer that issue 19
/// changes on purpose is edited in its file under `Fixtures/release-0.1-38fc83a/answers/`
/// (never recorded again with a newer build): see that directory's README.md.
@Suite("chime binary: a store written by release 0.1 (38fc83a) answers as it did")
struct ReleaseStoreFixtureTests {
    static let fixture = ReleaseStoreFixture.release01

    /// The recorded commands; none when the manifest cannot be read, which
    /// ``fixtureIsComplete()`` reports.
    static let commands: [ReleaseStoreFixture.Command] = (try? fixture.manifest().commands) ?? []

    @Test("the fixture holds the release's store, untouched, and an answer for each command of its manifest")
    func fixtureIsComplete() throws {
        let manifest = try Self.fixture.manifest()
        #expect(manifest.release.hasPrefix("38fc83a"))
        #expect(manifest.schemaVersion == 7)
        #expect(manifest.commands.count >= 30, "\(manifest.commands.count) commands recorded")
        let store = Self.fixture.storePath
        #expect(FileManager.default.fileExists(atPath: store))
        // A store that needs its log would lose what the log holds when copied alone.
        #expect(!FileManager.default.fileExists(atPath: store + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: store + "-shm"))
        for command in manifest.commands {
            let answer = Self.fixture.directory.appendingPathComponent(command.answer).path
            #expect(FileManager.default.fileExists(atPath: answer), "\(command): no answer at \(command.answer)")
        }
        // Every subject of the release's store is asked about.
        let asked = Set(manifest.commands.map { $0.arguments.prefix(2).joined(separator: " ") })
        for subject in ["fast status", "fast history", "fast schedule", "list --json", "status --format", "water status",
                        "remind history", "export --format", "config list"] {
            #expect(asked.contains { $0.hasPrefix(subject) }, "no recorded command asks \(subject)")
        }
    }

    @Test("the answer of this build's chime at T is the release's", arguments: commands)
    func answersAsTheReleaseDid(_ command: ReleaseStoreFixture.Command) async throws {
        let manifest = try Self.fixture.manifest()
        let sandbox = CliSandbox(timeZone: manifest.timeZone)
        let directory = (sandbox.databasePath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        chmod(directory, 0o700)
        try Self.fixture.copyStore(to: sandbox.databasePath)
        // The release followed the zone of each process's TZ; rules now follow the time_zone
        // setting (else the system's zone): the user of this store says theirs once.
        let zone = await sandbox.run(
            "/usr/bin/faketime", ["-f", "\(manifest.answerEpoch)", CliBinaries.path("chime"), "config", "set", "time_zone", manifest.timeZone],
            extra: ["FAKETIME_FMT": "%s", "FAKETIME_DONT_FAKE_MONOTONIC": "1"]
        )
        #expect(zone.status == 0, "\(zone.errors)")

        let outcome = await sandbox.run(
            "/usr/bin/faketime", ["-f", "\(manifest.answerEpoch)", CliBinaries.path("chime")] + command.arguments,
            extra: ["FAKETIME_FMT": "%s", "FAKETIME_DONT_FAKE_MONOTONIC": "1"]
        )
        #expect(outcome.status == command.status, "\(command) at \(manifest.answerTime): \(outcome.errors)")
        #expect(outcome.errors == "", "\(command) at \(manifest.answerTime)")
        let recorded = try Self.fixture.answer(to: command)
        let differences: [String]
        switch command.format {
        case .json:
            let was = try JSONValue.parse(recorded)
            guard let now = try? JSONValue.parse(outcome.output) else {
                Issue.record("\(command) at \(manifest.answerTime) printed no JSON:\n\(outcome.output)")
                return
            }
            differences = now.differences(from: was)
        case .txt:
            differences = LineDifference.lines(recorded: recorded, current: outcome.output)
        }
        if !differences.isEmpty {
            let report = differences.joined(separator: "\n")
            Issue.record("\(command) at \(manifest.answerTime) differs from the release's answer (\(command.answer)):\n\(report)")
        }
    }
}

extension ReleaseStoreFixture.Command: CustomTestStringConvertible {
    public var testDescription: String { "\(description) (\(format.rawValue))" }
}
