import ChimeControl
import ChimeCore

/// Whether `chimed` holds water reminders back right now, and how many it holds, as `chime
/// status` shows it in each format: from the daemon's answer (nothing when it did not answer).
public struct HoldStatus: Hashable, Sendable {
    /// Whether the notification server is in do-not-disturb mode.
    public var doNotDisturb: Bool
    /// How many water reminders were held and wait for their summary.
    public var heldCount: Int
    /// What holds reminders once the settings are applied (`notify.dnd off` ignores the mode).
    public var hold: WaterHold

    /// What `daemon`'s answer says with the store's `settings`; `nil` when it did not answer.
    public init?(daemon: DaemonAnswer?, settings: [String: String] = [:]) {
        guard case .answered(let status) = daemon else { return nil }
        doNotDisturb = status.doNotDisturb
        heldCount = status.heldCount
        hold = WaterHold(doNotDisturb: status.doNotDisturb, away: false, settings: settings)
    }

    /// `chime status`'s line about it, or `nil` when there is nothing to say (no mode on, none held).
    public var line: String? {
        let held = heldCount == 1 ? "1 water reminder held" : "\(heldCount) water reminders held"
        if doNotDisturb, !hold.doNotDisturb {
            return "Do not disturb is on; water reminders are shown anyway (notify.dnd is off)"
        }
        if doNotDisturb {
            return "Do not disturb is on: water reminders are held (\(heldCount) so far), one summary comes when it ends"
        }
        return heldCount > 0 ? "\(held), waiting for their summary" : nil
    }
}
