import Foundation
import SQLKit
import TallyCore

/// What a backup holds.
public enum BackupScope: Sendable, Hashable {
    /// The whole server: every user (password hashes included), book and file. Only for the
    /// command line on the local data; never over HTTP.
    case server
    /// These books, with their members' names and emails (no passwords).
    case books([BookID])

    /// The word the document writes for it.
    public var name: String {
        switch self {
        case .server: "server"
        case .books: "books"
        }
    }
}

/// Where a backup's rows and files go as they are read (TallyJSON's `BackupArchive` writes the
/// document and the zip). Called from one task at a time, in order: for each table `begin`, its
/// rows, `end`; `file` whenever a row carries one.
public protocol BackupSink: AnyObject, Sendable {
    /// A table starts.
    func begin(_ table: BackupTable) throws
    /// One row, a value for each of the table's columns (null for a server-only column of a books
    /// backup).
    func row(_ values: [BackupValue]) throws
    /// The table is done.
    func end(_ table: BackupTable) throws
    /// A file a row names (a receipt, a goal's photo, a profile photo): its path in the zip and
    /// its bytes.
    func file(_ path: String, _ data: Data) throws
}

/// Full backup and restore (docs/backup.md): `backup` reads one consistent snapshot into a
/// `BackupSink`; `restore` checks a whole `BackupSource` and then writes it in one transaction.
public struct Backups: StoreService {
    let core: StoreCore

    /// The books `user` can reach (any role), for a backup of "my data".
    public func books(of user: User) async throws -> [BookID] {
        try await database.read { db in
            try await db.raw("SELECT book_id FROM book_members WHERE user_id = \(bind: user.id) ORDER BY book_id")
                .all().map { try $0.decode(column: "book_id", as: BookID.self) }
        }
    }

    /// Writes everything `scope` holds to `sink`, read inside one read transaction: a read
    /// transaction on SQLite (WAL keeps its snapshot while the server writes), a read-only
    /// REPEATABLE READ transaction on PostgreSQL, so no record is half in and the references
    /// agree. Rows are streamed; only each table's ids are kept, to renumber the references.
    public func backup(_ scope: BackupScope, to sink: some BackupSink) async throws {
        switch database.engine {
        case .sqlite:
            // Checks' snapshot, with the connection's SQLiteNIO handle kept for reading rows.
            try await database.readStreaming { db, sqlite in
                try await db.raw("BEGIN").run()
                do {
                    let reader = BackupSnapshot(db: db, sqlite: sqlite, scope: scope, sink: sink)
                    for table in BackupTables.all { try await reader.write(table) }
                } catch {
                    try? await db.raw("ROLLBACK").run()
                    throw error
                }
                try await db.raw("COMMIT").run()
            }
        case .postgres:
            try await Checks(core: core).snapshot { db in
                let reader = BackupSnapshot(db: db, sqlite: nil, scope: scope, sink: sink)
                for table in BackupTables.all { try await reader.write(table) }
            }
        }
    }
}

extension Store {
    /// Full backup and restore.
    public var backups: Backups { Backups(core: core) }
}

extension Backups {
    /// Restores `source` into `target`: first every row is checked (nothing is written when any
    /// check fails), then everything is written in one transaction, the kept totals rebuilt from
    /// the records. Refuses (invalid: the CLI's 65) a server that has users or books, or a book
    /// that has records, plans, rules, presets, rates or tags.
    public func restore(_ source: some BackupSource, into target: RestoreTarget) async throws -> RestoreSummary {
        try await restore(source, into: target, limits: .standard.on(database.engine))
    }

    /// See `restore(_:into:)`; a book restore on SQLite goes in batches of `limits`.
    func restore(
        _ source: some BackupSource,
        into target: RestoreTarget,
        limits: LongWriteLimits
    ) async throws
        -> RestoreSummary
    {
        // A books backup has no passwords: its people could never sign in to a server made from it.
        if case .emptyServer = target, source.header.scope != BackupScope.server.name {
            throw refused(
                "it holds some books, not a server; make the user first (`tally user create`), then restore a book into "
                    + "one of theirs with --book ID"
            )
        }
        let check = try RestoreCheck(source: source)
        try await source.scan { table, rows in try check.check(table, rows) }
        try check.finish()
        var onlyBook: Int32?
        var targetBook: BookID?
        // Which of the backup's books a book restore takes, checked now: nothing is written yet.
        if case .book(let scope, let from) = target {
            try scope.requireWrite()
            let count = check.counts["books"] ?? 0
            guard let chosen = from ?? (count == 1 ? 1 : nil) else {
                throw refused("it holds \(count) books; say which one to restore")
            }
            guard chosen >= 1, chosen <= count else { throw refused("it has no book \(chosen)") }
            onlyBook = Int32(chosen)
            targetBook = scope.bookID
        }
        let engine = database.engine
        let (taken, into) = (onlyBook, targetBook)
        if let taken, let into, engine == .sqlite {
            // SQLite has one writer: other books' writes get it between the batches. (PostgreSQL
            // locks rows, so a restore there holds up no other book in one transaction.)
            return try await Self.restoreInBatches(core, source, check: check, taken: taken, into: into, limits: limits)
        }
        // The transaction's work is a function of its own, not written out in the closure: in the
        // closure form, a release build (Swift 6.3.1, Linux) returned a summary whose `books` was a
        // null pointer, and `tally restore` crashed reading its count (every time, at 100,000
        // records). `@_optimize(none)` on `restore`, `bulkWrite` and `SQLitePool.withConnection`
        // did not stop it; the same code as a function did. So it lies in how the optimiser
        // compiles that closure (generic over the source, returning through `bulkWrite`'s generic
        // result across awaits): a miscompile, not narrowed further. A box carried it out before.
        let reserved = engine == .postgres && into != nil ? try await reserveIDs(check) : [:]
        var summary = try await database.bulkWrite { db, bulk in
            try await Self.writeAll(
                db,
                bulk,
                check: check,
                source: source,
                taken: taken,
                into: into,
                engine: engine,
                reserved: reserved
            )
        }
        if let into { summary.books = [into] }
        return summary
    }

