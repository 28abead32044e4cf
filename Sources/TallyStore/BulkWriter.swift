import Logging
import NIOCore
import PostgresNIO
import SQLKit
import SQLiteNIO
import Tagged

/// One value of a bulk insert: the three kinds imports and kept totals write.
enum BulkValue: Sendable, Encodable {
    case int(Int64)
    case text(String)
    case null

    /// An optional id: NULL when absent.
    init<Tag>(_ id: Tagged<Tag, Int64>?) { self = id.map { .int($0.rawValue) } ?? .null }

    /// An optional number: NULL when absent.
    init(_ number: Int64?) { self = number.map { .int($0) } ?? .null }

    /// Optional text: NULL when absent.
    init(_ text: String?) { self = text.map { .text($0) } ?? .null }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .int(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    /// Rows of `width` values as a JSON array of arrays.
    static func json(_ values: ArraySlice<BulkValue>, width: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 12)
        out.append(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i % width == 0 {
                if i > 0 { out.append(contentsOf: "],".utf8) }
                out.append(UInt8(ascii: "["))
            } else {
                out.append(UInt8(ascii: ","))
            }
            switch value {
            case .int(let number): out.append(contentsOf: String(number).utf8)
            case .null: out.append(contentsOf: "null".utf8)
            case .text(let text):
                out.append(UInt8(ascii: "\""))
                for byte in text.utf8 {
                    switch byte {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                        out.append(UInt8(ascii: "\\"))
                        out.append(byte)
                    case 0..<0x20:
                        out.append(contentsOf: "\\u00".utf8)
                        out.append(hex[Int(byte >> 4)])
                        out.append(hex[Int(byte & 0xF)])
                    default:
                        out.append(byte)
                    }
                }
                out.append(UInt8(ascii: "\""))
            }
        }
        if !values.isEmpty { out.append(UInt8(ascii: "]")) }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    private static let hex = Array("0123456789abcdef".utf8)

    var sqlite: SQLiteData {
        switch self {
        case .int(let value): .integer(Int(value))
        case .text(let value): .text(value)
        case .null: .null
        }
    }
}

/// Many-row INSERTs inside a write transaction: imports, kept totals and batches of adds.
///
/// On SQLite the rows go to the connection as one bound JSON parameter per statement. SQLKit
/// serializes every bound value through `Encodable` and a dynamic cast, and SQLite parses and
/// compiles a VALUES list row by row; at a million records each cost more than the inserts
/// themselves. Values are still never spliced into the SQL. PostgreSQL goes through SQLKit, except
/// `copy`, which streams an import's rows through `COPY … FROM STDIN` (see there).
struct BulkWriter: Sendable {
    /// The transaction's SQLKit handle (PostgreSQL, and any other statement).
    let db: any SQLDatabase
    /// The same transaction's SQLite connection, when the engine is SQLite.
    let sqlite: SQLiteConnection?
    /// The same transaction's PostgreSQL connection, for `copy`; nil where a caller made the writer
    /// from a bare SQLKit handle, and `copy` then inserts.
    var postgres: PostgresConnection? = nil
    /// Where `copy` logs on PostgreSQL.
    var logger = Logger(label: "tally.store")

