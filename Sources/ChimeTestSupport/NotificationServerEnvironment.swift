import Foundation
import Synchronization

/// A private notification server for tests: Xvfb, a D-Bus session bus that activates nothing,
/// and dunst, started and stopped through the project's `scripts/notify-env.sh`.
///
/// Each instance has its own state directory, display and bus; the script stops everything by
/// itself if the test process dies without calling ``stop()``.
public final class NotificationServerEnvironment: Sendable {
    /// A failed step, with what the tool printed.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed and why.
        public let description: String
    }

    /// One entry of dunst's history (closed or expired notifications), newest first.
    public struct HistoryEntry: Hashable, Sendable {
        /// dunst's id of the notification.
        public var id: Int
        /// The summary (title) as received.
        public var summary: String
        /// The body as received (escaped markup stays escaped here).
        public var body: String
        /// The text dunst drew, after its markup processing.
        public var message: String
        /// The application name.
        public var appName: String
        /// The category hint.
        public var category: String
    }

    /// The state directory (`NOTIFY_ENV_DIR`).
    public let directory: String
    /// The private bus's address (while the bus is away, ``restartBus(whileAway:)``, the new
    /// bus's address that only tests know yet).
    public var busAddress: String { currentBusAddress.withLock { $0 } }
    private let currentBusAddress: Mutex<String>
    /// The X display dunst draws on.
    public let display: String
    /// Which program serves notifications here.
    public let server: Server
    private let stopped = Mutex(false)

    /// The project's `scripts/notify-env.sh`, found from this source file's location.
    public static let scriptPath: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/notify-env.sh").path

    /// Which program serves notifications.
    public enum Server: String, Sendable {
        /// dunst, with the script's deterministic configuration (history, dmenu, no limit).
        case dunst
        /// GNOME's notification-daemon 3.20: answers `CloseNotification` of a bubble that is
        /// gone with `org.freedesktop.Notifications.InvalidId`. (The history, action and
        /// markup settings of this type are dunst's only.)
        case notificationDaemon = "notification-daemon"
        /// Ubuntu's notify-osd: no `actions` capability; a never-expiring bubble becomes a
        /// dialog with id 0 that can be neither replaced nor closed (it draws nothing without
        /// a compositor, but answers on the bus).
        case notifyOSD = "notify-osd"
        /// `scripts/scripted-notify-server.py` answering as KDE Plasma, with its `Inhibited`
        /// (do-not-disturb) property, set through ``setInhibited(_:)``.
        case plasma
        /// The same script answering as mako, with mako's `fr.emersion.Mako` object and its
        /// modes (`do-not-disturb`), set through ``setMakoModes(_:)``. (mako itself needs Wayland.)
        case mako
        /// The same script answering as GNOME Shell, whose do-not-disturb is the GSettings key
        /// `org.gnome.desktop.notifications show-banners` (set in the client's environment).
        case gnomeShell = "gnome-shell"
        /// Xfce's xfce4-notifyd with an xfconfd of its own: its do-not-disturb is the xfconf
        /// property `/do-not-disturb` of the channel `xfce4-notifyd` (``setXfceDoNotDisturb(_:)``);
        /// while it is on, only critical bubbles are drawn, the others are lost.
        case xfce4Notifyd = "xfce4-notifyd"
        /// The script answering as "Chime scripted server", each Notify answered only after the
        /// environment's notify delay (a server too slow for libnotify's 25 s); its test
        /// interface lists every bubble it made (``scriptedBubbles()``) and clicks buttons.
        case scripted

        /// The server the end-to-end tests run against: `NOTIFY_ENV_SERVER` in `environment`
        /// (`make test` runs them once more with notification-daemon), dunst when it is unset.
        public static func selected(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Server {
            guard let name = environment["NOTIFY_ENV_SERVER"], !name.isEmpty else { return .dunst }
            guard let server = Server(rawValue: name) else {
                throw Failure(description: "NOTIFY_ENV_SERVER=\(name) is not a server the tests know: use dunst, notification-daemon, notify-osd, plasma, mako, gnome-shell, xfce4-notifyd or scripted")
            }
            return server
        }

        /// The name the server reports in `GetServerInformation` (what `chime doctor` prints).
        public var reportedName: String {
            switch self {
            case .dunst: return "dunst"
            case .notificationDaemon: return "Notification Daemon"
            case .notifyOSD: return "notify-osd"
            case .plasma: return "Plasma"
            case .mako: return "mako"
            case .gnomeShell: return "gnome-shell"
            case .xfce4Notifyd: return "Xfce Notify Daemon"
            case .scripted: return "Chime scripted server"
            }
        }

        /// Whether chimed gives this server's bubbles buttons and lets them stay until
        /// dismissed (notify-osd gets neither: ``ChimeNotify``'s server profile).
        public var keepsBubblesWithButtons: Bool { self != .notifyOSD }

        /// Whether a test can pick a bubble's button by its label (``invokeAction(labeled:)``):
        /// only dunst's context menu allows that without pointing at pixels.
        public var picksActionsByLabel: Bool { self == .dunst }
    }

    /// Starts a new environment; `label` names its directory (for debugging leftovers). With
    /// `bodyMarkup` false, dunst parses no markup and does not advertise `body-markup`;
    /// `notifyDelay` is how long the ``Server/scripted`` server takes to answer each Notify.
    public static func start(label: String, bodyMarkup: Bool = true, server: Server = .dunst, notifyDelay: TimeInterval = 0) throws -> NotificationServerEnvironment {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("chime-notify-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let output = try runScript(["start"], directory: directory, extra: [
            "NOTIFY_ENV_MARKUP": bodyMarkup ? "full" : "no", "NOTIFY_ENV_SERVER": server.rawValue, "NOTIFY_ENV_NOTIFY_DELAY": "\(notifyDelay)",
        ])
        var exports: [String: String] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("export ") {
            let assignment = line.dropFirst("export ".count)
            guard let equals = assignment.firstIndex(of: "=") else { continue }
            let value = assignment[assignment.index(after: equals)...].trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            exports[String(assignment[..<equals])] = value
        }
        guard let address = exports["DBUS_SESSION_BUS_ADDRESS"], let display = exports["DISPLAY"] else {
            throw Failure(description: "notify-env.sh start printed no bus address: \(output)")
        }
        return NotificationServerEnvironment(directory: directory, busAddress: address, display: display, server: server)
    }

    private init(directory: String, busAddress: String, display: String, server: Server) {
        self.directory = directory
        currentBusAddress = Mutex(busAddress)
        self.display = display
        self.server = server
    }

    deinit {
        stop()
    }

    /// The variables a client of this environment needs (`DISPLAY`, `DBUS_SESSION_BUS_ADDRESS`).
    public var variables: [String: String] {
        ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": busAddress]
    }

    /// Stops dunst, the bus and Xvfb (resuming a stopped dunst first) and removes the directory.
    public func stop() {
        let first = stopped.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        _ = try? Self.runScript(["stop"], directory: directory)
    }

    /// Stops only dunst: the bus stays, without a notification server.
    public func stopServer() throws {
        try Self.runScript(["stop-server"], directory: directory)
    }

    /// Starts dunst again on the same bus (after ``stopServer()``: a server restart).
    public func startServer() throws {
        try Self.runScript(["start-server"], directory: directory)
    }

    /// Restarts the bus: it dies (killed, announcing nothing) with everything on it, and a new
    /// one takes its address with the server (and xfconfd) on it already, the server under the
    /// unique name it had (a bus started anew hands out its names again). `whileAway` runs in
    /// between, when ``busAddress`` and ``run(_:_:)`` reach the new bus and other clients cannot
    /// yet: the state set there is found by a client reconnecting, never announced to it.
    public func restartBus(whileAway: () throws -> Void) throws {
        let away = try Self.runScript(["bus-away"], directory: directory)
        currentBusAddress.withLock { $0 = Self.lastLine(of: away) }
        var failure: (any Error)?
        do {
            try whileAway()
        } catch {
            failure = error
        }
        let back = try Self.runScript(["bus-return"], directory: directory)
        currentBusAddress.withLock { $0 = Self.lastLine(of: back) }
        if let failure { throw failure }
    }

    private static func lastLine(of output: String) -> String {
        output.split(separator: "\n").last.map(String.init) ?? ""
    }

    /// dunst's process id.
    public func serverPID() throws -> pid_t {
        let output = try Self.runScript(["server-pid"], directory: directory)
        guard let pid = pid_t(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "notify-env.sh server-pid printed \(output)")
        }
        return pid
    }

    /// Sets the `Inhibited` property of the ``Server/plasma`` server (KDE's do-not-disturb).
    public func setInhibited(_ inhibited: Bool) throws {
        try run("gdbus", [
            "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
            "--method", "org.freedesktop.DBus.Properties.Set", "org.freedesktop.Notifications", "Inhibited", inhibited ? "<true>" : "<false>",
        ])
    }

    /// Sets the active modes of the ``Server/mako`` server (`do-not-disturb` among them: mako's
    /// do-not-disturb), as `makoctl mode -s` does.
    public func setMakoModes(_ modes: [String]) throws {
        try run("gdbus", [
            "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/fr/emersion/Mako",
            "--method", "fr.emersion.Mako.SetModes", "[" + modes.map { "'\($0)'" }.joined(separator: ", ") + "]",
        ])
    }

    /// Turns xfce4-notifyd's do-not-disturb on or off (``Server/xfce4Notifyd``), as its settings
    /// dialog does: the xfconf property `/do-not-disturb` of the channel `xfce4-notifyd`.
    public func setXfceDoNotDisturb(_ on: Bool) throws {
        try run("xfconf-query", ["-c", "xfce4-notifyd", "-p", "/do-not-disturb", "-n", "-t", "bool", "-s", on ? "true" : "false"])
    }

    /// One bubble the ``Server/scripted`` server made.
    public struct ScriptedBubble: Hashable, Sendable {
        /// The id it answered with.
        public var id: UInt32
        /// The latest summary and body shown under that id.
        public var summary: String
        public var body: String
        /// Whether it is still on screen.
        public var isOpen: Bool
    }

    /// Every bubble the ``Server/scripted`` server made, open or closed, by id.
    public func scriptedBubbles() throws -> [ScriptedBubble] {
        let output = try run("gdbus", [
            "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
            "--method", "org.chime.ScriptedServer.Bubbles",
        ])
        // ([(uint32 1, 'Reminder', 'tea', true), ...],): the strings are the tests' own, without quotes inside.
        let pattern = try NSRegularExpression(pattern: #"\((?:uint32 )?(\d+), '([^']*)', '([^']*)', (true|false)\)"#)
        let range = NSRange(output.startIndex..., in: output)
        return pattern.matches(in: output, range: range).map { match in
            func group(_ index: Int) -> String { String(output[Range(match.range(at: index), in: output)!]) }
            return ScriptedBubble(id: UInt32(group(1)) ?? 0, summary: group(2), body: group(3), isOpen: group(4) == "true")
        }
    }

    /// Clicks the button `key` of the ``Server/scripted`` server's bubble `id`: the server sends
    /// `ActionInvoked`, as for a user's click.
    public func invokeScriptedAction(id: UInt32, key: String) throws {
        try run("gdbus", [
            "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
            "--method", "org.chime.ScriptedServer.InvokeAction", String(id), key,
        ])
    }

    /// Closes every bubble on screen (they move to the history).
    public func closeAll() throws {
        try run("dunstctl", ["close-all"])
    }

    /// Closes every bubble `monitor` saw shown and not closed yet, as a user dismissing them
    /// would: dunst's `close-all` (its bubbles move to the history it lists); on other servers
    /// a `CloseNotification` for each from another connection (a bubble gone in between is no
    /// error). Returns once the server announced each closing.
    public func dismissAll(shownIn monitor: BusMonitor) async throws {
        let open = monitor.openBubbleIDs
        if server == .dunst {
            try closeAll()
        } else {
            for id in open {
                _ = try? run("gdbus", [
                    "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
                    "--method", "org.freedesktop.Notifications.CloseNotification", String(id),
                ])
            }
        }
        guard await monitor.waitUntil(timeout: 30, { Set($0.openBubbleIDs).isDisjoint(with: open) }) else {
            throw Failure(description: "\(server.rawValue) did not announce closing bubbles \(Set(open).intersection(monitor.openBubbleIDs).sorted())")
        }
    }

    /// dunst's history after closing everything on screen, newest first.
    public func history() throws -> [HistoryEntry] {
        try closeAll()
        let output = try run("dunstctl", ["history"])
        guard let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
              let outer = json["data"] as? [Any], let entries = outer.first as? [[String: Any]] else {
            throw Failure(description: "unexpected dunstctl history output: \(output)")
        }
        func field(_ entry: [String: Any], _ name: String) -> Any? {
            (entry[name] as? [String: Any])?["data"]
        }
        return entries.map { entry in
            HistoryEntry(
                id: field(entry, "id") as? Int ?? -1,
                summary: field(entry, "summary") as? String ?? "",
                body: field(entry, "body") as? String ?? "",
                message: field(entry, "message") as? String ?? "",
                appName: field(entry, "appname") as? String ?? "",
                category: field(entry, "category") as? String ?? ""
            )
        }
    }

    /// Closes every bubble on screen and returns a mark for ``history(since:)``: the history
    /// before this point.
    public func historyMark() throws -> Int {
        try history().count
    }

    /// The history entries added after `mark` (bubbles still on screen closed first), newest first.
    public func history(since mark: Int) throws -> [HistoryEntry] {
        let entries = try history()
        return Array(entries.prefix(max(0, entries.count - mark)))
    }

    /// Picks the action labelled `label` from dunst's context menu (`dunstctl context`, with the
    /// environment's `dmenu` answering with the line containing the label).
    public func invokeAction(labeled label: String) throws {
        try Data(label.utf8).write(to: URL(fileURLWithPath: directory + "/dmenu-choice"))
        try run("dunstctl", ["context"])
    }

    /// Runs `tool` with this environment's variables and returns its standard output; throws
    /// when it fails.
    @discardableResult
    public func run(_ tool: String, _ arguments: [String]) throws -> String {
        try Self.execute("/usr/bin/env", [tool] + arguments, environment: variables)
    }

    @discardableResult
    private static func runScript(_ arguments: [String], directory: String, extra: [String: String] = [:]) throws -> String {
        let variables = ["NOTIFY_ENV_DIR": directory, "NOTIFY_ENV_OWNER_PID": String(getpid())]
        return try execute(scriptPath, arguments, environment: variables.merging(extra) { _, new in new })
    }

    private static func execute(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> String {
        try ChildProcess.run(executable, arguments, environment: environment).output
    }
}
