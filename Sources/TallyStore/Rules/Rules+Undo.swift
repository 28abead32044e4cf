import Foundation
import SQLKit
import TallyCore

extension Rules {
    /// Undoes a run: each record it changed gets its fields back, unless it was changed again
    /// since (those stay as they are). Returns how many were restored. Like the apply it runs in
    /// batches of bounded size and time; a restart finishes an undo its process left halfway.
    public func undoRun(_ run: Int64, in scope: BookScope) async throws -> Int {
        try await undoRun(run, in: scope, limits: .standard.on(database.engine))
    }

    func undoRun(_ run: Int64, in scope: BookScope, limits: LongWriteLimits) async throws -> Int {
        let book = try scope.writable()
        let job = try await LongWrites(core: core).claiming(book.id, limits: limits) {
            try await database.write { db in
                let job = try await LongWrite.claim(db, book: book.id, kind: .ruleUndo, subject: run)
                guard
                    try await db.raw(
                        """
                        UPDATE rule_runs SET status = 'undoing' WHERE id = \(bind: run) AND book_id = \(bind: book.id)
                        AND status = 'applied' RETURNING id
                        """
                    ).first() != nil
                else { throw StoreError.notFound("rule run") }
                return job
            }
        }
        return try await undoInBatches(job, limits: limits)
    }

    /// Undoes the job's run batch by batch, each taking the rows it restored out of the run. The
    /// last batch ends the job: a run undone is kept as `undone`; an apply that failed or whose
    /// process died is deleted, as if never made.
    func undoInBatches(_ job: LongWrite, limits: LongWriteLimits) async throws -> Int {
        var restored = 0
        var number = 0
        while true {
            let step = try await database.write { db in try await Self.undoBatch(db, job, limits: limits) }
            restored += step.restored
            if step.done { return restored }
            number += 1
            try await limits.afterBatch?(number)
        }
    }

    private static func undoBatch(
        _ db: any SQLDatabase,
        _ job: LongWrite,
        limits: LongWriteLimits
    ) async throws -> (restored: Int, done: Bool) {
        let run = job.subject ?? 0
        var batch = LongWriteBatch(limits: limits)
        var totals = Totals()
        var restored = 0
        var done = false
        repeat {
            let rows = try await db.raw(
                """
                SELECT transaction_id, previous, applied FROM rule_run_rows WHERE run_id = \(bind: run)
                ORDER BY transaction_id LIMIT 200
                """
            ).all()
            var handled: [Int64] = []
            for row in rows {
                if batch.rows > 0 && batch.full { break }
                let id = try row.decode(column: "transaction_id", as: TransactionID.self)
                let previous = try fields(try row.decode(column: "previous", as: String.self))
                let applied = try fields(try row.decode(column: "applied", as: String.self))
                handled.append(id.rawValue)
                batch.rows += 1
                guard let now = try await current(db, id, book: job.book, withTags: applied.tags != nil),
                    now.same(as: applied)
                else { continue }
                try await write(db, id, previous, book: job.book, totals: &totals)
                restored += 1
            }
            if !handled.isEmpty {
                try await db.raw(
                    "DELETE FROM rule_run_rows WHERE run_id = \(bind: run) AND transaction_id IN (\(binds: handled))"
                ).run()
            }
            done = rows.count < 200 && handled.count == rows.count
        } while !done && !batch.full
        try await totals.apply(db, book: job.book)
        if done {
            if job.kind == .ruleUndo {
                try await db.raw("UPDATE rule_runs SET status = 'undone' WHERE id = \(bind: run)").run()
            } else {
                try await db.raw("DELETE FROM rule_runs WHERE id = \(bind: run)").run()
            }
            try await job.end(db)
        } else {
            try await job.beat(db, progress: 0)
        }
        return (restored, done)
    }
}
