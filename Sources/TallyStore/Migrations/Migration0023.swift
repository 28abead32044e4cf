/// Migration 23: `transactions_money`, the records' money columns by id, for word search.
///
/// A word search finds its records' ids in the full-text index in a few milliseconds; its count
/// and totals then read each matching record. At a million records a word in 1 % of them is
/// 10,000 records scattered over the table, and reading their full rows (payee and note text
/// included) took 100-200 ms; read from this narrow index, sorted by id as the full-text index
/// hands them over, the same sums take about 20 ms. On SQLite the summary names it
/// (`INDEXED BY`): the planner prefers the table's own key. PostgreSQL reads it index-only.
///
/// Frozen: the SQL it sent on the day it shipped, per engine. Never edit it; change the schema
/// with a new migration.
enum Migration0023 {
    static let sqlite: [String] = [
        """
        CREATE INDEX "transactions_money" ON "transactions" ("id", "book_id", "date", "kind", "currency", \
        "amount_minor", "base_minor", "line_count", "category_id", "account_id", "to_account_id", "payee_key", "tag_count")
        """
    ]

    static let postgres: [String] = [
        """
        CREATE INDEX "transactions_money" ON "transactions" ("id") INCLUDE ("book_id", "date", "kind", "currency", \
        "amount_minor", "base_minor", "line_count", "category_id", "account_id", "to_account_id", "payee_key", "tag_count")
        """
    ]
}
