import Foundation
import Testing

/// A database file `chime` cannot use, run against the real binary: the exit code the README
/// gives (69 for a file that cannot be used or permissions, 75 for what may pass), one `chime:`
/// line naming what is wrong, and the files as they were.
@Suite("chime binary: a database it cannot use", .serialized)
struct CliStoreFileTests {
    /// The user id the permission tests run `chime` as when the tests run as root (for whom
    /// permission bits do not apply): `nobody`.
    static let unprivilegedUser: uid_t = 65_534

    /// Whether the tests run as root and can start `chime` as another user.
    static let canDropPrivileges = geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

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

    /// The permission bits of `path` (`nil` when missing).
    static func mode(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
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

    // MARK: Files that are not what they seem

    @Test("a database, -wal or -shm that is a symbolic link gives 69 naming it, and nothing of the link or its target changes", arguments: ["", "-wal", "-shm"])
    func symbolicLinks(_ suffix: String) async throws {
        let sandbox = CliSandbox()
        _ = Self.makeDataDirectory(sandbox)
        // A real database first, so the link is the only thing wrong.
        await sandbox.succeed("remind", "in", "1h", "tea")
        let target = sandbox.root.appendingPathComponent("target\(suffix)").path
        let file = sandbox.databasePath + suffix
        if suffix.isEmpty {
            try FileManager.default.moveItem(atPath: sandbox.databasePath, toPath: target)
        } else {
            #expect(FileManager.default.createFile(atPath: target, contents: Data(), attributes: [.posixPermissions: 0o644]))
        }
        #expect(symlink(target, file) == 0)
        let before = Self.state(target)
        for arguments in [["list"], ["remind", "in", "5m", "coffee"]] {
            let outcome = await sandbox.run(CliBinaries.path("chime"), arguments)
            Self.expectFailure(outcome, status: 69, mentioning: ["\(file) is a symbolic link to \(target)", "will not use it or change it"])
        }
        let after = Self.state(target)
        #expect(after?.bytes == before?.bytes && after?.mode == before?.mode, "the link's target is as it was")
        var info = stat()
        #expect(lstat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        // Nothing was created beside the target either.
        let beside = try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path).filter { $0.hasPrefix("target") }
        #expect(beside == ["target\(suffix)"])
    }

