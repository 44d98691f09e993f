import CLibNotify
import Foundation

/// The process's connection to the D-Bus session bus (GIO's shared one, which libnotify uses
/// too), or to the system bus (``init(systemBus:)``: logind), owned on the main-loop thread.
///
/// Only this type decides whether there is a bus at all: without an address it reports
/// `nil` instead of letting GIO autolaunch a new bus (and a notification server) through
/// `dbus-launch`.
final class SessionBus {
    /// The well-known name of the notification server.
    static let notificationsName = "org.freedesktop.Notifications"
    static let notificationsPath = "/org/freedesktop/Notifications"

    /// The address GIO would use, when it would not need to autolaunch a bus.
    static func address(environment: [String: String]) -> String? {
        SessionBusAddress.find(environment: environment)
    }

    /// The address this connection was made to.
    let address: String
    private let connection: OpaquePointer
    private var subscriptions: [guint] = []
    private var filters: [guint] = []
    private var closedHandlerID: gulong = 0

    /// Connects (or reuses GIO's existing connection) to the session bus at `address`.
    convenience init(address: String) throws(GLibError) {
        try self.init(type: G_BUS_TYPE_SESSION, address: address)
    }

    /// Connects (or reuses GIO's existing connection) to the system bus: the one of
    /// `DBUS_SYSTEM_BUS_ADDRESS`, else the machine's. GIO never autolaunches a system bus; a
    /// missing one fails at once.
    convenience init(systemBus: Void) throws(GLibError) {
        let address = ProcessInfo.processInfo.environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? "unix:path=/run/dbus/system_bus_socket"
        try self.init(type: G_BUS_TYPE_SYSTEM, address: address)
    }

    private init(type: GBusType, address: String) throws(GLibError) {
        self.address = address
        let connection: OpaquePointer? = try GLibError.check { error in g_bus_get_sync(type, nil, error) }
        guard let connection else { throw GLibError(message: "no session bus connection") }
        guard g_dbus_connection_is_closed(connection) == 0 else {
            // GIO hands out its shared connection for as long as anyone holds it, even closed.
            g_object_unref(UnsafeMutableRawPointer(connection))
            throw GLibError(message: "the shared session bus connection is closed")
        }
        self.connection = connection
        // GIO's shared connection raises SIGTERM in the whole process when the bus goes away.
        // The daemon must survive a bus restart, and tests stop their private bus.
        g_dbus_connection_set_exit_on_close(connection, 0)
    }

    deinit {
        for subscription in subscriptions {
            g_dbus_connection_signal_unsubscribe(connection, subscription)
        }
        for filter in filters {
            g_dbus_connection_remove_filter(connection, filter)
        }
        // The shared connection outlives this owner when others hold it.
        if closedHandlerID != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(connection), closedHandlerID) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Runs `filter` on GDBus's worker thread for every message sent or received on this
    /// connection, until this owner is released; `destroy` frees `userData` once no filter call
    /// can use it any more (GDBus may still be running one when the filter is removed).
    func addFilter(_ filter: GDBusMessageFilterFunction, userData: UnsafeMutableRawPointer, destroy: GDestroyNotify) {
        filters.append(g_dbus_connection_add_filter(connection, filter, userData, destroy))
    }

