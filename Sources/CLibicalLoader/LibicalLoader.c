// The forwarders and the loader declared in CLibicalLoader.h.
//
// The forwarders are hidden: exported from the executable, they would take the place of
// libical's own functions in libical's calls to itself. (LIBICAL_ICAL_STATIC_DEFINE drops the
// header's default visibility, which would otherwise conflict with hidden.)
#define LIBICAL_ICAL_STATIC_DEFINE
#include <libical/ical.h>

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "CLibicalLoader.h"

/// libical's soname (stable since libical 3.0).
static const char library_name[] = "libical.so.3";

// One pointer per function, filled by load_once.
#define CHIME_ICAL(type, name, parameters, arguments) static __typeof__(&name) loaded_##name;
#define CHIME_ICAL_VOID(name, parameters, arguments) static __typeof__(&name) loaded_##name;
#include "LibicalFunctions.h"
#undef CHIME_ICAL
#undef CHIME_ICAL_VOID

static pthread_once_t load_once_control = PTHREAD_ONCE_INIT;
/// NULL once loaded; else why not.
static const char *load_failure = "libical was never loaded";
static char load_failure_text[512];

/// The library handle is never closed: the pointers above live as long as the process.
static void load_once(void) {
    void *handle = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(load_failure_text, sizeof load_failure_text, "%s", reason != NULL ? reason : library_name);
        load_failure = load_failure_text;
        return;
    }
#define CHIME_ICAL_TAKE(name)                                                                     \
    loaded_##name = (__typeof__(&name))dlsym(handle, #name);                                     \
    if (loaded_##name == NULL) {                                                                  \
        snprintf(load_failure_text, sizeof load_failure_text, "%s has no %s", library_name, #name); \
        load_failure = load_failure_text;                                                         \
        return;                                                                                   \
    }
#define CHIME_ICAL(type, name, parameters, arguments) CHIME_ICAL_TAKE(name)
#define CHIME_ICAL_VOID(name, parameters, arguments) CHIME_ICAL_TAKE(name)
#include "LibicalFunctions.h"
#undef CHIME_ICAL
#undef CHIME_ICAL_VOID
#undef CHIME_ICAL_TAKE
    load_failure = NULL;
}

int chime_libical_load(const char **reason) {
    pthread_once(&load_once_control, load_once);
    if (load_failure == NULL) return 0;
    if (reason != NULL) *reason = load_failure;
    return -1;
}

/// Loads libical before a forwarded call. Code that means to report a missing libical calls
/// chime_libical_load first (ChimeCalendar's Libical.load); reaching a call without it is a bug,
/// which stops the process with the reason rather than calling through a NULL pointer.
static void require_loaded(void) {
    const char *reason = NULL;
    if (chime_libical_load(&reason) != 0) {
        fprintf(stderr, "libical could not be loaded: %s\n", reason);
        abort();
    }
}

#define CHIME_ICAL(type, name, parameters, arguments) \
    __attribute__((visibility("hidden"))) type name parameters { \
        require_loaded();                              \
        return loaded_##name arguments;                \
    }
#define CHIME_ICAL_VOID(name, parameters, arguments) \
    __attribute__((visibility("hidden"))) void name parameters { \
        require_loaded();                             \
        loaded_##name arguments;                      \
    }
#include "LibicalFunctions.h"
#undef CHIME_ICAL
#undef CHIME_ICAL_VOID
