// The forwarders and the loader declared in CLibicalLoader.h.
//
// The forwarders are hidden: exported from the executable, they would take the place of
// libical's own functions in libical's calls to itself. (LIBICAL_ICAL_STATIC_DEFINE drops the
// header's default visibility, which would otherwise conflict with hidden.)
#define LIBICAL_ICAL_STATIC_DEFINE
#include <libical/ical.h>

#include "CLibicalLoader.h"
#include "CLibraryLoader.h"

// Each function's place in `pointers`.
enum {
#define CHIME_ICAL(type, name, parameters, arguments) index_##name,
#define CHIME_ICAL_VOID(name, parameters, arguments) index_##name,
#include "LibicalFunctions.h"
#undef CHIME_ICAL
#undef CHIME_ICAL_VOID
    function_count
};

static const char *const names[function_count] = {
#define CHIME_ICAL(type, name, parameters, arguments) #name,
#define CHIME_ICAL_VOID(name, parameters, arguments) #name,
#include "LibicalFunctions.h"
#undef CHIME_ICAL
#undef CHIME_ICAL_VOID
};
static void *pointers[function_count];

/// libical's soname (stable since libical 3.0).
static struct chime_library libical = CHIME_LIBRARY("libical.so.3", names, pointers);

int chime_libical_load(const char **reason) {
    return chime_library_load(&libical, reason);
}

#define CHIME_ICAL(type, name, parameters, arguments)                   \
    __attribute__((visibility("hidden"))) type name parameters {        \
        chime_library_require(&libical);                                \
        return ((__typeof__(&name))pointers[index_##name])arguments;    \
    }
#define CHIME_ICAL_VOID(name, parameters, arguments)                    \
    __attribute__((visibility("hidden"))) void name parameters {        \
        chime_library_require(&libical);                                \
        ((__typeof__(&name))pointers[index_##name])arguments;           \
    }
#include "LibicalFunctions.h"
#undef CHIME_ICAL
#undef CHIME_ICAL_VOID
