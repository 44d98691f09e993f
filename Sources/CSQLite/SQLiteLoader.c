// The forwarders and the loader declared in CSQLite.h.
//
// The forwarders are hidden: exported from the executable, they would take the place of
// SQLite's own functions in SQLite's calls to itself.
#include "CSQLite.h"
#include "CLibraryLoader.h"

// Each function's place in `pointers`; sqlite3_db_config, variadic, is taken but not forwarded.
enum {
#define CHIME_SQLITE(type, name, parameters, arguments) index_##name,
#include "SQLiteFunctions.h"
#undef CHIME_SQLITE
    index_sqlite3_db_config,
    function_count
};

static const char *const names[function_count] = {
#define CHIME_SQLITE(type, name, parameters, arguments) #name,
#include "SQLiteFunctions.h"
#undef CHIME_SQLITE
    "sqlite3_db_config",
};
static void *pointers[function_count];

/// SQLite 3's soname (libsqlite3-0).
static struct chime_library sqlite = CHIME_LIBRARY("libsqlite3.so.0", names, pointers);

int chime_sqlite_load(const char **reason) {
    return chime_library_load(&sqlite, reason);
}

int chime_sqlite_keep_log_on_close(sqlite3 *db) {
    chime_library_require(&sqlite);
    return ((__typeof__(&sqlite3_db_config))pointers[index_sqlite3_db_config])(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#define CHIME_SQLITE(type, name, parameters, arguments)                 \
    __attribute__((visibility("hidden"))) type name parameters {        \
        chime_library_require(&sqlite);                                 \
        return ((__typeof__(&name))pointers[index_##name])arguments;    \
    }
#include "SQLiteFunctions.h"
#undef CHIME_SQLITE