    /// Inserts `values` (row after row, one value for each of `columns` not in `shared`), many
    /// rows per statement. `shared` gives columns one value for every row (the book, a timestamp),
    /// bound once per statement. `suffix` ends the statement (an ON CONFLICT clause); it must not
    /// bind anything.
    func insert(
        into table: String,
        columns: [String],
        values: [BulkValue],
        shared: [String: BulkValue] = [:],
        suffix: String = ""
    ) async throws {
        let width = try Self.rowWidth(columns.count - shared.count, values: values.count)
        // PostgreSQL allows 65,535 binds a statement, SQLite (as SQLiteNIO builds it) 250,000.
        let rowsPerStatement = max(1, 60_000 / columns.count)
        let head = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        var start = 0
        while start < values.count {
            let end = min(values.count, start + rowsPerStatement * width)
            if let sqlite {
                // Parsing and compiling a VALUES list costs SQLite as much per row as inserting
                // it, so the rows travel as one JSON array in one bound parameter, unpacked by
                // jsonb_each: the statement stays a few lines long whatever the batch size.
                var expressions: [String] = []
                var index = 0
                var named: [SQLiteData] = []
                for column in columns {
                    if let value = shared[column] {
                        expressions.append("?\(named.count + 2)")
                        named.append(value.sqlite)
                    } else {
                        expressions.append("value ->> \(index)")
                        index += 1
                    }
                }
                // "WHERE true" keeps SQLite from reading an ON CONFLICT suffix as a join constraint.
                let sql =
                    "INSERT INTO \(table) (\(columns.joined(separator: ", "))) SELECT \(expressions.joined(separator: ", ")) FROM jsonb_each(?1) WHERE true \(suffix)"
                _ = try await sqlite.query(sql, [.text(BulkValue.json(values[start..<end], width: width))] + named)
            } else {
                let tuples = stride(from: start, to: end, by: width).map { row -> SQLQueryString in
                    var next = row
                    let full = columns.map { column -> BulkValue in
                        if let value = shared[column] { return value }
                        defer { next += 1 }
                        return values[next]
                    }
                    return "(\(binds: full))"
                }
                try await db.raw("\(unsafeRaw: head)\(tuples.joined(separator: ", ")) \(unsafeRaw: suffix)").run()
            }
            start = end
        }
    }

    /// Like `insert` without a suffix, and on PostgreSQL through `COPY … FROM STDIN` in the text
    /// format rather than INSERTs: the driver directly, not SQLKit, because this is the measured hot
    /// path of a big import (see docs/benchmarks.md, "PostgreSQL import through COPY"): 4,000-row
    /// INSERTs encoded each of a million records' 17 million values as a bound parameter through
    /// `Encodable`, and the server parsed and bound statements of 60,000 parameters; COPY takes the
    /// rows as one stream of text with nothing to bind or plan. The rows go in the transaction's
    /// order, through the same triggers, constraints and defaults. Values are escaped (`CopyText`),
    /// never read as SQL; the table and column names are ours.
    func copy(
        into table: String,
        columns: [String],
        values: [BulkValue],
        shared: [String: BulkValue] = [:]
    ) async throws {
        guard let postgres, !values.isEmpty else {
            try await insert(into: table, columns: columns, values: values, shared: shared)
            return
        }
        let width = try Self.rowWidth(columns.count - shared.count, values: values.count)
        var buffer = ByteBufferAllocator().buffer(capacity: values.count * 8)
        CopyText.append(values[...], width: width, columns: columns, shared: shared, to: &buffer)
        try await postgres.copyFrom(table: table, columns: columns, logger: logger) { writer in
            try await writer.write(buffer)
        }
    }

    /// Like `insert` with an ON CONFLICT `suffix` (the kept totals' upserts), on PostgreSQL
    /// through COPY: the rows go into a temporary table of the transaction (dropped at its end,
    /// never a change to the schema), then into `table` in one `INSERT … SELECT` with the suffix.
    /// At a million records the totals are close to a million cells; as bound INSERTs their values
    /// cost the client as much as the records' did.
    ///
    /// The rows go in sorted by `order` (the table's key, the first of `columns`), so that every
    /// writer of the kept totals takes their row locks in the same order and two at once wait
    /// instead of deadlocking (see `Totals.applyPostgres`).
    ///
    /// Fewer than `copyRows` rows go as one sorted `VALUES` upsert instead: the staging table costs
    /// four round trips and, the first time in a transaction, a temporary table's catalogue rows,
    /// which made a 5-row import on PostgreSQL take 16.5 ms instead of 7.6 ms.
    func copyUpsert(
        into table: String,
        columns: [String],
        values: [BulkValue],
        order: [String],
        suffix: String
    ) async throws {
        guard postgres != nil else {
            // SQLite has one writer at a time: no lock order to keep.
            try await insert(into: table, columns: columns, values: values, suffix: suffix)
            return
        }
        guard values.count >= Self.copyRows * columns.count else {
            guard Array(columns.prefix(order.count)) == order else {
                throw DatabaseError(
                    description: "bulk upsert into \(table): the order \(order) is not its first columns"
                )
            }
            let sorted = try Totals.sortedRows(values, width: columns.count, keys: order.count)
            try await insert(into: table, columns: columns, values: sorted, suffix: suffix)
            return
        }
        let staging = "copy_\(table)"
        let list = columns.joined(separator: ", ")
        try await db.raw(
            "CREATE TEMPORARY TABLE IF NOT EXISTS \(unsafeRaw: staging) (LIKE \(unsafeRaw: table)) ON COMMIT DROP"
        ).run()
        try await copy(into: staging, columns: columns, values: values)
        try await db.raw(
            """
            INSERT INTO \(unsafeRaw: table) (\(unsafeRaw: list)) SELECT \(unsafeRaw: list) FROM \(unsafeRaw: staging)
            ORDER BY \(unsafeRaw: order.joined(separator: ", ")) \(unsafeRaw: suffix)
            """
        ).run()
        try await db.raw("TRUNCATE \(unsafeRaw: staging)").run()
    }

