import Foundation

/// Lends the process's session bus variables to one test suite at a time.
///
/// libnotify and GIO find the session bus only through `DBUS_SESSION_BUS_ADDRESS` in the
/// process environment, and keep process-wide state (one proxy, one shared connection), so
/// in-process clients of different private buses must take turns: suites running their
/// notifier against their own environment do so inside ``with(_:_:)``.
public enum SessionBusLease {
    /// Runs `body` with `DBUS_SESSION_BUS_ADDRESS` and `DISPLAY` set to `environment`'s (or
    /// removed, for `nil`) and `XDG_RUNTIME_DIR` removed, after every earlier lease ended;
    /// restores the previous values after.
    public static func with<Result: Sendable>(
        _ environment: NotificationServerEnvironment?,
        _ body: () async throws -> Result
    ) async throws -> Result {
        await turns.acquire()
        let saved = variableNames.map { ($0, getenv($0).map { String(cString: $0) }) }
        for name in variableNames {
            if let value = environment?.variables[name] {
                setenv(name, value, 1)
            } else {
                unsetenv(name)
            }
        }
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
            Task { await turns.release() }
        }
        return try await body()
    }

    // XDG_RUNTIME_DIR too: without an address, GIO would find a bus in $XDG_RUNTIME_DIR/bus.
    private static let variableNames = ["DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "XDG_RUNTIME_DIR"]
    private static let turns = TurnQueue()

    /// A first-come, first-served lock for async code.
    private actor TurnQueue {
        private var busy = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func acquire() async {
            if !busy {
                busy = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            if waiting.isEmpty {
                busy = false
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}
