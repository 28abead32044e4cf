import Foundation
import SQLKit
import SQLiteKit
import SQLiteNIO
import TallyCore

/// Reads the tables of one snapshot, in order, into a `BackupSink`, renumbering ids.
///
/// Every table with ids is numbered 1, 2, 3… in the order of its stored ids, and every reference
/// is written in that numbering; so two backups of the same data are the same document, and a
/// server restored from one backs up to the same bytes although its stored ids differ. Only the
/// sorted stored ids of each table are kept (8 bytes a row), never the rows.
final class BackupSnapshot: @unchecked Sendable {
    // One task drives it, table after table; the row callbacks run one at a time.
    let db: any SQLDatabase
    /// The same connection's SQLiteNIO handle on SQLite: rows are read from it directly, as
    /// SQLKit's decoder costs more per value than the rest of the backup together.
    let sqlite: SQLiteConnection?
    let scope: BackupScope
    let sink: any BackupSink
    private var ids: [String: [Int64]] = [:]
    private var failure: (any Error)?

    init(db: any SQLDatabase, sqlite: SQLiteConnection?, scope: BackupScope, sink: any BackupSink) {
        self.db = db
        self.sqlite = sqlite
        self.scope = scope
        self.sink = sink
    }

    /// Writes one table: its ids first (so references into it, its own included, can be
    /// renumbered), then its rows, streamed.
    func write(_ table: BackupTable) async throws {
        let server = scope == .server
        if table.serverOnly && !server { return }
        let filter = self.filter(table)
        if table.hasID {
            ids[table.name] = try await db.raw(
                "SELECT id FROM \(ident: table.name) \(filter) ORDER BY id"
            ).all().map { try $0.decode(column: "id", as: Int64.self) }
        }
        let columns = table.columns.filter { server || !$0.serverOnly }.map(\.sql)
        let order = table.order.map { key in table.columns.first { $0.key == key }!.sql }
        try sink.begin(table)
        let query: SQLQueryString =
            "SELECT \(idents: columns, joinedBy: ", ") FROM \(ident: table.name) \(filter) ORDER BY \(idents: order, joinedBy: ", ")"
        let handle: @Sendable (any BackupRawRow) -> Void = { row in
            guard self.failure == nil else { return }
            do {
                try self.sink.row(try self.values(row, table: table, server: server))
            } catch {
                self.failure = error
            }
        }
        if let sqlite {
            var serializer = SQLSerializer(database: db)
            query.serialize(to: &serializer)
            let encoder = SQLiteDataEncoder()
            let binds = try serializer.binds.map { try encoder.encode($0) }
            try await sqlite.query(serializer.sql, binds) { handle(SQLiteBackupRow(row: $0)) }
        } else {
            try await db.raw(query).run { handle(SQLKitBackupRow(row: $0)) }
        }
        if let failure { throw failure }
        try sink.end(table)
    }

    /// The WHERE clause of a books backup: the rows that belong to one of the books.
    private func filter(_ table: BackupTable) -> SQLQueryString {
        guard case .books(let books) = scope else { return "" }
        return "WHERE \(condition(table, books: books.isEmpty ? [-1] : books.map(\.rawValue)))"
    }

    private func condition(_ table: BackupTable, books: [Int64]) -> SQLQueryString {
        switch table.book {
        case .isBooks:
            return "id IN (\(binds: books))"
        case .none:
            // The members, and whoever an invitation of these books names.
            return """
                id IN (SELECT user_id FROM book_members WHERE book_id IN (\(binds: books)) \
                UNION SELECT invited_user_id FROM book_invitations WHERE book_id IN (\(binds: books)) \
                UNION SELECT created_by FROM book_invitations WHERE book_id IN (\(binds: books)) \
                UNION SELECT accepted_by FROM book_invitations WHERE book_id IN (\(binds: books)))
                """
        case .through(let key):
            let column = table.columns.first { $0.key == key }!
            let parent = BackupTables.table(column.target!)!
            if parent.book == .isBooks { return "\(ident: column.sql) IN (\(binds: books))" }
            return
                "\(ident: column.sql) IN (SELECT id FROM \(ident: parent.name) WHERE \(condition(parent, books: books)))"
        }
    }

