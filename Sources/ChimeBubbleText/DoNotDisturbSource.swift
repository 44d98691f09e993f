/// Where a notification server keeps its do-not-disturb mode, and how chimed reads it (one
/// entry per server name in ``ServerProfile/doNotDisturbSources``).
public enum DoNotDisturbSource: Hashable, Sendable {
    /// A Boolean property of `interface` on `/org/freedesktop/Notifications`, announced with
    /// `PropertiesChanged`: dunst's `paused` (`dunstctl set-paused`), KDE Plasma's `Inhibited`.
    case property(interface: String, name: String)
    /// mako's `Modes` (an array of strings) of `fr.emersion.Mako` on `/fr/emersion/Mako`:
    /// on while it contains `mode`. mako announces a change by `PropertiesChanged` naming
    /// `Modes` as invalidated, without the value, so it is read again then.
    case modes(mode: String)
    /// A Boolean GSettings key that says whether banners are shown: GNOME Shell's
    /// `org.gnome.desktop.notifications show-banners`, false in do-not-disturb mode. Read
    /// only when the schema is installed.
    case bannerSetting(schema: String, key: String)
    /// A Boolean property of an xfconf channel, kept by `xfconfd` (`org.xfce.Xfconf` on the
    /// session bus: `GetProperty`, and the `PropertyChanged` and `PropertyRemoved` signals):
    /// xfce4-notifyd's `/do-not-disturb` of the channel `xfce4-notifyd`.
    case xfconf(channel: String, property: String)
}

/// What a probe found about the server's do-not-disturb mode, for `chime doctor`.
public struct DoNotDisturbReading: Hashable, Sendable {
    /// Where the server keeps it.
    public var source: DoNotDisturbSource
    /// Whether it could be read there (GNOME's schema is installed, xfconfd answers).
    public var isReadable: Bool
    /// Whether the mode is on, as read.
    public var isOn: Bool
    /// Whether the server loses the bubbles it does not show during the mode (xfce4-notifyd):
    /// chimed keeps them back until it ends.
    public var discardsBubbles: Bool

    /// Makes a reading.
    public init(source: DoNotDisturbSource, isReadable: Bool, isOn: Bool, discardsBubbles: Bool) {
        self.source = source
        self.isReadable = isReadable
        self.isOn = isOn
        self.discardsBubbles = discardsBubbles
    }
}
