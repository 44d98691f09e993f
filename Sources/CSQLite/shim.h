#ifndef CHIME_CSQLITE_SHIM_H
#define CHIME_CSQLITE_SHIM_H
#include <sqlite3.h>
#include <sys/vfs.h>

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
static inline int chime_sqlite_keep_log_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
