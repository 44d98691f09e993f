#ifndef CHIME_CDBUS_H
#define CHIME_CDBUS_H
// libdbus-1, through which `chime doctor` asks the session bus about the notification server
// without GLib (ChimeBusProbe). Loaded with dlopen when doctor first asks, not linked: linking
// it loads it and the six libraries it needs (libsystemd, libgcrypt, ...) at every start of
// `chime`: 0.85 ms of processor time, a third of a Foundation program's whole start.
//
// This target defines every libdbus function ChimeBusProbe calls (DBusFunctions.h) with
// libdbus's own prototype, forwarding through a pointer taken from the loaded library
// (CLibraryLoader), so the Swift code calls libdbus by its own names and nothing links it.
//
// The D-Bus type codes are macros of character literals, which Swift does not import: each one
// used gets a typed constant here.
#include <dbus/dbus.h>

/// Loads libdbus and takes the address of every function ChimeBusProbe calls; the first call
/// does the work, later ones give its outcome. Returns 0 when loaded, else -1 with `*reason` set
/// to a static text (dlerror's, or `libdbus-1.so.3 has no <function>`).
int chime_dbus_load(const char **reason);

static const int chime_dbus_type_invalid = DBUS_TYPE_INVALID;
static const int chime_dbus_type_string = DBUS_TYPE_STRING;
static const int chime_dbus_type_boolean = DBUS_TYPE_BOOLEAN;
static const int chime_dbus_type_array = DBUS_TYPE_ARRAY;
static const int chime_dbus_type_variant = DBUS_TYPE_VARIANT;
static const int chime_dbus_type_struct = DBUS_TYPE_STRUCT;

#endif
