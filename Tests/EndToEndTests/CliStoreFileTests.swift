import Foundation
import Testing

/// A database file `chime` cannot use, run against the real binary: the exit code the README
/// gives, one `chime:` line naming what is wrong, and the files as they were.
@Suite("chime binary: a database it cannot use", .serialized)
struct CliStoreFileTests {
    /// The database directory of `sandbox`, created with mode 0700.
    static func makeDataDirectory(_ sandbox: CliSandbox) -> String {
        let directory = (sandbox.databasePath as NSString).deletingLastPathComponent
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        chmod(directory, 0o700)
        return directory
    }

    /// The bytes and mode of `path` (`nil` when missing).
    static func state(_ path: String) -> (bytes: Data, mode: mode_t)? {
        var info = stat()
        guard stat(path, &info) == 0, let bytes = FileManager.default.contents(atPath: path) else { return nil }
        return (bytes, info.st_mode & 0o7777)
    }

    /// Expects `outcome` to be a failure with `status` and exactly one `chime:` line that contains
    /// every one of `phrases`.
    static func expectFailure(_ outcome: CliOutcome, status: Int32, mentioning phrases: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome.status == status, "\(outcome.errors)", sourceLocation: sourceLocation)
        #expect(outcome.output == "", sourceLocation: sourceLocation)
        #expect(outcome.errors.hasPrefix("chime: "), sourceLocation: sourceLocation)
        #expect(outcome.errors.split(separator: "\n").count == 1, "\(outcome.errors)", sourceLocation: sourceLocation)
        for phrase in phrases {
            #expect(outcome.errors.contains(phrase), "\(outcome.errors) should say \(phrase)", sourceLocation: sourceLocation)
        }
    }

    // MARK: A file that is not a Chime database

    @Test("a corrupt database gives 69, as doctor does, one line naming the file, and the file is unchanged", arguments: [
        ["remind", "in", "5m", "tea"], ["list"],
    ])
    func corruptDatabase(_ arguments: [String]) async {
        let sandbox = CliSandbox()
        _ = Self.makeDataDirectory(sandbox)
        var generator = SystemRandomNumberGenerator()
        let noise = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        #expect(FileManager.default.createFile(atPath: sandbox.databasePath, contents: noise, attributes: [.posixPermissions: 0o644]))
        let before = Self.state(sandbox.databasePath)

        let outcome = await sandbox.run(CliBinaries.path("chime"), arguments)
        Self.expectFailure(outcome, status: 69, mentioning: ["\(sandbox.databasePath) is not an SQLite database", "mv '\(sandbox.databasePath)'"])
        let after = Self.state(sandbox.databasePath)
        #expect(after?.bytes == before?.bytes, "not a byte changed")
        #expect(after?.mode == 0o644, "nor its mode")
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath + "-shm"))

        let doctor = await sandbox.chime("doctor", extra: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent", "DISPLAY": ""])
        #expect(doctor.status == 69)
        #expect(doctor.output.contains("problem  store"))
        #expect(Self.state(sandbox.databasePath)?.bytes == before?.bytes)
    }

    // MARK: A lost write-ahead log

    @Test("an -shm without its -wal: every command refuses with 75 and changes nothing, until the -shm is removed")
    func missingLog() async {
        let sandbox = CliSandbox()
        await sandbox.succeed("remind", "in", "1h", "tea", "--id", "r-tea")
        let path = sandbox.databasePath
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "chime closed the database cleanly")
        let index = Data(repeating: 0, count: 32_768)
        #expect(FileManager.default.createFile(atPath: path + "-shm", contents: index))
        let before = Self.state(path)

        for arguments in [["remind", "in", "5m", "coffee"], ["list"]] {
            let outcome = await sandbox.run(CliBinaries.path("chime"), arguments)
            Self.expectFailure(outcome, status: 75, mentioning: ["\(path)-wal is missing", "put its -wal file back beside it", "remove \(path)-shm"])
        }
        #expect(Self.state(path)?.bytes == before?.bytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "no new log was started")
        #expect(FileManager.default.contents(atPath: path + "-shm") == index, "the index is still there, so the advice still holds")

        // The user accepts the database as it is.
        #expect(unlink(path + "-shm") == 0)
        #expect(await sandbox.succeed("list").output.contains("remind/r-tea"))
        await sandbox.succeed("remind", "in", "5m", "coffee", "--id", "r-cof")
        #expect(await sandbox.succeed("list").output.contains("remind/r-cof"))
    }
}
