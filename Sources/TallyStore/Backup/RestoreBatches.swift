import SQLKit
import TallyCore

extension Backups {
    /// A book restore on SQLite, in batches of bounded size (`LongWriteLimits`), each its own
    /// transaction, so a big backup holds up no other book's writes: the first claims the book
    /// (`long_writes`) and empties it; each batch writes some rows; then the kept totals are
    /// counted from the restored records, page by page; the last batch sets the book's name and
    /// currency and frees it. A failure undoes the batches before it, and a restart undoes a
    /// restore its process left halfway: the book is left empty, as the restore found it.
    static func restoreInBatches(
        _ core: StoreCore,
        _ source: some BackupSource,
        check: RestoreCheck,
        taken: Int32,
        into book: BookID,
        limits: LongWriteLimits
    ) async throws -> RestoreSummary {
        let database = core.database
        let job = try await LongWrites(core: core).claiming(book, limits: limits) {
            try await database.write { db in
                let job = try await LongWrite.claim(db, book: book, kind: .restore, subject: nil)
                try await Self.emptyBook(db, book, keepingCatalog: true)
                return job
            }
        }
        var number = 0
        func next() async throws {
            number += 1
            try await limits.afterBatch?(number)
        }
        do {
            try await database.writeWithoutReferenceChecks { db in try await Self.clearCatalog(db, book) }
            let writer = try await database.bulkWrite { db, bulk in
                let writer = RestoreWrite(
                    db: db,
                    bulk: bulk,
                    check: check,
                    source: source,
                    onlyBook: taken,
                    targetBook: book,
                    batched: true
                )
                try await writer.prepare(engine: database.engine)
                return writer
            }
            var size = LongWritePage(limits)
            try await source.scan { table, rows in
                guard writer.takes(table) else { return try await writer.write(table, rows) }
                var start = 0
                while start < rows.count {
                    let part = Array(rows[start..<min(rows.count, start + size.rows)])
                    // Timed inside the transaction: waiting for the writer is not the batch's cost.
                    let took = try await database.bulkWrite { [number] db, bulk in
                        let began = ContinuousClock.now
                        writer.use(db, bulk)
                        try await writer.write(table, part)
                        try await job.beat(db, progress: Int64(number + 1))
                        return ContinuousClock.now - began
                    }
                    size.took(took)
                    start += part.count
                    try await next()
                }
            }
            // The totals of the restored records, and nobody else's: the book's records may
            // have been added to meanwhile, and those counted themselves.
            for range in writer.recordIDs() {
                var after = range.lowerBound - 1
                while after < range.upperBound {
                    let (last, took) = try await database.write { [after, number, size] db in
                        let began = ContinuousClock.now
                        let last = try await Self.countTotals(
                            db,
                            book: book,
                            after: after,
                            upTo: range.upperBound,
                            page: size.rows
                        )
                        try await job.beat(db, progress: Int64(number + 1))
                        return (last, ContinuousClock.now - began)
                    }
                    after = last
                    size.took(took)
                    try await next()
                }
            }
            try await database.bulkWrite { db, bulk in
                writer.use(db, bulk)
                try await writer.finish(engine: database.engine)
                try await job.end(db)
            }
            core.catalogs.forget(book)
            var summary = writer.summary
            summary.books = [book]
            return summary
        } catch let error as LongWriteAbandoned {
            throw error
        } catch {
            // Undone before the error is answered: to the person the restore never happened. The
            // tests' hook stopped the restore; the undo runs to its end.
            var undo = limits
            undo.afterBatch = nil
            try? await Backups(core: core).undoRestoreInBatches(job, limits: undo)
            throw error
        }
    }

    /// Adds one page of the restored records, those after `after` up to `last`, to the kept
    /// totals; returns the last id counted (`last` when none is left).
    private static func countTotals(
        _ db: any SQLDatabase,
        book: BookID,
        after: Int64,
        upTo last: Int64,
        page: Int
    ) async throws -> Int64 {
        // `+book_id`: read by the id range, not by the book's index sorted by id each page, which
        // made a 300,000-record restore quadratic (the same query in both engines).
        let rows = try await db.raw(
            """
            SELECT \(unsafeRaw: RecordMoney.columns) FROM transactions
            WHERE +book_id = \(bind: book) AND id > \(bind: after) AND id <= \(bind: last) ORDER BY id LIMIT \(bind: page)
            """
        ).all()
        let ids = try rows.map { try $0.decode(column: "id", as: Int64.self) }
        let lines = try await RecordMoney.lines(db, book: book, ids: ids)
        var totals = Totals()
        for (row, id) in zip(rows, ids) { try totals.add(sign: 1, row: row, lines: lines[id] ?? []) }
        try await totals.apply(db, book: book)
        return rows.count < page ? last : ids.last!
    }

    /// Undoes a book restore: everything in the book goes, as in a deletion (`BookDeletion`):
    /// records in batches, their receipts, lines and tags with them, then the other tables page
    /// by page; the book stays, empty.
    func undoRestoreInBatches(_ job: LongWrite, limits: LongWriteLimits) async throws {
        defer { core.catalogs.forget(job.book) }
        try await BookDeletion(job, limits: limits, keepsBook: true).run(database, limits: limits)
    }
}
