import SQLKit
import TallyCore

extension Imports {
    /// Undoes an import in batches that failed or whose process died, batch by batch like the
    /// import: its records are deleted and taken out of the kept totals (a statement import's by
    /// their import id; a CSV import's by the created time they share, above the floor the job
    /// keeps); a statement import's rows forget their records and it is staged again, to be
    /// committed again. The payees were not yet changed (the last batch does that). With `made`
    /// (the import's own process, which knows them), the categories, accounts and tags it made
    /// go too when nothing uses them; after a restart they stay, empty.
    func undoCommitInBatches(_ job: LongWrite, limits: LongWriteLimits, made: ImportMade? = nil) async throws {
        let stamp: String? =
            job.subject == nil ? try await database.read { db in try await ImportRun.stamp(db, of: job) } : nil
        var number = 0
        while try await !database.write({ db in
            try await Self.undoBatch(db, job, stamp: stamp, made: made, limits: limits)
        }) {
            number += 1
            try await limits.afterBatch?(number)
        }
    }

    /// One batch of an undo: records first, then (a statement import) its rows from the row the
    /// job's progress names. True when done, the job ended.
    private static func undoBatch(
        _ db: any SQLDatabase,
        _ job: LongWrite,
        stamp: String?,
        made: ImportMade?,
        limits: LongWriteLimits
    ) async throws -> Bool {
        guard
            var cursor = try await db.raw("SELECT progress FROM long_writes WHERE id = \(bind: job.id)").first()?
                .decode(column: "progress", as: Int64.self)
        else { return true }
        var batch = LongWriteBatch(limits: limits)
        var totals = Totals()
        var done = false
        repeat {
            let page = max(1, min(250, batch.room))
            let ids: [Int64]
            if let importID = job.subject {
                // The import's index holds only its remaining records: no order, no cursor.
                ids = try await db.raw(
                    """
                    SELECT id FROM transactions WHERE import_id = \(bind: importID) AND book_id = \(bind: job.book)
                    LIMIT \(bind: page)
                    """
                ).all().map { try $0.decode(column: "id", as: Int64.self) }
            } else {
                // `+book_id`: read on by id; the book's index, sorted by id each page, was quadratic.
                ids = try await db.raw(
                    """
                    SELECT id FROM transactions WHERE id > \(bind: cursor) AND +book_id = \(bind: job.book)
                    AND import_id IS NULL AND created_at = \(bind: stamp ?? "") ORDER BY id LIMIT \(bind: page)
                    """
                ).all().map { try $0.decode(column: "id", as: Int64.self) }
                cursor = ids.last ?? cursor
            }
            try await deleteRecords(db, ids, book: job.book, totals: &totals)
            batch.rows += ids.count
            done = ids.count < page
        } while !done && !batch.full
        if done, let importID = job.subject {
            (cursor, done) = try await unlinkRows(db, importID, after: cursor, batch: &batch)
        }
        try await totals.apply(db, book: job.book)
        guard done else {
            try await job.beat(db, progress: cursor)
            return false
        }
        if let importID = job.subject {
            try await db.raw(
                """
                UPDATE statement_imports SET status = 'staged', committed_at = NULL
                WHERE id = \(bind: importID) AND book_id = \(bind: job.book) AND status = 'committed'
                """
            ).run()
        }
        try await dropEmptied(db, book: job.book)
        if let made { try await dropUnused(db, made, book: job.book) }
        try await job.end(db)
        return true
    }

    /// Deletes records of the book, taking them out of `totals`; their lines, tags and file ids
    /// go with them (ON DELETE CASCADE).
    private static func deleteRecords(
        _ db: any SQLDatabase,
        _ ids: [Int64],
        book: BookID,
        totals: inout Totals
    ) async throws {
        guard !ids.isEmpty else { return }
        // Read first: the lines go with the record.
        let lines = try await RecordMoney.lines(db, book: book, ids: ids)
        for row in try await db.raw(
            """
            DELETE FROM transactions WHERE +book_id = \(bind: book) AND id IN (\(binds: ids))
            RETURNING \(unsafeRaw: RecordMoney.columns)
            """
        ).all() {
            try totals.add(sign: -1, row: row, lines: lines[try row.decode(column: "id", as: Int64.self)] ?? [])
        }
    }

