#ifndef CHIME_CLIBNOTIFY_SHIM_H
#define CHIME_CLIBNOTIFY_SHIM_H
// libnotify and the parts of GLib/GIO that ChimeNotify calls. Swift imports neither macros nor
// variadic functions, so each of those gets a small typed wrapper here, prefixed `chime_`.
#include <libnotify/notify.h>
#include <sys/prctl.h>
#include <gio/gio.h>

/// Handler for NotifyNotification's `closed` signal.
typedef void (*chime_closed_handler)(NotifyNotification *notification, gpointer user_data);

/// `g_signal_connect` is a macro over `g_signal_connect_data` that casts the handler to
/// GCallback; this keeps the handler's real type visible to Swift.
static inline gulong chime_notification_connect_closed(NotifyNotification *notification,
                                                       chime_closed_handler handler,
                                                       gpointer user_data,
                                                       GClosureNotify destroy_user_data) {
    return g_signal_connect_data(notification, "closed", G_CALLBACK(handler), user_data,
                                 destroy_user_data, (GConnectFlags)0);
}

/// Sets the `id` property (the server's notification id to replace). `g_object_set` is variadic
/// and G_TYPE_INT a macro, so the GValue is built here.
static inline void chime_notification_set_id(NotifyNotification *notification, gint id) {
    GValue value = G_VALUE_INIT;
    g_value_init(&value, G_TYPE_INT);
    g_value_set_int(&value, id);
    g_object_set_property(G_OBJECT(notification), "id", &value);
    g_value_unset(&value);
}

/// Reads the `id` property: the server's id after a successful show, 0 before or after close.
static inline gint chime_notification_get_id(NotifyNotification *notification) {
    GValue value = G_VALUE_INIT;
    g_value_init(&value, G_TYPE_INT);
    g_object_get_property(G_OBJECT(notification), "id", &value);
    gint id = g_value_get_int(&value);
    g_value_unset(&value);
    return id;
}

/// `G_VARIANT_TYPE` is a macro (a checked cast of a type string).
static inline const GVariantType *chime_variant_type(const gchar *type_string) {
    return G_VARIANT_TYPE(type_string);
}

/// The parameters `(s)` of a D-Bus call taking one string; `g_variant_new` is variadic.
static inline GVariant *chime_variant_new_string_tuple(const gchar *string) {
    return g_variant_new("(s)", string);
}

/// The parameters `(ss)` of a D-Bus call taking two strings (`Properties.Get`).
static inline GVariant *chime_variant_new_string_pair(const gchar *first, const gchar *second) {
    return g_variant_new("(ss)", first, second);
}

/// Handler for GSettings' `changed` signal (the key that changed).
typedef void (*chime_settings_changed_handler)(GSettings *settings, const gchar *key, gpointer user_data);

/// Connects `handler` to `signal` of `settings` (`changed::KEY`); `g_signal_connect` is a macro.
static inline gulong chime_settings_connect_changed(GSettings *settings, const gchar *signal,
                                                    chime_settings_changed_handler handler,
                                                    gpointer user_data,
                                                    GClosureNotify destroy_user_data) {
    return g_signal_connect_data(settings, signal, G_CALLBACK(handler), user_data,
                                 destroy_user_data, (GConnectFlags)0);
}

/// The parameters `(u)` of a D-Bus call taking one unsigned number (logind's `GetUser`).
static inline GVariant *chime_variant_new_uint32_tuple(guint32 number) {
    return g_variant_new("(u)", number);
}

/// Handler for GDBusConnection's `closed` signal (the bus went away, or the connection was closed).
typedef void (*chime_connection_closed_handler)(GDBusConnection *connection, gboolean remote_peer_vanished,
                                                GError *error, gpointer user_data);

/// Connects `handler` to the `closed` signal of `connection`; `g_signal_connect` is a macro.
static inline gulong chime_connection_connect_closed(GDBusConnection *connection,
                                                     chime_connection_closed_handler handler,
                                                     gpointer user_data,
                                                     GClosureNotify destroy_user_data) {
    return g_signal_connect_data(connection, "closed", G_CALLBACK(handler), user_data,
                                 destroy_user_data, (GConnectFlags)0);
}

/// `G_DBUS_ERROR`, `G_IO_ERROR`: macros over functions returning the error domains.
static inline GQuark chime_dbus_error_domain(void) { return G_DBUS_ERROR; }
static inline GQuark chime_io_error_domain(void) { return G_IO_ERROR; }

/// Names the calling thread (at most 15 bytes are kept): `prctl` is variadic, and
/// `pthread_setname_np` is hidden from Swift behind `_GNU_SOURCE`.
static inline int chime_name_current_thread(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0UL, 0UL, 0UL);
}

#endif
