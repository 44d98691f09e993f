/// What a notification server is sent, decided in one place from its name and capabilities:
/// markup or plain text, buttons, how long bubbles stay, and which hints go along.
///
/// Capabilities say what a server can do; a few servers do something else with what they
/// accept. Those are listed by the name they report (`GetServerInformation`) in ``quirks``, so
/// a new one is one line of data rather than a branch in the sending code.
package struct ServerProfile: Hashable, Sendable {
    /// Something a server is known to do that its capabilities do not tell.
    package enum Quirk: Hashable, Sendable {
        /// A bubble that never expires (timeout 0) becomes a dialog with id 0 that can be
        /// neither replaced nor closed: notify-osd's Cancel/OK dialogs outlived `fast stop`.
        case persistentBubbleBecomesDialog
        /// Actions turn the bubble into such a dialog, whatever the capabilities say.
        case actionsBecomeDialog
        /// In do-not-disturb mode it answers every Notify but draws only critical bubbles, and
        /// the others are gone for good (xfce4-notifyd 0.7: nothing shows, even after the mode).
        case discardsBubblesInDoNotDisturb
    }

    /// The servers whose behaviour differs from what their capabilities promise, by name.
    package static let quirks: [String: Set<Quirk>] = [
        "notify-osd": [.persistentBubbleBecomesDialog, .actionsBecomeDialog],
        xfceName: [.discardsBubblesInDoNotDisturb],
    ]

    /// The name xfce4-notifyd reports.
    package static let xfceName = "Xfce Notify Daemon"

    /// Where each server tells whether it is in do-not-disturb mode, by the name it reports.
    package static let doNotDisturbSources: [String: DoNotDisturbSource] = [
        "dunst": .property(interface: "org.dunstproject.cmd0", name: "paused"),
        "Plasma": .property(interface: "org.freedesktop.Notifications", name: "Inhibited"),
        "mako": .modes(mode: "do-not-disturb"),
        "gnome-shell": .bannerSetting(schema: "org.gnome.desktop.notifications", key: "show-banners"),
        xfceName: .xfconf(channel: "xfce4-notifyd", property: "/do-not-disturb"),
    ]

    /// The hint by which dunst replaces a bubble carrying the same value. (notify-osd's
    /// `x-canonical-private-synchronous` would also restyle the bubble as an on-screen display.)
    package static let stackTagHint = "x-dunst-stack-tag"

    /// Whether bodies go as markup (the server has `body-markup`); otherwise as plain text.
    package var bodyMarkup: Bool
    /// Whether buttons are offered (the server has `actions` and turns them into nothing odd).
    package var actions: Bool
    /// Whether a bubble may stay until dismissed; if not, it gets the server's own timeout.
    package var persistentBubbles: Bool
    /// The hint naming a bubble's stack, when the server has one (`x-dunst-stack-tag`).
    package var stackTag: String?
    /// Where the server says it is in do-not-disturb mode, if it does.
    package var doNotDisturb: DoNotDisturbSource?
    /// Whether the server lists the bubbles it closed (dunst's `NotificationListHistory`), so
    /// one dismissed while chimed was not running is not shown again in its place.
    package var listsClosedBubbles: Bool
    /// Whether bubbles other than critical ones sent during do-not-disturb are lost
    /// (``Quirk/discardsBubblesInDoNotDisturb``): they must wait for the mode to end.
    package var discardsBubblesInDoNotDisturb: Bool

    /// The profile of the server called `name` with `capabilities`.
    package init(name: String, capabilities: [String]) {
        let quirks = Self.quirks[name] ?? []
        bodyMarkup = capabilities.contains("body-markup")
        actions = capabilities.contains("actions") && !quirks.contains(.actionsBecomeDialog)
        persistentBubbles = !quirks.contains(.persistentBubbleBecomesDialog)
        stackTag = capabilities.contains(Self.stackTagHint) ? Self.stackTagHint : nil
        doNotDisturb = Self.doNotDisturbSources[name]
        listsClosedBubbles = name == "dunst"
        discardsBubblesInDoNotDisturb = quirks.contains(.discardsBubblesInDoNotDisturb)
    }

    /// The `expire_timeout` to send for `expiry`.
    package func timeout(for expiry: RenderedNotification.Expiry) -> Int32 {
        if expiry == .never, !persistentBubbles {
            return RenderedNotification.Expiry.serverDefault.timeout
        }
        return expiry.timeout
    }
}
