import CLibNotify
import Foundation

/// Follows whether the user's session is locked (nobody at the desk), on the main-loop thread,
/// and reports each change: logind's `LockedHint` of this process's session on the system bus,
/// and the screen savers' `ActiveChanged` (`org.freedesktop.ScreenSaver`, `org.gnome.ScreenSaver`)
/// on the session bus. Locked while any of them says so.
///
/// Each source is read when it is first followed, not only changed: a chimed started (or
/// restarted by systemd) while the screen is already locked knows it at once. So is a source
/// that comes back: logind or a screen saver taking its name again, a bus that went away and
/// returns (retried with a doubling wait, 1 s to 60 s). Each source is optional: without a
/// system bus, logind or a session of ours there, or without a screen saver, that source says
/// "not locked". logind's `IdleHint` is not used (KDE never sets it).
final class PresenceMonitor {
    /// logind's name and objects on the system bus.
    static let logindName = "org.freedesktop.login1"
    static let logindPath = "/org/freedesktop/login1"
    static let managerInterface = "org.freedesktop.login1.Manager"
    static let sessionInterface = "org.freedesktop.login1.Session"
    static let userInterface = "org.freedesktop.login1.User"
    /// The screen savers that announce `ActiveChanged(b)`, with the object answering `GetActive`.
    static let screenSavers = [
        (name: "org.freedesktop.ScreenSaver", path: "/org/freedesktop/ScreenSaver"),
        (name: "org.gnome.ScreenSaver", path: "/org/gnome/ScreenSaver"),
    ]
    /// The waits before trying a bus that went away again: doubling from the first to the last.
    static let reconnectWaits = (first: 1.0, longest: 60.0)

    private let timeout: TimeInterval
    private let sessionBusAddress: String?
    private let report: (Bool) -> Void
    private var systemBus: SessionBus?
    private var sessionBus: SessionBus?
    /// The logind session object whose `LockedHint` is followed.
    private var followedSession: String?
    private var sessionLocked = false
    private var screenSaverActive: [String: Bool] = [:]
    private var reported = false
    private var systemReconnect: (timer: ContextTimer?, wait: Double) = (nil, reconnectWaits.first)
    private var sessionReconnect: (timer: ContextTimer?, wait: Double) = (nil, reconnectWaits.first)

    /// Starts following; `report` gets `true` when the session becomes locked and `false` when it
    /// is unlocked again (only changes; a session found locked at start is reported at once).
    init(sessionBusAddress: String?, timeout: TimeInterval, report: @escaping (Bool) -> Void) {
        self.timeout = timeout
        self.sessionBusAddress = sessionBusAddress
        self.report = report
        connectSystemBus()
        connectSessionBus()
        update()
    }

    /// Whether the session counts as locked now.
    var isLocked: Bool { sessionLocked || screenSaverActive.values.contains(true) }

    private func update() {
        let locked = isLocked
        guard locked != reported else { return }
        reported = locked
        report(locked)
    }

    // MARK: The buses

    private func connectSystemBus() {
        systemReconnect.timer = nil
        let bus: SessionBus
        do throws(GLibError) {
            bus = try SessionBus(systemBus: ())
        } catch {
            // No system bus (a container): nothing to follow there, and nothing to wait for.
            return
        }
        systemBus = bus
        systemReconnect.wait = Self.reconnectWaits.first
        bus.onClosed { [weak self] in self?.systemBusClosed() }
        bus.observeOwner(of: Self.logindName) { [weak self] owner in
            guard let self, let bus = self.systemBus else { return }
            if owner == nil {
                self.sessionLocked = false
            } else {
                // A logind started anew: its sessions may be other objects now.
                self.followLogind(on: bus)
            }
            self.update()
        }
        followLogind(on: bus)
    }

    private func systemBusClosed() {
        // Dropped at once, so that GIO makes a new connection once the bus is back.
        systemBus = nil
        followedSession = nil
        sessionLocked = false
        update()
        let wait = systemReconnect.wait
        systemReconnect = (ContextTimer(after: wait) { [weak self] in self?.reconnectSystemBus() }, wait)
    }

    private func reconnectSystemBus() {
        connectSystemBus()
        if systemBus == nil {
            let wait = min(systemReconnect.wait * 2, Self.reconnectWaits.longest)
            systemReconnect = (ContextTimer(after: wait) { [weak self] in self?.reconnectSystemBus() }, wait)
        }
        update()
    }

    private func connectSessionBus() {
        sessionReconnect.timer = nil
        guard let sessionBusAddress else { return }
        let bus: SessionBus
        do throws(GLibError) {
            bus = try SessionBus(address: sessionBusAddress)
        } catch {
            return
        }
        sessionBus = bus
        sessionReconnect.wait = Self.reconnectWaits.first
        bus.onClosed { [weak self] in self?.sessionBusClosed() }
        followScreenSavers(on: bus)
    }

