import SQLKit
import TallyCore

extension Checks {
    /// Compares the `records` column of the kept totals split by category with the records: each
    /// record adds 1 in one cell only (its first line's), so sums over categories count records.
    /// Cells the main comparison already reported are left out; a difference is fixed by a rebuild.
    static func checkRecordCounts(
        _ db: any SQLDatabase,
        book: BookID,
        reported: [String: Set<[String]>]
    ) async throws -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for table in TotalsTable.all where table.category {
            let keys = Array(table.keyColumns.dropFirst())
            var kept: [[String]: Int64] = [:]
            for row in try await db.raw(
                """
                SELECT \(unsafeRaw: keys.map { "CAST(\($0) AS TEXT) AS \($0)" }.joined(separator: ", ")),
                  CAST(records AS BIGINT) AS n
                FROM \(unsafeRaw: table.name) WHERE book_id = \(bind: book) AND records <> 0
                """
            ).all() {
                kept[try keys.map { try row.decode(column: $0, as: String.self) }] = try row.decode(
                    column: "n",
                    as: Int64.self
                )
            }
            var rebuilt: [[String]: Int64] = [:]
            for row in try await db.raw(
                recordsByCell(
                    table,
                    keys: keys,
                    book: book,
                    sums: "CAST(SUM(leads) AS BIGINT) AS n",
                    having: "HAVING SUM(leads) <> 0"
                )
            ).all() {
                rebuilt[try keys.map { try row.decode(column: $0, as: String.self) }] = try row.decode(
                    column: "n",
                    as: Int64.self
                )
            }
            let done = reported[table.name] ?? []
            for key in Set(kept.keys).union(rebuilt.keys).sorted(by: { $0.lexicographicallyPrecedes($1) })
            where !done.contains(key) && kept[key, default: 0] != rebuilt[key, default: 0] {
                findings.append(
                    CheckFinding(
                        book: book,
                        table: table.name,
                        cell: describeCell(key, columns: keys),
                        problem: "counts \(kept[key, default: 0]) records as their first category here; "
                            + "the records give \(rebuilt[key, default: 0])",
                        fix: .rebuildTotals(book: book)
                    )
                )
            }
        }
        return findings
    }
}
