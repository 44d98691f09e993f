import FoundationEssentials
// Named zones (`Europe/Berlin`) are ICU's, which FoundationEssentials reaches through
// FoundationInternationalization at run time; a program linked statically holds it only when
// something refers to it (`rulesVersion`). Without it `TimeZone(identifier:)` knows only UTC.
import FoundationInternationalization

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

    /// The version of the zone rules named zones follow (ICU's tzdata, `2025b`).
    public static var rulesVersion: String { TimeZone.timeZoneDataVersion }

    /// The zone an IANA name names (`Europe/Berlin`, `UTC`), `nil` for anything else.
    public static func zone(named name: String) -> TimeZone? {
        let trimmed = name.trimmingSpaces()
        guard !trimmed.isEmpty, !trimmed.contains(".."), trimmed.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 }) else { return nil }
        return TimeZone(identifier: trimmed)
    }
}
