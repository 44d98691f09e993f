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
    /// How many notifications wait for room on a full notification server.
    public var waitingForRoom: Int
    /// What holds reminders once the settings are applied (`notify.dnd off` ignores the mode,
    /// `notify.away off` the lock).
    public var hold: WaterHold

    /// What `daemon`'s answer says with the store's `settings`; `nil` when it did not answer.
    public init?(daemon: DaemonAnswer?, settings: [String: String] = [:]) {
        guard case .answered(let status) = daemon else { return nil }
        doNotDisturb = status.doNotDisturb
        away = status.away
        heldCount = status.heldCount
        waitingForRoom = status.waitingForRoom
        hold = WaterHold(doNotDisturb: status.doNotDisturb, away: status.away, settings: settings)
    }

    /// `chime status`'s line about notifications waiting for room on a full server, or `nil`
    /// when none waits.
    public func roomLine(in language: UserLanguage) -> String? {
        guard waitingForRoom > 0 else { return nil }
        return (waitingForRoom == 1 ? CommandText.waitingForRoomOne : CommandText.waitingForRoomMany).text(language, ["count": String(waitingForRoom)])
    }

    /// `chime status`'s line about it in `language`, or `nil` when there is nothing to say
    /// (nothing holds, none held).
    public func line(in language: UserLanguage) -> String? {
        let count = ["count": String(heldCount)]
        if hold.away { return CommandText.holdAway.text(language, count) }
        if hold.doNotDisturb { return CommandText.holdDoNotDisturb.text(language, count) }
        if doNotDisturb { return CommandText.doNotDisturbIgnored.text(language) }
        if away { return CommandText.awayIgnored.text(language) }
        guard heldCount > 0 else { return nil }
        return (heldCount == 1 ? CommandText.heldOne : CommandText.heldMany).text(language, count)
    }
}
