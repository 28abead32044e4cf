import SQLKit
import TallyCore

/// The kept totals compared cell by cell with totals rebuilt from the records.
///
/// Both sides are read as text and parsed in Swift, so a cell that is not a whole number (a
/// REAL such as -2.72e19 that SQLite kept after an old overflow) is reported rather than
/// failing the decode. The records' sums are taken in two halves (amount / 10⁹ and
/// amount % 10⁹, each far from overflowing) and joined with checked arithmetic, so records whose
/// sum does not fit in 64 bits are a finding too, never an SQL error or a trap.
extension Checks {
    /// A cell's key as text, in the table's key-column order (without book_id).
    private typealias CellKey = [String]
    typealias Cell = (total: String, count: String)
    static let half: Int64 = 1_000_000_000

    /// Compares every kept-totals table, the account balances and their moves of one book with its records.
    static func checkTotals(
        _ db: any SQLDatabase,
        book: BookID
    ) async throws -> (findings: [CheckFinding], cells: Int, records: Int) {
        var findings: [CheckFinding] = []
        var cells = 0
        var reported: [String: Set<[String]>] = [:]
        for table in TotalsTable.all {
            let keys = Array(table.keyColumns.dropFirst())
            let kept = try await keptCells(db, table: table, keys: keys, book: book)
            let rebuilt = try await rebuiltCells(db, table: table, keys: keys, book: book)
            let all = Set(kept.keys).union(rebuilt.keys)
            cells += all.count
            let wrong = all.compactMap { key in
                compare(kept: kept[key], rebuilt: rebuilt[key], balance: false).map { (key, $0) }
            }
            reported[table.name] = Set(wrong.map(\.0))
            for (key, (problem, fixable)) in wrong.sorted(by: { $0.0.lexicographicallyPrecedes($1.0) }) {
                findings.append(
                    CheckFinding(
                        book: book,
                        table: table.name,
                        cell: describeCell(key, columns: keys),
                        problem: problem,
                        fix: fixable ? .rebuildTotals(book: book) : nil
                    )
                )
            }
        }
        let kept = try await keptBalances(db, book: book)
        let rebuilt = try await rebuiltBalances(db, book: book)
        let all = Set(kept.keys).union(rebuilt.keys)
        cells += all.count
        let wrong = all.compactMap { key in
            compare(kept: kept[key], rebuilt: rebuilt[key], balance: true).map { (key, $0) }
        }
        for (key, (problem, fixable)) in wrong.sorted(by: { $0.0.lexicographicallyPrecedes($1.0) }) {
            findings.append(
                CheckFinding(
                    book: book,
                    table: "account_balances",
                    cell: describeCell(key, columns: ["account_id", "currency"]),
                    problem: problem,
                    fix: fixable ? .rebuildTotals(book: book) : nil
                )
            )
        }
        let moves = try await checkAccountMoves(db, book: book)
        findings += moves.findings
        cells += moves.cells
        findings += try await checkConverted(db, book: book, reported: reported)
        findings += try await checkRecordCounts(db, book: book, reported: reported)
        let records =
            try await db.raw("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM transactions WHERE book_id = \(bind: book)")
            .first()?
            .decode(column: "n", as: Int.self) ?? 0
        return (findings, cells, records)
    }

    /// What is wrong with one cell and whether a rebuild can fix it, or nil when kept and rebuilt
    /// agree. A missing cell and one kept at zero (a balance the records no longer move) are the same thing.
    static func compare(kept: Cell?, rebuilt: (total: Int64?, count: Int64)?, balance: Bool) -> (String, Bool)? {
        describeDifference(kept: kept, rebuilt: rebuilt, balance: balance).map {
            ($0, rebuilt == nil || rebuilt?.total != nil)
        }
    }

