import FoundationEssentials

/// A reminder that repeats by a recurrence rule (`chime remind every`): a record of its own, its
/// occurrences derived from its rule (``RecurringReminder/occurrence(after:in:)``), one at a time:
/// each occurrence is a request, and what became of it (shown, missed, skipped, snoozed, done) is
/// that request's state. Its requests still carry the rule, the start and the text in their
/// content arguments, for what renders them.
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
    /// When it was ended (`chime cancel ID`, or replaced by a reminder of another kind); `nil`
    /// while it goes on. Ended, it keeps its history.
    public var endedAt: Date?
    /// The rule as the user wrote it (`weekdays 09:30`); `nil` when not known (made before
    /// Chime kept it), the RRULE then stands for it.
    public var ruleText: String?

    /// Makes a recurring reminder.
    public init(
        id: String, text: String, rule: RecurrenceRule, start: Date, nag: ReminderNag? = nil, urgency: String? = nil,
        endedAt: Date? = nil, ruleText: String? = nil
    ) {
        self.id = id
        self.text = text
        self.rule = rule
        self.start = start
        self.nag = nag
        self.urgency = urgency
        self.endedAt = endedAt
        self.ruleText = ruleText
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

    /// The first occurrence after `instant` in `timeZone`, or `nil` when the rule or the
    /// reminder has ended.
    public func occurrence(after instant: Date, in timeZone: TimeZone) -> Date? {
        guard let next = RecurrenceExpander(rule: rule, start: start, timeZone: timeZone).firstOccurrence(after: instant) else { return nil }
        if let endedAt, next >= endedAt { return nil }
        return next
    }

    /// The start a reminder made at `now` takes when no `--from` is given: `now`, unless the
    /// rule steps in elapsed time from its start alone (`every 90m`), whose first occurrence would
    /// then be the moment of making it, which is never shown; such a rule starts one step later,
    /// so `--count N` means N reminders that are shown. `explain` and `remind every` both ask here.
    public static func implicitStart(of rule: RecurrenceRule, madeAt now: Date) -> Date {
        guard rule.frequency < .daily, rule.isAnchoredOnStartAlone else { return now }
        return now.addingTimeInterval(TimeInterval(rule.interval) * rule.frequency.stepSeconds)
    }
}
