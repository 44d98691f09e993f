import ChimeCore
import ChimeNotify

/// The urgency the user chose for each kind of notification (`chime config set
/// notify.urgency.water critical`), as the store's settings hold it; read at each delivery, so
/// a change applies to the next notification.
public struct UrgencySettings: Hashable, Sendable {
    /// The setting for fasting notifications: start, end, nudges and the eating window.
    public static let fastKey = "notify.urgency.fast"
    /// The setting for water reminders.
    public static let waterKey = "notify.urgency.water"
    /// The setting for one-off reminders.
    public static let reminderKey = "notify.urgency.reminder"

    private var chosen: [String: RenderedNotification.Urgency] = [:]

    /// The urgencies named in `settings` (the store's settings); a value that names no urgency
    /// is ignored, and its kinds keep their own.
    public init(settings: [String: String]) {
        for key in [Self.fastKey, Self.waterKey, Self.reminderKey] {
            chosen[key] = settings[key].flatMap(RenderedNotification.Urgency.init(name:))
        }
    }

    /// The setting that decides the urgency of `kind`.
    public static func key(for kind: RequestKind) -> String {
        switch kind {
        case .fastStart, .fastEnd, .fastNudge, .eatingEnd: return fastKey
        case .water: return waterKey
        // A calendar alarm carries its own urgency (critical for PRIORITY 1); this is never read for it.
        case .reminder, .calendarAlarm: return reminderKey
        }
    }

    /// The urgency chosen for `kind`, or `nil` when the user chose none.
    public func urgency(for kind: RequestKind) -> RenderedNotification.Urgency? {
        chosen[Self.key(for: kind)]
    }

    /// The urgency to send `request` with: the one it asked for itself (a reminder set with
    /// `--urgency`, ``ContentArgument/urgency``), else its kind's setting; `nil` when neither says.
    public func urgency(for request: NotificationRequest) -> RenderedNotification.Urgency? {
        request.content.arguments[ContentArgument.urgency].flatMap(RenderedNotification.Urgency.init(name:)) ?? urgency(for: request.kind)
    }
}