    @Test("a FIFO as the database, its -wal or its -shm gives 69 naming it (not a 75 no retry can fix)", arguments: ["", "-wal", "-shm"])
    func fifos(_ suffix: String) async {
        let sandbox = CliSandbox()
        _ = Self.makeDataDirectory(sandbox)
        if !suffix.isEmpty { await sandbox.succeed("remind", "in", "1h", "tea") }
        let file = sandbox.databasePath + suffix
        #expect(mkfifo(file, 0o600) == 0)
        for arguments in [["list"], ["remind", "in", "5m", "coffee"]] {
            let outcome = await sandbox.run(CliBinaries.path("chime"), arguments, timeout: 10)
            Self.expectFailure(outcome, status: 69, mentioning: ["\(file) is not a regular file (it is a FIFO)"])
        }
        var info = stat()
        #expect(lstat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
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

    // MARK: Permissions

    /// Runs `chime arguments` as a user to whom permission bits apply: `nobody` (owning the data
    /// directory and the database) when the tests run as root, else the current user.
    static func runUnprivileged(_ sandbox: CliSandbox, _ arguments: [String]) async -> CliOutcome {
        guard geteuid() == 0 else { return await sandbox.run(CliBinaries.path("chime"), arguments) }
        let user = String(unprivilegedUser)
        return await sandbox.run("/usr/bin/setpriv", ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", CliBinaries.path("chime")] + arguments)
    }

    /// A sandbox whose data directory (and database, when `withDatabase`) belong to the user
    /// ``runUnprivileged(_:_:)`` runs as, with a reminder `r-tea` stored.
    static func unprivilegedSandbox(withDatabase: Bool) async -> (sandbox: CliSandbox, directory: String) {
        let sandbox = CliSandbox()
        let directory = makeDataDirectory(sandbox)
        if withDatabase {
            await sandbox.succeed("remind", "in", "1h", "tea", "--id", "r-tea")
        }
        // The way down to the data directory is open to the other user; the directory is theirs.
        for path in [sandbox.root.path, sandbox.environment["XDG_DATA_HOME"]!] { chmod(path, 0o755) }
        if geteuid() == 0 {
            for path in [directory, sandbox.databasePath] { chown(path, unprivilegedUser, unprivilegedUser) }
        }
        return (sandbox, directory)
    }

    @Test("a database directory the user may not write in gives 69 and names the directory", .enabled(if: canDropPrivileges || geteuid() != 0))
    func readOnlyDirectory() async {
        let (sandbox, directory) = await Self.unprivilegedSandbox(withDatabase: true)
        // The file itself is writable: only the directory stops SQLite from making -wal and -shm.
        #expect(chmod(directory, 0o500) == 0)
        let before = Self.state(sandbox.databasePath)
        let outcome = await Self.runUnprivileged(sandbox, ["remind", "in", "5m", "coffee"])
        Self.expectFailure(outcome, status: 69, mentioning: ["cannot create files in \(directory): you may not write in \(directory)", "chmod u+rwx '\(directory)'"])
        #expect(!outcome.errors.contains("is read-only"), "the file is not the problem")
        #expect(Self.state(sandbox.databasePath)?.bytes == before?.bytes)
        #expect(Self.mode(of: directory) == 0o500)

        #expect(chmod(directory, 0o700) == 0)
        #expect(await Self.runUnprivileged(sandbox, ["list"]).output.contains("remind/r-tea"), "writable again, it works")
    }

    @Test("a database directory the user may not write in, with no database yet, gives 69 the same way", .enabled(if: canDropPrivileges || geteuid() != 0))
    func readOnlyDirectoryWithoutDatabase() async {
        let (sandbox, directory) = await Self.unprivilegedSandbox(withDatabase: false)
        #expect(chmod(directory, 0o500) == 0)
        let outcome = await Self.runUnprivileged(sandbox, ["remind", "in", "5m", "coffee"])
        Self.expectFailure(outcome, status: 69, mentioning: ["cannot create files in \(directory)", "chmod u+rwx '\(directory)'"])
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath))
    }

    @Test("a database file the user may not write gives 69 and names the file", .enabled(if: canDropPrivileges || geteuid() != 0))
    func readOnlyFile() async {
        let (sandbox, directory) = await Self.unprivilegedSandbox(withDatabase: true)
        #expect(chmod(sandbox.databasePath, 0o400) == 0)
        let before = Self.state(sandbox.databasePath)
        let outcome = await Self.runUnprivileged(sandbox, ["remind", "in", "5m", "coffee"])
        Self.expectFailure(outcome, status: 69, mentioning: ["the Chime database \(sandbox.databasePath) is not writable for you", "chmod u+rw '\(sandbox.databasePath)'"])
        #expect(!outcome.errors.contains(directory + ":"), "the directory is not the problem")
        #expect(Self.state(sandbox.databasePath)?.bytes == before?.bytes)
        #expect(Self.state(sandbox.databasePath)?.mode == 0o400)
    }

    @Test("a read-only file system gives 75 (try again once it is writable)", .enabled(if: MountNamespace.isAvailable))
    func readOnlyFileSystem() async {
        let sandbox = CliSandbox()
        await sandbox.succeed("remind", "in", "1h", "tea", "--id", "r-tea")
        let directory = (sandbox.databasePath as NSString).deletingLastPathComponent
        let before = Self.state(sandbox.databasePath)
        let outcome = await Self.chimeOnReadOnlyMount(sandbox, "remind", "in", "5m", "coffee")
        Self.expectFailure(outcome, status: 75, mentioning: [directory, "the file system is read-only", "try again"])
        #expect(Self.state(sandbox.databasePath)?.bytes == before?.bytes)
        #expect(!(await sandbox.succeed("list").output.contains("coffee")))
    }

