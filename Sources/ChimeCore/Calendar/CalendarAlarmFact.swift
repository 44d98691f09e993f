import FoundationEssentials

/// One firing of a calendar alarm as Chime keys what happened to it: calendar, `UID`,
/// instance and the instant the calendar says it fires (whole seconds). Stable across edits
/// that change how its request identifier is written (an instance gaining a second alarm).
public struct CalendarFiringKey: Hashable, Sendable, CustomStringConvertible {
    /// The calendar's name.
    public let calendar: String
    /// The item's `UID`.
    public let uid: String
    /// The instance (``CalendarAlarmIdentity/instance``).
    public let instance: String
    /// When the calendar says it fires.
    public let trigger: Date

    /// Makes a key; `trigger` is taken to the whole second below.
    public init(calendar: String, uid: String, instance: String, trigger: Date) {
        self.calendar = calendar
        self.uid = uid
        self.instance = instance
        self.trigger = Date(timeIntervalSince1970: trigger.timeIntervalSince1970.rounded(.down))
    }

    /// The key of `firing`.
    public init(_ firing: CalendarAlarmFiring) {
        self.init(calendar: firing.calendar, uid: firing.instance.uid, instance: firing.instance.identifier, trigger: firing.triggerAt)
    }

    /// `work/<uid>/<instance>@<trigger>`, for logs.
    public var description: String {
        "\(calendar)/\(uid)/\(instance)@\(CalendarAlarmIdentity.basicUTCText(trigger))"
    }
}

/// What happened to one firing of a calendar alarm, kept in Chime's store (never in the
/// calendar, whose files are synced elsewhere): it was shown, dismissed, snoozed or missed.
/// A firing with a fact is never derived again; a later fact replaces an earlier one.
public struct CalendarAlarmFact: Hashable, Sendable {
    /// What became of the firing.
    public enum Outcome: String, Hashable, Sendable, CaseIterable {
        /// Its bubble was shown.
        case shown
        /// The user dismissed or cancelled it (Dismiss, Open, `chime cancel`).
        case dismissed
        /// The user snoozed it: its request comes again at ``CalendarAlarmFact/snoozedUntil``.
        case snoozed
        /// It could not be shown in time (downtime, the item already over).
        case missed
    }

    /// Which firing.
    public let key: CalendarFiringKey
    /// What became of it.
    public let outcome: Outcome
    /// Until when it is snoozed (``Outcome/snoozed`` only).
    public let snoozedUntil: Date?
    /// When it happened.
    public let at: Date

    /// Makes a fact.
    public init(key: CalendarFiringKey, outcome: Outcome, snoozedUntil: Date? = nil, at: Date) {
        self.key = key
        self.outcome = outcome
        self.snoozedUntil = outcome == .snoozed ? snoozedUntil : nil
        self.at = at
    }
}
