import CDBus

/// A private libdbus connection to one bus, registered on it, which makes blocking method
/// calls; the one owner of its `DBusConnection`, closed and released with it.
///
/// Private (not libdbus's shared connection for the address), so nothing else in the process
/// can use or keep it, and told not to exit the process when the bus goes away.
final class BusConnection {
    private let connection: OpaquePointer
    private let library: LibDBus

    /// Connects to the bus at `address` (a D-Bus address such as `unix:path=/run/user/1000/bus`)
    /// and says hello to it, loading libdbus first if this is the first connection.
    init(address: String) throws(BusError) {
        let library = try LibDBus.shared.get()
        let opened = try BusError.check("connecting to \(address)", in: library) { error in library.connectionOpenPrivate(address, error) }
        library.connectionSetExitOnDisconnect(opened, 0)
        do throws(BusError) {
            try BusError.check("registering on the bus at \(address)", in: library) { error in
                library.busRegister(opened, error) != 0 ? () : nil
            }
        } catch {
            library.connectionClose(opened)
            library.connectionUnref(opened)
            throw error
        }
        connection = opened
        self.library = library
    }

    deinit {
        // A private connection must be closed before its last reference goes.
        library.connectionClose(connection)
        library.connectionUnref(connection)
    }

    /// The bus's GUID, which names this run of the bus (a new login starts a new one).
    var guid: String {
        guard let id = library.connectionGetServerID(connection) else { return "" }
        defer { library.free(id) }
        return String(cString: id)
    }

    /// Calls `method` of `interface` on `path` of `destination` with string `arguments`, and
    /// waits up to `timeout` seconds for the reply's arguments.
    func call(
        destination: String, path: String, interface: String, method: String, arguments: [String] = [], timeout: Double
    ) throws(BusError) -> [BusValue] {
        let request = try BusError.check("making the call \(interface).\(method)", in: library) { _ in
            library.messageNewMethodCall(destination, path, interface, method)
        }
        defer { library.messageUnref(request) }
        var appender = DBusMessageIter()
        library.iterInitAppend(request, &appender)
        for argument in arguments {
            try BusError.check("adding an argument to \(method)", in: library) {
                argument.withCString { text in
                    var pointer: UnsafePointer<CChar>? = text
                    return library.iterAppendBasic(&appender, chime_dbus_type_string, &pointer)
                }
            }
        }
        let milliseconds = Int32(max(1, min(timeout * 1000, Double(Int32.max))))
        let reply = try BusError.check("calling \(interface).\(method) on \(destination)", in: library) { error in
            library.connectionSendWithReplyAndBlock(connection, request, milliseconds, error)
        }
        defer { library.messageUnref(reply) }
        var reader = DBusMessageIter()
        guard library.iterInit(reply, &reader) != 0 else { return [] }
        return BusValue.readAll(&reader, with: library)
    }
}

// Used by one thread at a time: libdbus's connection is not shared between threads here.
@available(*, unavailable)
extension BusConnection: Sendable {}
