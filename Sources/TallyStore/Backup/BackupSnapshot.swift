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
    /// Each table's sorted stored ids, by its place in `BackupTables.all`.
    private var ids: [[Int64]?] = Array(repeating: nil, count: BackupTables.all.count)
    private var failure: (any Error)?
    /// The number of the row being read, in the current table.
    private var number = 0

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
        let slot = BackupTables.all.firstIndex { $0.name == table.name }!
        if table.hasID {
            ids[slot] = try await db.raw(
                "SELECT id FROM \(ident: table.name) \(filter) ORDER BY id"
            ).all().map { try $0.decode(column: "id", as: Int64.self) }
        }
        let selected = table.columns.filter { server || !$0.serverOnly }.map(\.sql)
        let order = table.order.map { key in table.columns.first { $0.key == key }!.sql }
        let plan = try self.plan(table, server: server)
        try sink.begin(table)
        let query: SQLQueryString =
            "SELECT \(idents: selected, joinedBy: ", ") FROM \(ident: table.name) \(filter) ORDER BY \(idents: order, joinedBy: ", ")"
        // The rows of a table with ids come in id order: the n-th row's id is the n-th sorted id.
        number = 0
        let handle: @Sendable (any BackupRawRow) -> Void = { row in
            guard self.failure == nil else { return }
            do {
                self.number += 1
                try self.sink.row(try self.values(row, plan: plan, table: table, number: self.number))
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
            try await db.raw(query).run { handle(SQLKitBackupRow(row: $0, names: selected)) }
        }
        if let failure { throw failure }
        try sink.end(table)
    }

    /// How to read one column of a table's rows: its place in the query (nil for a server-only
    /// column of a books backup), and for an id or reference the slot of the table it numbers.
    private struct Step {
        let column: Int
        let position: Int?
        let kind: BackupColumnKind
        let target: Int?
    }

    private func plan(_ table: BackupTable, server: Bool) throws -> [Step] {
        var position = 0
        return try table.columns.enumerated().map { index, column in
            guard server || !column.serverOnly else {
                return Step(column: index, position: nil, kind: column.kind, target: nil)
            }
            defer { position += 1 }
            var target: Int?
            switch column.kind {
            case .id: target = BackupTables.all.firstIndex { $0.name == table.name }
            case .ref(let name):
                target = BackupTables.all.firstIndex { $0.name == name }
                guard target != nil else { throw BackupError("\(name) is not in this backup") }
            default: break
            }
            return Step(column: index, position: position, kind: column.kind, target: target)
        }
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
            // The members only: invitations are in server backups alone (see `BackupTables`), so
            // no row of a books backup points at whoever an invitation names.
            return "id IN (SELECT user_id FROM book_members WHERE book_id IN (\(binds: books)))"
        case .through(let key):
            let column = table.columns.first { $0.key == key }!
            let parent = BackupTables.table(column.target!)!
            if parent.book == .isBooks { return "\(ident: column.sql) IN (\(binds: books))" }
            return
                "\(ident: column.sql) IN (SELECT id FROM \(ident: parent.name) WHERE \(condition(parent, books: books)))"
        }
    }

    /// One row's values in the document's terms.
    private func values(
        _ row: any BackupRawRow,
        plan: [Step],
        table: BackupTable,
        number: Int
    ) throws
        -> [BackupValue]
    {
        var out: [BackupValue] = []
        out.reserveCapacity(plan.count)
        for step in plan {
            guard let position = step.position else {
                out.append(.null)
                continue
            }
            out.append(try value(row, step, position, table: table, number: number, key: out.first))
        }
        return out
    }

    private func value(
        _ row: any BackupRawRow,
        _ step: Step,
        _ position: Int,
        table: BackupTable,
        number: Int,
        key: BackupValue?
    ) throws
        -> BackupValue
    {
        switch step.kind {
        case .id:
            let id = try row.int(position) ?? { throw BackupError("\(table.name).id is NULL") }()
            // The rows come in id order, so the n-th row is the n-th id; a search otherwise.
            if let sorted = ids[step.target!], number <= sorted.count, sorted[number - 1] == id {
                return .int(Int64(number))
            }
            return .int(try renumber(id, in: step.target!))
        case .ref:
            guard let id = try row.int(position) else { return .null }
            return .int(try renumber(id, in: step.target!))
        case .int, .money:
            return try row.int(position).map(BackupValue.int) ?? .null
        case .bool:
            return try row.int(position).map { .bool($0 != 0) } ?? .null
        case .text, .choice, .date, .time, .timestamp, .currency:
            return try row.text(position).map(BackupValue.text) ?? .null
        case .file:
            guard let data = try row.data(position) else { return .null }
            let path = "files/\(table.name)/\(key?.int ?? 0).\(Self.fileExtension(of: data))"
            try sink.file(path, data)
            return .text(path)
        case .rule:
            var rule = try JSONDecoder().decode(
                Rule.self,
                from: Data((try row.text(position) ?? "").utf8)
            )
            rule.id = nil
            rule.position = 0
            rule.conditions.account = try rule.conditions.account.map { try renumber($0, in: "accounts") }
            rule.actions.account = try rule.actions.account.map { try renumber($0, in: "accounts") }
            rule.actions.category = try rule.actions.category.map { try renumber($0, in: "categories") }
            return .json(try JSONValue.canonical(rule))
        case .object:
            return .json(try JSONValue.canonical(text: try row.text(position) ?? ""))
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
        guard let slot = BackupTables.all.firstIndex(where: { $0.name == table }) else {
            throw BackupError("\(table) is not in this backup")
        }
        return try renumber(id, in: slot)
    }

    /// The document's number of stored id `id` of the table in `slot` of `BackupTables.all`.
    private func renumber(_ id: Int64, in slot: Int) throws -> Int64 {
        guard let sorted = ids[slot] else { throw BackupError("\(BackupTables.all[slot].name) is not in this backup") }
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < id { low = mid + 1 } else { high = mid }
        }
        guard low < sorted.count, sorted[low] == id else {
            throw BackupError("a row points at \(BackupTables.all[slot].name) \(id), which is outside this backup")
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

/// One row of a backup query, read by the column's place in the query.
protocol BackupRawRow {
    func int(_ column: Int) throws -> Int64?
    func text(_ column: Int) throws -> String?
    func data(_ column: Int) throws -> Data?
}

/// A row straight from SQLiteNIO, its values in the order of the query's columns (looking a
/// column up by name hashes the name, value after value).
private struct SQLiteBackupRow: BackupRawRow {
    let values: [SQLiteData]
    init(row: SQLiteRow) { values = row.columns.map(\.data) }
    func int(_ column: Int) -> Int64? { values[column].integer.map { Int64($0) } }
    func text(_ column: Int) -> String? { values[column].string }
    func data(_ column: Int) -> Data? {
        switch values[column] {
        case .blob(let buffer): Data(buffer.readableBytesView)
        case .text(let text): Data(text.utf8)
        default: nil
        }
    }
}

/// A row through SQLKit (PostgreSQL).
private struct SQLKitBackupRow: BackupRawRow {
    let row: any SQLRow
    let names: [String]
    func int(_ column: Int) throws -> Int64? { try row.decode(column: names[column], as: Int64?.self) }
    func text(_ column: Int) throws -> String? { try row.decode(column: names[column], as: String?.self) }
    func data(_ column: Int) throws -> Data? { try row.decode(column: names[column], as: Data?.self) }
}
