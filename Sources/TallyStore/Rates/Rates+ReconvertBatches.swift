import SQLKit
import TallyCore

extension Rates {
    /// Finishes a re-conversion whose process died (placeholder: the reconvert helper fills it in).
    func resumeReconvert(_ job: LongWrite, limits: LongWriteLimits) async throws {
        try await database.write { db in try await job.end(db) }
    }
}