    /// Rows from which `copyUpsert` goes through COPY. Measured on a 5-row import (16.5 ms with
    /// COPY, 7.6 ms with VALUES); a part of a big import holds up to 100,000 cells.
    static let copyRows = 1_000

    /// `count` new ids of `table`'s identity column, in the order handed out: taken from its
    /// sequence as inserts without an id would take them, for rows that `copy` writes with their
    /// ids (COPY returns none). PostgreSQL only.
    func nextIDs(of table: String, count: Int) async throws -> [Int64] {
        let ids = try await db.raw(
            """
            SELECT nextval(pg_get_serial_sequence(\(bind: table), 'id')) AS id
            FROM generate_series(1, \(bind: count))
            """
        ).all().map { try $0.decode(column: "id", as: Int64.self) }.sorted()
        guard ids.count == count else { throw DatabaseError(description: "nextval returned \(ids.count) ids") }
        return ids
    }

    /// `width`, checked to divide `values` into whole rows. A caller's mistake, thrown rather than
    /// trapped: a trap in a request would stop the server for everyone.
    static func rowWidth(_ width: Int, values: Int) throws -> Int {
        guard width > 0, values % width == 0 else {
            throw DatabaseError(description: "bulk write: \(values) values do not fill rows of \(width)")
        }
        return width
    }

    /// Inserts `values` (row after row, one value for each of `columns`) in one statement and
    /// returns the new rows' ids in the order of the rows. Both engines hand out ids in the order
    /// rows are inserted, and the rows go in in the order given (SQLite walks `jsonb_each` by key,
    /// PostgreSQL a VALUES list in order), so the ids, sorted, line up with the rows.
    func insertReturningIDs(into table: String, columns: [String], values: [BulkValue]) async throws -> [Int64] {
        let width = try Self.rowWidth(columns.count, values: values.count)
        guard !values.isEmpty, values.count <= 60_000 else {
            throw DatabaseError(description: "bulk insert: one statement holds 1 to 60,000 values, not \(values.count)")
        }
        var ids: [Int64]
        if let sqlite {
            let expressions = (0..<width).map { "value ->> \($0)" }.joined(separator: ", ")
            let sql =
                "INSERT INTO \(table) (\(columns.joined(separator: ", "))) SELECT \(expressions) FROM jsonb_each(?1) ORDER BY key RETURNING id"
            ids = try await sqlite.query(sql, [.text(BulkValue.json(values[...], width: width))]).map {
                guard let id = $0.column("id")?.integer else {
                    throw DatabaseError(description: "INSERT returned no id")
                }
                return Int64(id)
            }
        } else {
            let tuples = stride(from: 0, to: values.count, by: width).map { row -> SQLQueryString in
                "(\(binds: Array(values[row..<row + width])))"
            }
            ids = try await db.raw(
                "INSERT INTO \(unsafeRaw: table) (\(unsafeRaw: columns.joined(separator: ", "))) VALUES \(tuples.joined(separator: ", ")) RETURNING id"
            ).all().map { try $0.decode(column: "id", as: Int64.self) }
        }
        ids.sort()
        guard ids.count == values.count / width else {
            throw DatabaseError(description: "INSERT returned \(ids.count) ids")
        }
        return ids
    }
}
