/// Migration 4: narrower kept totals, rebuilt from the records, two unread indexes dropped, and
/// on SQLite a leaner search index.
///
/// Per day by category and account (`day_totals`); per month by category, account and payee
/// (`month_totals`); per month by category only (`month_category_totals`). On SQLite each is
/// clustered on its key (WITHOUT ROWID). Lists filtered by category or account walk the date
/// index and counts come from the totals, so `transactions_book_category_date` and
/// `transactions_book_account` were read by nothing. The FTS5 index keeps no positions
/// (`detail=none`: searches are prefix words, never phrases) and no column sizes (`columnsize=0`:
/// results are never ranked).
///
/// Frozen: the SQL it sent on the day it shipped, per engine. The totals and balances are filled by
/// `rebuild`, SQL that does what `Totals.rebuild` did for each book then. Never edit it; change the
/// schema with a new migration.
enum Migration0004 {
    static let sqlite: [String] = sqliteTables + rebuild + sqliteSearch

    static let postgres: [String] = postgresTables + rebuild

    /// The three tables, on SQLite clustered on their key, and the two indexes dropped.
    private static let sqliteTables: [String] = [
        #"DROP INDEX "day_totals_payee""#,
        #"DROP TABLE "day_totals""#,
        #"DROP INDEX "month_totals_payee""#,
        #"DROP TABLE "month_totals""#,
        """
        CREATE TABLE day_totals (book_id BIGINT NOT NULL REFERENCES books (id) ON DELETE CASCADE, \
        day TEXT NOT NULL, \
        kind TEXT NOT NULL, \
        category_id BIGINT NOT NULL, \
        account_id BIGINT NOT NULL, \
        currency TEXT NOT NULL, \
        total_minor BIGINT NOT NULL, \
        count BIGINT NOT NULL, \
        PRIMARY KEY (book_id, day, kind, category_id, account_id, currency)) WITHOUT ROWID
        """,
        """
        CREATE TABLE month_totals (book_id BIGINT NOT NULL REFERENCES books (id) ON DELETE CASCADE, \
        month TEXT NOT NULL, \
        kind TEXT NOT NULL, \
        category_id BIGINT NOT NULL, \
        account_id BIGINT NOT NULL, \
        payee_key TEXT NOT NULL, \
        currency TEXT NOT NULL, \
        total_minor BIGINT NOT NULL, \
        count BIGINT NOT NULL, \
        PRIMARY KEY (book_id, month, kind, category_id, account_id, payee_key, currency)) WITHOUT ROWID
        """,
        #"CREATE INDEX "month_totals_payee" ON "month_totals" ("book_id", "payee_key", "month", "total_minor", "count")"#,
        """
        CREATE TABLE month_category_totals (book_id BIGINT NOT NULL REFERENCES books (id) ON DELETE CASCADE, \
        month TEXT NOT NULL, \
        kind TEXT NOT NULL, \
        category_id BIGINT NOT NULL, \
        currency TEXT NOT NULL, \
        total_minor BIGINT NOT NULL, \
        count BIGINT NOT NULL, \
        PRIMARY KEY (book_id, month, kind, category_id, currency)) WITHOUT ROWID
        """,
        #"DROP INDEX "transactions_book_category_date""#,
        #"DROP INDEX "transactions_book_account""#,
    ]

    /// The leaner search index, filled again from the records.
    private static let sqliteSearch: [String] = [
        "DROP TRIGGER transactions_fts_insert",
        "DROP TRIGGER transactions_fts_delete",
        "DROP TRIGGER transactions_fts_update",
        "DROP TABLE transactions_fts",
        """
        CREATE VIRTUAL TABLE transactions_fts USING fts5(payee, note, content='transactions', content_rowid='id',
          tokenize='unicode61 remove_diacritics 2', detail=none, columnsize=0)
        """,
        """
        CREATE TRIGGER transactions_fts_insert AFTER INSERT ON transactions BEGIN
          INSERT INTO transactions_fts(rowid, payee, note) VALUES (new.id, new.payee, new.note); END
        """,
        """
        CREATE TRIGGER transactions_fts_delete AFTER DELETE ON transactions BEGIN
          INSERT INTO transactions_fts(transactions_fts, rowid, payee, note) VALUES ('delete', old.id, old.payee, old.note); END
        """,
        """
        CREATE TRIGGER transactions_fts_update AFTER UPDATE OF payee, note ON transactions BEGIN
          INSERT INTO transactions_fts(transactions_fts, rowid, payee, note) VALUES ('delete', old.id, old.payee, old.note);
          INSERT INTO transactions_fts(rowid, payee, note) VALUES (new.id, new.payee, new.note); END
        """,
        "INSERT INTO transactions_fts(transactions_fts) VALUES ('rebuild')",
    ]