    /// One row's values in the document's terms.
    private func values(_ row: any BackupRawRow, table: BackupTable, server: Bool) throws -> [BackupValue] {
        var out: [BackupValue] = []
        out.reserveCapacity(table.columns.count)
        for column in table.columns {
            if column.serverOnly && !server {
                out.append(.null)
                continue
            }
            out.append(try value(row, column, table: table, key: out.first))
        }
        return out
    }

    private func value(
        _ row: any BackupRawRow,
        _ column: BackupColumn,
        table: BackupTable,
        key: BackupValue?
    ) throws
        -> BackupValue
    {
        switch column.kind {
        case .id:
            return .int(
                try renumber(
                    try row.int(column.sql) ?? { throw BackupError("\(table.name).\(column.sql) is NULL") }(),
                    in: table.name
                )
            )
        case .ref(let target):
            guard let id = try row.int(column.sql) else { return .null }
            return .int(try renumber(id, in: target))
        case .int, .money:
            return try row.int(column.sql).map(BackupValue.int) ?? .null
        case .bool:
            return try row.int(column.sql).map { .bool($0 != 0) } ?? .null
        case .text, .choice, .date, .time, .timestamp, .currency:
            return try row.text(column.sql).map(BackupValue.text) ?? .null
        case .file:
            guard let data = try row.data(column.sql) else { return .null }
            let path = "files/\(table.name)/\(key?.int ?? 0).\(Self.fileExtension(of: data))"
            try sink.file(path, data)
            return .text(path)
        case .rule:
            var rule = try JSONDecoder().decode(
                Rule.self,
                from: Data((try row.text(column.sql) ?? "").utf8)
            )
            rule.id = nil
            rule.position = 0
            rule.conditions.account = try rule.conditions.account.map { try renumber($0, in: "accounts") }
            rule.actions.account = try rule.actions.account.map { try renumber($0, in: "accounts") }
            rule.actions.category = try rule.actions.category.map { try renumber($0, in: "categories") }
            return .json(try JSONValue.canonical(rule))
        case .object:
            return .json(try JSONValue.canonical(text: try row.text(column.sql) ?? ""))
        }
    }

    /// The file name extension of an image's type: its name in the zip says what it is.
    private static func fileExtension(of data: Data) -> String {
        switch ReceiptImageType(sniffing: data) {
        case .jpeg: "jpg"
        case .png: "png"
        case .heic: "heic"
        case .webp: "webp"
        case nil: "bin"
        }
    }

    /// The document's number of stored id `id` of `table`.
    private func renumber(_ id: Int64, in table: String) throws -> Int64 {
        guard let sorted = ids[table] else { throw BackupError("\(table) is not in this backup") }
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < id { low = mid + 1 } else { high = mid }
        }
        guard low < sorted.count, sorted[low] == id else {
            throw BackupError("a row points at \(table) \(id), which is outside this backup")
        }
        return Int64(low + 1)
    }
}

/// A backup that could not be taken.
public struct BackupError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
    init(_ description: String) { self.description = description }
}

/// One row of a backup query, read by column name.
protocol BackupRawRow {
    func int(_ column: String) throws -> Int64?
    func text(_ column: String) throws -> String?
    func data(_ column: String) throws -> Data?
}

/// A row straight from SQLiteNIO.
private struct SQLiteBackupRow: BackupRawRow {
    let row: SQLiteRow
    func int(_ column: String) -> Int64? { row.column(column)?.integer.map { Int64($0) } }
    func text(_ column: String) -> String? { row.column(column)?.string }
    func data(_ column: String) -> Data? {
        switch row.column(column) {
        case .blob(let buffer): Data(buffer.readableBytesView)
        case .text(let text): Data(text.utf8)
        default: nil
        }
    }
}

/// A row through SQLKit (PostgreSQL).
private struct SQLKitBackupRow: BackupRawRow {
    let row: any SQLRow
    func int(_ column: String) throws -> Int64? { try row.decode(column: column, as: Int64?.self) }
    func text(_ column: String) throws -> String? { try row.decode(column: column, as: String?.self) }
    func data(_ column: String) throws -> Data? { try row.decode(column: column, as: Data?.self) }
}
