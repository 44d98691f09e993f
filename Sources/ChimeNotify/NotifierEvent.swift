import ChimeCore

/// Something the notification server reported without being asked.
public enum NotifierEvent: Hashable, Sendable {
    /// The user picked `action` on the bubble of the request `identifier`.
    case actionInvoked(identifier: String, action: ActionKey)
    /// The user picked `action` on a bubble of the request `identifier` that the server had
    /// reported closed but left on screen (notification-daemon does, with live buttons): a
    /// button of a closed bubble changes nothing.
    case actionOnClosedBubble(identifier: String, action: ActionKey)
    /// The bubble of the request `identifier`, shown under `serverID`, went away.
    case closed(identifier: String, serverID: UInt32, reason: CloseReason)
    /// The server showed `request` as `serverID` after its delivery had been answered as timed
    /// out (or busy): its answer came late, even after libnotify's own 25 s. The retry of the
    /// same request is answered with this id without a second bubble; a request cancelled or
    /// changed meanwhile should have the bubble closed.
    case answeredLate(request: NotificationRequest, serverID: UInt32)
    /// The server closed a bubble, Chime's or another application's (as far as it announces
    /// those): a server that was full (``DeliveryOutcome/serverFull``) has room again.
    case roomMade
    /// A different process now owns `org.freedesktop.Notifications` (the server restarted):
    /// every stored server id is stale, since a new server reuses small ids for other bubbles.
    case serverChanged
    /// A notification server owns `org.freedesktop.Notifications` again after none did:
    /// deliveries waiting for one can go now instead of waiting out their backoff.
    case serverAppeared
    /// The server's do-not-disturb mode went on (`true`) or off: dunst's `paused`, KDE's
    /// `Inhibited`, mako's `do-not-disturb` mode, GNOME's `show-banners` off (``ServerProfile``). Reported once for a server found with it on, and as off
    /// when a server in that mode goes away.
    case doNotDisturbChanged(Bool)
    /// The user's session was locked (`true`: nobody at the desk) or unlocked: logind's
    /// `LockedHint` or a screen saver's `ActiveChanged` (``LibNotifyNotifier/Configuration/followsPresence``).
    /// Reported once for a session found locked at start.
    case awayChanged(Bool)
}

/// Why a bubble went away, as the notification specification numbers it.
public enum CloseReason: UInt32, Hashable, Sendable {
    /// It expired.
    case expired = 1
    /// The user dismissed it.
    case dismissed = 2
    /// A `CloseNotification` call closed it (``Notifier/close(serverIDs:completion:)``).
    case closedByCall = 3
    /// The server gave no reason, or one the specification does not define.
    case undefined = 4

    /// The reason for the specification's number `code` (unknown numbers are ``undefined``).
    public init(code: UInt32) {
        self = CloseReason(rawValue: code) ?? .undefined
    }
}
