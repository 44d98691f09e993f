import CLibNotify
import Foundation

/// Follows whether one notification server process is in do-not-disturb mode, from where its
/// ``DoNotDisturbSource`` says, and reports each reading (on the main-loop thread).
///
/// Made once per server process; dropped when another process takes over (its subscriptions
/// name the old process as sender, so they go quiet; a GSettings key is released with it).
final class DoNotDisturbWatch {
    /// mako's own object and interface, beside the standard notifications object.
    static let makoPath = "/fr/emersion/Mako"
    static let makoInterface = "fr.emersion.Mako"
    /// xfconfd's name, object and interface.
    static let xfconfName = "org.xfce.Xfconf"
    static let xfconfPath = "/org/xfce/Xfconf"

    /// The server's unique bus name.
    let owner: String
    /// Where the mode is read.
    let source: DoNotDisturbSource
    /// Whether the last reading succeeded (GNOME's schema is installed, xfconfd answered):
    /// otherwise the mode counts as off.
    private(set) var isReadable = false
    private let setting: DesktopSetting?
    /// The bus's subscriptions made for this watch, ended with it.
    private var subscriptions: [guint] = []
    private weak var bus: SessionBus?

    /// Starts following `source` of the server `owner` on `bus`: subscribed first, then read,
    /// so no change falls between the two. `report` gets every reading, repeated ones included.
    init(source: DoNotDisturbSource, owner: String, bus: SessionBus, timeout: TimeInterval, report: @escaping (Bool) -> Void) {
        self.owner = owner
        self.source = source
        self.bus = bus
        switch source {
        case .property(let interface, let name):
            setting = nil
            subscriptions.append(bus.observeProperties(of: owner, path: SessionBus.notificationsPath, interface: interface) { changed, _ in
                guard let value = changed.value(forKey: name) else { return }
                report(value.boolean)
            })
            do throws(GLibError) {
                report(try bus.property(name, of: interface, at: SessionBus.notificationsPath, destination: owner, timeout: timeout).boolean)
                isReadable = true
            } catch {
                // Not known: taken as off (everything is shown), as for servers without the mode.
            }
        case .modes(let mode):
            setting = nil
            let read = { [weak bus] () -> Bool? in
                guard let bus else { return nil }
                return Self.makoModes(on: bus, owner: owner, timeout: timeout).map { $0.contains(mode) }
            }
            subscriptions.append(bus.observeProperties(of: owner, path: Self.makoPath, interface: Self.makoInterface) { changed, invalidated in
                if let modes = changed.value(forKey: "Modes") {
                    report(modes.strings.contains(mode))
                } else if invalidated.contains("Modes"), let on = read() {
                    report(on)
                }
            })
            if let on = read() {
                isReadable = true
                report(on)
            }
        case .bannerSetting(let schema, let key):
            // Not installed (a GNOME Shell without its schemas is not seen in practice): off.
            setting = DesktopSetting(schema: schema, key: key)
            setting?.observe { showsBanners in report(!showsBanners) }
            if let setting {
                isReadable = true
                report(!setting.value)
            }
        case .xfconf(let channel, let property):
            setting = nil
            followXfconf(channel: channel, property: property, bus: bus, timeout: timeout, report: report)
        }
    }

    /// Follows one Boolean property of an xfconf channel: `PropertyChanged` with its new value,
    /// `PropertyRemoved` (reset: off), and a fresh reading whenever xfconfd (started on demand on
    /// a desktop, so possibly after the server) takes its name.
    private func followXfconf(channel: String, property: String, bus: SessionBus, timeout: TimeInterval, report: @escaping (Bool) -> Void) {
        let read = { [weak self, weak bus] in
            guard let bus else { return }
            do throws(GLibError) {
                let value = try bus.call(
                    destination: Self.xfconfName, path: Self.xfconfPath, interface: Self.xfconfName, method: "GetProperty",
                    parameters: chime_variant_new_string_pair(channel, property), replyType: "(v)", timeout: timeout
                ).child(0)
                self?.isReadable = true
                report(value.boolean)
            } catch where error.remoteName?.hasSuffix(".PropertyNotFound") == true {
                // Never set on this desktop: the mode was never turned on.
                self?.isReadable = true
                report(false)
            } catch {
                self?.isReadable = false
                report(false)
            }
        }
        subscriptions.append(bus.observeSignal(sender: Self.xfconfName, interface: Self.xfconfName, member: "PropertyChanged") { arguments in
            guard arguments.child(0).string == channel, arguments.child(1).string == property else { return }
            report(arguments.child(2).boolean)
        })
        subscriptions.append(bus.observeSignal(sender: Self.xfconfName, interface: Self.xfconfName, member: "PropertyRemoved") { arguments in
            guard arguments.child(0).string == channel, arguments.child(1).string == property else { return }
            report(false)
        })
        subscriptions.append(bus.observeOwner(of: Self.xfconfName) { owner in
            if owner != nil { read() }
        })
        read()
    }

    deinit {
        for subscription in subscriptions { bus?.unsubscribe(subscription) }
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
