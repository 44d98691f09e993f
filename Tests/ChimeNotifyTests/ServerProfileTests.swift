@testable import ChimeBubbleText
@testable import ChimeNotify
import Testing

/// The one table of what each server is sent, with the capabilities the real servers report.
struct ServerProfileTests {
    static let dunst = ["actions", "body", "body-hyperlinks", "body-markup", "icon-static", "x-dunst-stack-tag"]
    static let notifyOSD = [
        "body", "body-markup", "icon-static", "image/svg+xml", "x-canonical-private-synchronous", "x-canonical-append",
        "x-canonical-private-icon-only", "x-canonical-truncation", "private-synchronous", "append", "private-icon-only", "truncation",
    ]
    static let notificationDaemon = ["actions", "body", "body-hyperlinks", "body-markup", "icon-static", "sound", "persistence", "action-icons"]

    @Test func dunstGetsEverything() {
        let profile = ServerProfile(name: "dunst", capabilities: Self.dunst)
        #expect(profile == ServerProfile(name: "dunst", capabilities: Self.dunst))
        #expect(profile.bodyMarkup && profile.actions && profile.persistentBubbles)
        #expect(profile.stackTag == "x-dunst-stack-tag")
        #expect(profile.timeout(for: .never) == 0)
        #expect(profile.timeout(for: .serverDefault) == -1)
        #expect(profile.timeout(for: .milliseconds(5000)) == 5000)
    }

    @Test func notifyOSDGetsNoPersistentBubbleAndNoActions() {
        let profile = ServerProfile(name: "notify-osd", capabilities: Self.notifyOSD)
        #expect(!profile.actions)
        #expect(!profile.persistentBubbles)
        #expect(profile.timeout(for: .never) == -1)
        #expect(profile.stackTag == nil)
        #expect(profile.bodyMarkup)
        // Even if a version advertised actions, they would still make a dialog.
        #expect(!ServerProfile(name: "notify-osd", capabilities: Self.notifyOSD + ["actions"]).actions)
    }

    @Test func otherServersFollowTheirCapabilities() {
        let profile = ServerProfile(name: "Notification Daemon", capabilities: Self.notificationDaemon)
        #expect(profile.actions && profile.persistentBubbles && profile.bodyMarkup)
        #expect(profile.stackTag == nil)
        let plain = ServerProfile(name: "some server", capabilities: ["body"])
        #expect(!plain.bodyMarkup && !plain.actions)
        #expect(plain.timeout(for: .never) == 0)
    }

    @Test func eachServerTellsDoNotDisturbWhereItKeepsIt() {
        #expect(ServerProfile(name: "dunst", capabilities: Self.dunst).doNotDisturb == .property(interface: "org.dunstproject.cmd0", name: "paused"))
        #expect(ServerProfile(name: "Plasma", capabilities: []).doNotDisturb == .property(interface: "org.freedesktop.Notifications", name: "Inhibited"))
        #expect(ServerProfile(name: "mako", capabilities: []).doNotDisturb == .modes(mode: "do-not-disturb"))
        #expect(ServerProfile(name: "gnome-shell", capabilities: []).doNotDisturb == .bannerSetting(schema: "org.gnome.desktop.notifications", key: "show-banners"))
        // A desktop's setting counts only while its own server serves: GNOME's schema installed
        // beside dunst says nothing about dunst.
        #expect(ServerProfile(name: "Notification Daemon", capabilities: Self.notificationDaemon).doNotDisturb == nil)
    }
}
