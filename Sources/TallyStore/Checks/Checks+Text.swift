import SQLKit
import TallyCore

extension Checks {
    /// The stored text of a book that the API would refuse (`StoredText`): a NUL or U+202E in a
    /// payee, `<` in a tag, a bill link `javascript:…`. Restore refuses them now; a file written
    /// by hand, by an older version or by another program can still hold them, and the JSON API
    /// cut a payee at its NUL, the CSV export carried it, and Tally's own import refused that
    /// export. Reported with the row and column, not changed: only the owner knows what was meant.
    static func checkStoredText(_ db: any SQLDatabase, book: BookID) async throws -> [CheckFinding] {
        var findings: [CheckFinding] = []
        let postgres = db.dialect.name.lowercased().contains("postgres")
        for table in BackupTables.all {
            guard let inBook = bookCondition(table, book: book) else { continue }
            let columns = table.columns.filter {
                switch $0.kind {
                case .text, .timestamp: true
                default: false
                }
            }
            guard !columns.isEmpty else { continue }
            let key =
                table.hasID
                ? "id"
                : table.order.compactMap { name in table.columns.first { $0.key == name }?.sql }
                    .map { "CAST(\($0) AS TEXT)" }.joined(separator: " || '/' || ")
            var query = SQLQueryString("SELECT CAST(\(unsafeRaw: key) AS TEXT) AS row_key")
            for column in columns {
                query.appendLiteral(", \(column.sql) AS \"\(column.key)\"")
                // SQLite hands text over as a C string, cut at a NUL: the NUL is found in the bytes.
                if !postgres {
                    query.appendLiteral(", instr(CAST(\(column.sql) AS BLOB), X'00') AS \"\(column.key)#nul\"")
                }
            }
            query.appendLiteral(" FROM \(table.name) WHERE ")
            query.appendInterpolation(inBook)
            if table.name == "transactions" || table.name == "transaction_lines" {
                // A book's records are many and their text is nearly always printable ASCII, which
                // every rule but the tag's and the address's accepts: only the rest are read.
                // SQLite's GLOB and length() stop at a NUL; the byte length does not.
                let outside = columns.map {
                    postgres
                        ? "\($0.sql) ~ '[^ -~]'"
                        : "(\($0.sql) GLOB '*[^ -~]*' OR instr(CAST(\($0.sql) AS BLOB), X'00') > 0)"
                }
                query.appendLiteral(" AND (\(outside.joined(separator: " OR ")))")
            }
            for row in try await db.raw(query).all() {
                let rowKey = try row.decode(column: "row_key", as: String.self)
                for column in columns {
                    // A rate is one of the values `checkStoredValues` reads back already.
                    let rule = StoredText.rule(table: table.name, column: column.key)
                    let nul = postgres ? 0 : try row.decode(column: "\(column.key)#nul", as: Int?.self) ?? 0
                    guard rule != .rate, let text = try row.decode(column: column.key, as: String?.self),
                        let problem = nul > 0 ? TextRules.message("\u{0}", lines: .one) : rule.problem(text)
                    else { continue }
                    findings.append(
                        CheckFinding(
                            book: book,
                            table: table.name,
                            cell: "row \(rowKey), \(column.key)",
                            problem: "stored text \(problem) (edit the row through the app, or delete it)",
                            fix: nil
                        )
                    )
                }
            }
        }
        return findings
    }

    /// Which rows of `table` are the book's, or nil for a table of no book (users, tokens).
    private static func bookCondition(_ table: BackupTable, book: BookID) -> SQLQueryString? {
        switch table.book {
        case .none: return nil
        case .isBooks: return "id = \(bind: book)"
        case .through(let key):
            guard let column = table.columns.first(where: { $0.key == key }), let target = column.target else {
                return nil
            }
            if target == "books" { return "\(ident: column.sql) = \(bind: book)" }
            return "\(ident: column.sql) IN (SELECT id FROM \(ident: target) WHERE book_id = \(bind: book))"
        }
    }
}
