import SQLKit

/// Kept totals and search (migration 4 reshapes both). Reports read per-day and per-month totals instead of scanning records,
/// so their cost does not grow with the number of records; every write updates them in the same
/// transaction (see `Totals`). Search uses SQLite FTS5 or a PostgreSQL full-text index.
enum Schema2 {
    static func apply(_ db: any SQLDatabase, engine: SQLEngine) async throws {
        // The same columns at two grains: a range is answered from whole months plus the days at
        // its edges. `category_id`/`account_id` are 0 for none so they can be part of the key.
        for (table, period) in [("day_totals", "day"), ("month_totals", "month")] {
            try await db.create(table: table)
                .column("book_id", type: .bigint, .notNull, .references("books", "id", onDelete: .cascade))
                .column(period, type: .text, .notNull)
                .column("kind", type: .text, .notNull)
                .column("category_id", type: .bigint, .notNull)
                .column("account_id", type: .bigint, .notNull)
                .column("payee_key", type: .text, .notNull)
                .column("currency", type: .text, .notNull)
                .column("total_minor", type: .bigint, .notNull)
                .column("count", type: .bigint, .notNull)
                .primaryKey("book_id", period, "kind", "category_id", "account_id", "payee_key", "currency")
                .run()
            try await db.create(index: "\(table)_payee").on(table).column("book_id").column("payee_key").column(period)
                .run()
        }
        try await db.create(table: "account_balances")
            .column("book_id", type: .bigint, .notNull, .references("books", "id", onDelete: .cascade))
            .column("account_id", type: .bigint, .notNull)
            .column("currency", type: .text, .notNull)
            .column("balance_minor", type: .bigint, .notNull)
            .primaryKey("book_id", "account_id", "currency")
            .run()

        // The payee as it is matched (lower-cased in Swift, so non-ASCII names match too).
        try await db.alter(table: "transactions").column("payee_key", type: .text, .notNull, .default("")).run()
        // Keyed in Swift, as every later write is: SQL's LOWER only folds ASCII and does not trim.
        let payees = try await db.raw("SELECT DISTINCT payee FROM transactions").all().map {
            try $0.decode(column: "payee", as: String.self)
        }
        for payee in payees {
            try await db.raw(
                "UPDATE transactions SET payee_key = \(bind: Totals.payeeKey(payee)) WHERE payee = \(bind: payee)"
            ).run()
        }
        try await db.create(index: "transactions_book_payee").on("transactions")
            .column("book_id").column("payee_key").column("date").column("time").column("id").run()

        switch engine {
        case .sqlite:
            try await SearchIndex.createSQLite(db, options: "")
        case .postgres:
            try await db.raw(
                """
                CREATE INDEX transactions_search ON transactions
                  USING GIN (to_tsvector('simple', payee || ' ' || note))
                """
            ).run()
        }
        // The totals are filled from the records by migration 4, which gives them their final shape.
    }
}

/// SQLite's full-text index of payees and notes.
enum SearchIndex {
    /// An external-content FTS5 index kept current by triggers, as the SQLite manual shows, and
    /// filled from the records already there. `options` are extra FTS5 options ("" or "a, b").
    static func createSQLite(_ db: any SQLDatabase, options: String) async throws {
        try await db.raw(
            """
            CREATE VIRTUAL TABLE transactions_fts USING fts5(payee, note, content='transactions', content_rowid='id',
              tokenize='unicode61 remove_diacritics 2'\(unsafeRaw: options.isEmpty ? "" : ", " + options))
            """
        ).run()
        try await db.raw(
            """
            CREATE TRIGGER transactions_fts_insert AFTER INSERT ON transactions BEGIN
              INSERT INTO transactions_fts(rowid, payee, note) VALUES (new.id, new.payee, new.note); END
            """
        ).run()
        try await db.raw(
            """
            CREATE TRIGGER transactions_fts_delete AFTER DELETE ON transactions BEGIN
              INSERT INTO transactions_fts(transactions_fts, rowid, payee, note) VALUES ('delete', old.id, old.payee, old.note); END
            """
        ).run()
        try await db.raw(
            """
            CREATE TRIGGER transactions_fts_update AFTER UPDATE OF payee, note ON transactions BEGIN
              INSERT INTO transactions_fts(transactions_fts, rowid, payee, note) VALUES ('delete', old.id, old.payee, old.note);
              INSERT INTO transactions_fts(rowid, payee, note) VALUES (new.id, new.payee, new.note); END
            """
        ).run()
        try await db.raw("INSERT INTO transactions_fts(transactions_fts) VALUES ('rebuild')").run()
    }
}
