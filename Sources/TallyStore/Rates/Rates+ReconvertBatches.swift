import SQLKit
import TallyCore

/// What a change of rates wrote in its first transaction, before its records are converted anew.
struct RatesWritten: Sendable {
    /// The rate set (nil for a deletion or an import).
    var rate: StoredRate?
    /// How many rates were written.
    var written: Int
    /// The days whose rate changed, per currency.
    var changed: [Currency: [LocalDate]]
}

extension Rates {
    /// Writes rates and converts the records they move anew (issue 42, finding 6).
    ///
    /// The first transaction takes the rates lock, claims the book, runs `write` and the first
    /// batch of the re-conversion: when that is all there is, it frees the book again and the
    /// change was one transaction, as before batches. Otherwise the rest runs in batches, each its
    /// own transaction, so other books' writes get SQLite's writer between them; the last frees
    /// the book. The claim comes first, so a busy book refuses the change before anything is
    /// written (409). The new rates are committed with the first batch: a record added or edited
    /// meanwhile is converted at them and does not move again.
    func change(
        _ book: Book,
        limits: LongWriteLimits,
        _ write: @escaping @Sendable (any SQLDatabase, BulkWriter) async throws -> RatesWritten
    ) async throws -> RateChange {
        let (written, job, work, done) = try await LongWrites(core: core).claiming(book.id, limits: limits) {
            try await database.bulkWrite { db, writer in
                try await Conversion.lockForRates(db, book: book.id)
                let job = try await LongWrite.claim(db, book: book.id, kind: .reconvert, subject: nil)
                let written = try await write(db, writer)
                var work = try await Reconversion(db, book: book.id, base: book.currency, changed: written.changed)
                let done = try await work.batch(db, limits: limits)
                if done { try await job.end(db) } else { try await job.beat(db, progress: Int64(work.changed)) }
                return (written, job, work, done)
            }
        }
        let changed = done ? work.changed : try await finish(job, work, committed: 1, limits: limits)
        return RateChange(rate: written.rate, written: written.written, reconverted: changed)
    }

    /// Finishes a re-conversion whose process died: the book's every record, in batches. The new
    /// rates were committed with its first batch, and a record it had already converted reads the
    /// same base amount again, so running it whole is finishing it.
    func resumeReconvert(_ job: LongWrite, limits: LongWriteLimits) async throws {
        // Read outside the writer: the claim keeps the rates as they are.
        guard let work = try await database.read({ db in try await Reconversion.everything(db, book: job.book) })
        else { return try await database.write { db in try await job.end(db) } }
        _ = try await finish(job, work, committed: 0, limits: limits)
    }

    /// The batches after the `committed` ones, each its own transaction; the last ends the job.
    /// Returns how many records changed in all. A batch that fails is tried once more from where
    /// the last committed stopped; if that fails too, the error is thrown and the job's row stays
    /// for the next claim of the book, the hourly housekeeping or a restart to finish.
    private func finish(
        _ job: LongWrite,
        _ work: Reconversion,
        committed: Int,
        limits: LongWriteLimits
    ) async throws -> Int {
        var work = work
        var number = committed
        do {
            if number > 0 { try await limits.afterBatch?(number) }
            try await batches(job, &work, &number, limits: limits)
        } catch let error as LongWriteAbandoned {
            throw error
        } catch let first {
            do {
                try await batches(job, &work, &number, limits: limits)
            } catch let error as LongWriteAbandoned {
                throw error
            } catch {
                throw first
            }
        }
        return work.changed
    }

    private func batches(
        _ job: LongWrite,
        _ work: inout Reconversion,
        _ number: inout Int,
        limits: LongWriteLimits
    ) async throws {
        while true {
            let (next, done) = try await database.write { [work] db in
                var next = work
                let done = try await next.batch(db, limits: limits)
                if done { try await job.end(db) } else { try await job.beat(db, progress: Int64(next.changed)) }
                return (next, done)
            }
            work = next
            if done { return }
            number += 1
            try await limits.afterBatch?(number)
        }
    }
}