    private static func describeDifference(
        kept: Cell?,
        rebuilt: (total: Int64?, count: Int64)?,
        balance: Bool
    ) -> String? {
        let keptTotal = kept.map { Int64($0.total) } ?? 0
        let keptCount = kept.map { Int64($0.count) } ?? 0
        let recordsText: String
        if let rebuilt {
            guard let total = rebuilt.total else {
                return "the records' sum does not fit in 64 bits (\(rebuilt.count) records); it cannot be kept"
            }
            if keptTotal == total && (balance || keptCount == rebuilt.count) { return nil }
            recordsText =
                balance ? "the records give \(total)" : "the records give \(total) in \(records(rebuilt.count))"
        } else {
            if keptTotal == 0 && (balance || keptCount == 0) { return nil }
            recordsText = balance ? "no records move it" : "no records fall in it"
        }
        guard let kept else { return "missing; \(recordsText)" }
        if keptTotal == nil { return "kept total \(kept.total) is not a whole number of minor units; \(recordsText)" }
        if keptCount == nil { return "kept count \(kept.count) is not a whole number; \(recordsText)" }
        return balance
            ? "kept \(kept.total); \(recordsText)" : "kept \(kept.total) in \(records(keptCount!)); \(recordsText)"
    }

    private static func records(_ n: Int64) -> String { n == 1 ? "1 record" : "\(n) records" }

    /// "2026-03-04 expense, category 4, account 2, payee "starbucks", USD".
    static func describeCell(_ key: [String], columns: [String]) -> String {
        var parts: [String] = []
        for (column, value) in zip(columns, key) {
            switch column {
            // The period and the kind read as one phrase: "2026-03-04 expense".
            case "kind" where !parts.isEmpty: parts[parts.count - 1] += " " + value
            case "day", "month", "year", "kind", "currency": parts.append(value)
            case "payee_key": parts.append("payee \(String(reflecting: value))")
            default: parts.append("\(column.replacingOccurrences(of: "_id", with: "")) \(value)")
            }
        }
        return parts.joined(separator: ", ")
    }

    private static func keptCells(
        _ db: any SQLDatabase,
        table: TotalsTable,
        keys: [String],
        book: BookID
    ) async throws -> [CellKey: Cell] {
        let rows = try await db.raw(
            """
            SELECT \(unsafeRaw: keys.map { "CAST(\($0) AS TEXT) AS \($0)" }.joined(separator: ", ")),
              CAST(total_minor AS TEXT) AS total, CAST(count AS TEXT) AS n
            FROM \(unsafeRaw: table.name) WHERE book_id = \(bind: book)
            """
        ).all()
        var cells: [CellKey: Cell] = [:]
        for row in rows {
            // The key columns vary by table, so they are read by name; the rest is one shape.
            let key = try keys.map { try row.decode(column: $0, as: String.self) }
            let cell = try row.decode(model: KeptCellRow.self)
            cells[key] = (cell.total, cell.count)
        }
        return cells
    }

    /// The records folded to the table's grain, the way `Totals.rebuild` folds them.
    private static func rebuiltCells(
        _ db: any SQLDatabase,
        table: TotalsTable,
        keys: [String],
        book: BookID
    ) async throws -> [CellKey: (total: Int64?, count: Int64)] {
        let rows = try await db.raw(
            recordsByCell(
                table,
                keys: keys,
                book: book,
                sums: """
                    CAST(SUM(amount_minor / \(half)) AS BIGINT) AS high, CAST(SUM(amount_minor % \(half)) AS BIGINT) AS low,
                    CAST(SUM(\(table.category ? "counted" : "leads")) AS BIGINT) AS n
                    """
            )
        ).all()
        var cells: [CellKey: (total: Int64?, count: Int64)] = [:]
        for row in rows {
            let key = try keys.map { try row.decode(column: $0, as: String.self) }
            let cell = try row.decode(model: RebuiltCellRow.self)
            cells[key] = (joined(cell.high, cell.low), cell.count)
        }
        return cells
    }

