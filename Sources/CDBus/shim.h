#ifndef CHIME_CDBUS_SHIM_H
#define CHIME_CDBUS_SHIM_H
// libdbus-1's declarations, through which `chime doctor` asks the session bus about the
// notification server without GLib (ChimeBusProbe). Nothing here links libdbus: ChimeBusProbe
// loads it with dlopen when doctor first asks, because linking it loads it and the six libraries
// it needs (libsystemd, libgcrypt, ...) at every start of `chime`: 0.85 ms of processor time,
// a third of a Foundation program's whole start. So each function is called through a pointer
// whose type comes from libdbus's own declaration (`chime_dbus_*_fn`).
//
// The D-Bus type codes are macros of character literals, which Swift does not import: each one
// used gets a typed constant here.
#include <dbus/dbus.h>

static const int chime_dbus_type_invalid = DBUS_TYPE_INVALID;
static const int chime_dbus_type_string = DBUS_TYPE_STRING;
static const int chime_dbus_type_boolean = DBUS_TYPE_BOOLEAN;
static const int chime_dbus_type_array = DBUS_TYPE_ARRAY;
static const int chime_dbus_type_variant = DBUS_TYPE_VARIANT;
static const int chime_dbus_type_struct = DBUS_TYPE_STRUCT;

typedef __typeof__(&dbus_error_init) chime_dbus_error_init_fn;
typedef __typeof__(&dbus_error_free) chime_dbus_error_free_fn;
typedef __typeof__(&dbus_error_is_set) chime_dbus_error_is_set_fn;
typedef __typeof__(&dbus_free) chime_dbus_free_fn;
typedef __typeof__(&dbus_connection_open_private) chime_dbus_connection_open_private_fn;
typedef __typeof__(&dbus_connection_set_exit_on_disconnect) chime_dbus_connection_set_exit_on_disconnect_fn;
typedef __typeof__(&dbus_bus_register) chime_dbus_bus_register_fn;
typedef __typeof__(&dbus_connection_close) chime_dbus_connection_close_fn;
typedef __typeof__(&dbus_connection_unref) chime_dbus_connection_unref_fn;
typedef __typeof__(&dbus_connection_get_server_id) chime_dbus_connection_get_server_id_fn;
typedef __typeof__(&dbus_connection_send_with_reply_and_block) chime_dbus_connection_send_with_reply_and_block_fn;
typedef __typeof__(&dbus_message_new_method_call) chime_dbus_message_new_method_call_fn;
typedef __typeof__(&dbus_message_unref) chime_dbus_message_unref_fn;
typedef __typeof__(&dbus_message_iter_init_append) chime_dbus_message_iter_init_append_fn;
typedef __typeof__(&dbus_message_iter_append_basic) chime_dbus_message_iter_append_basic_fn;
typedef __typeof__(&dbus_message_iter_init) chime_dbus_message_iter_init_fn;
typedef __typeof__(&dbus_message_iter_get_arg_type) chime_dbus_message_iter_get_arg_type_fn;
typedef __typeof__(&dbus_message_iter_get_basic) chime_dbus_message_iter_get_basic_fn;
typedef __typeof__(&dbus_message_iter_next) chime_dbus_message_iter_next_fn;
typedef __typeof__(&dbus_message_iter_recurse) chime_dbus_message_iter_recurse_fn;

#endif
