// The forwarders and the loader declared in CDBus.h.
//
// The forwarders are hidden: exported from the executable, they would take the place of
// libdbus's own functions in libdbus's calls to itself.
#include "CDBus.h"
#include "CLibraryLoader.h"

// Each function's place in `pointers`.
enum {
#define CHIME_DBUS(type, name, parameters, arguments) index_##name,
#define CHIME_DBUS_VOID(name, parameters, arguments) index_##name,
#include "DBusFunctions.h"
#undef CHIME_DBUS
#undef CHIME_DBUS_VOID
    function_count
};

static const char *const names[function_count] = {
#define CHIME_DBUS(type, name, parameters, arguments) #name,
#define CHIME_DBUS_VOID(name, parameters, arguments) #name,
#include "DBusFunctions.h"
#undef CHIME_DBUS
#undef CHIME_DBUS_VOID
};
static void *pointers[function_count];

/// libdbus's soname (stable since libdbus 1.0).
static struct chime_library dbus = CHIME_LIBRARY("libdbus-1.so.3", names, pointers);

int chime_dbus_load(const char **reason) {
    return chime_library_load(&dbus, reason);
}

#define CHIME_DBUS(type, name, parameters, arguments)                   \
    __attribute__((visibility("hidden"))) type name parameters {        \
        chime_library_require(&dbus);                                   \
        return ((__typeof__(&name))pointers[index_##name])arguments;    \
    }
#define CHIME_DBUS_VOID(name, parameters, arguments)                    \
    __attribute__((visibility("hidden"))) void name parameters {        \
        chime_library_require(&dbus);                                   \
        ((__typeof__(&name))pointers[index_##name])arguments;           \
    }
#include "DBusFunctions.h"
#undef CHIME_DBUS
#undef CHIME_DBUS_VOID
