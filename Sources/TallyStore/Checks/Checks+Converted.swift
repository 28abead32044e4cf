import SQLKit
import TallyCore

/// The converted side of a book: each kept-totals cell's converted sum and unconverted count
/// against its records, and each record's base amount against the book's rates.
extension Checks {
    /// Records read per round trip when comparing base amounts with the rates.
    private static let page = 5_000

    /// `reported` holds, per table, the cells the own-currency check already found wrong: a
    /// rebuild mends both sides, so each cell is named once.
    static func checkConverted(
        _ db: any SQLDatabase,
        book: BookID,
        reported: [String: Set<[String]>]
    ) async throws -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for table in TotalsTable.all {
            let keys = Array(table.keyColumns.dropFirst())
            let kept = try await sums(db, keptSQL(table, keys: keys, book: book), keys: keys)
            let rebuilt = try await sums(db, rebuiltSQL(table, keys: keys, book: book), keys: keys)
            for key in Set(kept.keys).union(rebuilt.keys).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                if reported[table.name]?.contains(key) == true { continue }
                // A sum past 64 bits comes from amounts out of bounds: the other checks' finding.
                guard let k = kept[key] ?? (0, 0), let r = rebuilt[key] ?? (0, 0) else { continue }
                guard k != r else { continue }
                findings.append(
                    CheckFinding(
                        book: book,
                        table: table.name,
                        cell: zip(keys, key).map { "\($0) \($1)" }.joined(separator: ", "),
                        problem:
                            "kept converted sum \(k.base) with \(k.unconverted) unconverted; the records give \(r.base) with \(r.unconverted) unconverted",
                        fix: .rebuildTotals(book: book)
                    )
                )
            }
        }
        findings += try await checkBaseAmounts(db, book: book)
        return findings
    }

    /// Every record's base amount against what the book's rates give it now.
    private static func checkBaseAmounts(_ db: any SQLDatabase, book: BookID) async throws -> [CheckFinding] {
        guard let row = try await db.raw("SELECT currency FROM books WHERE id = \(bind: book)").first(),
            let base = Currency(code: try row.decode(column: "currency", as: String.self))
        else { return [] }
        let rates: RateTable
        do {
            rates = try await Conversion.all(db, book: book, base: base)
        } catch let error as DatabaseError {
            // An unreadable rate is named by the stored-values check; the conversions wait for it.
            return [
                CheckFinding(
                    book: book,
                    table: "exchange_rates",
                    cell: "",
                    problem: "records' conversions were not checked: \(error.description)",
                    fix: nil
                )
            ]
        }
        var wrong: [String: (count: Int, first: String)] = [:]
        var after: Int64 = 0
        while true {
            let rows = try await db.raw(
                """
                SELECT id, amount_minor, base_minor, currency, date FROM transactions
                WHERE book_id = \(bind: book) AND id > \(bind: after) ORDER BY id LIMIT \(bind: page)
                """
            ).all()
            for row in rows {
                let id = try row.decode(column: "id", as: Int64.self)
                after = id
                let code = try row.decode(column: "currency", as: String.self)
                guard let currency = Currency(code: code),
                    let date = LocalDate(try row.decode(column: "date", as: String.self))
                else { continue }  // the bounds check names these
                let kept = try row.decode(column: "base_minor", as: Int64?.self)
                let amount = Money(
                    minorUnits: try row.decode(column: "amount_minor", as: Int64.self),
                    currency: currency
                )
                // Records outside the bounds are the bounds check's findings, left to their owner.
                guard amount.minorUnits.magnitude <= Money.maxMinorUnits, LocalDate.supported.contains(date) else {
                    continue
                }
                let expected = rates.convert(amount, on: date)?.minorUnits
                guard kept != expected else { continue }
                if let seen = wrong[code] {
                    wrong[code] = (seen.count + 1, seen.first)
                } else {
                    let keptText = kept.map(String.init) ?? "none"
                    wrong[code] = (
                        1, "record \(id) keeps \(keptText), the rates give \(expected.map(String.init) ?? "none")"
                    )
                }
            }
            if rows.count < page { break }
        }
        return wrong.sorted { $0.key < $1.key }.map { code, w in
            CheckFinding(
                book: book,
                table: "transactions",
                cell: "base_minor, \(code)",
                problem:
                    "\(w.count) record\(w.count == 1 ? "" : "s") converted differently from the book's rates (first: \(w.first))",
                fix: .reconvert(book: book)
            )
        }
    }

    /// Gives every record of a book the base amount its rates give now, and moves the kept
    /// totals by the difference, under the rates lock. All in the repair's one transaction (it
    /// runs offline): the batches only bound the totals held in memory at once.
    static func reconvertAll(_ db: any SQLDatabase, book: BookID) async throws -> Int {
        try await Conversion.lockForRates(db, book: book)
        guard var work = try await Reconversion.everything(db, book: book) else { return 0 }
        while try await !work.batch(db, limits: LongWriteLimits(duration: .seconds(3_600))) {}
        return work.changed
    }

    private static func keptSQL(_ table: TotalsTable, keys: [String], book: BookID) -> SQLQueryString {
        """
        SELECT \(unsafeRaw: keys.map { "CAST(\($0) AS TEXT) AS \($0)" }.joined(separator: ", ")),
          CAST(base_minor / \(unsafeRaw: String(half)) AS BIGINT) AS high,
          CAST(base_minor % \(unsafeRaw: String(half)) AS BIGINT) AS low, CAST(unconverted AS BIGINT) AS unc
        FROM \(unsafeRaw: table.name) WHERE book_id = \(bind: book) AND (base_minor <> 0 OR unconverted <> 0)
        """
    }

    /// The records' converted sums and unconverted counts per cell.
    private static func rebuiltSQL(_ table: TotalsTable, keys: [String], book: BookID) -> SQLQueryString {
        // A table without categories counts records, a record once whatever its lines.
        let counted = table.category ? "counted" : "leads"
        return recordsByCell(
            table,
            keys: keys,
            book: book,
            sums: """
                CAST(COALESCE(SUM(base_minor / \(half)), 0) AS BIGINT) AS high,
                CAST(COALESCE(SUM(base_minor % \(half)), 0) AS BIGINT) AS low,
                CAST(SUM(CASE WHEN base_minor IS NULL THEN \(counted) ELSE 0 END) AS BIGINT) AS unc
                """,
            having: "HAVING COUNT(base_minor) > 0 OR SUM(CASE WHEN base_minor IS NULL THEN \(counted) ELSE 0 END) <> 0"
        )
    }

    /// The converted sums by cell, each summed in two halves (÷ 10⁹ and mod 10⁹, as the
    /// own-currency check does) so no SQL sum overflows; nil for a sum past 64 bits.
    private static func sums(
        _ db: any SQLDatabase,
        _ sql: SQLQueryString,
        keys: [String]
    ) async throws -> [[String]: (base: Int64, unconverted: Int64)?] {
        var out: [[String]: (base: Int64, unconverted: Int64)?] = [:]
        for row in try await db.raw(sql).all() {
            let key = try keys.map { try row.decode(column: $0, as: String.self) }
            let sum = joined(
                try row.decode(column: "high", as: Int64.self),
                try row.decode(column: "low", as: Int64.self)
            )
            out[key] = try sum.map { ($0, try row.decode(column: "unc", as: Int64.self)) }
        }
        return out
    }

}
