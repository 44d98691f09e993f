// Every libdbus function ChimeBusProbe calls: return type, name, libdbus's parameters, and the
// arguments passed on. A call to a function missing here fails to link (an undefined reference
// to it): add its line, with the parameters of its declaration in <dbus/dbus.h> (DBusLoader.c
// does not compile when they differ).
//
// An X-macro list for CHIME_FORWARDED_LIBRARY (CLibraryForwarders.h), which DBusLoader.c
// expands.

#define CHIME_DBUS_FUNCTIONS(FUNCTION, VOID_FUNCTION, TAKEN) \
    FUNCTION(dbus_bool_t, dbus_bus_register, (DBusConnection* connection, DBusError* error), (connection, error)) \
    VOID_FUNCTION(dbus_connection_close, (DBusConnection* connection), (connection)) \
    FUNCTION(char*, dbus_connection_get_server_id, (DBusConnection* connection), (connection)) \
    FUNCTION(DBusConnection*, dbus_connection_open_private, (const char* address, DBusError* error), (address, error)) \
    FUNCTION(DBusMessage*, dbus_connection_send_with_reply_and_block, (DBusConnection* connection, DBusMessage* message, int timeout, DBusError* error), (connection, message, timeout, error)) \
    VOID_FUNCTION(dbus_connection_set_exit_on_disconnect, (DBusConnection* connection, dbus_bool_t exit), (connection, exit)) \
    VOID_FUNCTION(dbus_connection_unref, (DBusConnection* connection), (connection)) \
    VOID_FUNCTION(dbus_error_free, (DBusError* error), (error)) \
    VOID_FUNCTION(dbus_error_init, (DBusError* error), (error)) \
    FUNCTION(dbus_bool_t, dbus_error_is_set, (const DBusError* error), (error)) \
    VOID_FUNCTION(dbus_free, (void* memory), (memory)) \
    FUNCTION(dbus_bool_t, dbus_message_iter_append_basic, (DBusMessageIter* iter, int type, const void* value), (iter, type, value)) \
    FUNCTION(int, dbus_message_iter_get_arg_type, (DBusMessageIter* iter), (iter)) \
    VOID_FUNCTION(dbus_message_iter_get_basic, (DBusMessageIter* iter, void* value), (iter, value)) \
    FUNCTION(dbus_bool_t, dbus_message_iter_init, (DBusMessage* message, DBusMessageIter* iter), (message, iter)) \
    VOID_FUNCTION(dbus_message_iter_init_append, (DBusMessage* message, DBusMessageIter* iter), (message, iter)) \
    FUNCTION(dbus_bool_t, dbus_message_iter_next, (DBusMessageIter* iter), (iter)) \
    VOID_FUNCTION(dbus_message_iter_recurse, (DBusMessageIter* iter, DBusMessageIter* sub), (iter, sub)) \
    FUNCTION(DBusMessage*, dbus_message_new_method_call, (const char* destination, const char* path, const char* iface, const char* method), (destination, path, iface, method)) \
    VOID_FUNCTION(dbus_message_unref, (DBusMessage* message), (message))
