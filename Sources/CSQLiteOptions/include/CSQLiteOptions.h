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

#include <stdint.h>

// A read-only connection of its own, for the one path that reads a whole book: exports.
//
// Why: SQLiteNIO hands each row to a closure as a dictionary-keyed `SQLiteRow` of Swift values,
// hopping through a lock per row; at a million records that, with the joins it needs, was most
// of a CSV export's six seconds (docs/benchmarks.md, "Search, long reports and exports"). These
// thin wrappers over SQLiteNIO's vendored SQLite (the same library, the same file) let an export
// step one statement and read its columns by position, straight from SQLite's memory. Handles
// are opaque pointers; every function returns SQLite's result code unless it says otherwise.

/// Opens `path` read-only (no mutex: one task uses it at a time). `*db` is set even on failure,
/// so that the caller can read the message and close it.
int tally_sqlite_open_readonly(const char *path, void **db);
/// Closes a connection (NULL is fine).
int tally_sqlite_close(void *db);
/// The connection's last error message.
const char *tally_sqlite_errmsg(void *db);
/// Runs SQL without results (BEGIN, COMMIT).
int tally_sqlite_exec(void *db, const char *sql);
/// Prepares one statement of `length` bytes.
int tally_sqlite_prepare(void *db, const char *sql, int length, void **statement);
/// Binds parameter `index` (from 1).
int tally_sqlite_bind_int64(void *statement, int index, int64_t value);
/// Binds parameter `index` to a copy of `length` bytes of UTF-8 text.
int tally_sqlite_bind_text(void *statement, int index, const char *text, int length);
/// Binds parameter `index` to a copy of `length` bytes.
int tally_sqlite_bind_blob(void *statement, int index, const void *bytes, int length);
/// Binds parameter `index` to a double (never money: SQLKit may send one for a REAL bind).
int tally_sqlite_bind_double(void *statement, int index, double value);
/// Binds parameter `index` to NULL.
int tally_sqlite_bind_null(void *statement, int index);
/// Steps: 100 for a row, 101 when done, else an error code.
int tally_sqlite_step(void *statement);
/// The column's type: 1 integer, 2 float, 3 text, 4 blob, 5 null.
int tally_sqlite_column_type(void *statement, int column);
/// The column as an integer.
int64_t tally_sqlite_column_int64(void *statement, int column);
/// The column as UTF-8 text (valid until the next step), its length in `*length`.
const unsigned char *tally_sqlite_column_text(void *statement, int column, int *length);
/// Frees a statement (NULL is fine).
int tally_sqlite_finalize(void *statement);

#endif
