import SQLKit
import TallyCore

/// The account-moves tables (`AccountMovesTable`) compared period by period with the accounts'
/// moves rebuilt from the records, read and summed as `Checks+Totals` reads the other kept totals
/// (as text; sums in two halves).
extension Checks {
    /// The findings of one book's account moves, and how many cells were compared.
    static func checkAccountMoves(
        _ db: any SQLDatabase,
        book: BookID
    ) async throws -> (findings: [CheckFinding], cells: Int) {
        var findings: [CheckFinding] = []
        var cells = 0
        for table in AccountMovesTable.all {
            let columns = ["account_id", "currency", table.period]
            var kept: [[String]: Cell] = [:]
            for row in try await db.raw(
                """
                SELECT CAST(account_id AS TEXT) AS account_id, currency, \(unsafeRaw: table.period),
                  CAST(delta_minor AS TEXT) AS total
                FROM \(unsafeRaw: table.name) WHERE book_id = \(bind: book)
                """
            ).all() {
                let key = try columns.map { try row.decode(column: $0, as: String.self) }
                kept[key] = (try row.decode(column: "total", as: String.self), "0")
            }
            // Each record moves its account (a transfer both of its accounts) by its whole amount,
            // in its own currency, on its day: as `Totals.add` moves `account_balances`.
            let (half, period) = (String(half), "SUBSTR(date, 1, \(table.periodLength))")
            var rebuilt: [[String]: (total: Int64?, count: Int64)] = [:]
            for row in try await db.raw(
                """
                SELECT CAST(acct AS TEXT) AS account_id, currency, \(unsafeRaw: period) AS \(unsafeRaw: table.period),
                  CAST(SUM(signed / \(unsafeRaw: half)) AS BIGINT) AS high, CAST(SUM(signed % \(unsafeRaw: half)) AS BIGINT) AS low,
                  CAST(COUNT(*) AS BIGINT) AS n
                FROM (
                  SELECT account_id AS acct, currency, date, CASE WHEN kind = 'income' THEN amount_minor ELSE -amount_minor END AS signed
                    FROM transactions WHERE book_id = \(bind: book) AND account_id IS NOT NULL
                  UNION ALL
                  SELECT to_account_id, currency, date, amount_minor FROM transactions
                    WHERE book_id = \(bind: book) AND kind = 'transfer' AND to_account_id IS NOT NULL
                ) AS r
                GROUP BY acct, currency, \(unsafeRaw: period)
                """
            ).all() {
                let key = try columns.map { try row.decode(column: $0, as: String.self) }
                rebuilt[key] = (
                    joined(
                        try row.decode(column: "high", as: Int64.self),
                        try row.decode(column: "low", as: Int64.self)
                    ),
                    try row.decode(column: "n", as: Int64.self)
                )
            }
            let all = Set(kept.keys).union(rebuilt.keys)
            cells += all.count
            findings += all.compactMap { key in
                compare(kept: kept[key], rebuilt: rebuilt[key], balance: true).map { (key, $0) }
            }.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map { key, wrong in
                CheckFinding(
                    book: book,
                    table: table.name,
                    cell: describeCell(key, columns: columns),
                    problem: wrong.0,
                    fix: wrong.1 ? .rebuildTotals(book: book) : nil
                )
            }
        }
        return (findings, cells)
    }
}
