import SQLKit
import TallyCore

/// What an export holds besides the standard columns.
public struct ExportShape: Sendable, Hashable {
    /// Some record has a time of day.
    public var hasTimes: Bool
    /// Some record is a transfer.
    public var hasTransfers: Bool
    /// Some record is split (the file then has `split` and `line_note` columns).
    public var hasSplits: Bool = false
    /// Some record has tags (the file then has a `tags` column).
    public var hasTags: Bool = false
}

extension TransactionRecord {
    /// The record as a file row: category and sub-category split, names instead of ids.
    public var exportRecord: ExportRecord {
        let t = transaction
        let path = (categoryPath ?? "").split(separator: ":", maxSplits: 1).map(String.init)
        var record = ExportRecord(
            date: t.date,
            time: t.time,
            kind: t.kind,
            amount: t.amount,
            payee: t.payee,
            category: path.first ?? "",
            subcategory: path.count > 1 ? path[1] : "",
            account: accountName ?? "",
            toAccount: toAccountName ?? "",
            note: t.note
        )
        record.tags = t.tags
        record.lines = lines.map { line in
            let path = (line.categoryPath ?? "").split(separator: ":", maxSplits: 1).map(String.init)
            return ExportLine(
                category: path.first ?? "",
                subcategory: path.count > 1 ? path[1] : "",
                amount: line.line.amount,
                note: line.line.note
            )
        }
        return record
    }
}

extension Imports {
    /// Whether the records matching `filter` need the optional time and to_account columns.
    public func exportShape(of scope: BookScope, filter: TransactionFilter = .init()) async throws -> ExportShape {
        let book = scope.book
        return try await database.read { db in
            let search = try await SearchConditions.build(db, book: book, filter: filter, engine: self.database.engine)
            // Four EXISTS, each stopping at its first hit and each driven by the table that holds
            // the fewest candidates: the (book, payee, date, time) index for times (no table
            // reads), the book's accounts and the transfer index, the book's split lines, the
            // book's tags. One scan of every record with MAX(CASE …) took a second at 1M records
            // before an export's first byte.
            let c = search.conditions.joined(separator: " AND ")
            let row = try await db.raw(
                """
                SELECT CAST(CASE WHEN EXISTS (SELECT 1 FROM transactions t WHERE \(c) AND t.time <> '') THEN 1 ELSE 0 END
                    AS BIGINT) AS times,
                  CAST(CASE WHEN EXISTS (SELECT 1 FROM accounts a WHERE a.book_id = \(bind: book.id) AND EXISTS (
                    SELECT 1 FROM transactions t WHERE t.to_account_id = a.id AND t.kind = 'transfer' AND \(c)))
                    THEN 1 ELSE 0 END AS BIGINT) AS transfers,
                  CAST(CASE WHEN EXISTS (SELECT 1 FROM transaction_lines l WHERE l.book_id = \(bind: book.id) AND EXISTS (
                    SELECT 1 FROM transactions t WHERE t.id = l.transaction_id AND \(c))) THEN 1 ELSE 0 END AS BIGINT) AS splits,
                  CAST(CASE WHEN EXISTS (SELECT 1 FROM tags g JOIN transaction_tags tt ON tt.tag_id = g.id
                    WHERE g.book_id = \(bind: book.id) AND EXISTS (
                    SELECT 1 FROM transactions t WHERE t.id = tt.transaction_id AND \(c))) THEN 1 ELSE 0 END AS BIGINT) AS tagged
                """
            ).first()
            let flags = try row?.decode(model: ShapeFlags.self)
            return ExportShape(
                hasTimes: flags?.times == 1,
                hasTransfers: flags?.transfers == 1,
                hasSplits: flags?.splits == 1,
                hasTags: flags?.tagged == 1
            )
        }
    }

    /// Checks `filter` against the book (a category or account it names must exist) without
    /// reading any record, so that a streamed export can refuse it before its first byte.
    public func check(_ filter: TransactionFilter, in scope: BookScope) async throws {
        let book = scope.book
        _ = try await database.read { db in
            try await SearchConditions.build(db, book: book, filter: filter, engine: self.database.engine)
        }
    }

