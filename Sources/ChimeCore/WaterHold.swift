import FoundationEssentials

/// When water reminders are held back instead of shown, and the rules around it: which
/// reminders, why (the server's do-not-disturb mode, a locked screen), what each setting turns
/// off, and when the next reminder comes after the user is back.
///
/// Water reminders are passive: piled up unseen, they would all come at once later, stale ones
/// included. So while a reason holds they are recorded as missed (one summary comes when the
/// last reason ends); fast notifications and reminders are time-sensitive and go out, except
/// to a server that would lose them (``defers(_:isCritical:serverDiscardsBubbles:)``).
/// Pure: the caller says what it observed and passes the store's settings, read at each wake.
public struct WaterHold: Hashable, Sendable {
    /// The setting that makes the server's do-not-disturb mode count (`on`, the default, or `off`).
    public static let doNotDisturbSetting = "notify.dnd"
    /// The setting that makes a locked screen count (`on`, the default, or `off`).
    public static let awaySetting = "notify.away"

    /// Why a reminder held for do-not-disturb was not shown (its missed reason).
    public static let heldForDoNotDisturb = "held: do not disturb"
    /// Why a reminder held while the screen was locked was not shown.
    public static let heldWhileAway = "held: away"

    /// Whether the server's do-not-disturb mode holds reminders (observed and not turned off).
    public var doNotDisturb: Bool
    /// Whether a locked screen holds reminders (observed and not turned off).
    public var away: Bool

    /// What holds, given what was observed and `settings` (the store's): a setting `off` makes
    /// its observation count for nothing.
    public init(doNotDisturb: Bool, away: Bool, settings: [String: String]) {
        self.doNotDisturb = doNotDisturb && Self.isOn(settings[Self.doNotDisturbSetting])
        self.away = away && Self.isOn(settings[Self.awaySetting])
    }

    /// Whether a setting's stored text leaves the behaviour on: anything but `off`, a missing
    /// setting included (both are on by default).
    public static func isOn(_ stored: String?) -> Bool {
        stored?.lowercased() != "off"
    }

    /// Whether anything holds reminders now.
    public var isHolding: Bool { doNotDisturb || away }

    /// Whether `request` is held now: a water reminder while a reason holds. Its own summary
    /// and every other kind go out.
    public func holds(_ request: NotificationRequest) -> Bool {
        isHolding && request.content.template == .waterReminder
    }

    /// Why a request waits for the end of do-not-disturb (its last error while it waits).
    public static let waitingForDoNotDisturb = "waiting: do not disturb"
    /// How often a request waiting for the end of do-not-disturb is looked at again, in case
    /// that end was not seen (it is sent at once when it is).
    public static let doNotDisturbRecheck: TimeInterval = 300

    /// Whether `request` waits for do-not-disturb to end instead of going out now: the mode
    /// holds, and the server discards what it does not show then (xfce4-notifyd draws only
    /// critical bubbles in the mode and loses the others for good), so every request that is
    /// not held and not critical would be lost. It goes out when the mode ends, saying how late
    /// it is. A server that keeps bubbles for later (dunst, GNOME, KDE) gets them at once.
    public func defers(_ request: NotificationRequest, isCritical: Bool, serverDiscardsBubbles: Bool) -> Bool {
        doNotDisturb && serverDiscardsBubbles && !isCritical && !holds(request)
    }

    /// The missed reason recorded for a reminder held now (away first: the user is not there
    /// to see anything).
    public var reason: String {
        away ? Self.heldWhileAway : Self.heldForDoNotDisturb
    }

    /// The one bubble standing for `count` water reminders held meanwhile, `latest` the last of
    /// them (its schedule and the day's progress go into it), due `now`: never stored, no
    /// buttons, never shown late.
    public static func summary(count: Int, latest: NotificationRequest, now: Date) -> NotificationRequest {
        var arguments = [ContentArgument.count: String(count)]
        arguments[ContentArgument.consumed] = latest.content.arguments[ContentArgument.consumed]
        arguments[ContentArgument.goal] = latest.content.arguments[ContentArgument.goal]
        return NotificationRequest(
            identifier: latest.group.isEmpty ? "water/held" : "water/\(latest.group)/held",
            group: latest.group, kind: .water, due: now, tolerance: 0,
            content: NotificationContent(template: .waterHeld, arguments: arguments),
            misfirePolicy: .drop
        )
    }

    /// The plan that, when the user is back at `returned` (the screen unlocked), makes the next
    /// reminder of `schedule` due one interval after `returned` (inside the window, outside a
    /// pause, unless the day's goal is met): as if a glass of nothing had been drunk then, so the
    /// schedule's own rule (``WaterSchedule/nextReminder(after:intakes:timeZone:calendar:)``)
    /// places it, and the day's intake stays what it was. The schedule's pending reminder is
    /// replaced.
    public static func planAfterReturn(
        of schedule: WaterSchedule, at returned: Date, intakes: [WaterIntake], timeZone: TimeZone, calendar: Calendar,
        planner: FastingPlanner = FastingPlanner()
    ) -> ChangePlan {
        var plan = planner.configure(
            schedule, intakes: intakes + [WaterIntake(instant: returned, amountML: 0)], now: returned, timeZone: timeZone, calendar: calendar
        )
        // The schedule itself did not change: writing it again could bring back one removed.
        plan.schedules = []
        return plan
    }
}
