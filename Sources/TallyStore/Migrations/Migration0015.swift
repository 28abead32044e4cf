/// Migration 15: several currencies, converted at the book's own rates.
///
/// - `exchange_rates`: per book, currency and day, how many units of the book's currency one unit
///   of that currency is worth, as exact decimal text ("1.0856").
/// - `transactions.base_minor`: the record's amount in the book's currency, or NULL while no rate
///   applies. The partial index finds those records (the reports list them) without reading the
///   rest.
/// - The kept-totals tables keep, beside each cell's own-currency sum, the sum of its converted
///   amounts (`base_minor`) and how many of its records are not converted (`unconverted`). The
///   covering indexes of migrations 8 and 9 are made again with the two columns, so the reads they
///   serve stay index-only.
///
/// No book has rates yet, so the backfill is plain: a record in the book's currency is its own
/// base amount, and every other record is unconverted.
///
/// Frozen: the SQL it sent on the day it shipped, per engine. Never edit it; change the schema
/// with a new migration.
enum Migration0015 {
    static let sqlite: [String] =
        [
            """
            CREATE TABLE "exchange_rates" ("id" INTEGER PRIMARY KEY, \
            "book_id" INTEGER NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
            "currency" TEXT NOT NULL, \
            "date" TEXT NOT NULL, \
            "rate" TEXT NOT NULL, \
            "created_at" TEXT NOT NULL, \
            UNIQUE ("book_id", "currency", "date"))
            """,
            #"ALTER TABLE "transactions" ADD COLUMN "base_minor" INTEGER"#,
        ] + shared + [
            #"DROP INDEX "month_totals_payee""#,
            """
            CREATE INDEX "month_totals_payee" ON "month_totals" \
            ("book_id", "payee_key", "month", "total_minor", "count", "base_minor", "unconverted")
            """,
            #"DROP INDEX "month_category_totals_kind""#,
            """
            CREATE INDEX "month_category_totals_kind" ON "month_category_totals" \
            ("book_id", "kind", "currency", "total_minor", "count", "base_minor", "unconverted")
            """,
        ]

    static let postgres: [String] =
        [
            """
            CREATE TABLE "exchange_rates" ("id" BIGSERIAL PRIMARY KEY, \
            "book_id" BIGINT NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
            "currency" TEXT NOT NULL, \
            "date" TEXT NOT NULL, \
            "rate" TEXT NOT NULL, \
            "created_at" TEXT NOT NULL, \
            UNIQUE ("book_id", "currency", "date"))
            """,
            #"ALTER TABLE "transactions" ADD COLUMN "base_minor" BIGINT"#,
        ] + shared + [
            #"DROP INDEX "month_totals_payee""#,
            """
            CREATE INDEX "month_totals_payee" ON "month_totals" ("book_id", "payee_key", "month") \
            INCLUDE ("kind", "currency", "total_minor", "count", "base_minor", "unconverted")
            """,
        ]

    /// The same on both engines: the backfill, the partial index and the totals columns.
    private static let shared: [String] =
        [
            #"UPDATE "transactions" SET "base_minor" = "amount_minor" WHERE "currency" = (SELECT "currency" FROM "books" WHERE "books"."id" = "transactions"."book_id")"#,
            #"CREATE INDEX "transactions_unconverted" ON "transactions" ("book_id", "date") WHERE "base_minor" IS NULL"#,
        ] + totalsColumns

    /// The kept-totals tables' two new columns, backfilled.
    static let totalsColumns: [String] = ["day_totals", "month_totals", "month_category_totals"].flatMap { table in
        [
            #"ALTER TABLE "\#(table)" ADD COLUMN "base_minor" BIGINT NOT NULL DEFAULT 0"#,
            #"ALTER TABLE "\#(table)" ADD COLUMN "unconverted" BIGINT NOT NULL DEFAULT 0"#,
            """
            UPDATE "\(table)" SET "base_minor" = CASE WHEN "currency" = (SELECT "currency" FROM "books" WHERE "books"."id" = "\(table)"."book_id") \
            THEN "total_minor" ELSE 0 END, \
            "unconverted" = CASE WHEN "currency" = (SELECT "currency" FROM "books" WHERE "books"."id" = "\(table)"."book_id") \
            THEN 0 ELSE "count" END
            """,
        ]
    }
}
