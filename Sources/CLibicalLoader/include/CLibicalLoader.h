#ifndef CHIME_CLIBICAL_LOADER_H
#define CHIME_CLIBICAL_LOADER_H
// Loads libical with dlopen, once per process, for ChimeCalendar. Linking libical would load it
// (1.5-2 ms of processor time) at every start of `chime` and chimed, although only the calendar
// commands, `export --format ics` and a chimed with a calendar read or write iCalendar.
//
// This target defines every libical function ChimeCalendar calls (LibicalFunctions.h) with
// libical's own prototype, forwarding through a pointer taken from the loaded library, so the
// Swift code calls libical by its own names and nothing links it.

/// Loads libical and takes the address of every function ChimeCalendar calls; the first call
/// does the work, later ones give its outcome. Returns 0 when loaded, else -1 with `*reason`
/// set to a static text (dlerror's, or the function the library lacks).
int chime_libical_load(const char **reason);

#endif
