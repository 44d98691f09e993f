import Foundation

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["get", schema, key]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do {
            try process.run()
        } catch {
            return nil
        }
        // Waited for before reading: its answer is one word, far less than a pipe holds.
        guard ended.wait(timeout: .now() + timeout) == .success else {
            process.terminate()
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        switch String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }
}
