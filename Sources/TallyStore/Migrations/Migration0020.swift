/// Migration 20: `month_payee_totals`, the month totals by account and payee without categories.
///
/// `month_totals` keys its cells by category too, so each line of a split record adds a cell of
/// its own: a payee whose records are often split had ten times the cells, and a payee's totals
/// (which never ask for a category) read and sorted all of them. This table holds one entry per
/// record, and serves a payee's or an account's totals when no category is asked for. Its
/// `count` and `unconverted` count records (`records` equals `count`).
///
/// Filled from the records themselves (a transfer as leaving its account and arriving in the
/// other, as the kept totals count it). Frozen: the SQL it sent on the day it shipped, per
/// engine. Never edit it; change the schema with a new migration.
enum Migration0020 {
    static let sqlite: [String] =
        [create("INTEGER")] + shared + [
            """
            CREATE INDEX "month_payee_totals_payee" ON "month_payee_totals" \
            ("book_id", "payee_key", "month", "kind", "currency", "total_minor", "count", "base_minor", "unconverted")
            """
        ]

    static let postgres: [String] =
        [create("BIGINT")] + shared + [
            """
            CREATE INDEX "month_payee_totals_payee" ON "month_payee_totals" ("book_id", "payee_key", "month") \
            INCLUDE ("kind", "currency", "total_minor", "count", "base_minor", "unconverted")
            """
        ]

    private static func create(_ integer: String) -> String {
        """
        CREATE TABLE "month_payee_totals" ("book_id" \(integer) NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "month" TEXT NOT NULL, "kind" TEXT NOT NULL, "account_id" BIGINT NOT NULL, "payee_key" TEXT NOT NULL, \
        "currency" TEXT NOT NULL, "total_minor" BIGINT NOT NULL, "count" BIGINT NOT NULL, \
        "base_minor" BIGINT NOT NULL DEFAULT 0, "unconverted" BIGINT NOT NULL DEFAULT 0, \
        "records" BIGINT NOT NULL DEFAULT 0, \
        PRIMARY KEY ("book_id", "month", "kind", "account_id", "payee_key", "currency"))
        """
    }

    /// The backfill, the same on both engines.
    private static let shared: [String] = [
        """
        INSERT INTO "month_payee_totals" ("book_id", "month", "kind", "account_id", "payee_key", "currency", \
        "total_minor", "count", "base_minor", "unconverted", "records")
        SELECT "book_id", SUBSTR("date", 1, 7), "k", COALESCE("acct", 0), "payee_key", "currency", \
        CAST(SUM("amount_minor") AS BIGINT), CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM("base_minor"), 0) AS BIGINT), \
        CAST(SUM(CASE WHEN "base_minor" IS NULL THEN 1 ELSE 0 END) AS BIGINT), CAST(COUNT(*) AS BIGINT)
        FROM (
          SELECT "book_id", "date", CASE WHEN "kind" = 'transfer' THEN 'transfer_out' ELSE "kind" END AS "k", \
          "account_id" AS "acct", "payee_key", "currency", "amount_minor", "base_minor" FROM "transactions"
          UNION ALL
          SELECT "book_id", "date", 'transfer_in', "to_account_id", "payee_key", "currency", "amount_minor", "base_minor" \
          FROM "transactions" WHERE "kind" = 'transfer'
        ) AS "r"
        GROUP BY "book_id", SUBSTR("date", 1, 7), "k", COALESCE("acct", 0), "payee_key", "currency"
        """
    ]
}
