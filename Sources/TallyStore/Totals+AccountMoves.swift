import SQLKit
import TallyCore

/// Writing the account-moves tables (`AccountMovesTable`) from a batch: the same moves as
/// `account_balances`, kept by day in `dayMoves` and folded to each table's period.
extension Totals {
    /// One account's moves in one currency on one day (or, folded, in one month).
    struct DayMove: Hashable {
        var account: Int64
        var currency: String
        /// "YYYY-MM-DD", or "YYYY-MM" once folded by month.
        var day: String
    }

    /// The batch's moves folded to `table`'s period, those that change something, sorted by key:
    /// every writer then locks the rows in one order (see `applyPostgres`).
    func moveRows(_ table: AccountMovesTable) -> [(key: DayMove, value: Int64)] {
        var folded: [DayMove: Int64] = [:]
        for (key, delta) in dayMoves where delta != 0 {
            var k = key
            k.day = String(key.day.prefix(table.periodLength))
            folded[k, default: 0] += delta
        }
        // In the key's order (`AccountMovesTable.keyColumns`), as an import's COPY sorts them.
        return folded.filter { $0.value != 0 }.sorted {
            ($0.key.day, $0.key.account, $0.key.currency) < ($1.key.day, $1.key.account, $1.key.currency)
        }
    }

    /// Writes the moves through `writer` (an import's, whose COPY takes thousands of rows), or as
    /// sorted multi-row upserts on `db`.
    func applyAccountMoves(_ db: any SQLDatabase, book: BookID, writer: BulkWriter? = nil) async throws {
        let writer = writer ?? BulkWriter(db: db, sqlite: nil)
        for table in AccountMovesTable.all {
            let rows = moveRows(table)
            guard !rows.isEmpty else { continue }
            var values: [BulkValue] = []
            values.reserveCapacity(rows.count * table.columns.count)
            for (key, delta) in rows {
                values += [.int(book.rawValue), .text(key.day), .int(key.account), .text(key.currency), .int(delta)]
            }
            try await writer.copyUpsert(
                into: table.name,
                columns: table.columns,
                values: values,
                order: table.keyColumns,
                suffix: table.addOnConflict
            )
        }
    }

    /// PostgreSQL's moves as data-modifying `WITH` parts of `applyPostgres`, in lock order, the
    /// rows bound as one array per column.
    func accountMovesParts(book: BookID) -> [SQLQueryString] {
        AccountMovesTable.all.compactMap { table in
            let rows = moveRows(table)
            guard !rows.isEmpty else { return nil }
            return """
                \(unsafeRaw: table.period)_moves AS (INSERT INTO \(unsafeRaw: table.name) (\(unsafeRaw: table.columns.joined(separator: ", ")))
                SELECT \(bind: book.rawValue), * FROM unnest(\(bind: rows.map(\.key.day))::text[], \
                \(bind: rows.map(\.key.account))::bigint[], \(bind: rows.map(\.key.currency))::text[], \
                \(bind: rows.map(\.value))::bigint[])
                \(unsafeRaw: table.addOnConflict))
                """
        }
    }

    /// Refills a book's moves from `rebuilt_totals` (see `rebuild`, which empties them first): a
    /// transfer's two sides are its `transfer_out` and `transfer_in` cells.
    static func rebuildAccountMoves(_ db: any SQLDatabase) async throws {
        for table in AccountMovesTable.all {
            let period = "SUBSTR(day, 1, \(table.periodLength))"
            try await db.raw(
                """
                INSERT INTO \(unsafeRaw: table.name) (\(unsafeRaw: table.columns.joined(separator: ", ")))
                SELECT book_id, \(unsafeRaw: period), account_id, currency,
                  CAST(SUM(CASE WHEN kind IN ('income', 'transfer_in') THEN total_minor ELSE -total_minor END) AS BIGINT)
                FROM rebuilt_totals WHERE account_id <> 0
                GROUP BY book_id, \(unsafeRaw: period), account_id, currency
                """
            ).run()
        }
    }
}
