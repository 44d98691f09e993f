import FoundationEssentials

extension TimeZone {
    /// The zone's name as Chime prints it: its identifier, except that UTC is called UTC.
    ///
    /// Foundation answers `TimeZone(identifier: "UTC")` (and `secondsFromGMT: 0`) with a zone
    /// whose identifier is "GMT"; the two are the same zone (offset 0, no daylight saving), and
    /// a user who set `TZ=UTC` expects to read UTC back.
    public var displayName: String {
        identifier == "GMT" ? "UTC" : identifier
    }
}
