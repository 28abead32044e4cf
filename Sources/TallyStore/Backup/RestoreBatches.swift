import SQLKit
import TallyCore

extension Backups {
    /// Undoes a book restore whose process died (placeholder).
    func undoRestoreInBatches(_ job: LongWrite, limits: LongWriteLimits) async throws {
        try await database.write { db in try await job.end(db) }
    }
}
