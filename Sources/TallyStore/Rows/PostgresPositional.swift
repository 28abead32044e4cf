import PostgresNIO
import SQLKit

/// A PostgreSQL row read by column position (see `PositionalRow`).
struct PostgresPositionalRow: PositionalRow {
    let row: PostgresRandomAccessRow

    init(_ row: PostgresRow) { self.row = row.makeRandomAccess() }

    // The common types are read from the cell's bytes here rather than through `decode`, whose
    // generic path (a decoding context, a thrown error turned into nil) was a sixth of a
    // PostgreSQL export's record building; other types still go through it.

    func int(_ column: Int32) -> Int64? {
        let cell = row[Int(column)]
        guard var bytes = cell.bytes else { return nil }
        // The schema's integer columns are int4 or int8, both of which decode as Int64.
        if cell.format == .binary {
            switch cell.dataType {
            case .int8 where bytes.readableBytes == 8: return bytes.readInteger(as: Int64.self)
            case .int4 where bytes.readableBytes == 4: return bytes.readInteger(as: Int32.self).map(Int64.init)
            default: break
            }
        }
        return (try? cell.decode(Int64?.self)) ?? nil
    }

    func text(_ column: Int32) -> String? {
        let cell = row[Int(column)]
        guard var bytes = cell.bytes else { return nil }
        // text and varchar are UTF-8 in both formats; `readString` repairs bad bytes as `decode` does.
        if cell.dataType == .text || cell.dataType == .varchar {
            return bytes.readString(length: bytes.readableBytes)
        }
        return (try? cell.decode(String?.self)) ?? nil
    }
}

extension PostgresConnection {
    /// The rows of `query`, written as everywhere else (an `SQLQueryString`, serialized by
    /// `dialect`, PostgresKit's database on this connection), read straight from PostgresNIO:
    /// SQLKit's rows are looked up by column name, which costs a dictionary probe per column.
    func positionalRows(_ query: SQLQueryString, dialect: any SQLDatabase) async throws -> [PostgresPositionalRow] {
        let (sql, binds) = dialect.serialize(query)
        guard let (bindings, _) = PostgresBinds.bindings(binds) else {
            throw DatabaseError(description: "cannot bind \(binds.map { type(of: $0) }) for PostgreSQL")
        }
        var rows: [PostgresPositionalRow] = []
        for try await row in try await self.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger) {
            rows.append(PostgresPositionalRow(row))
        }
        return rows
    }
}

/// SQLKit's binds as PostgresNIO's, for the queries Tally sends to PostgresNIO itself.
enum PostgresBinds {
    /// The binds and their types, one letter each (`i` int8, `t` text, `n` NULL, `I` int8[], `T`
    /// text[]); nil when one
    /// is of a type these queries do not bind (PostgresKit's own path then runs the query). The
    /// types are PostgresKit's for the same values, so the SQL means the same either way.
    static func bindings(_ binds: [any Encodable & Sendable]) -> (PostgresBindings, String)? {
        var bindings = PostgresBindings(capacity: binds.count)
        var types = ""
        for bind in binds {
            guard append(bind, to: &bindings, types: &types) else { return nil }
        }
        return (bindings, types)
    }

    private static func append(_ bind: Any, to bindings: inout PostgresBindings, types: inout String) -> Bool {
        if let value = bind as? Int64 {
            bindings.append(value)
            types.append("i")
        } else if let value = bind as? Int {
            bindings.append(Int64(value))
            types.append("i")
        } else if let value = bind as? String {
            bindings.append(value)
            types.append("t")
        } else if let value = bind as? [Int64] {
            bindings.append(value)
            types.append("I")
        } else if let value = bind as? [String] {
            bindings.append(value)
            types.append("T")
        } else if let value = bind as? any RawRepresentable {
            return append(value.rawValue, to: &bindings, types: &types)
        } else if let value = bind as? any OptionalBind, value.isNone {
            bindings.appendNull()
            types.append("n")
        } else {
            return false
        }
        return true
    }
}

/// Tells a bound NULL (an empty optional) from a value.
private protocol OptionalBind { var isNone: Bool { get } }

extension Optional: OptionalBind {
    var isNone: Bool { self == nil }
}
