// The forwarders and the loader declared in CSQLite.h (CLibraryForwarders.h says how).
#include "CSQLite.h"
#include "CLibraryForwarders.h"
#include "SQLiteFunctions.h"

/// SQLite 3's soname (libsqlite3-0).
CHIME_FORWARDED_LIBRARY(sqlite, "libsqlite3.so.0", CHIME_SQLITE_FUNCTIONS)

int chime_sqlite_keep_log_on_close(sqlite3 *db) {
    chime_library_require(&library);
    return CHIME_FORWARDED_POINTER(sqlite3_db_config)(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
