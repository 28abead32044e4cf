import SQLKit
import TallyCore

extension Books {
    /// Deletes the book and everything in it: records, receipts, plans, kept totals, members and
    /// invitations. Owners only. The first transaction takes every member and invitation away, so
    /// the book is gone to everyone at once; its records and then its other tables go in batches
    /// of bounded size and time (`LongWriteLimits`, `BookDeletion`), so other books' writes get
    /// SQLite's writer in between; the last deletes the book. A restart finishes a deletion its process left halfway.
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

    /// Deletes the job's book batch by batch (`BookDeletion`); nothing undoes it, since its
    /// members are gone.
    func deleteInBatches(_ job: LongWrite, limits: LongWriteLimits) async throws {
        try await BookDeletion(job, limits: limits).run(database, limits: limits)
    }
}
