import ChimeCore
import FoundationEssentials

/// Turns a `TZID` into the zone its times are on: a zone name the system's database knows
/// (`Europe/Berlin`, also behind an old `/mozilla.org/20050126_1/` prefix), else the file's
/// own `VTIMEZONE` of that name as a transition table (Outlook's `W. Europe Standard Time`).
/// A name that is neither is `nil`: the caller reads such times on the local clock and says so.
///
/// Zones and tables are cached across files: 10,000 Outlook files carry the same few
/// definitions, and a table is worked out once per definition.
struct CalendarZoneResolver {
    private var systemZones: [String: TimeZone?] = [:]
    private var tables: [TableKey: ZoneTransitionTable] = [:]

    private struct TableKey: Hashable {
        let name: String
        let observances: [ZoneObservance]
    }

    /// The zone of the database named `name`, or `nil`.
    mutating func systemZone(named name: String) -> TimeZone? {
        if let known = systemZones[name] { return known }
        var zone = Self.databaseZone(name)
        if zone == nil, name.hasPrefix("/") {
            // Old Mozilla and libical exports prefix the name: take the longest known tail.
            let parts = name.split(separator: "/")
            for length in stride(from: min(3, parts.count), through: 1, by: -1) {
                if let found = Self.databaseZone(parts.suffix(length).joined(separator: "/")) {
                    zone = found
                    break
                }
            }
        }
        systemZones[name] = zone
        return zone
    }

    /// The table of a `VTIMEZONE` named `name` with `observances`.
    mutating func table(named name: String, observances: [ZoneObservance]) -> ZoneTransitionTable? {
        let key = TableKey(name: name, observances: observances)
        if let known = tables[key] { return known }
        guard let table = ZoneTransitionTable(name: name, observances: observances) else { return nil }
        tables[key] = table
        return table
    }

    /// A zone of the database: only names shaped like one (`Area/City`, `UTC`), so words a
    /// database also knows as abbreviations or offsets are not taken for zones by accident.
    private static func databaseZone(_ name: String) -> TimeZone? {
        guard !name.isEmpty, !name.contains(" "), !name.contains(".."),
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/_-+".unicodeScalars.contains($0)) })
        else { return nil }
        guard name.contains("/") || ["UTC", "GMT", "Etc/UTC"].contains(name) else { return nil }
        return TimeZone(identifier: name)
    }
}
