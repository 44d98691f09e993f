import Foundation
import Testing

/// libdbus is loaded only by `chime doctor`'s questions to the bus (CDBus, through the same
/// loader as SQLite and libical).
@Suite("chime binary: libdbus loaded only by doctor", .serialized)
struct CliLibDBusTests {
    /// libdbus's file on Debian amd64, which the namespace test hides.
    static let libdbusFile = URL(fileURLWithPath: "/usr/lib/x86_64-linux-gnu/libdbus-1.so.3").resolvingSymlinksInPath().path

    @Test(
        "without libdbus doctor says what to install, and the rest works",
        .enabled(if: MountNamespace.isAvailable && FileManager.default.fileExists(atPath: libdbusFile))
    )
    func withoutLibDBus() async {
        let sandbox = CliSandbox()
        func withoutLibDBus(_ arguments: [String]) async -> CliOutcome {
            await sandbox.chime(arguments, hiding: [Self.libdbusFile], extra: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(sandbox.root.path)/no-bus"])
        }
        let doctor = await withoutLibDBus(["doctor"])
        #expect(doctor.output.contains("cannot load libdbus-1.so.3"), "\(doctor.output)")
        #expect(doctor.output.contains("install the Debian package libdbus-1-3"), "\(doctor.output)")
        for arguments in [["remind", "in", "1h", "coffee"], ["list"]] {
            let outcome = await withoutLibDBus(arguments)
            #expect(outcome.status == 0, "chime \(arguments.joined(separator: " ")): \(outcome.errors)")
        }
    }
}
