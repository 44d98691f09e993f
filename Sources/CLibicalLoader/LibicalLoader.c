// The forwarders and the loader declared in CLibicalLoader.h (CLibraryForwarders.h says how).
//
// LIBICAL_ICAL_STATIC_DEFINE drops the header's default visibility, which would otherwise
// conflict with the hidden forwarders.
#define LIBICAL_ICAL_STATIC_DEFINE
#include <libical/ical.h>

#include "CLibicalLoader.h"
#include "CLibraryForwarders.h"
#include "LibicalFunctions.h"

/// libical's soname (stable since libical 3.0).
CHIME_FORWARDED_LIBRARY(libical, "libical.so.3", CHIME_LIBICAL_FUNCTIONS)
