import FoundationEssentials

/// The offsets from UTC of one time zone over time: a zone of the system's database, or a table
/// of transitions read from a calendar file's `VTIMEZONE`.
///
/// Why: Foundation cannot make a `TimeZone` from rules of our own, and Outlook names its zones
/// in ways no database knows (`W. Europe Standard Time`); the recurrence engine and the resolver
/// of wall-clock readings ask this type, never `TimeZone` directly.
public enum ZoneRules: Hashable, Sendable {
    /// A zone of the system's database (`Europe/Berlin`), or a fixed offset.
    case system(TimeZone)
    /// A zone defined by a calendar file.
    case table(ZoneTransitionTable)

    /// The zone's name: the database identifier or the file's `TZID`.
    public var identifier: String {
        switch self {
        case .system(let zone): zone.identifier
        case .table(let table): table.name
        }
    }

    /// The offset from UTC, in seconds, at `seconds` since 1970 (UTC).
    public func secondsFromGMT(at seconds: Int) -> Int {
        switch self {
        case .system(let zone): zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        case .table(let table): table.offset(at: seconds)
        }
    }

    /// The offset from UTC, in seconds, at `instant`.
    public func secondsFromGMT(for instant: Date) -> Int {
        switch self {
        case .system(let zone): zone.secondsFromGMT(for: instant)
        case .table(let table): table.offset(at: Int(instant.timeIntervalSince1970.rounded(.down)))
        }
    }

    /// The first change of offset strictly after `seconds` since 1970, or `nil` when the zone
    /// has no later change.
    func nextTransition(after seconds: Int) -> Int? {
        switch self {
        case .system(let zone):
            return zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(seconds)))
                .map { Int($0.timeIntervalSince1970.rounded(.down)) }
        case .table(let table):
            return table.nextTransition(after: seconds)
        }
    }
}

/// How a wall-clock reading that the clocks skip (02:30 on the night they spring forward)
/// becomes an instant. A reading the clocks show twice is always its first occurrence.
public enum SkippedTimeRule: Hashable, Sendable {
    /// Chime's rule for the times a user types: the instant the clocks jump (02:30 in Berlin's
    /// spring gap is 03:00 +02:00), the first moment the day has at or after that time.
    case atTransition
    /// RFC 5545 section 3.3.5, for times read from calendar files: the reading keeps the offset
    /// from before the gap (02:30 is 03:30 +02:00), where every calendar client shows it.
    case offsetBeforeGap
}
