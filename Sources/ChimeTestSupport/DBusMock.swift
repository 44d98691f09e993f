import Foundation
import Synchronization

/// A scripted D-Bus peer for tests: python-dbusmock (Debian's `python3-dbusmock`) serving a
/// template (`logind`) or one object, on a private system bus of its own or on a given session
/// bus. Methods are added and signals sent through dbusmock's `org.freedesktop.DBus.Mock`
/// interface, with `gdbus`.
///
/// The private system bus is a `dbus-daemon` with a configuration of its own (no service
/// directories: nothing is activated); clients reach it through ``systemBusAddress`` in
/// `DBUS_SYSTEM_BUS_ADDRESS`. ``stop()`` (or releasing it) ends the mock and the bus.
public final class DBusMock: Sendable {
    /// A failed step, with what the tool printed.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed and why.
        public let description: String
    }

    /// The state directory (bus socket, configuration, logs).
    public let directory: TemporaryDirectory
    /// The private system bus's address; `nil` when the mock serves a session bus.
    public let systemBusAddress: String?
    /// The variables a `gdbus` talking to the mock needs.
    public let variables: [String: String]
    /// The name the mock owns.
    public let name: String
    private let bus: ChildProcess?
    private let mock: ChildProcess
    private let stopped = Mutex(false)

    /// logind (`org.freedesktop.login1`, the `logind` template) on a private system bus; with
    /// `directory` (the ``directory`` of one stopped before), on the same socket as that one: the
    /// system bus restarted, as its clients see it.
    public static func logind(in directory: TemporaryDirectory? = nil) throws -> DBusMock {
        let directory = try directory ?? TemporaryDirectory(prefix: "chime-logind")
        let config = directory.appending("system.conf")
        let socket = directory.appending("system_bus")
        // A bus killed before leaves its socket file behind.
        try? FileManager.default.removeItem(atPath: socket)
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>system</type>
          <listen>unix:path=\(socket)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let bus = try ChildProcess.spawn(
            "/usr/bin/dbus-daemon", ["--config-file=\(config)", "--nofork"],
            standardOutput: .file(directory.appending("dbus.log")), standardError: .appendingToFile(directory.appending("dbus.log"))
        )
        let address = "unix:path=\(socket)"
        guard Eventually.waitBlocking(until: { FileManager.default.fileExists(atPath: socket) }) else {
            bus.kill()
            throw Failure(description: "the private system bus did not start: \((try? String(contentsOfFile: directory.appending("dbus.log"), encoding: .utf8)) ?? "")")
        }
        let variables = ["DBUS_SYSTEM_BUS_ADDRESS": address]
        do {
            return try DBusMock(
                directory: directory, systemBusAddress: address, variables: variables, name: "org.freedesktop.login1",
                arguments: ["-m", "dbusmock", "--template", "logind"], busFlag: "--system", bus: bus
            )
        } catch {
            bus.kill()
            throw error
        }
    }

    /// One object `path` with `interface`, owning `name` on the session bus at `sessionBusAddress`
    /// (a screen saver: `org.freedesktop.ScreenSaver`).
    public static func session(name: String, path: String, interface: String, sessionBusAddress: String) throws -> DBusMock {
        let directory = try TemporaryDirectory(prefix: "chime-mock")
        return try DBusMock(
            directory: directory, systemBusAddress: nil, variables: ["DBUS_SESSION_BUS_ADDRESS": sessionBusAddress], name: name,
            arguments: ["-m", "dbusmock", "--session", name, path, interface], busFlag: "--session", bus: nil
        )
    }

    private let busFlag: String

    private init(
        directory: TemporaryDirectory, systemBusAddress: String?, variables: [String: String], name: String,
        arguments: [String], busFlag: String, bus: ChildProcess?
    ) throws {
        self.directory = directory
        self.systemBusAddress = systemBusAddress
        self.variables = variables
        self.name = name
        self.busFlag = busFlag
        self.bus = bus
        let log = directory.appending("mock.log")
        mock = try ChildProcess.spawn("/usr/bin/python3", arguments, environment: variables, standardOutput: .file(log), standardError: .appendingToFile(log))
        let owned = Eventually.waitBlocking { [busFlag, variables] in
            let reply = try? ChildProcess.run("/usr/bin/env", ["gdbus", "call", busFlag, "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                                               "--method", "org.freedesktop.DBus.NameHasOwner", name], environment: variables)
            return reply?.output.contains("true") == true
        }
        guard owned else {
            mock.kill()
            bus?.kill()
            throw Failure(description: "dbusmock did not claim \(name): \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        }
    }

    deinit {
        stop()
    }

    /// Ends the mock and its private bus.
    public func stop() {
        let first = stopped.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        mock.kill()
        bus?.kill()
    }

    /// Calls `method` (`interface.Member`) on the object `path` of the mock with `arguments`
    /// (in `gdbus call` syntax) and returns what `gdbus` printed.
    @discardableResult
    public func call(_ path: String, _ method: String, _ arguments: [String] = []) throws -> String {
        try ChildProcess.run(
            "/usr/bin/env", ["gdbus", "call", busFlag, "--dest", name, "--object-path", path, "--method", method] + arguments,
            environment: variables
        ).output
    }

    // MARK: logind

    /// Adds the session `id` of user `uid` (logind template), active, on seat0.
    public func addSession(_ id: String, uid: uid_t) throws {
        try call("/org/freedesktop/login1", "org.freedesktop.DBus.Mock.AddSession", [id, "seat0", String(uid), "user", "true"])
    }

    /// Sets the session's `LockedHint` (announced with `PropertiesChanged`), as a screen locker does.
    public func setLocked(_ locked: Bool, session id: String) throws {
        try call("/org/freedesktop/login1/session/\(id)", "org.freedesktop.login1.Session.SetLockedHint", [locked ? "true" : "false"])
    }
}
