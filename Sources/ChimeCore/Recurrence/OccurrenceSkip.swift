import FoundationEssentials

/// An occurrence of a recurring reminder that the user skipped (`chime
/// cancel` of it): an exception to its rule, kept as what happened. Deriving the rule again
/// (after a zone change, a restart or downtime) never brings a skipped occurrence back, and a
/// request cancelled for any other reason (the zone moved it, its reminder was replaced) is
/// never taken for a skip.
public struct OccurrenceSkip: Hashable, Sendable {
    /// The occurrence's request identifier, which names it by its rule's local date and time
    /// (`remind/pills/2027-03-27T08:00`): the same occurrence in whatever zone.
    public var identifier: String
    /// The reminder's id.
    public var group: String
    /// When the occurrence was due when it was skipped (its first due time, not a snooze's).
    public var due: Date
    /// When the user skipped it.
    public var at: Date

    /// Makes a record.
    public init(identifier: String, group: String, due: Date, at: Date) {
        self.identifier = identifier
        self.group = group
        self.due = due
        self.at = at
    }
}
