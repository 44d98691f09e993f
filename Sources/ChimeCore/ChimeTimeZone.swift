import Foundation

/// The one zone rules written on the local clock follow, the same for `chime` and chimed: the
/// `time_zone` setting when it names a zone, else the system's (`/etc/localtime`), never a
/// process's own `TZ`. A daily reminder set in a shell whose profile sets `TZ` and shown by a
/// chimed the user unit starts without it would otherwise fire in two zones at once.
public enum ChimeTimeZone {
    /// The setting that fixes the zone (`chime config set time_zone Europe/Berlin`).
    public static let settingKey = "time_zone"

    /// The zone named by the setting's stored text, else `system`.
    public static func resolve(setting: String?, system: TimeZone) -> TimeZone {
        guard let setting, let zone = zone(named: setting) else { return system }
        return zone
    }

    /// The zone an IANA name names (`Europe/Berlin`, `UTC`), `nil` for anything else.
    public static func zone(named name: String) -> TimeZone? {
        let trimmed = withoutSpacesAtEnds(name)
        guard !trimmed.isEmpty, !trimmed.contains(".."), trimmed.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 }) else { return nil }
        return TimeZone(identifier: trimmed)
    }

    /// `text` without the spaces and tabs at either end: Unicode `Zs`, U+0009 and U+200B (zero
    /// width space), the set `trimmingCharacters(in: .whitespaces)` takes away on Linux.
    ///
    /// Every command reads the zone; through Foundation's trimming that goes through NSString,
    /// whose first use costs a status bar's `status --format waybar` about 0.15 ms.
    static func withoutSpacesAtEnds(_ text: String) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(scalars[first...last])
    }
}
