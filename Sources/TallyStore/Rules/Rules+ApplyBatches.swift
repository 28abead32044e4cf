import Foundation
import SQLKit
import TallyCore

extension Rules {
    /// Applies the rule in batches: the first transaction claims the book (`long_writes`) and
    /// opens the run as `running`; each batch reads on from where the last stopped, changes what
    /// matches and keeps its undo rows, with the totals it moved, in its own transaction; the last
    /// marks the run `applied` and frees the book. Records added after the start are left alone
    /// (the rules already ran on them as they were added). A failure undoes the batches before it.
    func applyInBatches(_ id: Int64, book: Book, limits: LongWriteLimits) async throws -> RuleRun {
        let (rule, job, last) = try await LongWrites(core: core).claiming(book.id, limits: limits) {
            try await database.write { db in
                let rule = try await Self.rule(db, id, book: book.id)
                let job = try await LongWrite.claim(db, book: book.id, kind: .ruleApply, subject: nil)
                let run = try await db.raw(
                    """
                    INSERT INTO rule_runs (book_id, rule_id, status, created_at)
                    VALUES (\(bind: book.id), \(bind: id), 'running', \(bind: Clock.timestamp())) RETURNING id
                    """
                ).first()!.decode(column: "id", as: Int64.self)
                let last = try await db.raw(
                    "SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) AS last FROM transactions WHERE book_id = \(bind: book.id)"
                ).first()!.decode(column: "last", as: Int64.self)
                return (rule, try await job.setSubject(db, run), last)
            }
        }
        var cursor = RecordKey.first
        var count = 0
        var shown: [RuleChange] = []
        var number = 0
        do {
            while true {
                let step = try await database.bulkWrite { [cursor] db, writer in
                    try await Self.applyBatch(db, writer, rule, job: job, after: cursor, upTo: last, limits: limits)
                }
                count += step.changes.count
                shown = Array(Self.inOrder(shown + step.changes).prefix(100))
                cursor = step.cursor
                if step.done { break }
                number += 1
                try await limits.afterBatch?(number)
            }
        } catch let error as LongWriteAbandoned {
            throw error
        } catch {
            // Undone before the error is answered, so the person sees the run as never made.
            _ = try? await undoInBatches(job, limits: limits)
            throw error
        }
        return RuleRun(id: job.subject, count: count, changes: shown)
    }

    /// One batch of an apply: changes records after `after` until the batch is full or the
    /// book is read to `last`; returns its changes, where it stopped, and whether it was the last.
    private static func applyBatch(
        _ db: any SQLDatabase,
        _ writer: BulkWriter,
        _ rule: Rule,
        job: LongWrite,
        after: RecordKey,
        upTo last: Int64,
        limits: LongWriteLimits
    ) async throws -> (changes: [RuleChange], cursor: RecordKey, done: Bool) {
        let run = job.subject ?? 0
        var batch = LongWriteBatch(limits: limits)
        var totals = Totals()
        var changes: [RuleChange] = []
        var undo: [BulkValue] = []
        var cursor = after
        var done = false
        reading: repeat {
            let page = try await matchPage(db, rule, book: job.book, after: cursor, upTo: last, limit: 500)
            for (change, key) in page.changes {
                // Checked record by record: one change costs a few statements, a page of them many.
                if batch.rows > 0 && batch.full { break reading }
                try await write(db, change.id, change.after, book: job.book, totals: &totals)
                undo += [
                    .int(run), .int(change.id.rawValue), .text(try json(change.before)), .text(try json(change.after)),
                ]
                changes.append(change)
                batch.rows += 1
                cursor = key
            }
            if let read = page.last { cursor = read }
            done = page.scanned < 500
        } while !done && !batch.full
        try await writer.insert(
            into: "rule_run_rows",
            columns: ["run_id", "transaction_id", "previous", "applied"],
            values: undo
        )
        try await totals.apply(db, book: job.book)
        if done {
            try await db.raw("UPDATE rule_runs SET status = 'applied' WHERE id = \(bind: run)").run()
            try await job.end(db)
        } else {
            try await job.beat(db, progress: cursor.id)
        }
        return (changes, cursor, done)
    }
}
