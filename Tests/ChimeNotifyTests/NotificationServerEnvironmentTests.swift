import ChimeTestSupport
import Testing

/// The test environment picks the server the end-to-end suites run against from
/// `NOTIFY_ENV_SERVER`.
struct NotificationServerEnvironmentTests {
    typealias Server = NotificationServerEnvironment.Server

    @Test func theServerComesFromNotifyEnvServerAndDefaultsToDunst() throws {
        #expect(try Server.selected(environment: [:]) == .dunst)
        #expect(try Server.selected(environment: ["NOTIFY_ENV_SERVER": ""]) == .dunst)
        #expect(try Server.selected(environment: ["NOTIFY_ENV_SERVER": "notification-daemon"]) == .notificationDaemon)
        #expect(try Server.selected(environment: ["NOTIFY_ENV_SERVER": "plasma"]) == .plasma)
        #expect(try Server.selected(environment: ["NOTIFY_ENV_SERVER": "gnome-shell"]) == .gnomeShell)
        #expect(try Server.selected(environment: ["NOTIFY_ENV_SERVER": "xfce4-notifyd"]) == .xfce4Notifyd)
        #expect(try Server.selected(environment: ["NOTIFY_ENV_SERVER": "scripted"]) == .scripted)
    }

    @Test func anUnknownServerIsAnErrorNamingTheChoices() {
        let failure = #expect(throws: NotificationServerEnvironment.Failure.self) {
            try Server.selected(environment: ["NOTIFY_ENV_SERVER": "lxqt-notificationd"])
        }
        #expect(failure?.description.contains("NOTIFY_ENV_SERVER=lxqt-notificationd") == true)
        #expect(failure?.description.contains("notification-daemon") == true)
    }
}
