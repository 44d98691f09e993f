#ifndef CHIME_CSQLITE_SHIM_H
#define CHIME_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
