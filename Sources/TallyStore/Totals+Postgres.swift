import SQLKit
import TallyCore

extension Totals {
    /// PostgreSQL's `apply`: the six kept-totals upserts, the balances, their days and months in one statement, each
    /// table's rows bound as one array per column and unpacked by `unnest`.
    ///
    /// As separate multi-row `VALUES` upserts, a group-committed batch of adds paid seven round
    /// trips, and the statements' text changed with the number of cells, so none was ever run by
    /// name (`PreparedStatements`): each was parsed and planned anew. Here the text depends only on
    /// the tables, so it is named after a few batches, and the batch costs one round trip.
    /// Data-modifying `WITH` parts all run, to completion, whether or not anything reads them.
    ///
    /// Locks are taken in one order by every writer, so that two writing at once (two nodes, or
    /// adds with an Idempotency-Key, each in its own transaction) wait for each other instead of
    /// deadlocking: the tables in `TotalsTable.all`'s order, then the balances, then their days and
    /// months, as imports write them, and each table's cells sorted by key. PostgreSQL runs `WITH` parts that
    /// nothing reads last part first (`ExecPostprocessPlan`; `PreparedStatementTests` checks
    /// it), so the parts are written in reverse. Unsorted and in the written order, adds deadlocked
    /// with each other and with imports under `scripts/bench --cluster` (11 answers of 500 in
    /// 30 s).
    func applyPostgres(_ db: any SQLDatabase, book: BookID) async throws {
        let folds = folds(book: book)
        var parts: [SQLQueryString] = []
        for (index, fold) in folds.enumerated() {
            let columns = fold.table.columns
            let sorted = try Self.sortedRows(fold.values, width: columns.count, keys: fold.table.keyColumns.count)
            let arrays = try Self.columnArrays(sorted, table: fold.table)
            parts.append(
                """
                t\(unsafeRaw: String(index)) AS (INSERT INTO \(unsafeRaw: fold.table.name) (\(unsafeRaw: columns.joined(separator: ", ")))
                SELECT * FROM unnest(\(arrays.joined(separator: ", "))) \(unsafeRaw: fold.table.addOnConflict))
                """
            )
        }
        let moves = balances.filter { $0.value != 0 }.sorted {
            ($0.key.account, $0.key.currency) < ($1.key.account, $1.key.currency)
        }
        if !moves.isEmpty {
            parts.append(
                """
                balances AS (INSERT INTO account_balances (book_id, account_id, currency, balance_minor)
                SELECT \(bind: book.rawValue), * FROM unnest(\(bind: moves.map(\.key.account))::bigint[], \
                \(bind: moves.map(\.key.currency))::text[], \(bind: moves.map(\.value))::bigint[])
                ON CONFLICT (book_id, account_id, currency) DO UPDATE SET balance_minor = account_balances.balance_minor + excluded.balance_minor)
                """
            )
        }
        // The days and months of the balances last, as `applyBalances` writes them after the balances.
        parts += accountMovesParts(book: book)
        try await db.raw("WITH \(parts.reversed().joined(separator: ", ")) SELECT 1").run()
        // Only removals can empty a cell; the sweep must see the upserts, so it comes after.
        for fold in folds where !fold.emptied.isEmpty {
            try await db.raw(
                """
                DELETE FROM \(unsafeRaw: fold.table.name)
                WHERE book_id = \(bind: book) AND \(unsafeRaw: fold.table.period) IN (\(binds: fold.emptied)) AND count = 0
                """
            ).run()
        }
    }

    /// The rows (laid out row after row, `width` values each) sorted by their first `keys` values.
    static func sortedRows(_ values: [BulkValue], width: Int, keys: Int) throws -> [BulkValue] {
        guard keys <= width else { throw DatabaseError(description: "kept totals: \(keys) keys in rows of \(width)") }
        _ = try BulkWriter.rowWidth(width, values: values.count)
        let rows = (0..<(values.count / width)).sorted { a, b in
            for column in 0..<keys {
                switch (values[a * width + column], values[b * width + column]) {
                case (.int(let x), .int(let y)) where x != y: return x < y
                case (.text(let x), .text(let y)) where x != y: return x < y
                default: continue
                }
            }
            return false
        }
        return rows.flatMap { values[($0 * width)..<($0 * width + width)] }
    }

    /// One bound array per column of `table`'s rows, laid out row after row: `text[]` for its text
    /// columns, `bigint[]` for the others.
    static func columnArrays(_ values: [BulkValue], table: TotalsTable) throws -> [SQLQueryString] {
        let columns = table.columns
        let width = try BulkWriter.rowWidth(columns.count, values: values.count)
        let rows = values.count / width
        let textColumns = Set(table.textColumns)
        return try columns.enumerated().map { column, name -> SQLQueryString in
            let isText = textColumns.contains(name)
            var texts: [String] = []
            var numbers: [Int64] = []
            for row in 0..<rows {
                switch values[row * width + column] {
                case .text(let text) where isText: texts.append(text)
                case .int(let number) where !isText: numbers.append(number)
                default: throw DatabaseError(description: "kept totals: an unexpected value for \(name)")
                }
            }
            return isText ? "\(bind: texts)::text[]" : "\(bind: numbers)::bigint[]"
        }
    }
}
