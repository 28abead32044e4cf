import SQLKit
import TallyCore

/// A statement import's own steps in its commit (`Imports.importAll`).
struct StatementSteps: Sendable {
    /// The import: its id goes on every record.
    let id: Int64
    /// In the first transaction, before any record: claims the import, makes its accounts.
    let before: @Sendable (any SQLDatabase, ImportRun) async throws -> Void
    /// In the last transaction, after every record: transfers, account numbers, paired rows.
    let after: @Sendable (any SQLDatabase) async throws -> Void
}

extension Imports {
    /// Stores every record of `source`, all or none. A file of up to `limits.rows` records,
    /// written within `limits.duration`, is one transaction, as it always was. A bigger one
    /// claims its book (`long_writes`; a second long write there is refused) in its first
    /// transaction, then goes in batches of bounded size and time, each its own transaction with
    /// its own kept totals, so that other books' writes get SQLite's writer in between; the last
    /// batch runs the closing steps (payees, a statement's transfers) and frees the book. When a
    /// batch fails, the ones before it are undone (`undoCommitInBatches`) before the error is
    /// thrown; after a crash, the server's next start undoes them. `statement` is a statement
    /// import being committed; `claim` a staged upload, deleted by the transaction that ends the
    /// import (a failed big import leaves it, to be confirmed again).
    func importAll<S: ImportSource>(
        into book: Book,
        from source: S,
        sqlite: Bool,
        claim: (token: String, user: UserID)?,
        statement: StatementSteps? = nil,
        cacheKiB: Int = importCacheKiB,
        limits: LongWriteLimits
    ) async throws -> ImportResult {
        let whole = limits.wholeImport
        let head = try ImportHead(source, reading: whole ? 0 : limits.rows + 1)
        // More than one batch's records: the book is claimed before anything is written.
        let big = !whole && !head.ended
        let start: @Sendable () async throws -> (ImportRun, LongWrite?, Bool) = {
            try head.rewind()
            return try await database.bulkWrite { db, writer in
                var batch: LongWriteBatch? = whole ? nil : LongWriteBatch(limits: limits)
                let run = try await ImportRun.start(
                    db,
                    book: book,
                    statementID: statement?.id,
                    sqlite: sqlite,
                    cacheKiB: cacheKiB
                )
                if let claim { try await Self.findStagedImport(db, claim.token, book: book.id, user: claim.user) }
                try await statement?.before(db, run)
                var job = big ? try await run.claim(db) : nil
                var done = try await run.write(db, writer, from: head, batch: &batch)
                if !done, job == nil {
                    // One batch's records that took longer than one batch's time: batches from
                    // here, unless the book is busy; then the rest goes in this transaction.
                    do {
                        job = try await run.claim(db)
                    } catch let error as StoreError {
                        guard case .conflict = error else { throw error }
                        var unbounded: LongWriteBatch?
                        done = try await run.write(db, writer, from: head, batch: &unbounded)
                    }
                }
                try await Self.endBatch(db, run, job: job, done: done, claim: claim, statement: statement)
                return (run, job, done)
            }
        }
        let (run, first, done) =
            try await big ? LongWrites(core: core).claiming(book.id, limits: limits, start) : start()
        guard !done, let job = first else { return run.result }
        var number = 0
        do {
            var finished = false
            while !finished {
                number += 1
                try await limits.afterBatch?(number)
                finished = try await database.bulkWrite { db, writer in
                    var batch: LongWriteBatch? = LongWriteBatch(limits: limits)
                    try await run.resume(db)
                    let done = try await run.write(db, writer, from: head, batch: &batch)
                    try await Self.endBatch(db, run, job: job, done: done, claim: claim, statement: statement)
                    return done
                }
            }
        } catch let error as LongWriteAbandoned {
            throw error
        } catch {
            // Undone before the error is answered, so the person sees the import as never made.
            var undo = limits
            undo.afterBatch = nil
            try? await undoCommitInBatches(job, limits: undo, made: run.made)
            throw error
        }
        return run.result
    }

    /// Ends one of an import's transactions: the last one finishes the import (payees, the
    /// statement's steps, the staged upload claimed) and frees the book; any other notes how far
    /// the job got.
    private static func endBatch(
        _ db: any SQLDatabase,
        _ run: ImportRun,
        job: LongWrite?,
        done: Bool,
        claim: (token: String, user: UserID)?,
        statement: StatementSteps?
    ) async throws {
        guard done else {
            try await job?.beat(db, progress: run.progress)
            return
        }
        try await run.finish(db)
        try await statement?.after(db)
        if let claim {
            try await claimStagedImport(db, claim.token, book: run.book.id, user: claim.user, required: job == nil)
        }
        try await job?.end(db)
    }
}
