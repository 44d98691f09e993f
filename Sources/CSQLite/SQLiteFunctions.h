// Every SQLite function Chime calls (ChimeStore, and its tests): return type, name, SQLite's
// parameters, and the arguments passed on. A call to a function missing here fails to link (an
// undefined reference to it): add its line, with the parameters of its declaration in <sqlite3.h>
// (SQLiteLoader.c does not compile when they differ).
//
// An X-macro list for CHIME_FORWARDED_LIBRARY (CLibraryForwarders.h), which SQLiteLoader.c
// expands.

#define CHIME_SQLITE_FUNCTIONS(FUNCTION, VOID_FUNCTION, TAKEN) \
    FUNCTION(int, sqlite3_bind_double, (sqlite3_stmt* statement, int index, double value), (statement, index, value)) \
    FUNCTION(int, sqlite3_bind_int64, (sqlite3_stmt* statement, int index, sqlite3_int64 value), (statement, index, value)) \
    FUNCTION(int, sqlite3_bind_null, (sqlite3_stmt* statement, int index), (statement, index)) \
    FUNCTION(int, sqlite3_bind_text, (sqlite3_stmt* statement, int index, const char* text, int length, void (*destructor)(void*)), (statement, index, text, length, destructor)) \
    FUNCTION(int, sqlite3_busy_timeout, (sqlite3* db, int milliseconds), (db, milliseconds)) \
    FUNCTION(sqlite3_int64, sqlite3_changes64, (sqlite3* db), (db)) \
    FUNCTION(int, sqlite3_clear_bindings, (sqlite3_stmt* statement), (statement)) \
    FUNCTION(int, sqlite3_close_v2, (sqlite3* db), (db)) \
    FUNCTION(int, sqlite3_column_bytes, (sqlite3_stmt* statement, int column), (statement, column)) \
    FUNCTION(double, sqlite3_column_double, (sqlite3_stmt* statement, int column), (statement, column)) \
    FUNCTION(sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt* statement, int column), (statement, column)) \
    FUNCTION(const unsigned char*, sqlite3_column_text, (sqlite3_stmt* statement, int column), (statement, column)) \
    FUNCTION(int, sqlite3_column_type, (sqlite3_stmt* statement, int column), (statement, column)) \
    FUNCTION(const char*, sqlite3_errmsg, (sqlite3* db), (db)) \
    FUNCTION(int, sqlite3_exec, (sqlite3* db, const char* sql, int (*callback)(void*, int, char**, char**), void* context, char** message), (db, sql, callback, context, message)) \
    FUNCTION(int, sqlite3_extended_result_codes, (sqlite3* db, int on), (db, on)) \
    FUNCTION(int, sqlite3_finalize, (sqlite3_stmt* statement), (statement)) \
    FUNCTION(int, sqlite3_get_autocommit, (sqlite3* db), (db)) \
    FUNCTION(sqlite3_int64, sqlite3_last_insert_rowid, (sqlite3* db), (db)) \
    FUNCTION(int, sqlite3_open_v2, (const char* filename, sqlite3** db, int flags, const char* vfs), (filename, db, flags, vfs)) \
    FUNCTION(int, sqlite3_prepare_v2, (sqlite3* db, const char* sql, int length, sqlite3_stmt** statement, const char** tail), (db, sql, length, statement, tail)) \
    FUNCTION(int, sqlite3_prepare_v3, (sqlite3* db, const char* sql, int length, unsigned int flags, sqlite3_stmt** statement, const char** tail), (db, sql, length, flags, statement, tail)) \
    FUNCTION(int, sqlite3_reset, (sqlite3_stmt* statement), (statement)) \
    FUNCTION(const char*, sqlite3_sql, (sqlite3_stmt* statement), (statement)) \
    FUNCTION(int, sqlite3_step, (sqlite3_stmt* statement), (statement)) \
    /* Variadic, so taken but not forwarded: chime_sqlite_keep_log_on_close calls it. */ \
    TAKEN(sqlite3_db_config)
