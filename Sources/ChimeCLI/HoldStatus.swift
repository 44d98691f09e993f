import ChimeControl
import ChimeCore

/// Whether `chimed` holds water reminders back right now (do-not-disturb, a locked screen), and
/// how many it holds, as `chime status` shows it in each format: from the daemon's answer
/// (nothing when it did not answer) and the store's settings.
public struct HoldStatus: Hashable, Sendable {
    /// Whether the notification server is in do-not-disturb mode.
    public var doNotDisturb: Bool
    /// Whether the user's session is locked.
    public var away: Bool
    /// How many water reminders were held and wait for their summary.
    public var heldCount: Int
    /// What holds reminders once the settings are applied (`notify.dnd off` ignores the mode,
    /// `notify.away off` the lock).
    public var hold: WaterHold

    /// What `daemon`'s answer says with the store's `settings`; `nil` when it did not answer.
    public init?(daemon: DaemonAnswer?, settings: [String: String] = [:]) {
        guard case .answered(let status) = daemon else { return nil }
        doNotDisturb = status.doNotDisturb
        away = status.away
        heldCount = status.heldCount
        hold = WaterHold(doNotDisturb: status.doNotDisturb, away: status.away, settings: settings)
    }

    /// `chime status`'s line about it, or `nil` when there is nothing to say (nothing holds, none held).
    public var line: String? {
        if hold.away {
            return "The screen is locked: water reminders are held (\(heldCount) so far), one summary comes when it is unlocked"
        }
        if hold.doNotDisturb {
            return "Do not disturb is on: water reminders are held (\(heldCount) so far), one summary comes when it ends"
        }
        if doNotDisturb {
            return "Do not disturb is on; water reminders are shown anyway (notify.dnd is off)"
        }
        if away {
            return "The screen is locked; water reminders are shown anyway (notify.away is off)"
        }
        guard heldCount > 0 else { return nil }
        return (heldCount == 1 ? "1 water reminder held" : "\(heldCount) water reminders held") + ", waiting for their summary"
    }
}
