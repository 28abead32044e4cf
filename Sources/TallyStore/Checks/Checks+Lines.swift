import SQLKit
import TallyCore

/// Split records against their lines: the lines add up to the record's amount and converted
/// amount, the record says how many it has, and a split has 2–100 lines.
///
/// Nothing here is repaired by `tally check --repair`: which of a record and its lines is right
/// is the person's call, so the finding names the record to open and fix.
extension Checks {
    /// The split records of a book whose lines disagree with them.
    static func checkLines(_ db: any SQLDatabase, book: BookID) async throws -> [CheckFinding] {
        let rows = try await db.raw(
            """
            SELECT t.id, t.amount_minor, t.base_minor, CAST(t.line_count AS BIGINT) AS line_count,
              CAST(COUNT(l.id) AS BIGINT) AS n, CAST(COALESCE(SUM(l.amount_minor), 0) AS BIGINT) AS amounts,
              CAST(COALESCE(SUM(l.base_minor), 0) AS BIGINT) AS bases,
              CAST(COALESCE(SUM(CASE WHEN l.base_minor IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT) AS unconverted,
              CAST(COALESCE(SUM(CASE WHEN l.book_id <> t.book_id THEN 1 ELSE 0 END), 0) AS BIGINT) AS elsewhere
            FROM transactions t LEFT JOIN transaction_lines l ON l.transaction_id = t.id
            WHERE t.book_id = \(bind: book)
              AND (t.line_count <> 0 OR t.id IN (SELECT transaction_id FROM transaction_lines WHERE book_id = \(bind: book)))
            GROUP BY t.id, t.amount_minor, t.base_minor, t.line_count
            ORDER BY t.id
            """
        ).all()
        var findings: [CheckFinding] = []
        for row in rows {
            let id = try row.decode(column: "id", as: Int64.self)
            let amount = try row.decode(column: "amount_minor", as: Int64.self)
            let base = try row.decode(column: "base_minor", as: Int64?.self)
            let said = try row.decode(column: "line_count", as: Int64.self)
            let n = try row.decode(column: "n", as: Int64.self)
            let amounts = try row.decode(column: "amounts", as: Int64.self)
            let bases = try row.decode(column: "bases", as: Int64.self)
            let unconverted = try row.decode(column: "unconverted", as: Int64.self)
            var problems: [String] = []
            if said != n { problems.append("says it has \(said) lines but \(n) are stored") }
            if n > 0 && (n < Int64(Split.minLines) || n > Int64(Split.maxLines)) {
                problems.append("has \(n) lines; a split has \(Split.minLines) to \(Split.maxLines)")
            }
            if n > 0 && amounts != amount { problems.append("its lines add up to \(amounts), the record is \(amount)") }
            if let base, n > 0, unconverted > 0 || bases != base {
                problems.append(
                    "its lines' converted shares add up to \(bases), the record's converted amount is \(base)"
                )
            }
            if base == nil && unconverted != n {
                problems.append("\(n - unconverted) of its lines are converted, the record is not")
            }
            if try row.decode(column: "elsewhere", as: Int64.self) > 0 {
                problems.append("has lines filed in another book")
            }
            for problem in problems {
                findings.append(
                    CheckFinding(
                        book: book,
                        table: "transaction_lines",
                        cell: "record \(id)",
                        problem: problem,
                        fix: nil
                    )
                )
            }
        }
        return findings
    }
}
