/// Migration 22: `year_payee_totals`, the totals of `month_payee_totals` by year.
///
/// A ten-year report by payee or by account summed 120 months of cells per payee and account,
/// 31,000 rows at a million records (20-27 ms); by year it sums a twelfth of them. Reports read
/// whole years here and the months and days at the range's edges from the finer tables.
///
/// Filled from `month_payee_totals`. Frozen: the SQL it sent on the day it shipped, per engine.
/// Never edit it; change the schema with a new migration.
enum Migration0022 {
    static let sqlite: [String] = [create("INTEGER"), fill]
    static let postgres: [String] = [create("BIGINT"), fill]

    private static func create(_ integer: String) -> String {
        """
        CREATE TABLE "year_payee_totals" ("book_id" \(integer) NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "year" TEXT NOT NULL, "kind" TEXT NOT NULL, "account_id" BIGINT NOT NULL, "payee_key" TEXT NOT NULL, \
        "currency" TEXT NOT NULL, "total_minor" BIGINT NOT NULL, "count" BIGINT NOT NULL, \
        "base_minor" BIGINT NOT NULL DEFAULT 0, "unconverted" BIGINT NOT NULL DEFAULT 0, \
        "records" BIGINT NOT NULL DEFAULT 0, \
        PRIMARY KEY ("book_id", "year", "kind", "account_id", "payee_key", "currency"))
        """
    }

    private static let fill = """
        INSERT INTO "year_payee_totals" ("book_id", "year", "kind", "account_id", "payee_key", "currency", \
        "total_minor", "count", "base_minor", "unconverted", "records")
        SELECT "book_id", SUBSTR("month", 1, 4), "kind", "account_id", "payee_key", "currency", \
        CAST(SUM("total_minor") AS BIGINT), CAST(SUM("count") AS BIGINT), CAST(SUM("base_minor") AS BIGINT), \
        CAST(SUM("unconverted") AS BIGINT), CAST(SUM("records") AS BIGINT)
        FROM "month_payee_totals"
        GROUP BY "book_id", SUBSTR("month", 1, 4), "kind", "account_id", "payee_key", "currency"
        """
}
