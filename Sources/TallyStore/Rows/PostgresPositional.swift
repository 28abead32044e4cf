import PostgresNIO
import SQLKit

/// A PostgreSQL row read by column position (see `PositionalRow`).
struct PostgresPositionalRow: PositionalRow {
    let row: PostgresRandomAccessRow

    init(_ row: PostgresRow) { self.row = row.makeRandomAccess() }

    func int(_ column: Int32) -> Int64? {
        // The schema's integer columns are int4 or int8, both of which decode as Int64.
        (try? row[Int(column)].decode(Int64?.self)) ?? nil
    }

    func text(_ column: Int32) -> String? {
        (try? row[Int(column)].decode(String?.self)) ?? nil
    }
}

extension PostgresConnection {
    /// The rows of `query`, written as everywhere else (an `SQLQueryString`, serialized by
    /// `dialect`, PostgresKit's database on this connection), read straight from PostgresNIO:
    /// SQLKit's rows are looked up by column name, which costs a dictionary probe per column.
    func positionalRows(_ query: SQLQueryString, dialect: any SQLDatabase) async throws -> [PostgresPositionalRow] {
        let (sql, binds) = dialect.serialize(query)
        var bindings = PostgresBindings(capacity: binds.count)
        for bind in binds { try Self.append(bind, to: &bindings) }
        var rows: [PostgresPositionalRow] = []
        for try await row in try await self.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger) {
            rows.append(PostgresPositionalRow(row))
        }
        return rows
    }

    /// The bind types Tally's queries use: integers, text, typed ids and NULL. Anything else is
    /// a programming error, reported as a database error rather than a crash.
    private static func append(_ bind: Any, to bindings: inout PostgresBindings) throws {
        if let value = bind as? Int64 {
            bindings.append(value)
        } else if let value = bind as? Int {
            bindings.append(Int64(value))
        } else if let value = bind as? String {
            bindings.append(value)
        } else if let value = bind as? any RawRepresentable {
            try append(value.rawValue, to: &bindings)
        } else if let value = bind as? any OptionalBind, value.isNone {
            bindings.appendNull()
        } else {
            throw DatabaseError(description: "cannot bind a \(type(of: bind)) for PostgreSQL")
        }
    }
}

/// Tells a bound NULL (an empty optional) from a value.
private protocol OptionalBind { var isNone: Bool { get } }

extension Optional: OptionalBind {
    var isNone: Bool { self == nil }
}
