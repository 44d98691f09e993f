import ChimeBubbleText
import FoundationEssentials

/// Who serves notifications on the session bus and what it can do, asked through libdbus for
/// `chime doctor` when chimed does not run: the same questions chimed's libnotify notifier asks
/// (owner of the name, capabilities, server information, the do-not-disturb mode where the
/// server keeps it), without GLib in `chime`.
///
/// Nothing here can start a server: the owner is asked for with `GetNameOwner`, which never
/// activates anything, and every later call goes to that unique name.
public enum BusServerProbe {
    static let busName = "org.freedesktop.DBus"
    static let busPath = "/org/freedesktop/DBus"
    static let notificationsName = "org.freedesktop.Notifications"
    static let notificationsPath = "/org/freedesktop/Notifications"
    static let propertiesInterface = "org.freedesktop.DBus.Properties"
    /// mako's own object and interface, beside the standard notifications object.
    static let makoPath = "/fr/emersion/Mako"
    static let makoInterface = "fr.emersion.Mako"
    /// xfconfd's name, object and interface.
    static let xfconfName = "org.xfce.Xfconf"
    static let xfconfPath = "/org/xfce/Xfconf"

    /// Probes the server on the session bus `environment` names, each call waiting at most
    /// `timeout` seconds.
    public static func probe(environment: [String: String], timeout: Double) -> ServerProbe {
        guard let address = SessionBusAddress.find(environment: environment) else {
            let reason = ServerUnavailability.noSessionBus
            return ServerProbe(status: .unavailable(reason), detail: reason.description)
        }
        let bus: BusConnection
        do throws(BusError) {
            bus = try BusConnection(address: address)
        } catch {
            let reason = ServerUnavailability.busUnreachable(error.message)
            return ServerProbe(status: .unavailable(reason), busAddress: address, detail: reason.description)
        }
        do throws(BusError) {
            let owner = try bus.call(
                destination: busName, path: busPath, interface: busName, method: "GetNameOwner", arguments: [notificationsName], timeout: timeout
            ).first?.string ?? ""
            let capabilities = try bus.call(
                destination: owner, path: notificationsPath, interface: notificationsName, method: "GetCapabilities", timeout: timeout
            ).first?.strings ?? []
            let reply = try bus.call(
                destination: owner, path: notificationsPath, interface: notificationsName, method: "GetServerInformation", timeout: timeout
            ).map(\.string)
            let field = { (index: Int) in index < reply.count ? reply[index] : "" }
            let server = ServerInformation(
                name: field(0), vendor: field(1), version: field(2), specificationVersion: field(3), busName: owner, busGUID: bus.guid
            )
            let profile = ServerProfile(name: server.name, capabilities: capabilities)
            let doNotDisturb = profile.doNotDisturb.map { source in
                reading(
                    of: source, owner: owner, on: bus, environment: environment, timeout: timeout,
                    discardsBubbles: profile.discardsBubblesInDoNotDisturb
                )
            }
            return ServerProbe(status: .ready, busAddress: address, server: server, capabilities: capabilities, doNotDisturb: doNotDisturb)
        } catch {
            return failedProbe(error, busAddress: address)
        }
    }

    /// The probe after a failed call, sorted as chimed's notifier sorts the same failures.
    static func failedProbe(_ error: BusError, busAddress: String) -> ServerProbe {
        if error.meansNoOwner {
            let reason = ServerUnavailability.noServer
            return ServerProbe(status: .unavailable(reason), busAddress: busAddress, detail: reason.description)
        }
        if error.meansDisconnected {
            let reason = ServerUnavailability.busUnreachable(error.message)
            return ServerProbe(status: .unavailable(reason), busAddress: busAddress, detail: reason.description)
        }
        if error.meansTimeout {
            return ServerProbe(status: .timedOut, busAddress: busAddress, detail: "the notification server did not answer in time")
        }
        return ServerProbe(status: .failed, busAddress: busAddress, detail: error.message)
    }

    /// Whether the server `owner` is in do-not-disturb mode, read where `source` says; a mode
    /// that cannot be read counts as off, as chimed counts it.
    private static func reading(
        of source: DoNotDisturbSource, owner: String, on bus: BusConnection, environment: [String: String], timeout: Double,
        discardsBubbles: Bool
    ) -> DoNotDisturbReading {
        let found: Bool?
        switch source {
        case .property(let interface, let name):
            found = try? bus.call(
                destination: owner, path: notificationsPath, interface: propertiesInterface, method: "Get", arguments: [interface, name], timeout: timeout
            ).first?.boolean ?? false
        case .modes(let mode):
            found = makoModes(owner: owner, on: bus, timeout: timeout).map { $0.contains(mode) }
        case .bannerSetting(let schema, let key):
            found = DesktopSettingReader.boolean(schema: schema, key: key, environment: environment, timeout: timeout).map { showsBanners in !showsBanners }
        case .xfconf(let channel, let property):
            do throws(BusError) {
                found = try bus.call(
                    destination: xfconfName, path: xfconfPath, interface: xfconfName, method: "GetProperty", arguments: [channel, property], timeout: timeout
                ).first?.boolean ?? false
            } catch where error.name?.hasSuffix(".PropertyNotFound") == true {
                // Never set on this desktop: the mode was never turned on.
                found = false
            } catch {
                found = nil
            }
        }
        return DoNotDisturbReading(source: source, isReadable: found != nil, isOn: found ?? false, discardsBubbles: discardsBubbles)
    }

    /// mako's active modes: its `Modes` property (mako 1.9 and later), else the `ListModes`
    /// method of earlier versions; `nil` when neither answers.
    private static func makoModes(owner: String, on bus: BusConnection, timeout: Double) -> [String]? {
        if let modes = try? bus.call(
            destination: owner, path: makoPath, interface: propertiesInterface, method: "Get", arguments: [makoInterface, "Modes"], timeout: timeout
        ).first {
            return modes.strings
        }
        return (try? bus.call(destination: owner, path: makoPath, interface: makoInterface, method: "ListModes", timeout: timeout).first)?.strings
    }
}
