import CDBus

/// A private libdbus connection to one bus, registered on it, which makes blocking method
/// calls; the one owner of its `DBusConnection`, closed and released with it.
///
/// Private (not libdbus's shared connection for the address), so nothing else in the process
/// can use or keep it, and told not to exit the process when the bus goes away.
final class BusConnection {
    private let connection: OpaquePointer

    /// Connects to the bus at `address` (a D-Bus address such as `unix:path=/run/user/1000/bus`)
    /// and says hello to it, loading libdbus first if this is the first connection.
    init(address: String) throws(BusError) {
        try LibDBus.load()
        let opened = try BusError.check("connecting to \(address)") { error in dbus_connection_open_private(address, error) }
        dbus_connection_set_exit_on_disconnect(opened, 0)
        do throws(BusError) {
            try BusError.check("registering on the bus at \(address)") { error in
                dbus_bus_register(opened, error) != 0 ? () : nil
            }
        } catch {
            dbus_connection_close(opened)
            dbus_connection_unref(opened)
            throw error
        }
        connection = opened
    }

    deinit {
        // A private connection must be closed before its last reference goes.
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// The bus's GUID, which names this run of the bus (a new login starts a new one).
    var guid: String {
        guard let id = dbus_connection_get_server_id(connection) else { return "" }
        defer { dbus_free(id) }
        return String(cString: id)
    }

    /// Calls `method` of `interface` on `path` of `destination` with string `arguments`, and
    /// waits up to `timeout` seconds for the reply's arguments.
    func call(
        destination: String, path: String, interface: String, method: String, arguments: [String] = [], timeout: Double
    ) throws(BusError) -> [BusValue] {
        let request = try BusError.check("making the call \(interface).\(method)") { _ in
            dbus_message_new_method_call(destination, path, interface, method)
        }
        defer { dbus_message_unref(request) }
        var appender = DBusMessageIter()
        dbus_message_iter_init_append(request, &appender)
        for argument in arguments {
            try BusError.check("adding an argument to \(method)") {
                argument.withCString { text in
                    var pointer: UnsafePointer<CChar>? = text
                    return dbus_message_iter_append_basic(&appender, chime_dbus_type_string, &pointer)
                }
            }
        }
        let milliseconds = Int32(max(1, min(timeout * 1000, Double(Int32.max))))
        let reply = try BusError.check("calling \(interface).\(method) on \(destination)") { error in
            dbus_connection_send_with_reply_and_block(connection, request, milliseconds, error)
        }
        defer { dbus_message_unref(reply) }
        var reader = DBusMessageIter()
        guard dbus_message_iter_init(reply, &reader) != 0 else { return [] }
        return BusValue.readAll(&reader)
    }
}

// Used by one thread at a time: libdbus's connection is not shared between threads here.
@available(*, unavailable)
extension BusConnection: Sendable {}
