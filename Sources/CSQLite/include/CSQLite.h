#ifndef CHIME_CSQLITE_H
#define CHIME_CSQLITE_H
// SQLite for ChimeStore, loaded with dlopen when the store is first opened instead of linked:
// linking it made every start of `chime` map libsqlite3 and bind its 1,600 symbols (Debian
// builds it with BIND_NOW), `chime --version` and `--help` too, about a fifth of their time.
//
// This target defines every SQLite function Chime calls (SQLiteFunctions.h) with SQLite's own
// prototype, forwarding through a pointer taken from the loaded library, so the Swift code calls
// SQLite by its own names and nothing links it.
#include <sqlite3.h>
#include <sys/vfs.h>

/// Loads SQLite and takes the address of every function Chime calls; the first call does the
/// work, later ones give its outcome. Returns 0 when loaded, else -1 with `*reason` set to a
/// static text (dlerror's, or the function the library lacks).
int chime_sqlite_load(const char **reason);

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer; Swift cannot import it.
// Binding with it makes SQLite copy the bytes, so Swift buffers may go away right after the call.
static inline sqlite3_destructor_type chime_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// The file system type (statfs f_type magic) holding `path`, or -1 with errno set.
// Glibc's Swift module does not export <sys/vfs.h>; the store needs it to warn about databases on
// network file systems, where SQLite's locking is unreliable, so it comes with SQLite's shim.
static inline long long chime_file_system_type(const char *path) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    return (long long)info.f_type;
}

// sqlite3_db_config is variadic, which Swift cannot call. Turns off the checkpoint that closing
// the last connection runs, so a database the store refuses keeps its -wal log and its bytes.
int chime_sqlite_keep_log_on_close(sqlite3 *db);

#endif
