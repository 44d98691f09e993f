import Foundation
import Testing

/// SQLite is loaded when the store is first opened, run against the real binaries: neither
/// program links it, and without it what opens the store gives 69 and one line while what does
/// not (`--version`, `--help`) works.
@Suite("chime binary: SQLite loaded only with the store", .serialized)
struct CliSQLiteTests {
    /// libsqlite3's file on Debian amd64, which the namespace test hides.
    static let sqliteFile = URL(fileURLWithPath: "/usr/lib/x86_64-linux-gnu/libsqlite3.so.0").resolvingSymlinksInPath().path

    @Test("neither chime nor chimed links libsqlite3, and the store works")
    func notLinked() async {
        let sandbox = CliSandbox()
        for program in ["chime", "chimed"] {
            let libraries = await CliLibicalTests.startLibraries(program, in: sandbox)
            #expect(libraries.contains("libc.so.6"), "the loader listed \(program)'s libraries: \(libraries)")
            #expect(!libraries.contains("libsqlite3"), "\(program) loads libsqlite3 at start: \(libraries)")
        }
        await sandbox.succeed("remind", "in", "2h", "tea")
        #expect(await sandbox.succeed("list").output.contains("tea"))
    }

    @Test(
        "without libsqlite3 what opens the store gives 69 and one line saying what to install; --version and --help work",
        .enabled(if: MountNamespace.isAvailable && FileManager.default.fileExists(atPath: sqliteFile))
    )
    func withoutSQLite() async {
        let sandbox = CliSandbox()
        await sandbox.succeed("remind", "in", "2h", "tea")
        func withoutSQLite(_ arguments: [String]) async -> CliOutcome {
            await sandbox.chime(arguments, hiding: [Self.sqliteFile])
        }
        for arguments in [["list"], ["status", "--format", "waybar"], ["remind", "in", "1h", "coffee"]] {
            CliStoreFileTests.expectFailure(
                await withoutSQLite(arguments), status: 69, mentioning: ["cannot load SQLite", "sudo apt-get install libsqlite3-0"]
            )
        }
        for arguments in [["--version"], ["--help"]] {
            let outcome = await withoutSQLite(arguments)
            #expect(outcome.status == 0, "chime \(arguments.joined(separator: " ")): \(outcome.errors)")
        }
        // Nothing was changed meanwhile: the one reminder is all there is.
        let listed = await sandbox.succeed("list").output
        #expect(listed.contains("tea") && !listed.contains("coffee"), "\(listed)")
    }
}