    /// The three tables and the two indexes dropped.
    private static let postgresTables: [String] = [
        #"DROP INDEX "day_totals_payee""#,
        #"DROP TABLE "day_totals""#,
        #"DROP INDEX "month_totals_payee""#,
        #"DROP TABLE "month_totals""#,
        """
        CREATE TABLE day_totals (book_id BIGINT NOT NULL REFERENCES books (id) ON DELETE CASCADE, \
        day TEXT NOT NULL, \
        kind TEXT NOT NULL, \
        category_id BIGINT NOT NULL, \
        account_id BIGINT NOT NULL, \
        currency TEXT NOT NULL, \
        total_minor BIGINT NOT NULL, \
        count BIGINT NOT NULL, \
        PRIMARY KEY (book_id, day, kind, category_id, account_id, currency))
        """,
        """
        CREATE TABLE month_totals (book_id BIGINT NOT NULL REFERENCES books (id) ON DELETE CASCADE, \
        month TEXT NOT NULL, \
        kind TEXT NOT NULL, \
        category_id BIGINT NOT NULL, \
        account_id BIGINT NOT NULL, \
        payee_key TEXT NOT NULL, \
        currency TEXT NOT NULL, \
        total_minor BIGINT NOT NULL, \
        count BIGINT NOT NULL, \
        PRIMARY KEY (book_id, month, kind, category_id, account_id, payee_key, currency))
        """,
        #"CREATE INDEX "month_totals_payee" ON "month_totals" ("book_id", "payee_key", "month", "total_minor", "count")"#,
        """
        CREATE TABLE month_category_totals (book_id BIGINT NOT NULL REFERENCES books (id) ON DELETE CASCADE, \
        month TEXT NOT NULL, \
        kind TEXT NOT NULL, \
        category_id BIGINT NOT NULL, \
        currency TEXT NOT NULL, \
        total_minor BIGINT NOT NULL, \
        count BIGINT NOT NULL, \
        PRIMARY KEY (book_id, month, kind, category_id, currency))
        """,
        #"DROP INDEX "transactions_book_category_date""#,
        #"DROP INDEX "transactions_book_account""#,
    ]

    /// The kept totals and account balances computed from the records, for every book at once:
    /// the finest cells first (per day, with payee) in a temporary table, then each table folds
    /// them. A transfer counts as leaving its account (`transfer_out`) and arriving in the other
    /// (`transfer_in`); a category or account of none is 0. The new tables start empty; balances
    /// kept since migration 2 are replaced.
    private static let rebuild: [String] = [
        "DELETE FROM account_balances WHERE book_id IN (SELECT id FROM books)",
        """
        CREATE TEMPORARY TABLE rebuilt_totals AS
        SELECT book_id, date AS day, k AS kind, COALESCE(category_id, 0) AS category_id, COALESCE(acct, 0) AS account_id,
          payee_key, currency, CAST(SUM(amount_minor) AS BIGINT) AS total_minor, CAST(COUNT(*) AS BIGINT) AS count
        FROM (
          SELECT book_id, date, CASE WHEN kind = 'transfer' THEN 'transfer_out' ELSE kind END AS k, category_id,
            account_id AS acct, payee_key, currency, amount_minor FROM transactions WHERE book_id IN (SELECT id FROM books)
          UNION ALL
          SELECT book_id, date, 'transfer_in', category_id, to_account_id, payee_key, currency, amount_minor
            FROM transactions WHERE book_id IN (SELECT id FROM books) AND kind = 'transfer'
        ) AS r
        GROUP BY book_id, date, k, COALESCE(category_id, 0), COALESCE(acct, 0), payee_key, currency
        """,
        """
        INSERT INTO day_totals (book_id, day, kind, category_id, account_id, currency, total_minor, count)
        SELECT book_id, SUBSTR(day, 1, 10), kind, category_id, account_id, currency, CAST(SUM(total_minor) AS BIGINT), CAST(SUM(count) AS BIGINT)
        FROM rebuilt_totals GROUP BY book_id, SUBSTR(day, 1, 10), kind, category_id, account_id, currency
        """,
        """
        INSERT INTO month_totals (book_id, month, kind, category_id, account_id, payee_key, currency, total_minor, count)
        SELECT book_id, SUBSTR(day, 1, 7), kind, category_id, account_id, payee_key, currency, CAST(SUM(total_minor) AS BIGINT), CAST(SUM(count) AS BIGINT)
        FROM rebuilt_totals GROUP BY book_id, SUBSTR(day, 1, 7), kind, category_id, account_id, payee_key, currency
        """,
        """
        INSERT INTO month_category_totals (book_id, month, kind, category_id, currency, total_minor, count)
        SELECT book_id, SUBSTR(day, 1, 7), kind, category_id, currency, CAST(SUM(total_minor) AS BIGINT), CAST(SUM(count) AS BIGINT)
        FROM rebuilt_totals GROUP BY book_id, SUBSTR(day, 1, 7), kind, category_id, currency
        """,
        """
        INSERT INTO account_balances (book_id, account_id, currency, balance_minor)
        SELECT book_id, account_id, currency,
          CAST(SUM(CASE WHEN kind IN ('income', 'transfer_in') THEN total_minor ELSE -total_minor END) AS BIGINT)
        FROM rebuilt_totals WHERE account_id <> 0
        GROUP BY book_id, account_id, currency
        """,
        "DROP TABLE rebuilt_totals",
    ]
}
