import ChimeDaemon
import Foundation
import Glibc
import Testing

/// A datagram socket bound to `address`, standing in for systemd's notification socket.
private final class NotifyListener {
    let descriptor: Int32

    init(address: UnixSocketAddress) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0, address.withSocketAddress({ bind(descriptor, $0, $1) }) == 0 else {
            throw SystemError(.init(rawValue: errno), operation: "bind")
        }
    }

    deinit {
        close(descriptor)
    }

    /// The next datagram, waiting up to 5 s.
    func receive() -> String? {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 5000) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count >= 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    }
}

@Suite("ReadinessNotifier")
struct ReadinessNotifierTests {
    @Test("READY=1 and a status arrive as one datagram on a socket file")
    func notifiesPathSocket() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("notify")
        let listener = try NotifyListener(address: try #require(UnixSocketAddress(path: path)))
        let notifier = try ReadinessNotifier(environment: ["NOTIFY_SOCKET": path])
        #expect(notifier.isEnabled)

        try notifier.notify(.ready, .status("armed for 14:30"))
        #expect(listener.receive() == "READY=1\nSTATUS=armed for 14:30")

        try notifier.notify(.stopping)
        #expect(listener.receive() == "STOPPING=1")
    }

    @Test("an abstract socket name (@...) is reached without any file")
    func notifiesAbstractSocket() throws {
        let name = "chime-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let listener = try NotifyListener(address: try #require(UnixSocketAddress(abstractName: name)))
        let notifier = try ReadinessNotifier(environment: ["NOTIFY_SOCKET": "@" + name])

        try notifier.notify(.ready)

        #expect(listener.receive() == "READY=1")
    }

    @Test("a status stays on one line; reloading carries MONOTONIC_USEC")
    func lineRules() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("notify")
        let listener = try NotifyListener(address: try #require(UnixSocketAddress(path: path)))
        let notifier = try ReadinessNotifier(environment: ["NOTIFY_SOCKET": path])

        try notifier.notify(.status("two\nlines"))
        #expect(listener.receive() == "STATUS=two lines")

        try notifier.notify(.reloading)
        let reloading = try #require(listener.receive())
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
