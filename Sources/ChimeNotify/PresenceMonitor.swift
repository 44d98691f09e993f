import CLibNotify
import Foundation

/// Follows whether the user's session is locked (nobody at the desk), on the main-loop thread,
/// and reports each change: logind's `LockedHint` of this process's session on the system bus,
/// and the screen savers' `ActiveChanged` (`org.freedesktop.ScreenSaver`, `org.gnome.ScreenSaver`)
/// on the session bus. Locked while any of them says so.
///
/// Each source is optional: without a system bus, logind or a session of ours there, or
/// without a screen saver, that source says "not locked". logind's `IdleHint` is not used (KDE
/// never sets it).
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

    private let timeout: TimeInterval
    private let report: (Bool) -> Void
    private var systemBus: SessionBus?
    private var sessionBus: SessionBus?
    private var sessionLocked = false
    private var screenSaverActive: [String: Bool] = [:]
    private var reported = false

    /// Starts following; `report` gets `true` when the session becomes locked and `false` when it
    /// is unlocked again (only changes; a session found locked at start is reported at once).
    init(sessionBusAddress: String?, timeout: TimeInterval, report: @escaping (Bool) -> Void) {
        self.timeout = timeout
        self.report = report
        followLogind()
        if let sessionBusAddress { followScreenSavers(address: sessionBusAddress) }
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

    // MARK: logind

    private func followLogind() {
        let bus: SessionBus
        do throws(GLibError) {
            bus = try SessionBus(systemBus: ())
        } catch {
            return
        }
        systemBus = bus
        guard let session = sessionPath(on: bus) else { return }
        // Subscribed before reading, so no change falls between the two.
        bus.observeProperties(of: Self.logindName, path: session, interface: Self.sessionInterface) { [weak self] changed, invalidated in
            guard let self else { return }
            if let locked = changed.value(forKey: "LockedHint") {
                self.sessionLocked = locked.boolean
            } else if invalidated.contains("LockedHint") {
                self.sessionLocked = self.readLockedHint(of: session, on: bus) ?? false
            } else {
                return
            }
            self.update()
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

    private func followScreenSavers(address: String) {
        let bus: SessionBus
        do throws(GLibError) {
            bus = try SessionBus(address: address)
        } catch {
            return
        }
        sessionBus = bus
        for saver in Self.screenSavers {
            bus.observeSignal(interface: saver.name, member: "ActiveChanged") { [weak self] arguments in
                guard let self else { return }
                self.screenSaverActive[saver.name] = arguments.child(0).boolean
                self.update()
            }
            do throws(GLibError) {
                // Never starts one (NO_AUTO_START): absent, it is simply not active.
                let reply = try bus.call(
                    destination: saver.name, path: saver.path, interface: saver.name, method: "GetActive", replyType: "(b)", timeout: timeout
                )
                screenSaverActive[saver.name] = reply.child(0).boolean
            } catch {
                screenSaverActive[saver.name] = nil
            }
        }
    }
}