    /// The book's records folded to a table's grain as `Totals.rebuild` folds them (a transfer
    /// twice, as leaving and arriving; a split record line by line, see `RecordMoney`), keyed by `keys` as text, with the aggregates `sums` (SQL
    /// text that binds nothing) and an optional `having` clause.
    static func recordsByCell(
        _ table: TotalsTable,
        keys: [String],
        book: BookID,
        sums: String,
        having: String = ""
    ) -> SQLQueryString {
        let expressions = keys.map { column -> String in
            switch column {
            case table.period: "SUBSTR(date, 1, \(table.periodLength))"
            case "category_id": "CAST(COALESCE(category_id, 0) AS TEXT)"
            case "account_id": "CAST(COALESCE(acct, 0) AS TEXT)"
            default: column
            }
        }
        return """
            SELECT \(unsafeRaw: zip(expressions, keys).map { "\($0) AS \($1)" }.joined(separator: ", ")), \(unsafeRaw: sums)
            FROM (
              SELECT t.date, CASE WHEN t.kind = 'transfer' THEN 'transfer_out' ELSE t.kind END AS kind, t.account_id AS acct,
                t.payee_key, t.currency, \(RecordMoney.shareColumns)
                FROM transactions t \(RecordMoney.sharesJoin) WHERE t.book_id = \(bind: book)
              UNION ALL
              SELECT t.date, 'transfer_in', t.to_account_id, t.payee_key, t.currency, \(RecordMoney.shareColumns)
                FROM transactions t \(RecordMoney.sharesJoin) WHERE t.book_id = \(bind: book) AND t.kind = 'transfer'
            ) AS r
            GROUP BY \(unsafeRaw: expressions.joined(separator: ", ")) \(unsafeRaw: having)
            """
    }

    /// high × 10⁹ + low, or nil when it does not fit in 64 bits.
    static func joined(_ high: Int64, _ low: Int64) -> Int64? {
        let (scaled, over) = high.multipliedReportingOverflow(by: half)
        guard !over else { return nil }
        let (sum, over2) = scaled.addingReportingOverflow(low)
        return over2 ? nil : sum
    }

    private static func keptBalances(_ db: any SQLDatabase, book: BookID) async throws -> [CellKey: Cell] {
        let rows = try await db.raw(
            """
            SELECT CAST(account_id AS TEXT) AS account_id, currency, CAST(balance_minor AS TEXT) AS total
            FROM account_balances WHERE book_id = \(bind: book)
            """
        ).all()
        var cells: [CellKey: Cell] = [:]
        for row in rows {
            let balance = try row.decode(model: KeptBalanceRow.self)
            cells[balance.key] = (balance.total, "0")
        }
        return cells
    }

    /// What the records move each account by: spending and transfers out down, income and
    /// transfers in up (opening balances are kept on the account, not here).
    private static func rebuiltBalances(
        _ db: any SQLDatabase,
        book: BookID
    ) async throws -> [CellKey: (total: Int64?, count: Int64)] {
        let rows = try await db.raw(
            """
            SELECT CAST(acct AS TEXT) AS account_id, currency,
              CAST(SUM(signed / \(unsafeRaw: String(half))) AS BIGINT) AS high, CAST(SUM(signed % \(unsafeRaw: String(half))) AS BIGINT) AS low,
              CAST(COUNT(*) AS BIGINT) AS n
            FROM (
              SELECT account_id AS acct, currency, CASE WHEN kind = 'income' THEN amount_minor ELSE -amount_minor END AS signed
                FROM transactions WHERE book_id = \(bind: book) AND account_id IS NOT NULL
              UNION ALL
              SELECT to_account_id, currency, amount_minor FROM transactions
                WHERE book_id = \(bind: book) AND kind = 'transfer' AND to_account_id IS NOT NULL
            ) AS r
            GROUP BY acct, currency
            """
        ).all()
        var cells: [CellKey: (total: Int64?, count: Int64)] = [:]
        for row in rows {
            let balance = try row.decode(model: RebuiltBalanceRow.self)
            cells[balance.key] = (joined(balance.high, balance.low), balance.count)
        }
        return cells
    }
}
