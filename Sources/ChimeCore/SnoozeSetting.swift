import FoundationEssentials

/// The `snooze` setting: how long the Snooze button of a reminder or a calendar alarm puts it
/// off (a calendar alarm never past its start, see ``CalendarAlarmRequest/snooze(_:by:now:)``).
/// Water keeps its own 15 minutes: its Snooze makes the reminder the schedule's next one.
public enum SnoozeSetting {
    /// The key in the store's settings.
    public static let settingKey = "snooze"
    /// The span while the setting was never set.
    public static let defaultSpan = TimeSpan.minutes(10)
    /// The shortest span the setting takes: a button that snoozes less is no snooze.
    public static let shortest = TimeSpan.minutes(1)
    /// The longest span the setting takes: a day.
    public static let longest = TimeSpan.hours(24)

    /// The span `text` (the stored setting) names; the default when unset or unreadable.
    public static func span(bySetting text: String?) -> TimeSpan {
        guard let text, let span = try? TimeSpan(parsing: text), (shortest...longest).contains(span) else { return defaultSpan }
        return span
    }

    /// `span` when the setting may hold it; else the error saying which spans it takes.
    public static func validated(_ span: TimeSpan, text: String) throws(DomainError) -> TimeSpan {
        guard (shortest...longest).contains(span) else {
            throw DomainError(.invalidDuration, LocalizedText(CoreText.snoozeOutOfRange, [
                "text": text, "shortest": shortest.description, "longest": longest.description,
            ]))
        }
        return span
    }
}
