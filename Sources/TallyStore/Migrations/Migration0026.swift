/// Migration 26: `year_category_totals`, the totals of `month_category_totals` by year.
///
/// A list of records with no date range (`GET …/transactions`, the search page) gives the count
/// and totals of every record, summed from the kept months by category: 5,520 cells at a million
/// records, about half of the CPU a page of 50 records took that was not the records themselves.
/// A ten-year report by category summed the same 120 months per category. By year they are a
/// twelfth as many; the months and days at a range's edges still come from the finer tables.
///
/// Filled from `month_category_totals`. Frozen: the SQL it sent on the day it shipped, per engine.
/// Never edit it; change the schema with a new migration.
enum Migration0026 {
    static let sqlite: [String] = [create("INTEGER", clustered: " WITHOUT ROWID"), fill]
    static let postgres: [String] = [create("BIGINT", clustered: ""), fill]

    private static func create(_ integer: String, clustered: String) -> String {
        """
        CREATE TABLE "year_category_totals" ("book_id" \(integer) NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "year" TEXT NOT NULL, "kind" TEXT NOT NULL, "category_id" BIGINT NOT NULL, "currency" TEXT NOT NULL, \
        "total_minor" BIGINT NOT NULL, "count" BIGINT NOT NULL, \
        "base_minor" BIGINT NOT NULL DEFAULT 0, "unconverted" BIGINT NOT NULL DEFAULT 0, \
        "records" BIGINT NOT NULL DEFAULT 0, \
        PRIMARY KEY ("book_id", "year", "kind", "category_id", "currency"))\(clustered)
        """
    }

    private static let fill = """
        INSERT INTO "year_category_totals" ("book_id", "year", "kind", "category_id", "currency", \
        "total_minor", "count", "base_minor", "unconverted", "records")
        SELECT "book_id", SUBSTR("month", 1, 4), "kind", "category_id", "currency", \
        CAST(SUM("total_minor") AS BIGINT), CAST(SUM("count") AS BIGINT), CAST(SUM("base_minor") AS BIGINT), \
        CAST(SUM("unconverted") AS BIGINT), CAST(SUM("records") AS BIGINT)
        FROM "month_category_totals"
        GROUP BY "book_id", SUBSTR("month", 1, 4), "kind", "category_id", "currency"
        """
}