    /// A statement import's rows after `row`, as many as the batch has room for, without the
    /// records they pointed at; where it stopped, and whether every row is done.
    private static func unlinkRows(
        _ db: any SQLDatabase,
        _ importID: Int64,
        after row: Int64,
        batch: inout LongWriteBatch
    ) async throws -> (Int64, Bool) {
        let last = try await db.raw(
            "SELECT CAST(COALESCE(MAX(row), 0) AS BIGINT) AS n FROM statement_import_rows WHERE import_id = \(bind: importID)"
        ).first()!.decode(column: "n", as: Int64.self)
        var row = row
        while row < last && !batch.full {
            let upTo = min(last, row + Int64(max(1, batch.room)))
            try await db.raw(
                """
                UPDATE statement_import_rows SET transaction_id = NULL
                WHERE import_id = \(bind: importID) AND row > \(bind: row) AND row <= \(bind: upTo) AND transaction_id IS NOT NULL
                """
            ).run()
            batch.rows += Int(upTo - row)
            row = upTo
        }
        return (row, row >= last)
    }

    /// Deletes the balances and account moves the undo brought back to zero, so that the book
    /// holds no row the import left behind (a zero row and none read the same).
    private static func dropEmptied(_ db: any SQLDatabase, book: BookID) async throws {
        try await db.raw("DELETE FROM account_balances WHERE book_id = \(bind: book) AND balance_minor = 0").run()
        for table in AccountMovesTable.all {
            try await db.raw(
                "DELETE FROM \(unsafeRaw: table.name) WHERE book_id = \(bind: book) AND delta_minor = 0"
            ).run()
        }
    }

    /// Deletes what a failed import made that nothing uses now its records are gone: its
    /// sub-categories before their parents, which must then have none left; its accounts; tags
    /// made since it started. Whatever another writer came to use meanwhile stays.
    private static func dropUnused(_ db: any SQLDatabase, _ made: ImportMade, book: BookID) async throws {
        let unusedCategory: SQLQueryString = """
            NOT EXISTS (SELECT 1 FROM transactions t WHERE t.book_id = \(bind: book) AND t.category_id = categories.id)
            AND NOT EXISTS (SELECT 1 FROM transaction_lines l WHERE l.book_id = \(bind: book) AND l.category_id = categories.id)
            AND NOT EXISTS (SELECT 1 FROM budget_categories b WHERE b.category_id = categories.id)
            AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.category_id = categories.id)
            AND NOT EXISTS (SELECT 1 FROM categories c WHERE c.parent_id = categories.id)
            """
        if !made.categories.isEmpty {
            for parents in [false, true] {
                try await db.raw(
                    """
                    DELETE FROM categories WHERE book_id = \(bind: book) AND id IN (\(binds: made.categories))
                    AND parent_id IS \(unsafeRaw: parents ? "" : "NOT ")NULL AND \(unusedCategory)
                    """
                ).run()
            }
        }
        if !made.accounts.isEmpty {
            try await db.raw(
                """
                DELETE FROM accounts WHERE book_id = \(bind: book) AND id IN (\(binds: made.accounts))
                AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.book_id = \(bind: book) AND t.account_id = accounts.id)
                AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.to_account_id = accounts.id)
                AND NOT EXISTS (SELECT 1 FROM budget_accounts b WHERE b.account_id = accounts.id)
                AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.account_id = accounts.id)
                AND NOT EXISTS (SELECT 1 FROM goals g WHERE g.account_id = accounts.id)
                """
            ).run()
        }
        try await db.raw(
            """
            DELETE FROM tags WHERE book_id = \(bind: book) AND id > \(bind: made.tagFloor)
            AND NOT EXISTS (SELECT 1 FROM transaction_tags t WHERE t.tag_id = tags.id)
            """
        ).run()
    }
}
