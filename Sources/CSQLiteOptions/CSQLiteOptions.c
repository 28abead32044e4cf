#include "CSQLiteOptions.h"

// SQLiteNIO's vendored SQLite, whose public functions carry a `sqlite_nio_` prefix. Declared
// here rather than included: the header is internal to SQLiteNIO's C module.
typedef struct sqlite3 sqlite3;
typedef struct sqlite3_api_routines sqlite3_api_routines;
extern int sqlite_nio_sqlite3_auto_extension(void (*entry)(void));
extern int sqlite_nio_sqlite3_db_config(sqlite3 *db, int op, ...);

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
