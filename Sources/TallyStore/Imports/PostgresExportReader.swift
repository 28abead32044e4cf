import PostgresNIO
import SQLKit
import TallyCore

/// Reads the records of an export on PostgreSQL, a page at a time, from one cursor inside one
/// `REPEATABLE READ` transaction (`Database.snapshot`): the same query as the SQLite snapshot
/// reader's, over `transactions` alone, with the names from the book's catalogue read in the
/// same snapshot, and every column read by position.
///
/// The paged queries it replaces sought each page of 1,000 again, with four joins and a
/// receipt count per record, each in its own snapshot: 19-21 s for a million records. A cursor
/// is the only way to keep one query open between pages and still run the page's lines and tags
/// on the same connection (PostgreSQL runs one query at a time on a connection).
///
/// While a page's records are built, the next page's rows (with their tags and lines) are
/// already being fetched: fetching (PostgreSQL, then PostgresNIO's decoding) and building took
/// turns on one core before, with the file written on the other (see docs/benchmarks.md).
/// Used by one task at a time (`forEachRecord` reads one page ahead, never two).
final class PostgresExportReader: @unchecked Sendable {
    private let connection: PostgresConnection
    private let dialect: any SQLDatabase
    private var names: ExportRecords
    /// The next page's rows, being fetched.
    private var ahead: Task<RawPage, any Error>?

    /// A page's rows as PostgreSQL sent them, with its records' tags and lines.
    private struct RawPage: Sendable {
        var rows: [PostgresPositionalRow]
        var tags: [PostgresPositionalRow]
        var lines: [PostgresPositionalRow]
    }

    /// Reads the book's names and opens the cursor; inside `Database.snapshot` only (the cursor
    /// lives as long as its transaction).
    init(
        connection: PostgresConnection,
        dialect: any SQLDatabase,
        book: BookID,
        conditions: [SQLQueryString],
        newestFirst: Bool
    ) async throws {
        self.connection = connection
        self.dialect = dialect
        names = try await ExportRecords(book: book) { query, row in
            for found in try await connection.positionalRows(query, dialect: dialect) { row(found) }
        }
        try await dialect.raw(
            "DECLARE tally_export NO SCROLL CURSOR FOR " + ExportRecords.query(conditions, newestFirst: newestFirst)
        ).run()
    }

    /// Closes the cursor, once a fetch still under way has ended. Its transaction's end would
    /// close it too, but an export inside a longer snapshot (a page's, which `Database.snapshot`
    /// joins) would then leave it open, and a second export there could not declare its own.
    /// After a failure the transaction may refuse the statement; it ends with the transaction then.
    func close() async {
        if let ahead {
            // Waited for, not cancelled: it is one page, and a query cancelled part way could
            // leave the transaction (or the connection it goes back to the pool on) failed.
            _ = try? await ahead.value
            self.ahead = nil
        }
        _ = try? await dialect.raw("CLOSE tally_export").run()
    }

    /// Up to `limit` more records, with their lines and tags, and whether they were the last.
    func nextPage(limit: Int) async throws -> (records: [TransactionRecord], done: Bool) {
        let pending = ahead ?? fetch(limit: limit)
        ahead = nil
        let page = try await pending.value
        let done = page.rows.count < limit
        if !done { ahead = fetch(limit: limit) }
        var records: [TransactionRecord] = []
        records.reserveCapacity(page.rows.count)
        // Cell by cell through random access. Measured at 1M records: decoding each row as one
        // tuple of 17 types (PostgresNIO's parameter packs, generic at run time) made the export
        // 12 % slower, and reading the cells in order through the row's iterator 5 % slower.
        for row in page.rows { records.append(try names.record(row)) }
        var extras = PageExtras()
        for row in page.tags { extras.tag(row) }
        for row in page.lines { extras.line(row) }
        names.attach(extras, to: &records)
        return (records, done)
    }

    /// Starts fetching the cursor's next `limit` rows and their tags and lines.
    private func fetch(limit: Int) -> Task<RawPage, any Error> {
        let (connection, dialect) = (connection, dialect)
        return Task {
            let rows = try await connection.positionalRows(
                "FETCH \(unsafeRaw: String(limit)) FROM tally_export",
                dialect: dialect
            )
            let queries = ExportRecords.extrasQueries(rows.map(ExportRecords.extrasKey))
            var page = RawPage(rows: rows, tags: [], lines: [])
            if let tags = queries.tags { page.tags = try await connection.positionalRows(tags, dialect: dialect) }
            if let lines = queries.lines { page.lines = try await connection.positionalRows(lines, dialect: dialect) }
            return page
        }
    }
}
