import SQLKit
import TallyCore

extension Books {
    /// Deletes the book and everything in it: records, receipts, plans, kept totals, members and
    /// invitations (every table's `book_id` cascades). Owners only. The first transaction takes
    /// every member and invitation away, so the book is gone to everyone at once; its records
    /// then go in batches of bounded size and time (`LongWriteLimits`), each taking its records
    /// out of the kept totals, so other books' writes get SQLite's writer in between; the last
    /// deletes the book. A restart finishes a deletion its process left halfway.
    public func delete(in scope: BookScope) async throws {
        try await delete(in: scope, limits: .standard.on(database.engine))
    }

    func delete(in scope: BookScope, limits: LongWriteLimits) async throws {
        try scope.require(.owner)
        let book = scope.bookID
        let job = try await LongWrites(core: core).claiming(book, limits: limits) {
            try await database.write { db in
                let job = try await LongWrite.claim(db, book: book, kind: .bookDelete, subject: nil)
                try await db.raw("DELETE FROM book_invitations WHERE book_id = \(bind: book)").run()
                try await db.raw("DELETE FROM book_members WHERE book_id = \(bind: book)").run()
                return job
            }
        }
        core.catalogs.forget(book)
        try await deleteInBatches(job, limits: limits)
    }

    /// Deletes the job's book batch by batch; nothing undoes it, since its members are gone.
    func deleteInBatches(_ job: LongWrite, limits: LongWriteLimits) async throws {
        var number = 0
        var page = LongWritePage(limits)
        while true {
            // Timed inside the transaction: waiting for the writer is not the batch's cost.
            let (done, took) = try await database.write { [page] db in
                let began = ContinuousClock.now
                let done = try await Self.deleteBatch(db, job, limits: limits, page: page.rows)
                return (done, ContinuousClock.now - began)
            }
            if done { return }
            page.took(took)
            number += 1
            try await limits.afterBatch?(number)
        }
    }

    /// One batch: the book's first records, out of the totals and deleted, until the batch is
    /// full; the last (no records left) deletes the book, and with it the job. True when done.
    private static func deleteBatch(
        _ db: any SQLDatabase,
        _ job: LongWrite,
        limits: LongWriteLimits,
        page size: Int
    ) async throws
        -> Bool
    {
        var batch = LongWriteBatch(limits: limits)
        var totals = Totals()
        var done = false
        repeat {
            // Small pages: one statement deletes a page, with its lines, tags and receipts.
            let page = max(1, min(size, batch.room))
            let ids = try await db.raw(
                // In the (book, date, time, id) index's order: one range of it, no sort.
                "SELECT id FROM transactions WHERE book_id = \(bind: job.book) ORDER BY date, time, id LIMIT \(bind: page)"
            ).all().map { try $0.decode(column: "id", as: Int64.self) }
            if !ids.isEmpty {
                // Read first: the lines go with the record (ON DELETE CASCADE).
                let lines = try await RecordMoney.lines(db, book: job.book, ids: ids)
                for row in try await db.raw(
                    """
                    DELETE FROM transactions WHERE book_id = \(bind: job.book) AND id IN (\(binds: ids))
                    RETURNING \(unsafeRaw: RecordMoney.columns)
                    """
                ).all() {
                    try totals.add(sign: -1, row: row, lines: lines[try row.decode(column: "id", as: Int64.self)] ?? [])
                }
            }
            batch.rows += ids.count
            done = ids.count < page
        } while !done && !batch.full
        try await totals.apply(db, book: job.book)
        if done {
            try await db.raw("DELETE FROM books WHERE id = \(bind: job.book)").run()
        } else {
            try await job.beat(db, progress: 0)
        }
        return done
    }
}
