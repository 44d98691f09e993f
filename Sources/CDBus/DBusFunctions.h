// Every libdbus function ChimeBusProbe calls: return type, name, libdbus's parameters, and the
// arguments passed on. A call to a function missing here fails to link (an undefined reference
// to it): add its line, with the parameters of its declaration in <dbus/dbus.h> (DBusLoader.c
// does not compile when they differ).
//
// Included by DBusLoader.c three times (places, names, forwarders), with CHIME_DBUS and
// CHIME_DBUS_VOID defined for each.

CHIME_DBUS(dbus_bool_t, dbus_bus_register, (DBusConnection* connection, DBusError* error), (connection, error))
CHIME_DBUS_VOID(dbus_connection_close, (DBusConnection* connection), (connection))
CHIME_DBUS(char*, dbus_connection_get_server_id, (DBusConnection* connection), (connection))
CHIME_DBUS(DBusConnection*, dbus_connection_open_private, (const char* address, DBusError* error), (address, error))
CHIME_DBUS(DBusMessage*, dbus_connection_send_with_reply_and_block, (DBusConnection* connection, DBusMessage* message, int timeout, DBusError* error), (connection, message, timeout, error))
CHIME_DBUS_VOID(dbus_connection_set_exit_on_disconnect, (DBusConnection* connection, dbus_bool_t exit), (connection, exit))
CHIME_DBUS_VOID(dbus_connection_unref, (DBusConnection* connection), (connection))
CHIME_DBUS_VOID(dbus_error_free, (DBusError* error), (error))
CHIME_DBUS_VOID(dbus_error_init, (DBusError* error), (error))
CHIME_DBUS(dbus_bool_t, dbus_error_is_set, (const DBusError* error), (error))
CHIME_DBUS_VOID(dbus_free, (void* memory), (memory))
CHIME_DBUS(dbus_bool_t, dbus_message_iter_append_basic, (DBusMessageIter* iter, int type, const void* value), (iter, type, value))
CHIME_DBUS(int, dbus_message_iter_get_arg_type, (DBusMessageIter* iter), (iter))
CHIME_DBUS_VOID(dbus_message_iter_get_basic, (DBusMessageIter* iter, void* value), (iter, value))
CHIME_DBUS(dbus_bool_t, dbus_message_iter_init, (DBusMessage* message, DBusMessageIter* iter), (message, iter))
CHIME_DBUS_VOID(dbus_message_iter_init_append, (DBusMessage* message, DBusMessageIter* iter), (message, iter))
CHIME_DBUS(dbus_bool_t, dbus_message_iter_next, (DBusMessageIter* iter), (iter))
CHIME_DBUS_VOID(dbus_message_iter_recurse, (DBusMessageIter* iter, DBusMessageIter* sub), (iter, sub))
CHIME_DBUS(DBusMessage*, dbus_message_new_method_call, (const char* destination, const char* path, const char* iface, const char* method), (destination, path, iface, method))
CHIME_DBUS_VOID(dbus_message_unref, (DBusMessage* message), (message))
