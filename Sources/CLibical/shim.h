#ifndef CHIME_CLIBICAL_SHIM_H
#define CHIME_CLIBICAL_SHIM_H
// libical, the RFC 5545 reference implementation, for reading iCalendar files (ChimeCalendar).
// Declarations only: CLibicalLoader defines the functions called and loads libical on the first.
#include <libical/ical.h>

/* Why: `icalerrno` is a macro that dereferences icalerrno_return(); Swift imports no macros.
   libical keeps the code per thread, so reading it right after a call is safe. */
static inline icalerrorenum chime_ical_errno(void) {
    return icalerrno;
}

#endif
