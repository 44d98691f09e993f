import Foundation

/// A reminder that repeats by a recurrence rule (`chime remind every`).
///
/// Only its next occurrence is pending; that request carries the rule, the start and the text in
/// its content arguments, so the next occurrence after a delivery or a skip is derived from the
/// request alone, in the same transaction, with no other record to keep in step.
public struct RecurringReminder: Hashable, Sendable {
    /// The reminder's id (`r-4tx`), the group of its requests.
    public var id: String
    /// What the notification says (user text, already cleaned).
    public var text: String
    /// When it recurs.
    public var rule: RecurrenceRule
    /// The rule's start (its DTSTART).
    public var start: Date
    /// How it comes back until acknowledged (`--nag`); `nil`: shown once per occurrence.
    public var nag: ReminderNag?
    /// The urgency its occurrences ask for (``ContentArgument/urgency``, `--urgency`); `nil`:
    /// the setting's.
    public var urgency: String?

    /// Makes a recurring reminder.
    public init(id: String, text: String, rule: RecurrenceRule, start: Date, nag: ReminderNag? = nil, urgency: String? = nil) {
        self.id = id
        self.text = text
        self.rule = rule
        self.start = start
        self.nag = nag
        self.urgency = urgency
    }

    /// The recurring reminder a pending request belongs to, or `nil` when the request is not an
    /// occurrence of one (a one-off reminder, a fast, water).
    public init?(request: NotificationRequest) {
        let arguments = request.content.arguments
        guard request.kind == .reminder,
              let ruleText = arguments[ContentArgument.rule], let rule = try? RecurrenceRule(parsing: ruleText),
              let startText = arguments[ContentArgument.start], let start = try? Date(startText, strategy: .iso8601),
              let text = arguments[ContentArgument.text]
        else { return nil }
        self.init(
            id: request.group, text: text, rule: rule, start: start, nag: ReminderNag.Showing(request: request)?.nag,
            urgency: arguments[ContentArgument.urgency]
        )
    }

    /// The first occurrence after `instant` in `timeZone`, or `nil` when the rule has ended.
    public func occurrence(after instant: Date, in timeZone: TimeZone) -> Date? {
        RecurrenceExpander(rule: rule, start: start, timeZone: timeZone).firstOccurrence(after: instant)
    }
}
