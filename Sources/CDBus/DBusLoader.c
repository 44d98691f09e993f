// The forwarders and the loader declared in CDBus.h (CLibraryForwarders.h says how).
#include "CDBus.h"
#include "CLibraryForwarders.h"
#include "DBusFunctions.h"

/// libdbus's soname (stable since libdbus 1.0).
CHIME_FORWARDED_LIBRARY(dbus, "libdbus-1.so.3", CHIME_DBUS_FUNCTIONS)