    /// Calls `handler` (on the main-loop thread that asked) once the connection closes: the bus
    /// went away. The owner must then drop this object: GIO hands its closed shared connection to
    /// every later caller for as long as anyone holds it, so no new one could be made.
    func onClosed(_ handler: @escaping () -> Void) {
        if closedHandlerID != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(connection), closedHandlerID) }
        let box = Unmanaged.passRetained(ClosedHandler(handler)).toOpaque()
        closedHandlerID = chime_connection_connect_closed(
            connection,
            { _, _, _, userData in
                guard let userData else { return }
                Unmanaged<ClosedHandler>.fromOpaque(userData).takeUnretainedValue().handler()
            },
            box,
            { userData, _ in
                guard let userData else { return }
                Unmanaged<ClosedHandler>.fromOpaque(userData).release()
            }
        )
    }

    /// The bus's GUID, which a bus started anew never repeats (its unique names do recur).
    var guid: String {
        g_dbus_connection_get_guid(connection).map { String(cString: $0) } ?? ""
    }

    /// Whether the bus went away (the connection cannot be used again).
    var isClosed: Bool { g_dbus_connection_is_closed(connection) != 0 }

    /// The unique name of the process owning `name`, or `nil` when nobody owns it.
    ///
    /// `GetNameOwner`, like `NameHasOwner`, never starts a service; it also tells which process
    /// answers, so a restarted server is told apart from the one before it.
    func owner(of name: String, timeout: TimeInterval) throws(GLibError) -> String? {
        do {
            let reply = try call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                method: "GetNameOwner", parameters: chime_variant_new_string_tuple(name), replyType: "(s)", timeout: timeout
            )
            return reply.child(0).string
        } catch where error.meansNoServer {
            return nil
        }
    }

    /// Calls `method` and returns its reply (a tuple of `replyType`).
    ///
    /// Never starts a service (`NO_AUTO_START`): on a normal session bus, an activated server
    /// without a display crashes, and a server nobody asked for is not ours to start.
    func call(
        destination: String, path: String, interface: String, method: String,
        parameters: OpaquePointer? = nil, replyType: String, timeout: TimeInterval
    ) throws(GLibError) -> GVariantValue {
        let reply = try GLibError.check { error in
            // The type string must outlive the call: G_VARIANT_TYPE only casts the pointer.
            replyType.withCString { typeString in
                g_dbus_connection_call_sync(
                    connection, destination, path, interface, method, parameters, chime_variant_type(typeString),
                    G_DBUS_CALL_FLAGS_NO_AUTO_START, Self.milliseconds(timeout), nil, error
                )
            }
        }
        guard let reply else { throw GLibError(message: "\(method) returned no reply") }
        return GVariantValue(owning: reply)
    }

    /// Calls `handler` with the new owner (`nil`: none) whenever the owner of `name` changes.
    /// The handler runs on the main-loop thread that subscribed.
    @discardableResult
    func observeOwner(of name: String, handler: @escaping (String?) -> Void) -> guint {
        let box = Unmanaged.passRetained(OwnerChangeHandler(handler)).toOpaque()
        let subscription = g_dbus_connection_signal_subscribe(
            connection, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
            name, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, userData in
                guard let parameters, let userData else { return }
                let newOwner = GVariantValue(owning: g_variant_get_child_value(parameters, 2)).string
                Unmanaged<OwnerChangeHandler>.fromOpaque(userData).takeUnretainedValue().handler(newOwner.isEmpty ? nil : newOwner)
            },
            box,
            { userData in Unmanaged<OwnerChangeHandler>.fromOpaque(userData!).release() }
        )
        subscriptions.append(subscription)
        return subscription
    }

    /// Calls `handler` with the changed properties (`a{sv}`) and the names of those invalidated
    /// (changed, value not sent) whenever `sender` reports, by `PropertiesChanged` on `path`, a
    /// change of properties of `interface`. The handler runs on the main-loop thread that
    /// subscribed.
    @discardableResult
    func observeProperties(of sender: String, path: String, interface: String, handler: @escaping (GVariantValue, [String]) -> Void) -> guint {
        let box = Unmanaged.passRetained(PropertiesHandler(handler)).toOpaque()
        let subscription = g_dbus_connection_signal_subscribe(
            connection, sender, "org.freedesktop.DBus.Properties", "PropertiesChanged", path, interface, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, userData in
                guard let parameters, let userData else { return }
                let changed = GVariantValue(owning: g_variant_get_child_value(parameters, 1))
                let invalidated = GVariantValue(owning: g_variant_get_child_value(parameters, 2)).strings
                Unmanaged<PropertiesHandler>.fromOpaque(userData).takeUnretainedValue().handler(changed, invalidated)
            },
            box,
            { userData in Unmanaged<PropertiesHandler>.fromOpaque(userData!).release() }
        )
        subscriptions.append(subscription)
        return subscription
    }

    /// Calls `handler` with the arguments (a tuple) of every signal `member` of `interface` from
    /// `sender` (a unique or well-known name; any when `nil`), on any object. The handler runs on
    /// the main-loop thread that subscribed.
    @discardableResult
    func observeSignal(sender: String? = nil, interface: String, member: String, handler: @escaping (GVariantValue) -> Void) -> guint {
        let box = Unmanaged.passRetained(PropertiesHandler { arguments, _ in handler(arguments) }).toOpaque()
        let subscription = g_dbus_connection_signal_subscribe(
            connection, sender, interface, member, nil, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, userData in
                guard let parameters, let userData else { return }
                let arguments = GVariantValue(owning: g_variant_ref(parameters))
                Unmanaged<PropertiesHandler>.fromOpaque(userData).takeUnretainedValue().handler(arguments, [])
            },
            box,
            { userData in Unmanaged<PropertiesHandler>.fromOpaque(userData!).release() }
        )
        subscriptions.append(subscription)
        return subscription
    }

    /// Ends the subscription `subscription` (returned by an `observe` method) before the bus
    /// goes: for followers that live shorter than the connection.
    func unsubscribe(_ subscription: guint) {
        guard let index = subscriptions.firstIndex(of: subscription) else { return }
        subscriptions.remove(at: index)
        g_dbus_connection_signal_unsubscribe(connection, subscription)
    }

    /// The value of property `name` of `interface` of the object at `path` of `destination`.
    func property(_ name: String, of interface: String, at path: String, destination: String, timeout: TimeInterval) throws(GLibError) -> GVariantValue {
        try call(
            destination: destination, path: path, interface: "org.freedesktop.DBus.Properties", method: "Get",
            parameters: chime_variant_new_string_pair(interface, name), replyType: "(v)", timeout: timeout
        ).child(0)
    }

    /// `timeout` as the milliseconds GIO expects, at least 1.
    static func milliseconds(_ timeout: TimeInterval) -> Int32 {
        Int32(max(1, min(Double(Int32.max), (timeout * 1000).rounded(.up))))
    }

    private final class PropertiesHandler {
        let handler: (GVariantValue, [String]) -> Void
        init(_ handler: @escaping (GVariantValue, [String]) -> Void) { self.handler = handler }
    }

    private final class ClosedHandler {
        let handler: () -> Void
        init(_ handler: @escaping () -> Void) { self.handler = handler }
    }

    private final class OwnerChangeHandler {
        let handler: (String?) -> Void
        init(_ handler: @escaping (String?) -> Void) { self.handler = handler }
    }
}
