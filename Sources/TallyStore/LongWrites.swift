import Foundation
import SQLKit
import TallyCore

/// The long writes whose process died: each is finished or undone from its `long_writes` row,
/// batch by batch like the job itself, so the book ends as if the job had run whole or not at all.
public struct LongWrites: StoreService {
    let core: StoreCore

    /// Finishes or undoes every long write whose heartbeat stopped (`LongWriteLimits.staleAfter`
    /// ago); returns how many. With `waitingForFresh` (a server starting), a job that looks alive
    /// is looked at again once it would be stale: after a `kill -9` and a quick restart, its
    /// heartbeat is still recent, and nobody else would come for it until the next round.
    @discardableResult
    public func resumeAbandoned(waitingForFresh: Bool = false) async throws -> Int {
        try await resumeAbandoned(waitingForFresh: waitingForFresh, limits: .standard.on(database.engine))
    }

    func resumeAbandoned(
        waitingForFresh: Bool = false,
        book: BookID? = nil,
        limits: LongWriteLimits
    ) async throws
        -> Int
    {
        var resumed = try await resumeStale(book: book, limits: limits)
        if waitingForFresh, try await running(book: book) > 0 {
            try await Task.sleep(for: limits.staleAfter + .seconds(1))
            resumed += try await resumeStale(book: book, limits: limits)
        }
        return resumed
    }

    private func resumeStale(book: BookID?, limits: LongWriteLimits) async throws -> Int {
        let jobs = try await LongWrite.takeOverAbandoned(database, staleAfter: limits.staleAfter, book: book)
        for job in jobs {
            switch job.kind {
            case .ruleApply, .ruleUndo: _ = try await Rules(core: core).undoInBatches(job, limits: limits)
            case .bookDelete: try await Books(core: core).deleteInBatches(job, limits: limits)
            case .reconvert: try await Rates(core: core).resumeReconvert(job, limits: limits)
            case .importCommit: try await Imports(core: core).undoCommitInBatches(job, limits: limits)
            case .restore: try await Backups(core: core).undoRestoreInBatches(job, limits: limits)
            }
        }
        return jobs.count
    }

    private func running(book: BookID?) async throws -> Int {
        try await database.read { db in
            let condition: SQLQueryString = book.map { "WHERE book_id = \(bind: $0)" } ?? ""
            return try await db.raw("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM long_writes \(condition)").first()!
                .decode(column: "n", as: Int.self)
        }
    }

    /// Runs `start` (the transaction that claims the book); when the book is busy with a job whose
    /// process died, finishes or undoes that job first and tries once more.
    func claiming<T: Sendable>(
        _ book: BookID,
        limits: LongWriteLimits,
        _ start: @Sendable () async throws -> T
    ) async throws -> T {
        do {
            return try await start()
        } catch let error as StoreError {
            guard case .conflict = error, try await resumeStale(book: book, limits: limits) > 0 else { throw error }
            return try await start()
        }
    }
}

extension Store {
    /// Long writes left behind by a process that died.
    public var longWrites: LongWrites { LongWrites(core: core) }
}
