import CDBus

/// A libdbus call that failed: the D-Bus error name when the bus or the peer gave one
/// (`org.freedesktop.DBus.Error.NameHasNoOwner`), and its message.
public struct BusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The D-Bus error name, or `nil` when libdbus failed without one (out of memory).
    public let name: String?
    /// libdbus's or the peer's message.
    public let message: String

    /// Makes an error from its name and message.
    public init(name: String?, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { message }

    /// Whether nobody owns the name called (no notification server).
    var meansNoOwner: Bool {
        name == "org.freedesktop.DBus.Error.NameHasNoOwner" || name == "org.freedesktop.DBus.Error.ServiceUnknown"
    }

    /// Whether the peer did not answer within the timeout.
    var meansTimeout: Bool {
        name == "org.freedesktop.DBus.Error.NoReply" || name == "org.freedesktop.DBus.Error.Timeout"
    }

    /// Whether the connection to the bus is gone.
    var meansDisconnected: Bool {
        name == "org.freedesktop.DBus.Error.Disconnected"
    }

    /// Runs one libdbus call with a fresh `DBusError` and returns its result: the one place
    /// where libdbus's return codes are checked. `call` gives `nil` for a failure (a NULL
    /// pointer, a FALSE `dbus_bool_t`); the error libdbus set, if any, becomes the thrown value
    /// and is freed.
    static func check<Result>(
        _ what: @autoclosure () -> String, _ call: (UnsafeMutablePointer<DBusError>) -> Result?
    ) throws(BusError) -> Result {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let result = call(&error)
        if dbus_error_is_set(&error) != 0 {
            throw BusError(
                name: error.name.map { String(cString: $0) },
                message: error.message.map { String(cString: $0) } ?? "\(what()) failed"
            )
        }
        guard let result else { throw BusError(name: nil, message: "\(what()) failed (libdbus ran out of memory)") }
        return result
    }

    /// Checks a libdbus call that reports only success (a `dbus_bool_t`, FALSE when out of memory).
    static func check(_ what: @autoclosure () -> String, _ call: () -> dbus_bool_t) throws(BusError) {
        try check(what()) { _ in call() != 0 ? () : nil }
    }
}
