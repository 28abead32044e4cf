import SQLKit
import TallyCore

extension Imports {
    /// Undoes an import whose process died (placeholder: the import helper fills it in).
    func undoCommitInBatches(_ job: LongWrite, limits: LongWriteLimits) async throws {
        try await database.write { db in try await job.end(db) }
    }
}
