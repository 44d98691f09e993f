#ifndef CHIME_CLIBRARY_FORWARDERS_H
#define CHIME_CLIBRARY_FORWARDERS_H
// What CSQLite, CDBus and CLibicalLoader each define from the list of the functions Chime calls
// in its library: a function with each one's own name and prototype that loads the library on the
// first call (CLibraryLoader) and calls it through the address taken, so the Swift code calls the
// library by its own names and nothing links it.
//
// A list is an X-macro, `LIST(FUNCTION, VOID_FUNCTION, TAKEN)`, expanding to one entry a function:
//   FUNCTION(type, name, parameters, arguments)  forwarded, returning `type`;
//   VOID_FUNCTION(name, parameters, arguments)    forwarded, returning nothing;
//   TAKEN(name)                                   its address taken but not forwarded (a variadic
//                                                 function, called through CHIME_FORWARDED_POINTER).
// `parameters` are those of the library's declaration, `arguments` their names in parentheses.
#include "CLibraryLoader.h"

/// Defines, in the one .c file that includes the library's declarations and LIST:
/// `int chime_<prefix>_load(const char **reason)` (chime_library_load for this library, declared
/// in the target's public header) and the forwarders of LIST's functions, from `soname`.
///
/// The forwarders are hidden: exported from the executable, they would take the place of the
/// library's own functions in its calls to itself. The library's declarations must therefore not
/// give them default visibility (CDBus's DBUS_EXPORT, CLibicalLoader's LIBICAL_ICAL_STATIC_DEFINE).
/// Each forwarder has the declaration's prototype, so a list whose parameters differ from the
/// library's header does not compile.
#define CHIME_FORWARDED_LIBRARY(prefix, soname, LIST)                                           \
    /* Each function's place in `pointers`. */                                                  \
    enum { LIST(CHIME_FORWARDED_PLACE_, CHIME_FORWARDED_VOID_PLACE_, CHIME_FORWARDED_TAKEN_PLACE_) \
           function_count };                                                                    \
    static const char *const names[function_count] = {                                          \
        LIST(CHIME_FORWARDED_NAME_, CHIME_FORWARDED_VOID_NAME_, CHIME_FORWARDED_TAKEN_NAME_)    \
    };                                                                                          \
    static void *pointers[function_count];                                                      \
    static struct chime_library library = CHIME_LIBRARY(soname, names, pointers);              \
    int chime_##prefix##_load(const char **reason) {                                            \
        return chime_library_load(&library, reason);                                            \
    }                                                                                           \
    LIST(CHIME_FORWARDED_FUNCTION_, CHIME_FORWARDED_VOID_FUNCTION_, CHIME_FORWARDED_NOTHING_)

/// The address taken of `name`, typed as the library declares it. Only after
/// `chime_library_require(&library)`, in the file that used CHIME_FORWARDED_LIBRARY.
#define CHIME_FORWARDED_POINTER(name) ((__typeof__(&name))pointers[index_##name])

// The entries of each expansion of LIST; not for use elsewhere.
#define CHIME_FORWARDED_PLACE_(type, name, parameters, arguments) index_##name,
#define CHIME_FORWARDED_VOID_PLACE_(name, parameters, arguments) index_##name,
#define CHIME_FORWARDED_TAKEN_PLACE_(name) index_##name,
#define CHIME_FORWARDED_NAME_(type, name, parameters, arguments) #name,
#define CHIME_FORWARDED_VOID_NAME_(name, parameters, arguments) #name,
#define CHIME_FORWARDED_TAKEN_NAME_(name) #name,
#define CHIME_FORWARDED_FUNCTION_(type, name, parameters, arguments)   \
    __attribute__((visibility("hidden"))) type name parameters {       \
        chime_library_require(&library);                               \
        return CHIME_FORWARDED_POINTER(name) arguments;                \
    }
#define CHIME_FORWARDED_VOID_FUNCTION_(name, parameters, arguments)    \
    __attribute__((visibility("hidden"))) void name parameters {       \
        chime_library_require(&library);                               \
        CHIME_FORWARDED_POINTER(name) arguments;                       \
    }
#define CHIME_FORWARDED_NOTHING_(name)

#endif
