import CDBus
import Glibc

/// libdbus-1, loaded with `dlopen` the first time `chime doctor` asks the bus, and the functions
/// ChimeBusProbe calls, typed from libdbus's declarations (see the CDBus shim for why it is not
/// linked). Loaded once per process and never unloaded.
final class LibDBus: Sendable {
    /// The library's file name (its soname, stable since libdbus 1.0).
    static let fileName = "libdbus-1.so.3"

    /// The loaded library, or why it could not be loaded.
    static let shared: Result<LibDBus, BusError> = Result { () throws(BusError) in try LibDBus() }

    let errorInit: chime_dbus_error_init_fn
    let errorFree: chime_dbus_error_free_fn
    let errorIsSet: chime_dbus_error_is_set_fn
    let free: chime_dbus_free_fn
    let connectionOpenPrivate: chime_dbus_connection_open_private_fn
    let connectionSetExitOnDisconnect: chime_dbus_connection_set_exit_on_disconnect_fn
    let busRegister: chime_dbus_bus_register_fn
    let connectionClose: chime_dbus_connection_close_fn
    let connectionUnref: chime_dbus_connection_unref_fn
    let connectionGetServerID: chime_dbus_connection_get_server_id_fn
    let connectionSendWithReplyAndBlock: chime_dbus_connection_send_with_reply_and_block_fn
    let messageNewMethodCall: chime_dbus_message_new_method_call_fn
    let messageUnref: chime_dbus_message_unref_fn
    let iterInitAppend: chime_dbus_message_iter_init_append_fn
    let iterAppendBasic: chime_dbus_message_iter_append_basic_fn
    let iterInit: chime_dbus_message_iter_init_fn
    let iterGetArgType: chime_dbus_message_iter_get_arg_type_fn
    let iterGetBasic: chime_dbus_message_iter_get_basic_fn
    let iterNext: chime_dbus_message_iter_next_fn
    let iterRecurse: chime_dbus_message_iter_recurse_fn

    private init() throws(BusError) {
        guard let handle = dlopen(Self.fileName, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? Self.fileName
            throw BusError(name: nil, message: "cannot load \(Self.fileName) (\(reason)): install the Debian package libdbus-1-3")
        }
        func function<Function>(_ name: String, _: Function.Type) throws(BusError) -> Function {
            guard let address = dlsym(handle, name) else {
                throw BusError(name: nil, message: "\(Self.fileName) has no \(name): it is older than Chime needs")
            }
            return unsafeBitCast(address, to: Function.self)
        }
        errorInit = try function("dbus_error_init", chime_dbus_error_init_fn.self)
        errorFree = try function("dbus_error_free", chime_dbus_error_free_fn.self)
        errorIsSet = try function("dbus_error_is_set", chime_dbus_error_is_set_fn.self)
        free = try function("dbus_free", chime_dbus_free_fn.self)
        connectionOpenPrivate = try function("dbus_connection_open_private", chime_dbus_connection_open_private_fn.self)
        connectionSetExitOnDisconnect = try function("dbus_connection_set_exit_on_disconnect", chime_dbus_connection_set_exit_on_disconnect_fn.self)
        busRegister = try function("dbus_bus_register", chime_dbus_bus_register_fn.self)
        connectionClose = try function("dbus_connection_close", chime_dbus_connection_close_fn.self)
        connectionUnref = try function("dbus_connection_unref", chime_dbus_connection_unref_fn.self)
        connectionGetServerID = try function("dbus_connection_get_server_id", chime_dbus_connection_get_server_id_fn.self)
        connectionSendWithReplyAndBlock = try function(
            "dbus_connection_send_with_reply_and_block", chime_dbus_connection_send_with_reply_and_block_fn.self
        )
        messageNewMethodCall = try function("dbus_message_new_method_call", chime_dbus_message_new_method_call_fn.self)
        messageUnref = try function("dbus_message_unref", chime_dbus_message_unref_fn.self)
        iterInitAppend = try function("dbus_message_iter_init_append", chime_dbus_message_iter_init_append_fn.self)
        iterAppendBasic = try function("dbus_message_iter_append_basic", chime_dbus_message_iter_append_basic_fn.self)
        iterInit = try function("dbus_message_iter_init", chime_dbus_message_iter_init_fn.self)
        iterGetArgType = try function("dbus_message_iter_get_arg_type", chime_dbus_message_iter_get_arg_type_fn.self)
        iterGetBasic = try function("dbus_message_iter_get_basic", chime_dbus_message_iter_get_basic_fn.self)
        iterNext = try function("dbus_message_iter_next", chime_dbus_message_iter_next_fn.self)
        iterRecurse = try function("dbus_message_iter_recurse", chime_dbus_message_iter_recurse_fn.self)
    }
}
