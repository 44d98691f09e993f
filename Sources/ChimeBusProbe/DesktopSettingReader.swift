import ChimeSystem
import FoundationEssentials

/// Reads one Boolean GSettings key (GNOME's `org.gnome.desktop.notifications show-banners`)
/// through the `gsettings` program, so `chime` links no GLib for the one desktop that keeps its
/// do-not-disturb mode there. A GNOME desktop has `gsettings`; chimed reads the key itself.
enum DesktopSettingReader {
    /// Where `gsettings` is looked for, in order.
    static let programs = ["/usr/bin/gsettings", "/bin/gsettings"]

    /// The key's value as read with `environment` (the settings backend and folders it names);
    /// `nil` when the schema or key is not installed, `gsettings` is missing, fails, or takes
    /// longer than `timeout` seconds.
    static func boolean(schema: String, key: String, environment: [String: String], timeout: Double) -> Bool? {
        guard let program = programs.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        guard let result = ProgramOutput.run(program, ["get", schema, key], environment: environment, timeout: .seconds(timeout)),
              result.status == 0
        else { return nil }
        switch String(decoding: result.output, as: UTF8.self).trimmingSpacesAndNewlines() {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }
}
