import ChimeTestSupport
import Testing

/// Gives a suite its own dunst (via scripts/notify-env.sh), started before its first test and
/// stopped after its last, and the process's session bus variables for that time.
struct NotificationServerScope: SuiteTrait, TestScoping {
    /// The environment of the suite running now.
    @TaskLocal static var current: NotificationServerEnvironment?

    /// Whether the server parses body markup (and says so in its capabilities).
    var bodyMarkup = true
    /// Which program serves.
    var server = NotificationServerEnvironment.Server.dunst

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let environment = try NotificationServerEnvironment.start(label: "tests", bodyMarkup: bodyMarkup, server: server)
        defer { environment.stop() }
        try await SessionBusLease.with(environment) {
            try await Self.$current.withValue(environment) {
                try await function()
            }
        }
    }

    /// The environment of the running suite (fails the test when there is none).
    static var environment: NotificationServerEnvironment {
        get throws { try #require(current, "the suite needs the .notificationServer trait") }
    }
}

extension Trait where Self == NotificationServerScope {
    /// Runs the suite against its own private dunst.
    static var notificationServer: Self { NotificationServerScope() }

    /// Runs the suite against its own private dunst that parses no markup.
    static var notificationServerWithoutMarkup: Self { NotificationServerScope(bodyMarkup: false) }

    /// Runs the suite against its own private notification-daemon (GNOME's reference server).
    static var notificationDaemon: Self { NotificationServerScope(server: .notificationDaemon) }

    /// Runs the suite against its own private notify-osd.
    static var notifyOSD: Self { NotificationServerScope(server: .notifyOSD) }
}
