/// Migration 27: `day_account_totals` and `month_account_totals`, how much each account moved in
/// each currency on each day and in each month.
///
/// Balances over time (`GET …/reports/balances`) need every account's balance at the end of each
/// period of a range: its opening balance plus every move up to that day. `account_balances`
/// keeps only today's sum, and `day_totals` splits each day by kind and category (270,000 cells
/// at a million records). Here a day is one row per account and currency that moved that day
/// (18,000 rows for ten years of eight accounts at a million records), and a month one row per
/// account and currency that moved that month (under 1,000 rows): ten years by month are read
/// from the months alone, and the days only at a range's edges. Keyed period first, so that a
/// range of days or months is one stretch of the key.
///
/// A move is what `account_balances` adds: incomes and arriving transfers up, expenses and leaving
/// transfers down, in the record's own currency (a split record once, with its whole amount).
/// Filled from the records. Frozen: the SQL it sent on the day it shipped, per engine. Never edit
/// it; change the schema with a new migration.
enum Migration0027 {
    static let sqlite: [String] = tables("INTEGER", clustered: " WITHOUT ROWID")
    static let postgres: [String] = tables("BIGINT", clustered: "")

    private static func tables(_ integer: String, clustered: String) -> [String] {
        [("day_account_totals", "day", 10), ("month_account_totals", "month", 7)].flatMap { table, period, length in
            [
                """
                CREATE TABLE "\(table)" ("book_id" \(integer) NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
                "\(period)" TEXT NOT NULL, "account_id" BIGINT NOT NULL, "currency" TEXT NOT NULL, \
                "delta_minor" BIGINT NOT NULL, \
                PRIMARY KEY ("book_id", "\(period)", "account_id", "currency"))\(clustered)
                """,
                """
                INSERT INTO "\(table)" ("book_id", "\(period)", "account_id", "currency", "delta_minor")
                SELECT "book_id", SUBSTR("date", 1, \(length)), "acct", "currency", CAST(SUM("signed") AS BIGINT)
                FROM (
                  SELECT "book_id", "account_id" AS "acct", "currency", "date", \
                CASE WHEN "kind" = 'income' THEN "amount_minor" ELSE -"amount_minor" END AS "signed"
                    FROM "transactions" WHERE "account_id" IS NOT NULL
                  UNION ALL
                  SELECT "book_id", "to_account_id", "currency", "date", "amount_minor"
                    FROM "transactions" WHERE "kind" = 'transfer' AND "to_account_id" IS NOT NULL
                ) AS "moves"
                GROUP BY "book_id", SUBSTR("date", 1, \(length)), "acct", "currency"
                """,
            ]
        }
    }
}