    /// The second pass inside the transaction: the target emptied or checked, every row written,
    /// the derived columns and totals rebuilt.
    private static func writeAll(
        _ db: any SQLDatabase,
        _ bulk: BulkWriter,
        check: RestoreCheck,
        source: some BackupSource,
        taken: Int32?,
        into: BookID?,
        engine: SQLEngine,
        reserved: [String: Int64]
    ) async throws -> RestoreSummary {
        if let into {
            try await Self.emptyBook(db, into)
        } else {
            try await Self.requireEmptyServer(db)
        }
        let writer = RestoreWrite(db: db, bulk: bulk, check: check, source: source, onlyBook: taken, targetBook: into)
        try await writer.prepare(engine: engine, reserved: reserved)
        try await source.scan { table, rows in try await writer.write(table, rows) }
        try await writer.finish(engine: engine)
        return writer.summary
    }

    /// PostgreSQL: moves each id table's sequence past as many ids as the backup brings, in a
    /// short transaction of its own, and returns where the restore's ids start. The restore
    /// stores its ids itself: without this, another book's insert during a restore takes the
    /// next value of the sequence, one the restore is storing, and fails. The table is locked
    /// against inserts for the moment of the move, so no insert takes a value inside the range.
    private func reserveIDs(_ check: RestoreCheck) async throws -> [String: Int64] {
        var starts: [String: Int64] = [:]
        for table in BackupTables.all where table.hasID {
            // One table a transaction: holding one lock while taking the next deadlocked with an
            // add that held a row lock on one and wanted a share of the other (40P01).
            starts[table.name] = try await database.write { db in
                try await db.raw("LOCK TABLE \(ident: table.name) IN EXCLUSIVE MODE").run()
                let count = Int64(check.counts[table.name] ?? 0)
                let start =
                    try await db.raw(
                        """
                        SELECT CAST(GREATEST(COALESCE(MAX(id), 0), \
                          (SELECT last_value FROM pg_sequences \
                           WHERE schemaname || '.' || sequencename = pg_get_serial_sequence(\(bind: table.name), 'id'))) \
                        AS BIGINT) AS top FROM \(ident: table.name)
                        """
                    ).first()!.decode(column: "top", as: Int64?.self) ?? 0
                if count > 0 {
                    try await db.raw(
                        "SELECT setval(pg_get_serial_sequence(\(bind: table.name), 'id'), \(bind: start + count))"
                    ).run()
                }
                return start
            }
        }
        return starts
    }

    /// A whole-server restore needs a server with no users and no books.
    static func requireEmptyServer(_ db: any SQLDatabase) async throws {
        for table in ["users", "books"] {
            if try await db.raw("SELECT 1 AS found FROM \(ident: table) LIMIT 1").first() != nil {
                throw refused("the target already has \(table); restore into an empty data folder or database")
            }
        }
    }

    /// A book restore needs a book with nothing of its own yet: no records, budgets, goals, rules,
    /// presets, rates or tags, and no bill ever paid. What a new book starts with — categories,
    /// accounts and the usual bills — makes way for the backup's.
    static func emptyBook(_ db: any SQLDatabase, _ book: BookID, keepingCatalog: Bool = false) async throws {
        if try await db.raw(
            "SELECT 1 AS found FROM bill_payments p JOIN bills b ON b.id = p.bill_id WHERE b.book_id = \(bind: book) LIMIT 1"
        ).first() != nil {
            throw refused("book \(book) is not empty (it has paid bills); restore into an empty book")
        }
        for table in ["transactions", "budgets", "goals", "rules", "import_presets", "exchange_rates", "tags"] {
            if try await db.raw("SELECT 1 AS found FROM \(ident: table) WHERE book_id = \(bind: book) LIMIT 1").first()
                != nil
            {
                throw refused("book \(book) is not empty (it has \(table)); restore into an empty book")
            }
        }
        try await clearStarters(db, book)
        if !keepingCatalog { try await clearCatalog(db, book) }
    }

    /// Deletes what a new book starts with (the usual bills) and every derived row (payees,
    /// file ids, kept totals), but for its categories and accounts (`clearCatalog`).
    static func clearStarters(_ db: any SQLDatabase, _ book: BookID) async throws {
        for table in ["bills", "payees", "imported_ids", "statement_imports", "pending_imports", "account_balances"]
            + TotalsTable.all.map(\.name) + AccountMovesTable.all.map(\.name)
        {
            try await db.raw("DELETE FROM \(ident: table) WHERE book_id = \(bind: book)").run()
        }
    }

    /// Deletes the categories and accounts of a book that `clearStarters` emptied: nothing of it
    /// refers to them any more, so a batched restore runs this with SQLite's reference checks
    /// off (`Database.writeWithoutReferenceChecks`), which scanned every book's records for
    /// each category (1.1 s at 200,000 records, holding the one writer).
    static func clearCatalog(_ db: any SQLDatabase, _ book: BookID) async throws {
        for table in ["categories", "accounts"] {
            try await db.raw("DELETE FROM \(ident: table) WHERE book_id = \(bind: book)").run()
        }
    }
}
