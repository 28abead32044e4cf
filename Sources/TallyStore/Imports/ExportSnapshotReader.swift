import SQLKit
import TallyCore

/// Reads the records of an export from one SQLite snapshot, a page at a time: one statement over
/// `transactions` alone, stepped across pages, with the names taken from the book's categories
/// and accounts read in the same snapshot (no joins, no receipt counts: no export writes them).
///
/// Every page, and the lines and tags attached to it, comes from the same read transaction, so
/// a record edited while a long export runs is written either as it was or not changed at all.
/// Used by one task at a time (`forEachRecord` reads one page ahead, never two).
final class ExportSnapshotReader: @unchecked Sendable {
    private let snapshot: SQLiteSnapshot
    private let dialect: any SQLDatabase
    private let cursor: SQLiteSnapshotCursor
    private var names: ExportRecords

    /// Opens the snapshot and reads the book's names in it. `conditions` are the export's (as `t`).
    init(
        path: String,
        dialect: any SQLDatabase,
        book: BookID,
        conditions: [SQLQueryString],
        newestFirst: Bool
    ) async throws {
        let snapshot = try SQLiteSnapshot(path: path)
        self.snapshot = snapshot
        self.dialect = dialect
        names = try await ExportRecords(book: book) { query, row in
            try snapshot.forEachRow(query, dialect: dialect) { row($0) }
        }
        cursor = try SQLiteSnapshotCursor(
            snapshot: snapshot,
            query: ExportRecords.query(conditions, newestFirst: newestFirst),
            dialect: dialect
        )
    }

    /// Closes the snapshot (also done when the reader is dropped).
    func close() { snapshot.close() }

    /// Up to `limit` more records, with their lines and tags, and whether they were the last.
    func nextPage(limit: Int) async throws -> (records: [TransactionRecord], done: Bool) {
        var records: [TransactionRecord] = []
        records.reserveCapacity(limit)
        let done = try cursor.step(limit) { row in records.append(try names.record(row)) }
        let (snapshot, dialect) = (snapshot, dialect)
        try await names.attachTagsAndLines(to: &records) { query, row in
            try snapshot.forEachRow(query, dialect: dialect) { row($0) }
        }
        return (records, done)
    }
}
