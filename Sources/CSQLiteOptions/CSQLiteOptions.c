#include "CSQLiteOptions.h"

// SQLiteNIO's vendored SQLite, whose public functions carry a `sqlite_nio_` prefix. Declared
// here rather than included: the header is internal to SQLiteNIO's C module.
typedef struct sqlite3 sqlite3;
typedef struct sqlite3_api_routines sqlite3_api_routines;
extern int sqlite_nio_sqlite3_auto_extension(void (*entry)(void));
extern int sqlite_nio_sqlite3_db_config(sqlite3 *db, int op, ...);
typedef struct sqlite3_stmt sqlite3_stmt;
typedef long long sqlite3_int64;
extern int sqlite_nio_sqlite3_open_v2(const char *path, sqlite3 **db, int flags, const char *vfs);
extern int sqlite_nio_sqlite3_close_v2(sqlite3 *db);
extern const char *sqlite_nio_sqlite3_errmsg(sqlite3 *db);
extern int sqlite_nio_sqlite3_exec(sqlite3 *db, const char *sql, void *callback, void *argument, char **error);
extern int sqlite_nio_sqlite3_busy_timeout(sqlite3 *db, int milliseconds);
extern int sqlite_nio_sqlite3_prepare_v2(sqlite3 *db, const char *sql, int length, sqlite3_stmt **statement,
                                         const char **tail);
extern int sqlite_nio_sqlite3_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value);
extern int sqlite_nio_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int length,
                                        void (*destructor)(void *));
extern int sqlite_nio_sqlite3_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length,
                                        void (*destructor)(void *));
extern int sqlite_nio_sqlite3_bind_double(sqlite3_stmt *statement, int index, double value);
extern int sqlite_nio_sqlite3_bind_null(sqlite3_stmt *statement, int index);
extern int sqlite_nio_sqlite3_step(sqlite3_stmt *statement);
extern int sqlite_nio_sqlite3_column_type(sqlite3_stmt *statement, int column);
extern sqlite3_int64 sqlite_nio_sqlite3_column_int64(sqlite3_stmt *statement, int column);
extern const unsigned char *sqlite_nio_sqlite3_column_text(sqlite3_stmt *statement, int column);
extern int sqlite_nio_sqlite3_column_bytes(sqlite3_stmt *statement, int column);
extern int sqlite_nio_sqlite3_finalize(sqlite3_stmt *statement);

enum { TALLY_SQLITE_DBCONFIG_ENABLE_QPSG = 1007 };

static int keep_plans(sqlite3 *db, char **error, const sqlite3_api_routines *api) {
    (void)error;
    (void)api;
    return sqlite_nio_sqlite3_db_config(db, TALLY_SQLITE_DBCONFIG_ENABLE_QPSG, 1, (int *)0);
}

int tally_sqlite_keep_query_plans(void) {
    // Registering the same entry point twice is a no-op in SQLite.
    return sqlite_nio_sqlite3_auto_extension((void (*)(void))keep_plans);
}

// SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, and SQLITE_TRANSIENT (SQLite copies the bound bytes).
enum { TALLY_SQLITE_OPEN_FLAGS = 0x00000001 | 0x00008000 };
#define TALLY_SQLITE_TRANSIENT ((void (*)(void *))-1)

int tally_sqlite_open_readonly(const char *path, void **db) {
    sqlite3 *handle = 0;
    int code = sqlite_nio_sqlite3_open_v2(path, &handle, TALLY_SQLITE_OPEN_FLAGS, 0);
    *db = handle;
    // A writer's checkpoint can hold the file briefly; wait as SQLiteNIO's connections do.
    if (code == 0) code = sqlite_nio_sqlite3_busy_timeout(handle, 5000);
    return code;
}

int tally_sqlite_close(void *db) { return sqlite_nio_sqlite3_close_v2((sqlite3 *)db); }

const char *tally_sqlite_errmsg(void *db) { return sqlite_nio_sqlite3_errmsg((sqlite3 *)db); }

int tally_sqlite_exec(void *db, const char *sql) { return sqlite_nio_sqlite3_exec((sqlite3 *)db, sql, 0, 0, 0); }

int tally_sqlite_prepare(void *db, const char *sql, int length, void **statement) {
    sqlite3_stmt *handle = 0;
    int code = sqlite_nio_sqlite3_prepare_v2((sqlite3 *)db, sql, length, &handle, 0);
    *statement = handle;
    return code;
}

int tally_sqlite_bind_int64(void *statement, int index, int64_t value) {
    return sqlite_nio_sqlite3_bind_int64((sqlite3_stmt *)statement, index, value);
}

int tally_sqlite_bind_text(void *statement, int index, const char *text, int length) {
    return sqlite_nio_sqlite3_bind_text((sqlite3_stmt *)statement, index, text, length, TALLY_SQLITE_TRANSIENT);
}

int tally_sqlite_bind_blob(void *statement, int index, const void *bytes, int length) {
    return sqlite_nio_sqlite3_bind_blob((sqlite3_stmt *)statement, index, bytes, length, TALLY_SQLITE_TRANSIENT);
}

int tally_sqlite_bind_double(void *statement, int index, double value) {
    return sqlite_nio_sqlite3_bind_double((sqlite3_stmt *)statement, index, value);
}

int tally_sqlite_bind_null(void *statement, int index) {
    return sqlite_nio_sqlite3_bind_null((sqlite3_stmt *)statement, index);
}

int tally_sqlite_step(void *statement) { return sqlite_nio_sqlite3_step((sqlite3_stmt *)statement); }

int tally_sqlite_column_type(void *statement, int column) {
    return sqlite_nio_sqlite3_column_type((sqlite3_stmt *)statement, column);
}

int64_t tally_sqlite_column_int64(void *statement, int column) {
    return sqlite_nio_sqlite3_column_int64((sqlite3_stmt *)statement, column);
}

const unsigned char *tally_sqlite_column_text(void *statement, int column, int *length) {
    // Text first, then its length: SQLite's documented order for a value converted to text.
    const unsigned char *text = sqlite_nio_sqlite3_column_text((sqlite3_stmt *)statement, column);
    *length = sqlite_nio_sqlite3_column_bytes((sqlite3_stmt *)statement, column);
    return text;
}

int tally_sqlite_finalize(void *statement) { return sqlite_nio_sqlite3_finalize((sqlite3_stmt *)statement); }
