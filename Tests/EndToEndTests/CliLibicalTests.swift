import Foundation
import Testing

/// libical is loaded only by what reads or writes iCalendar, run against the real binaries:
/// neither program links it, and without it the calendar commands give 69 and one line while
/// everything else works.
@Suite("chime binary: libical loaded only for calendars", .serialized)
struct CliLibicalTests {
    /// libical's file on Debian amd64, which the namespace tests hide.
    static let libicalFile = URL(fileURLWithPath: "/usr/lib/x86_64-linux-gnu/libical.so.3").resolvingSymlinksInPath().path

    /// The libraries the dynamic loader maps when `program` starts, as `ldd` lists them.
    static func startLibraries(_ program: String, in sandbox: CliSandbox) async -> String {
        let outcome = await sandbox.run(CliBinaries.path(program), [], extra: ["LD_TRACE_LOADED_OBJECTS": "1"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        return outcome.output
    }

    @Test("neither chime nor chimed links libical; chime links no libnotify or GLib either")
    func nothingLinked() async {
        let sandbox = CliSandbox()
        let chime = await Self.startLibraries("chime", in: sandbox)
        #expect(chime.contains("libc.so.6"), "the loader listed the libraries: \(chime)")
        for library in ["libical", "libnotify", "libglib", "libgio", "libgobject", "libdbus"] {
            #expect(!chime.contains(library), "chime loads \(library) at start: \(chime)")
        }
        let chimed = await Self.startLibraries("chimed", in: sandbox)
        #expect(chimed.contains("libnotify"), "chimed's libraries were listed: \(chimed)")
        #expect(!chimed.contains("libical"), "chimed loads libical at start: \(chimed)")
    }

    @Test("a calendar read and an export load libical and work")
    func calendarsWork() async {
        let sandbox = CliSandbox()
        await sandbox.succeed("remind", "in", "2h", "tea")
        let folder = sandbox.root.appendingPathComponent("exported").path
        #expect(await sandbox.succeed("export", "--format", "ics", "--to", folder).output.hasPrefix("Exported 1 item to \(folder)"))
        await sandbox.succeed("calendar", "add", folder, "--name", "own")
        let listed = await sandbox.succeed("calendar", "list", "--json")
        #expect(listed.output.contains("\"items\": 1"), "the exported reminder was read: \(listed.output)")
    }

    @Test(
        "without libical what reads a calendar gives 69 and one line saying what to install; other commands work",
        .enabled(if: MountNamespace.isAvailable && FileManager.default.fileExists(atPath: libicalFile))
    )
    func withoutLibical() async {
        let sandbox = CliSandbox()
        await sandbox.succeed("remind", "in", "2h", "tea")
        let folder = sandbox.root.appendingPathComponent("exported").path
        await sandbox.succeed("export", "--format", "ics", "--to", folder)
        await sandbox.succeed("calendar", "add", folder, "--name", "own")

        func withoutLibical(_ arguments: [String]) async -> CliOutcome {
            await sandbox.chime(arguments, hiding: [Self.libicalFile])
        }
        for arguments in [["calendar", "list"], ["calendar", "alarms"], ["export", "--format", "ics"]] {
            let outcome = await withoutLibical(arguments)
            CliStoreFileTests.expectFailure(outcome, status: 69, mentioning: ["cannot load libical", "install the Debian package libical3"])
        }
        let doctor = await withoutLibical(["doctor"])
        #expect(doctor.output.contains("cannot load libical"), "\(doctor.output)")
        // chimed never derived the calendar: a reader reads its files, and cannot.
        CliStoreFileTests.expectFailure(await withoutLibical(["status"]), status: 69, mentioning: ["cannot load libical"])
        for arguments in [["remind", "in", "1h", "coffee"], ["calendar", "remove", "own"], ["status"], ["list"]] {
            let outcome = await withoutLibical(arguments)
            #expect(outcome.status == 0, "chime \(arguments.joined(separator: " ")): \(outcome.errors)")
        }
    }
}
