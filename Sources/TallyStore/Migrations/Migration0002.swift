import Foundation
import SQLKit

/// Migration 2: kept totals, the payee key of each record, and full-text search.
///
/// Reports read per-day and per-month totals instead of scanning records (migration 4 reshapes
/// them and fills them from the records); `category_id`/`account_id` are 0 for none so they can be
/// part of the key. Search is an external-content FTS5 index kept current by triggers on SQLite, a
/// GIN index of `to_tsvector` on PostgreSQL.
///
/// Frozen: the SQL it sent on the day it shipped, per engine, and `keyPayees`, which fills the new
/// `payee_key` of the records already there. Never edit it; change the schema with a new migration.
enum Migration0002 {
    static let sqlite: [String] = [
        """
        CREATE TABLE "day_totals" ("book_id" INTEGER NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "day" TEXT NOT NULL, \
        "kind" TEXT NOT NULL, \
        "category_id" INTEGER NOT NULL, \
        "account_id" INTEGER NOT NULL, \
        "payee_key" TEXT NOT NULL, \
        "currency" TEXT NOT NULL, \
        "total_minor" INTEGER NOT NULL, \
        "count" INTEGER NOT NULL, \
        PRIMARY KEY ("book_id", "day", "kind", "category_id", "account_id", "payee_key", "currency"))
        """,
        #"CREATE INDEX "day_totals_payee" ON "day_totals" ("book_id", "payee_key", "day")"#,
        """
        CREATE TABLE "month_totals" ("book_id" INTEGER NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "month" TEXT NOT NULL, \
        "kind" TEXT NOT NULL, \
        "category_id" INTEGER NOT NULL, \
        "account_id" INTEGER NOT NULL, \
        "payee_key" TEXT NOT NULL, \
        "currency" TEXT NOT NULL, \
        "total_minor" INTEGER NOT NULL, \
        "count" INTEGER NOT NULL, \
        PRIMARY KEY ("book_id", "month", "kind", "category_id", "account_id", "payee_key", "currency"))
        """,
        #"CREATE INDEX "month_totals_payee" ON "month_totals" ("book_id", "payee_key", "month")"#,
        """
        CREATE TABLE "account_balances" ("book_id" INTEGER NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "account_id" INTEGER NOT NULL, \
        "currency" TEXT NOT NULL, \
        "balance_minor" INTEGER NOT NULL, \
        PRIMARY KEY ("book_id", "account_id", "currency"))
        """,
        #"ALTER TABLE "transactions" ADD "payee_key" TEXT NOT NULL DEFAULT ''"#,
        #"CREATE INDEX "transactions_book_payee" ON "transactions" ("book_id", "payee_key", "date", "time", "id")"#,
        """
        CREATE VIRTUAL TABLE transactions_fts USING fts5(payee, note, content='transactions', content_rowid='id',
          tokenize='unicode61 remove_diacritics 2')
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

    static let postgres: [String] = [
        """
        CREATE TABLE "day_totals" ("book_id" BIGINT NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "day" TEXT NOT NULL, \
        "kind" TEXT NOT NULL, \
        "category_id" BIGINT NOT NULL, \
        "account_id" BIGINT NOT NULL, \
        "payee_key" TEXT NOT NULL, \
        "currency" TEXT NOT NULL, \
        "total_minor" BIGINT NOT NULL, \
        "count" BIGINT NOT NULL, \
        PRIMARY KEY ("book_id", "day", "kind", "category_id", "account_id", "payee_key", "currency"))
        """,
        #"CREATE INDEX "day_totals_payee" ON "day_totals" ("book_id", "payee_key", "day")"#,
        """
        CREATE TABLE "month_totals" ("book_id" BIGINT NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "month" TEXT NOT NULL, \
        "kind" TEXT NOT NULL, \
        "category_id" BIGINT NOT NULL, \
        "account_id" BIGINT NOT NULL, \
        "payee_key" TEXT NOT NULL, \
        "currency" TEXT NOT NULL, \
        "total_minor" BIGINT NOT NULL, \
        "count" BIGINT NOT NULL, \
        PRIMARY KEY ("book_id", "month", "kind", "category_id", "account_id", "payee_key", "currency"))
        """,
        #"CREATE INDEX "month_totals_payee" ON "month_totals" ("book_id", "payee_key", "month")"#,
        """
        CREATE TABLE "account_balances" ("book_id" BIGINT NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "account_id" BIGINT NOT NULL, \
        "currency" TEXT NOT NULL, \
        "balance_minor" BIGINT NOT NULL, \
        PRIMARY KEY ("book_id", "account_id", "currency"))
        """,
        #"ALTER TABLE "transactions" ADD "payee_key" TEXT NOT NULL DEFAULT ''"#,
        #"CREATE INDEX "transactions_book_payee" ON "transactions" ("book_id", "payee_key", "date", "time", "id")"#,
        """
        CREATE INDEX transactions_search ON transactions
          USING GIN (to_tsvector('simple', payee || ' ' || note))
        """,
    ]

    /// Fills `payee_key` for the records already there, one distinct payee at a time, as this
    /// migration did when it shipped.
    ///
    /// In Swift, not SQL: the key trims Unicode spaces (Zs, such as U+00A0 and U+3000, and tabs)
    /// and lower-cases every script, while SQL's TRIM removes only ASCII spaces and LOWER folds only
    /// ASCII on SQLite (on PostgreSQL it follows the database's locale). No SQL gives the same key
    /// on both engines, so the function is frozen here rather than called from `Totals`.
    static func keyPayees(_ db: any SQLDatabase) async throws {
        let payees = try await db.raw("SELECT DISTINCT payee FROM transactions").all().map {
            try $0.decode(column: "payee", as: String.self)
        }
        for payee in payees {
            try await db.raw(
                "UPDATE transactions SET payee_key = \(bind: payeeKey(payee)) WHERE payee = \(bind: payee)"
            ).run()
        }
    }

    /// A private copy of `Totals.payeeKey` as it was when this migration shipped: trimmed of
    /// `CharacterSet.whitespaces` and lower-cased. Live code may change its own; this one stays.
    private static func payeeKey(_ payee: String) -> String {
        payee.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
