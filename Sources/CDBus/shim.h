#ifndef CHIME_CDBUS_SHIM_H
#define CHIME_CDBUS_SHIM_H
// libdbus-1, through which `chime` asks the session bus about the notification server without
// linking GLib (ChimeBusProbe). The D-Bus type codes are macros of character literals, which
// Swift does not import: each one used gets a typed constant here, prefixed `chime_`.
#include <dbus/dbus.h>

static const int chime_dbus_type_invalid = DBUS_TYPE_INVALID;
static const int chime_dbus_type_string = DBUS_TYPE_STRING;
static const int chime_dbus_type_boolean = DBUS_TYPE_BOOLEAN;
static const int chime_dbus_type_array = DBUS_TYPE_ARRAY;
static const int chime_dbus_type_variant = DBUS_TYPE_VARIANT;
static const int chime_dbus_type_struct = DBUS_TYPE_STRUCT;

#endif