    /// Every record matching `filter`, oldest first, handed over a page at a time so an export of
    /// any size never holds the whole book in memory.
    public func forEachRecord(
        in scope: BookScope,
        filter: TransactionFilter = .init(),
        _ body: ([TransactionRecord]) async throws -> Void
    ) async throws {
        try await forEachRecord(in: scope, filter: filter, snapshot: true, body)
    }

    /// `forEachRecord`, with the snapshot readers (SQLite files, PostgreSQL) or without them (the
    /// paged queries in-memory databases use; tests compare the two).
    func forEachRecord(
        in scope: BookScope,
        filter: TransactionFilter,
        snapshot: Bool,
        _ body: ([TransactionRecord]) async throws -> Void
    ) async throws {
        // Checked and resolved once; each page is then one keyset query.
        let book = scope.book
        let (conditions, dialect) = try await database.read { db in
            // The connection goes back to the pool; `db` is kept only to serialize SQL for its dialect.
            (
                try await SearchConditions.build(db, book: book, filter: filter, engine: self.database.engine)
                    .conditions, db
            )
        }
        if snapshot, let path = database.snapshotPath {
            let reader = try await ExportSnapshotReader(
                path: path,
                dialect: dialect,
                book: scope.bookID,
                conditions: conditions,
                newestFirst: filter.newestFirst
            )
            defer { reader.close() }
            try await Self.forEachPage(
                read: { (_: Bool?) in
                    let (records, done) = try await reader.nextPage(limit: 1_000)
                    return (records, done ? nil : true)
                },
                body
            )
            return
        }
        if snapshot, database.engine == .postgres {
            let database = database
            try await database.snapshot {
                guard let snapshot = database.currentSnapshot, let connection = snapshot.postgres else {
                    throw DatabaseError(description: "the export's snapshot has no PostgreSQL connection")
                }
                let reader = try await PostgresExportReader(
                    connection: connection,
                    dialect: snapshot.db,
                    book: scope.bookID,
                    conditions: conditions,
                    newestFirst: filter.newestFirst
                )
                do {
                    try await Self.forEachPage(
                        read: { (_: Bool?) in
                            let (records, done) = try await reader.nextPage(limit: 1_000)
                            return (records, done ? nil : true)
                        },
                        body
                    )
                } catch {
                    await reader.close()
                    throw error
                }
                await reader.close()
            }
            return
        }
        let database = database
        let newestFirst = filter.newestFirst
        try await Self.forEachPage(
            read: { (position: Cursor?) in
                let page = try await database.readStreaming { db, sqlite in
                    try await Records.page(
                        db,
                        conditions,
                        newestFirst: newestFirst,
                        after: position,
                        limit: 1_000,
                        sqlite: sqlite
                    )
                }
                return (page.records, try page.nextCursor.map(Cursor.init(encoded:)))
            },
            body
        )
    }
}

extension Imports {
    /// Hands `body` each page `read` gives, in order, reading the next page while `body` writes
    /// this one: on two cores, reading the rows and writing the file then take about as long
    /// together as the slower of the two. `read` gets where the page before ended (nil for the
    /// first) and says where the next one starts (nil after the last).
    fileprivate static func forEachPage<Position: Sendable>(
        read: @escaping @Sendable (Position?) async throws -> (records: [TransactionRecord], next: Position?),
        _ body: ([TransactionRecord]) async throws -> Void
    ) async throws {
        var next: Task<(records: [TransactionRecord], next: Position?), any Error>? = Task { try await read(nil) }
        do {
            while let pending = next {
                let page = try await pending.value
                next = page.next.map { position in Task { try await read(position) } }
                if !page.records.isEmpty { try await body(page.records) }
            }
        } catch {
            // A read still running holds a connection or the snapshot: let it end before the
            // caller goes on (and closes the snapshot).
            if let next {
                next.cancel()
                _ = try? await next.value
            }
            throw error
        }
    }
}

/// Whether any matching record has a time, and any is a transfer (1 or 0).
private struct ShapeFlags: Decodable {
    let times: Int64
    let transfers: Int64
    let splits: Int64
    let tagged: Int64
}
