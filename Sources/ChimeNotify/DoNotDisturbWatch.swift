import Foundation

/// Follows whether one notification server process is in do-not-disturb mode, from where its
/// ``ServerProfile/DoNotDisturbSource`` says, and reports each reading (on the main-loop thread).
///
/// Made once per server process; dropped when another process takes over (its subscriptions
/// name the old process as sender, so they go quiet; a GSettings key is released with it).
final class DoNotDisturbWatch {
    /// mako's own object and interface, beside the standard notifications object.
    static let makoPath = "/fr/emersion/Mako"
    static let makoInterface = "fr.emersion.Mako"

    /// The server's unique bus name.
    let owner: String
    private let setting: DesktopSetting?

    /// Starts following `source` of the server `owner` on `bus`: subscribed first, then read,
    /// so no change falls between the two. `report` gets every reading, repeated ones included.
    init(source: ServerProfile.DoNotDisturbSource, owner: String, bus: SessionBus, timeout: TimeInterval, report: @escaping (Bool) -> Void) {
        self.owner = owner
        switch source {
        case .property(let interface, let name):
            setting = nil
            bus.observeProperties(of: owner, path: SessionBus.notificationsPath, interface: interface) { changed, _ in
                guard let value = changed.value(forKey: name) else { return }
                report(value.boolean)
            }
            do throws(GLibError) {
                report(try bus.property(name, of: interface, at: SessionBus.notificationsPath, destination: owner, timeout: timeout).boolean)
            } catch {
                // Not known: taken as off (everything is shown), as for servers without the mode.
            }
        case .modes(let mode):
            setting = nil
            let read = { [weak bus] () -> Bool? in
                guard let bus else { return nil }
                return Self.makoModes(on: bus, owner: owner, timeout: timeout).map { $0.contains(mode) }
            }
            bus.observeProperties(of: owner, path: Self.makoPath, interface: Self.makoInterface) { changed, invalidated in
                if let modes = changed.value(forKey: "Modes") {
                    report(modes.strings.contains(mode))
                } else if invalidated.contains("Modes"), let on = read() {
                    report(on)
                }
            }
            if let on = read() { report(on) }
        case .bannerSetting(let schema, let key):
            // Not installed (a GNOME Shell without its schemas is not seen in practice): off.
            setting = DesktopSetting(schema: schema, key: key)
            setting?.observe { showsBanners in report(!showsBanners) }
            if let setting { report(!setting.value) }
        }
    }

    /// mako's active modes: its `Modes` property (mako 1.9 and later), else the `ListModes`
    /// method of earlier versions; `nil` when neither answers.
    static func makoModes(on bus: SessionBus, owner: String, timeout: TimeInterval) -> [String]? {
        do throws(GLibError) {
            return try bus.property("Modes", of: makoInterface, at: makoPath, destination: owner, timeout: timeout).strings
        } catch {
            do throws(GLibError) {
                return try bus.call(
                    destination: owner, path: makoPath, interface: makoInterface, method: "ListModes", replyType: "(as)", timeout: timeout
                ).child(0).strings
            } catch {
                return nil
            }
        }
    }
}
