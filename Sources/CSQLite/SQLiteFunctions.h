// Every SQLite function Chime calls (ChimeStore, and its tests): return type, name, SQLite's
// parameters, and the arguments passed on. A call to a function missing here fails to link (an
// undefined reference to it): add its line, with the parameters of its declaration in <sqlite3.h>
// (SQLiteLoader.c does not compile when they differ).
//
// Included by SQLiteLoader.c three times (places, names, forwarders), with CHIME_SQLITE defined
// for each.

CHIME_SQLITE(int, sqlite3_bind_double, (sqlite3_stmt* statement, int index, double value), (statement, index, value))
CHIME_SQLITE(int, sqlite3_bind_int64, (sqlite3_stmt* statement, int index, sqlite3_int64 value), (statement, index, value))
CHIME_SQLITE(int, sqlite3_bind_null, (sqlite3_stmt* statement, int index), (statement, index))
CHIME_SQLITE(int, sqlite3_bind_text, (sqlite3_stmt* statement, int index, const char* text, int length, void (*destructor)(void*)), (statement, index, text, length, destructor))
CHIME_SQLITE(int, sqlite3_busy_timeout, (sqlite3* db, int milliseconds), (db, milliseconds))
CHIME_SQLITE(sqlite3_int64, sqlite3_changes64, (sqlite3* db), (db))
CHIME_SQLITE(int, sqlite3_clear_bindings, (sqlite3_stmt* statement), (statement))
CHIME_SQLITE(int, sqlite3_close_v2, (sqlite3* db), (db))
CHIME_SQLITE(int, sqlite3_column_bytes, (sqlite3_stmt* statement, int column), (statement, column))
CHIME_SQLITE(double, sqlite3_column_double, (sqlite3_stmt* statement, int column), (statement, column))
CHIME_SQLITE(sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt* statement, int column), (statement, column))
CHIME_SQLITE(const unsigned char*, sqlite3_column_text, (sqlite3_stmt* statement, int column), (statement, column))
CHIME_SQLITE(int, sqlite3_column_type, (sqlite3_stmt* statement, int column), (statement, column))
CHIME_SQLITE(const char*, sqlite3_errmsg, (sqlite3* db), (db))
CHIME_SQLITE(int, sqlite3_exec, (sqlite3* db, const char* sql, int (*callback)(void*, int, char**, char**), void* context, char** message), (db, sql, callback, context, message))
CHIME_SQLITE(int, sqlite3_extended_result_codes, (sqlite3* db, int on), (db, on))
CHIME_SQLITE(int, sqlite3_finalize, (sqlite3_stmt* statement), (statement))
CHIME_SQLITE(int, sqlite3_get_autocommit, (sqlite3* db), (db))
CHIME_SQLITE(sqlite3_int64, sqlite3_last_insert_rowid, (sqlite3* db), (db))
CHIME_SQLITE(int, sqlite3_open_v2, (const char* filename, sqlite3** db, int flags, const char* vfs), (filename, db, flags, vfs))
CHIME_SQLITE(int, sqlite3_prepare_v2, (sqlite3* db, const char* sql, int length, sqlite3_stmt** statement, const char** tail), (db, sql, length, statement, tail))
CHIME_SQLITE(int, sqlite3_prepare_v3, (sqlite3* db, const char* sql, int length, unsigned int flags, sqlite3_stmt** statement, const char** tail), (db, sql, length, flags, statement, tail))
CHIME_SQLITE(int, sqlite3_reset, (sqlite3_stmt* statement), (statement))
CHIME_SQLITE(const char*, sqlite3_sql, (sqlite3_stmt* statement), (statement))
CHIME_SQLITE(int, sqlite3_step, (sqlite3_stmt* statement), (statement))