    private func sessionBusClosed() {
        sessionBus = nil
        screenSaverActive.removeAll()
        update()
        let wait = sessionReconnect.wait
        sessionReconnect = (ContextTimer(after: wait) { [weak self] in self?.reconnectSessionBus() }, wait)
    }

    private func reconnectSessionBus() {
        connectSessionBus()
        if sessionBus == nil {
            let wait = min(sessionReconnect.wait * 2, Self.reconnectWaits.longest)
            sessionReconnect = (ContextTimer(after: wait) { [weak self] in self?.reconnectSessionBus() }, wait)
        }
        update()
    }

    // MARK: logind

    /// Finds this process's session and reads its `LockedHint`, subscribed first so no change
    /// falls between the two.
    private func followLogind(on bus: SessionBus) {
        guard let session = sessionPath(on: bus) else {
            sessionLocked = false
            return
        }
        if session != followedSession {
            followedSession = session
            bus.observeProperties(of: Self.logindName, path: session, interface: Self.sessionInterface) { [weak self] changed, invalidated in
                guard let self, self.followedSession == session, let bus = self.systemBus else { return }
                if let locked = changed.value(forKey: "LockedHint") {
                    self.sessionLocked = locked.boolean
                } else if invalidated.contains("LockedHint") {
                    self.sessionLocked = self.readLockedHint(of: session, on: bus) ?? false
                } else {
                    return
                }
                self.update()
            }
        }
        sessionLocked = readLockedHint(of: session, on: bus) ?? false
    }

    private func readLockedHint(of session: String, on bus: SessionBus) -> Bool? {
        do throws(GLibError) {
            return try bus.property("LockedHint", of: Self.sessionInterface, at: session, destination: Self.logindName, timeout: timeout).boolean
        } catch {
            return nil
        }
    }

    /// The object path of this process's session: the one it runs in (`GetSessionByPID`), else
    /// the one `$XDG_SESSION_ID` names, else the user's graphical session (`Display` of the
    /// user: a systemd user service, as chimed usually runs, belongs to no session itself).
    private func sessionPath(on bus: SessionBus) -> String? {
        func objectPath(_ method: String, _ parameters: OpaquePointer) -> String? {
            do throws(GLibError) {
                let path = try bus.call(
                    destination: Self.logindName, path: Self.logindPath, interface: Self.managerInterface,
                    method: method, parameters: parameters, replyType: "(o)", timeout: timeout
                ).child(0).string
                return path.isEmpty || path == "/" ? nil : path
            } catch {
                return nil
            }
        }
        if let path = objectPath("GetSessionByPID", chime_variant_new_uint32_tuple(UInt32(getpid()))) { return path }
        if let id = ProcessInfo.processInfo.environment["XDG_SESSION_ID"], !id.isEmpty,
           let path = objectPath("GetSession", chime_variant_new_string_tuple(id)) {
            return path
        }
        guard let user = objectPath("GetUser", chime_variant_new_uint32_tuple(getuid())) else { return nil }
        do throws(GLibError) {
            let display = try bus.property("Display", of: Self.userInterface, at: user, destination: Self.logindName, timeout: timeout)
            let path = display.unboxed.child(1).string
            return path.isEmpty || path == "/" ? nil : path
        } catch {
            return nil
        }
    }

    // MARK: Screen savers

    private func followScreenSavers(on bus: SessionBus) {
        for saver in Self.screenSavers {
            bus.observeSignal(interface: saver.name, member: "ActiveChanged") { [weak self] arguments in
                guard let self else { return }
                self.screenSaverActive[saver.name] = arguments.child(0).boolean
                self.update()
            }
            // A screen saver started (or restarted) later may come up active already.
            bus.observeOwner(of: saver.name) { [weak self] owner in
                guard let self, let bus = self.sessionBus else { return }
                self.screenSaverActive[saver.name] = owner == nil ? nil : self.readActive(saver, on: bus)
                self.update()
            }
            screenSaverActive[saver.name] = readActive(saver, on: bus)
        }
    }

    /// Whether `saver` is active, or `nil` when it does not answer (absent: not active).
    private func readActive(_ saver: (name: String, path: String), on bus: SessionBus) -> Bool? {
        do throws(GLibError) {
            // Never starts one (NO_AUTO_START): absent, it is simply not active.
            return try bus.call(
                destination: saver.name, path: saver.path, interface: saver.name, method: "GetActive", replyType: "(b)", timeout: timeout
            ).child(0).boolean
        } catch {
            return nil
        }
    }
}
