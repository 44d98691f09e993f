import ChimeDaemon
import Foundation
import Testing

@Suite("NotifierSelection: libnotify with a session bus, stdout without one, --notifier forces")
struct NotifierSelectionTests {
    @Test("a bus address in the environment chooses libnotify and names the bus")
    func aBusAddressChoosesLibnotify() {
        let selection = NotifierSelection(requested: nil, environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/bus"])
        #expect(selection.choice == .libnotify)
        #expect(selection.logLine == "notifier: libnotify (the session bus is at unix:path=/tmp/bus)")
    }

    @Test("the runtime directory's bus socket chooses libnotify; a plain file there does not")
    func theRuntimeDirectorysSocketChoosesLibnotify() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chime-bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bus").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(NotifierSelection(requested: nil, environment: ["XDG_RUNTIME_DIR": directory.path]).choice == .stdout)
        try FileManager.default.removeItem(atPath: path)

        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        let selection = NotifierSelection(requested: nil, environment: ["XDG_RUNTIME_DIR": directory.path])
        #expect(selection.choice == .libnotify)
        #expect(selection.reason == "the session bus is at unix:path=\(path)")
    }

    @Test("no bus at all chooses stdout and says why and what to do")
    func noBusChoosesStdout() {
        let selection = NotifierSelection(requested: nil, environment: ["DBUS_SESSION_BUS_ADDRESS": ""])
        #expect(selection.choice == .stdout)
        #expect(selection.logLine.hasPrefix("notifier: stdout (no session bus (DBUS_SESSION_BUS_ADDRESS is not set"))
        #expect(selection.logLine.contains("--notifier libnotify"))
    }

    @Test("--notifier wins over what the session offers")
    func theOptionWins() {
        #expect(NotifierSelection(requested: .libnotify, environment: [:]).choice == .libnotify)
        let forced = NotifierSelection(requested: .stdout, environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/bus"])
        #expect(forced.choice == .stdout)
        #expect(forced.logLine == "notifier: stdout (chosen with --notifier stdout)")
    }
}
