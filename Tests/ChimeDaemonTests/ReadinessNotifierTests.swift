import ChimeSystem
import ChimeDaemon
import ChimeTestSupport
import Foundation
import Glibc
import Testing

@Suite("ReadinessNotifier")
struct ReadinessNotifierTests {
    @Test("READY=1 and a status arrive as one datagram on a socket file")
    func notifiesPathSocket() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("notify")
        let listener = try ReadinessListener(path: path)
        let notifier = try ReadinessNotifier(environment: ["NOTIFY_SOCKET": path])
        #expect(notifier.isEnabled)

        try notifier.notify(.ready, .status("armed for 14:30"))
        #expect(listener.receive(timeout: .seconds(5)) == "READY=1\nSTATUS=armed for 14:30")

        try notifier.notify(.stopping)
        #expect(listener.receive(timeout: .seconds(5)) == "STOPPING=1")
    }

    @Test("an abstract socket name (@...) is reached without any file")
    func notifiesAbstractSocket() throws {
        let name = "chime-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let listener = try ReadinessListener(abstractName: name)
        let notifier = try ReadinessNotifier(environment: ["NOTIFY_SOCKET": "@" + name])

        try notifier.notify(.ready)

        #expect(listener.receive(timeout: .seconds(5)) == "READY=1")
    }

    @Test("a status stays on one line; reloading carries MONOTONIC_USEC")
    func lineRules() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("notify")
        let listener = try ReadinessListener(path: path)
        let notifier = try ReadinessNotifier(environment: ["NOTIFY_SOCKET": path])

        try notifier.notify(.status("two\nlines"))
        #expect(listener.receive(timeout: .seconds(5)) == "STATUS=two lines")

        try notifier.notify(.reloading)
        let reloading = try #require(listener.receive(timeout: .seconds(5)))
        #expect(reloading.hasPrefix("RELOADING=1\nMONOTONIC_USEC="))
        #expect(UInt64(reloading.split(separator: "=").last ?? "") != nil)
    }

    @Test("without NOTIFY_SOCKET, notifying does nothing")
    func disabledWithoutSocket() throws {
        let notifier = try ReadinessNotifier(environment: [:])
        #expect(!notifier.isEnabled)
        try notifier.notify(.ready)
        #expect(try !ReadinessNotifier(environment: ["NOTIFY_SOCKET": ""]).isEnabled)
    }

    @Test("a NOTIFY_SOCKET that is neither absolute nor abstract is refused")
    func invalidSocket() {
        #expect(kind { _ = try ReadinessNotifier(environment: ["NOTIFY_SOCKET": "relative/notify"]) } == .invalidNotifySocket)
        #expect(kind { _ = try ReadinessNotifier(environment: ["NOTIFY_SOCKET": "/" + String(repeating: "x", count: 200)]) } == .invalidNotifySocket)
    }

    @Test("a listener that has gone away is an error, not a crash")
    func listenerGone() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("notify")
        let notifier = try ReadinessNotifier(environment: ["NOTIFY_SOCKET": path])
        #expect(throws: SystemError.self) { try notifier.notify(.ready) }
    }
}
