import SQLKit
import SQLiteNIO

/// One value of a bulk insert: the three kinds imports and kept totals write.
enum BulkValue: Sendable, Encodable {
    case int(Int64)
    case text(String)
    case null

    /// An optional id: NULL when absent.
    init(_ id: Int64?) { self = id.map { .int($0) } ?? .null }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .int(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    var sqlite: SQLiteData {
        switch self {
        case .int(let value): .integer(Int(value))
        case .text(let value): .text(value)
        case .null: .null
        }
    }
}

/// Many-row INSERTs inside a write transaction, for imports and kept totals.
///
/// On SQLite the values go straight to the connection: SQLKit serializes every bound value
/// through `Encodable` and a dynamic cast, which at a million records cost more than SQLite's
/// own work. The SQL is still a fixed text with `?` placeholders — values are never spliced in.
/// PostgreSQL goes through SQLKit as usual.
struct BulkWriter: Sendable {
    /// The transaction's SQLKit handle (PostgreSQL, and any other statement).
    let db: any SQLDatabase
    /// The same transaction's SQLite connection, when the engine is SQLite.
    let sqlite: SQLiteConnection?

    /// Inserts `values` (row after row, `columns.count` values each), many rows per statement.
    /// `suffix` follows the VALUES list (an ON CONFLICT clause); it must not bind anything.
    func insert(into table: String, columns: [String], values: [BulkValue], suffix: String = "") async throws {
        let width = columns.count
        precondition(width > 0 && values.count % width == 0, "bulk insert: values do not fill whole rows")
        // PostgreSQL allows 65,535 binds a statement, SQLite (as SQLiteNIO builds it) 250,000.
        let rowsPerStatement = max(1, 60_000 / width)
        let head = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        var start = 0
        while start < values.count {
            let end = min(values.count, start + rowsPerStatement * width)
            let rows = (end - start) / width
            if let sqlite {
                let tuple = "(" + String(repeating: "?, ", count: width - 1) + "?)"
                let sql = head + Array(repeating: tuple, count: rows).joined(separator: ", ") + " " + suffix
                _ = try await sqlite.query(sql, values[start..<end].map(\.sqlite))
            } else {
                let tuples = stride(from: start, to: end, by: width).map { row -> SQLQueryString in
                    "(\(binds: Array(values[row..<row + width])))"
                }
                try await db.raw("\(unsafeRaw: head)\(tuples.joined(separator: ", ")) \(unsafeRaw: suffix)").run()
            }
            start = end
        }
    }
}
