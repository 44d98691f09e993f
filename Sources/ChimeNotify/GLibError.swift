import CLibNotify

/// An error reported by GLib, GIO or libnotify through a `GError`, as a value.
struct GLibError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The error domain's name (`g-dbus-error-quark`, `g-io-error-quark`).
    let domain: String
    /// The code within the domain.
    let code: Int32
    /// GLib's message.
    let message: String
    /// The D-Bus error name when the other side replied with an error
    /// (`org.freedesktop.DBus.Error.ServiceUnknown`).
    let remoteName: String?

    /// Takes over `error` (frees it) and describes it.
    init(consuming error: UnsafeMutablePointer<GError>) {
        domain = String(cString: g_quark_to_string(error.pointee.domain))
        code = error.pointee.code
        message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        if let name = g_dbus_error_get_remote_error(error) {
            remoteName = String(cString: name)
            g_free(name)
        } else {
            remoteName = nil
        }
        g_error_free(error)
    }

    /// An error made on our side, for results GLib reports without a `GError`.
    init(message: String) {
        domain = "chime"
        code = 0
        self.message = message
        remoteName = nil
    }

    var description: String { message }

    /// The server or name is gone: `ServiceUnknown`, `NameHasNoOwner`, or a closed connection.
    var meansNoServer: Bool {
        if domain == Self.dbusDomain {
            return code == Int32(G_DBUS_ERROR_SERVICE_UNKNOWN.rawValue) || code == Int32(G_DBUS_ERROR_NAME_HAS_NO_OWNER.rawValue)
        }
        return false
    }

    /// The server does not know the notification id: notification-daemon answers
    /// `CloseNotification` of a bubble that is already gone (the user dismissed it) with
    /// `org.freedesktop.Notifications.InvalidId`, as the specification allows.
    var meansUnknownNotification: Bool {
        guard let remoteName else { return false }
        return remoteName.split(separator: ".").last == "InvalidId"
    }

    /// The server shows as many bubbles as it takes: notification-daemon answers a Notify beyond
    /// its 20 with `org.freedesktop.Notifications.Error.MaxNotificationsExceeded`.
    var meansServerFull: Bool {
        guard let remoteName else { return false }
        return remoteName.split(separator: ".").last == "MaxNotificationsExceeded"
    }

    /// The bus connection is closed.
    var meansConnectionClosed: Bool {
        domain == Self.ioDomain && code == Int32(G_IO_ERROR_CLOSED.rawValue)
    }

    /// No answer came in time.
    var meansTimeout: Bool {
        if domain == Self.ioDomain { return code == Int32(G_IO_ERROR_TIMED_OUT.rawValue) }
        if domain == Self.dbusDomain {
            return code == Int32(G_DBUS_ERROR_NO_REPLY.rawValue) || code == Int32(G_DBUS_ERROR_TIMEOUT.rawValue) || code == Int32(G_DBUS_ERROR_TIMED_OUT.rawValue)
        }
        return false
    }

    private static let dbusDomain = String(cString: g_quark_to_string(chime_dbus_error_domain()))
    private static let ioDomain = String(cString: g_quark_to_string(chime_io_error_domain()))

    /// The one checker for GLib calls that report failure through a `GError` out-parameter:
    /// runs `call`, and throws the error it set, or returns its result.
    static func check<Result>(_ call: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> Result) throws(GLibError) -> Result {
        var error: UnsafeMutablePointer<GError>?
        let result = call(&error)
        if let error { throw GLibError(consuming: error) }
        return result
    }
}
