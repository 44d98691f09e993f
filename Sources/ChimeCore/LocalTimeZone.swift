import FoundationEssentials

/// The zone local times are in: `TZ` when set (and known), else the system's. The one rule for
/// `TZ`, applied by `chime` to every command that shows or reads times and by `chimed` before it
/// starts, so neither ever works silently in a zone the user did not mean.
public enum LocalTimeZone {
    /// The zone named by `TZ` in `environment`, or `systemZone` when `TZ` is unset.
    ///
    /// Accepts zone names (`Europe/Berlin`), the POSIX `:Europe/Berlin` form, a path into a
    /// zoneinfo directory, and an empty `TZ` for UTC (as the C library does). A name the system
    /// does not know is refused, so times are never silently shown in the wrong zone.
    public static func resolve(environment: [String: String], systemZone: TimeZone) throws(DomainError) -> TimeZone {
        guard let raw = environment["TZ"] else { return systemZone }
        var name = raw.hasPrefix(":") ? String(raw.dropFirst()) : raw
        if name.isEmpty { return TimeZone(secondsFromGMT: 0)! }
        if let range = name.firstRange(of: "zoneinfo/") {
            name = String(name[range.upperBound...])
        }
        guard isPlausibleName(name), let zone = TimeZone(identifier: name) else {
            throw DomainError(.invalidTime, .unknownTimeZone, ["zone": raw])
        }
        return zone
    }

    /// Zone names are ASCII letters, digits and `/_-+`; anything else (spaces, `..`) is not one.
    private static func isPlausibleName(_ name: String) -> Bool {
        !name.contains("..") && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/_-+".unicodeScalars.contains(scalar))
        }
    }
}
