import ChimeCore

/// The actions a Chime notification can offer, as the keys sent to the server and reported back.
///
/// The daemon matches on these when an ``NotifierEvent/actionInvoked(identifier:action:)``
/// arrives; the raw values are what travels over D-Bus.
public enum ActionKey: String, Hashable, Sendable, Codable, CaseIterable {
    /// "End fast": stop the session whose fast just completed.
    case endFast = "end-fast"
    /// "Extend 1 h": make the fast that just completed one hour longer.
    case extendOneHour = "extend-1h"
    /// "Drank 250 ml": log the water reminder's amount and reschedule.
    case drank
    /// "Snooze 15 min" on a water reminder.
    case snoozeFifteenMinutes = "snooze-15m"
    /// "Snooze 10 min" on a reminder or calendar alarm shown before the `snooze` setting: its
    /// bubble may still be on screen after an upgrade.
    case snoozeTenMinutes = "snooze-10m"
    /// "Snooze" on a reminder or calendar alarm: by the `snooze` setting (``SnoozeSetting``).
    case snooze
    /// "Done" on a reminder set with `--nag`: acknowledged, it stops coming back.
    case done
    /// "Skip this fast" on a fast of a schedule that starts: that fast is skipped, the schedule
    /// goes on.
    case skipFast = "skip-fast"
    /// "Dismiss" on a calendar alarm: as `chime cancel` of it (the calendar's file is not touched).
    case dismiss
    /// "Open" on a calendar alarm whose item has an http(s) link: the link is opened with
    /// `xdg-open` and the alarm dismissed.
    case openLink = "open"
    // No `default` (a click on the bubble itself): nothing would do for it what the user
    // expects of every kind (a click that logs a glass or ends a fast by accident is worse), and
    // xfce4-notifyd draws it as a visible button; a server just dismisses a clicked bubble then.

    /// How long a snooze action postpones the request, or `nil` for other actions.
    public var snoozeDuration: TimeSpan? {
        switch self {
        case .snoozeFifteenMinutes: return .minutes(15)
        case .snoozeTenMinutes: return .minutes(10)
        case .endFast, .extendOneHour, .drank, .done, .skipFast, .dismiss, .openLink, .snooze: return nil
        }
    }

    /// How much longer an extend action makes the fast, or `nil` for other actions.
    public var fastExtension: TimeSpan? {
        self == .extendOneHour ? .hours(1) : nil
    }
}

/// An action button on a notification: the key reported back and the label the user reads.
public struct NotificationAction: Hashable, Sendable {
    /// What the daemon receives when the user picks it.
    public var key: ActionKey
    /// The button text, in the notification's language.
    public var label: String

    /// Makes an action.
    public init(key: ActionKey, label: String) {
        self.key = key
        self.label = label
    }
}
