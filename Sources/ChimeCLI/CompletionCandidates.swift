/// Values a completion script cannot know in advance, which it asks `chime __complete WHAT`
/// for at completion time: what is in the store, one a line.
public enum CompletionCandidates: String, Hashable, Sendable, CaseIterable {
    /// Identifiers of pending notifications, then the ids of their groups (for `cancel`, `snooze`).
    case references
    /// The ids of fasts, water schedules and reminders with pending notifications (`--group`).
    case groups
    /// The ids of fasts that have not ended (`fast stop|extend|status --id`).
    case fasts
    /// The names of the calendars added (`calendar remove|set`, `calendar alarms --calendar`).
    case calendars

    /// The hidden command word the scripts call: not a command anyone types.
    public static let commandWord = "__complete"

    /// The command line a script runs, its errors discarded: a shell completing a word must
    /// never print anything but candidates.
    var shellCommand: String { "chime \(Self.commandWord) \(rawValue) 2>/dev/null" }
}
