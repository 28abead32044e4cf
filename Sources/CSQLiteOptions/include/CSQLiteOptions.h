#ifndef TALLY_CSQLITE_OPTIONS_H
#define TALLY_CSQLITE_OPTIONS_H

/// Makes every SQLite connection opened from now on in this process keep the query plan it was
/// prepared with, whatever values are bound to it (SQLite's "query planner stability
/// guarantee", SQLITE_DBCONFIG_ENABLE_QPSG). Returns SQLite's result code (0 is success).
///
/// Why: SQLite 3.54 marks `column = ?` so that binding 0 or 1 where nothing was bound before
/// throws the fresh statement away and prepares it again on its first step. SQLiteNIO prepares
/// and binds every query anew, and the first user's and book's ids are 1, so on most installs
/// every query a request made was prepared twice (5 % of the server's CPU under a month-summary
/// load, docs/benchmarks.md).
/// The switch is `sqlite3_db_config`, which is variadic and so cannot be called from Swift;
/// SQLiteNIO exposes neither it nor its connection handles, hence an auto-extension, SQLite's
/// own hook for code that runs as each connection opens.
int tally_sqlite_keep_query_plans(void);

#endif
