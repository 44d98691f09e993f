import ChimeCore
import FoundationEssentials

/// The system's zone as the system keeps it, whatever a process's `TZ` says: the zone
/// `/etc/localtime` names. systemd's timedated and Debian keep it a link into zoneinfo; a copy
/// of a zone file (or one mounted over it) is matched against `/etc/timezone`'s zone, then
/// against the zoneinfo files themselves. UTC when nothing names a zone.
public enum SystemTimeZone {
    /// The zone the files under `root` name (`/` on a real system; a test passes a folder).
    public static func read(root: String = "/") -> TimeZone {
        let base = root.hasSuffix("/") ? root : root + "/"
        let localtime = base + "etc/localtime"
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtime),
           let range = target.firstRange(of: "zoneinfo/"),
           let zone = ChimeTimeZone.zone(named: String(target[range.upperBound...])) {
            return zone
        }
        let zoneinfo = base + "usr/share/zoneinfo/"
        guard let bytes = FileManager.default.contents(atPath: localtime) else { return utc }
        if let data = FileManager.default.contents(atPath: base + "etc/timezone"),
           let name = String(data: data, encoding: .utf8)?.trimmingSpacesAndNewlines(),
           FileManager.default.contents(atPath: zoneinfo + name) == bytes, let zone = ChimeTimeZone.zone(named: name) {
            return zone
        }
        return matchingZone(bytes, under: zoneinfo) ?? utc
    }

    private static let utc = TimeZone(identifier: "UTC")!

    /// The zone whose zoneinfo file holds exactly `bytes`: canonical names (`Area/City`) first.
    private static func matchingZone(_ bytes: Data, under zoneinfo: String) -> TimeZone? {
        // The same names in the same order as Foundation's `enumerator(atPath:)` (checked on
        // Debian's zoneinfo), without linking swift-corelibs-foundation.
        guard let names = try? FileManager.default.subpathsOfDirectory(atPath: zoneinfo) else { return nil }
        var fallback: TimeZone?
        for name in names where !name.hasPrefix("posix") && !name.hasPrefix("right") {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: zoneinfo + name),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  (attributes[.size] as? Int) == bytes.count,
                  FileManager.default.contents(atPath: zoneinfo + name) == bytes,
                  let zone = ChimeTimeZone.zone(named: name)
            else { continue }
            if name.contains("/"), !name.hasPrefix("Etc/") { return zone }
            fallback = fallback ?? zone
        }
        return fallback
    }
}
