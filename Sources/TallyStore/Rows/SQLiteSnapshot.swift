import CSQLiteOptions
import SQLKit
import SQLiteKit
import SQLiteNIO

/// A read-only SQLite connection of its own, holding one read transaction: every statement run
/// on it sees the same snapshot of the file, whatever is written meanwhile (WAL).
///
/// For exports only (see `CSQLiteOptions.h` for why they do not go through SQLiteNIO). It is
/// used by one task at a time; `@unchecked` because SQLite's handles are plain pointers, and a
/// connection opened without a mutex may move between threads as long as two never use it at
/// once, which the export's one-page-ahead loop guarantees.
final class SQLiteSnapshot: @unchecked Sendable {
    private var handle: UnsafeMutableRawPointer?

    /// Opens `path` and starts the read transaction (its snapshot is taken at the first read).
    init(path: String) throws {
        var db: UnsafeMutableRawPointer?
        let code = tally_sqlite_open_readonly(path, &db)
        handle = db
        guard code == 0, db != nil else {
            let message = db.map { String(cString: tally_sqlite_errmsg($0)) } ?? "out of memory"
            close()
            throw DatabaseError(description: "cannot open \(path) for reading: \(message)")
        }
        try exec("BEGIN")
    }

    deinit { close() }

    /// Ends the transaction and closes the connection; later calls do nothing.
    func close() {
        guard let db = handle else { return }
        _ = tally_sqlite_exec(db, "COMMIT")
        _ = tally_sqlite_close(db)
        handle = nil
    }

    private func exec(_ sql: String) throws {
        guard let db = handle, tally_sqlite_exec(db, sql) == 0 else { throw error("running \(sql)") }
    }

    /// Runs `query` (see `SQLiteSnapshotCursor`) and hands `body` every row in order.
    func forEachRow(
        _ query: SQLQueryString,
        dialect database: any SQLDatabase,
        _ body: (SQLiteSnapshotRow) throws -> Void
    ) throws {
        let cursor = try SQLiteSnapshotCursor(snapshot: self, query: query, dialect: database)
        _ = try cursor.step(Int.max, body)
    }

    /// Prepares `query` (serialized for `dialect`, its binds bound as SQLiteNIO binds them).
    fileprivate func prepare(
        _ query: SQLQueryString,
        dialect database: any SQLDatabase
    ) throws
        -> UnsafeMutableRawPointer
    {
        guard let db = handle else { throw error("after close") }
        var serializer = SQLSerializer(database: database)
        query.serialize(to: &serializer)
        var statement: UnsafeMutableRawPointer?
        let prepared = serializer.sql.utf8CString.withUnsafeBufferPointer { text in
            tally_sqlite_prepare(db, text.baseAddress, Int32(text.count - 1), &statement)
        }
        guard prepared == 0, let statement else {
            _ = tally_sqlite_finalize(statement)
            throw error("preparing a query")
        }
        do {
            try bind(serializer.binds, to: statement)
        } catch {
            _ = tally_sqlite_finalize(statement)
            throw error
        }
        return statement
    }

    private func bind(_ binds: [any Encodable & Sendable], to statement: UnsafeMutableRawPointer) throws {
        let encoder = SQLiteDataEncoder()
        for (offset, bind) in binds.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch try encoder.encode(bind) {
            case .integer(let value): code = tally_sqlite_bind_int64(statement, index, Int64(value))
            case .float(let value): code = tally_sqlite_bind_double(statement, index, value)
            case .text(let value):
                var text = value
                code = text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        tally_sqlite_bind_text(statement, index, $0.baseAddress, Int32($0.count))
                    }
                }
            case .blob(let buffer):
                code = buffer.withUnsafeReadableBytes {
                    tally_sqlite_bind_blob(statement, index, $0.baseAddress, Int32($0.count))
                }
            case .null: code = tally_sqlite_bind_null(statement, index)
            }
            guard code == 0 else { throw error("binding parameter \(index)") }
        }
    }

    /// The failure of the last call, with SQLite's message.
    fileprivate func error(_ doing: String) -> DatabaseError {
        let message = handle.map { String(cString: tally_sqlite_errmsg($0)) } ?? "connection closed"
        return DatabaseError(description: "SQLite export read failed \(doing): \(message)")
    }
}

/// One statement on an `SQLiteSnapshot`, stepped a batch at a time: an export reads a million
/// rows as one query, kept open between its pages, rather than seeking to each page again.
final class SQLiteSnapshotCursor {
    private let snapshot: SQLiteSnapshot
    private var statement: UnsafeMutableRawPointer?

    /// Prepares `query` on the snapshot.
    init(snapshot: SQLiteSnapshot, query: SQLQueryString, dialect: any SQLDatabase) throws {
        self.snapshot = snapshot
        statement = try snapshot.prepare(query, dialect: dialect)
    }

    deinit { _ = tally_sqlite_finalize(statement) }

    /// Hands `body` up to `limit` more rows; true once the last row was read. The row is valid
    /// only during the call.
    func step(_ limit: Int, _ body: (SQLiteSnapshotRow) throws -> Void) throws -> Bool {
        guard let statement else { return true }
        let row = SQLiteSnapshotRow(statement: statement)
        var count = 0
        while count < limit {
            let code = tally_sqlite_step(statement)
            if code == 101 {
                _ = tally_sqlite_finalize(statement)
                self.statement = nil
                return true
            }
            guard code == 100 else { throw snapshot.error("reading rows") }
            try body(row)
            count += 1
        }
        return false
    }
}

/// The current row of a statement on an `SQLiteSnapshot`, read by column position.
struct SQLiteSnapshotRow {
    fileprivate let statement: UnsafeMutableRawPointer

    /// Whether the column is NULL.
    func isNull(_ column: Int32) -> Bool { tally_sqlite_column_type(statement, column) == 5 }

    /// An integer column; nil when NULL.
    func int(_ column: Int32) -> Int64? {
        isNull(column) ? nil : tally_sqlite_column_int64(statement, column)
    }

    /// A text column; nil when NULL.
    func text(_ column: Int32) -> String? {
        guard !isNull(column) else { return nil }
        var length: Int32 = 0
        guard let bytes = tally_sqlite_column_text(statement, column, &length) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(length)), as: UTF8.self)
    }
}
