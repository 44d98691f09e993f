#ifndef CHIME_CLIBRARY_LOADER_H
#define CHIME_CLIBRARY_LOADER_H
// A C library loaded with dlopen on its first use instead of linked: what CSQLite, CDBus and
// CLibicalLoader share. Linking a library makes the loader map it and bind its symbols at every
// start of the program, whether or not the run uses it.
#include <pthread.h>
#include <stddef.h>

/// One library, its functions' names and the addresses taken from it (zeroed until loaded).
/// Defined once per library, statically (CHIME_LIBRARY).
struct chime_library {
    /// The soname dlopen is given (`libsqlite3.so.0`).
    const char *soname;
    /// The functions taken, in the order of `pointers`.
    const char *const *names;
    void **pointers;
    size_t count;
    pthread_mutex_t lock;
    /// 1 once loaded, -1 once it failed, 0 before the first attempt.
    int state;
    char failure[512];
};

/// A library `soname` whose functions `names` go to `pointers` (arrays of the same length).
#define CHIME_LIBRARY(soname, names, pointers) \
    { soname, names, pointers, sizeof(names) / sizeof((names)[0]), PTHREAD_MUTEX_INITIALIZER, 0, { 0 } }

/// Loads `library` and takes every function's address; the first call does the work, later ones
/// give its outcome. Returns 0 when loaded, else -1 with `*reason` (when not NULL) set to the
/// loader's text: dlerror's, or the function the library lacks. The handle is never closed.
int chime_library_load(struct chime_library *library, const char **reason);

/// Loads `library` before a forwarded call, or stops the process saying why. Code that means to
/// report a missing library calls chime_library_load first; reaching a call without it is a bug,
/// better stopped with the reason than a call through a NULL pointer.
void chime_library_require(struct chime_library *library);

#endif