    /// Runs `chime arguments` with the database directory of `sandbox` bind-mounted read-only,
    /// in a mount namespace of that one command (nothing to clean up, whatever happens).
    static func chimeOnReadOnlyMount(_ sandbox: CliSandbox, _ arguments: String...) async -> CliOutcome {
        await chimeOnReadOnlyMount(sandbox, arguments)
    }

    /// ``chimeOnReadOnlyMount(_:_:)-(_,String...)`` with the arguments as an array.
    static func chimeOnReadOnlyMount(_ sandbox: CliSandbox, _ arguments: [String]) async -> CliOutcome {
        let directory = (sandbox.databasePath as NSString).deletingLastPathComponent
        let (executable, wrapped) = MountNamespace.wrapping(
            CliBinaries.path("chime"), arguments, after: "mount --bind \"$1\" \"$1\" && mount -o remount,bind,ro \"$1\"", on: [directory]
        )
        return await sandbox.run(executable, wrapped)
    }

    @Test("on a read-only file system reads work, with or without a -wal log beside the database; writes give 75", .enabled(if: MountNamespace.isAvailable))
    func readsOnReadOnlyFileSystem() async throws {
        let sandbox = CliSandbox()
        await sandbox.succeed("remind", "in", "1h", "tea", "--id", "r-tea")
        await sandbox.succeed("fast", "start", "--id", "f-ro")
        let directory = (sandbox.databasePath as NSString).deletingLastPathComponent
        for withLog in [false, true] {
            let context = Comment(rawValue: withLog ? "chimed holds the database open (-wal and -shm exist)" : "the database closed cleanly (no -wal)")
            // A running chimed keeps the log and its index beside the database; read through them.
            let daemon = withLog ? try CliDaemonProcess(sandbox: sandbox, arguments: ["--foreground", "--notifier", "stdout"]) : nil
            defer { daemon?.stop() }
            try await daemon?.waitUntilAnswering(within: 60)
            #expect(FileManager.default.fileExists(atPath: sandbox.databasePath + "-wal") == withLog, context)
            let before = Self.state(sandbox.databasePath)

            let list = await Self.chimeOnReadOnlyMount(sandbox, "list")
            #expect(list.status == 0 && list.output.contains("tea"), "\(context): \(list.errors)")
            let export = await Self.chimeOnReadOnlyMount(sandbox, "export", "--format", "json", "--what", "pending")
            #expect(export.status == 0 && export.output.contains("remind/r-tea"), "\(context): \(export.errors)")
            let fast = await Self.chimeOnReadOnlyMount(sandbox, "fast", "status")
            #expect(fast.status == 0 && fast.output.hasPrefix("Fast f-ro"), "\(context): \(fast.errors)")
            let waybar = await Self.chimeOnReadOnlyMount(sandbox, "status", "--format", "waybar")
            #expect(waybar.status == 0 && cliJSONObject(waybar.output) != nil, "\(context): \(waybar.errors)")
            let status = await Self.chimeOnReadOnlyMount(sandbox, "status")
            #expect(status.status == 0, "\(context): \(status.errors)")
            // doctor reads too, and names the read-only file system (not a damaged database).
            let doctor = await Self.chimeOnReadOnlyMount(sandbox, "doctor")
            #expect(doctor.output.contains("is on a read-only file system: commands that only read work"), "\(context): \(doctor.output)")
            #expect(!doctor.output.contains("restore a backup"), "\(context)")

            // Writing commands fail as they always did there: 75, naming the directory.
            for arguments in [["remind", "in", "5m", "coffee"], ["fast", "stop"], ["config", "set", "water.amount", "300"]] {
                let write = await Self.chimeOnReadOnlyMount(sandbox, arguments)
                Self.expectFailure(write, status: 75, mentioning: [directory, "the file system is read-only", "try again"])
            }
            if !withLog {
                #expect(Self.state(sandbox.databasePath)?.bytes == before?.bytes, context)
            }
        }
        #expect(!(await sandbox.succeed("list").output.contains("coffee")))
        #expect(await sandbox.succeed("fast", "status").output.hasPrefix("Fast f-ro"))
    }
}
