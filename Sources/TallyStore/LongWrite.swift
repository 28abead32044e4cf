import Foundation
import SQLKit
import TallyCore

/// The bounds of one transaction of a long write (a rule applied to a whole book, its undo, a
/// book deleted, records converted at new rates, a big import, a book restored). SQLite has one writer: a write that held it for 30 s made every other book's
/// adds wait 30 s. A long write therefore commits a batch as soon as it has made `rows` changes or
/// spent `duration`, whichever comes first, and queues again behind whoever waited meanwhile.
public struct LongWriteLimits: Sendable {
    /// Changes one batch makes at most (`TALLY_WRITE_BATCH_ROWS`; 2,000).
    public var rows: Int
    /// How long one batch keeps changing records before it commits (`TALLY_WRITE_BATCH_MS`; 25 ms).
    public var duration: Duration
    /// A job whose heartbeat is older than this belongs to a process that died; the next one to
    /// look finishes or undoes it (`TALLY_WRITE_STALE_S`; 60 s).
    public var staleAfter: Duration
    /// Called after each batch commits, with its number: how the tests fail or stop a job midway.
    var afterBatch: (@Sendable (Int) async throws -> Void)?

    /// Limits from their parts.
    public init(rows: Int = 2000, duration: Duration = .milliseconds(25), staleAfter: Duration = .seconds(60)) {
        self.rows = max(1, rows)
        self.duration = duration
        self.staleAfter = staleAfter
        self.afterBatch = nil
    }

    /// The process's limits: the defaults, or `TALLY_WRITE_BATCH_ROWS`, `TALLY_WRITE_BATCH_MS` and
    /// `TALLY_WRITE_STALE_S`.
    public static let standard = LongWriteLimits(environment: ProcessInfo.processInfo.environment)

    /// These limits for `engine`. PostgreSQL locks rows, not the database: a long write holds up
    /// no other book's writes, so its batches are bounded by rows alone. A time bound there made
    /// batches of a few records each, whose commits and bookkeeping cost more than the work
    /// (6 changes a second in a debug build), unless `TALLY_WRITE_BATCH_MS` asks for one.
    func on(_ engine: SQLEngine, environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        guard engine == .postgres, environment["TALLY_WRITE_BATCH_MS"] == nil else { return self }
        var limits = self
        limits.duration = .seconds(3_600)
        return limits
    }

    /// The defaults, changed by the variables that are set to a positive whole number.
    init(environment: [String: String]) {
        self.init()
        if let rows = environment["TALLY_WRITE_BATCH_ROWS"].flatMap(Int.init), rows > 0 { self.rows = rows }
        if let ms = environment["TALLY_WRITE_BATCH_MS"].flatMap(Int.init), ms > 0 { duration = .milliseconds(ms) }
        if let s = environment["TALLY_WRITE_STALE_S"].flatMap(Int.init), s > 0 { staleAfter = .seconds(s) }
    }
}

/// A stop that leaves the job's row behind, as a `kill -9` would; only tests throw it.
struct LongWriteAbandoned: Error {}

/// One batch's allowance of rows and time.
struct LongWriteBatch {
    let limits: LongWriteLimits
    let start = ContinuousClock.now
    /// Changes made so far in the batch.
    var rows = 0

    /// Rows the batch may still change.
    var room: Int { max(0, limits.rows - rows) }
    /// Whether the batch should commit now.
    var full: Bool { rows >= limits.rows || ContinuousClock.now - start >= limits.duration }
}

/// How many rows a long write's next statement or batch takes (a restore's rows, a deletion's
/// page): rows vary in cost (a record with its lines, tags and full-text entry, a receipt with its
/// file, a category whose deletion scans every book's records for references, a debug build), so
/// the count follows the time the last one took: halved when it ran past `target`, doubled when it
/// took under half of it, within 1…`LongWriteLimits.rows`.
struct LongWritePage: Sendable {
    let limits: LongWriteLimits
    /// The time one statement or batch should take: the batch's whole duration by default.
    let target: Duration
    /// The next batch's rows.
    private(set) var rows: Int
    /// What the last batch's closing step (`LongWriteBatch.pages`' `finish`) took.
    var finish: Duration = .zero

    init(_ limits: LongWriteLimits, target: Duration? = nil, first: Int = 250) {
        self.limits = limits
        self.target = target ?? limits.duration
        rows = max(1, min(limits.rows, first))
    }

    /// Adjusts to the time the last batch took.
    mutating func took(_ time: Duration) {
        if time > target {
            rows = max(1, rows / 2)
        } else if time * 2 < target {
            rows = min(limits.rows, rows * 2)
        }
    }

    /// A page for the pages of one batch (`LongWriteBatch.pages`): a quarter of the batch's time,
    /// so that a batch commits after a few of them and overruns its duration by little.
    static func quarter(_ limits: LongWriteLimits, first: Int = 250) -> LongWritePage {
        LongWritePage(limits, target: limits.duration / 4, first: first)
    }
}

extension LongWriteBatch {
    /// What one page of `pages` did.
    enum Page {
        /// Changed this many rows; more may follow.
        case rows(Int)
        /// Nothing was done: the batch should commit before the next page.
        case commit
        /// The work is done.
        case done
    }

    /// Runs pages of work until `page` says the work is done or the batch is full, then
    /// `finish` (the kept totals of all the pages, written once), and returns whether it is
    /// done. The pages are timed without `finish`, so their size follows the work per row, and
    /// the batch commits before a page that would take it past its duration if that page took as
    /// long as the last one and `finish` as long as the last batch's. Writing the totals per page
    /// instead kept the batch within bounds but cost each page the same fixed statements: pages
    /// shrank to a record each, and a 100,000-record deletion took 414 s instead of 18 s.
    static func pages(
        limits: LongWriteLimits,
        size: inout LongWritePage,
        _ page: (Int) async throws -> Page,
        finish: () async throws -> Void
    ) async throws -> Bool {
        let batch = try await pages(limits: limits, size: &size, page)
        let began = ContinuousClock.now
        try await finish()
        size.finish = ContinuousClock.now - began
        return batch
    }

    private static func pages(
        limits: LongWriteLimits,
        size: inout LongWritePage,
        _ page: (Int) async throws -> Page
    ) async throws -> Bool {
        var batch = LongWriteBatch(limits: limits)
        while true {
            let began = ContinuousClock.now
            let outcome = try await page(max(1, min(size.rows, batch.room)))
            let took = ContinuousClock.now - began
            switch outcome {
            case .done: return true
            case .commit: return false
            case .rows(let rows):
                size.took(took)
                batch.rows += rows
            }
            if batch.rows >= limits.rows || ContinuousClock.now - batch.start + took + size.finish > limits.duration {
                return false
            }
        }
    }
}

/// A long write under way: its row of `long_writes` (migration 28), one per book.
struct LongWrite: Sendable {
    /// What the job does, and so how it is finished or undone after a restart.
    enum Kind: String, Sendable {
        /// A rule applied to the book; undone when its process died (`subject` is the run).
        case ruleApply = "rule_apply"
        /// A rule run undone; finished when its process died (`subject` is the run).
        case ruleUndo = "rule_undo"
        /// The book deleted; its members are gone already, so it is finished.
        case bookDelete = "book_delete"
        /// Records converted anew after a rate changed; the rate is stored, so it is finished.
        case reconvert = "reconvert"
        /// A file's records being imported; undone when its process died (`subject` is the
        /// statement import, or nil for a CSV import).
        case importCommit = "import_commit"
        /// A backup being restored into the book; undone (the book emptied) when its process died.
        case restore = "restore"

        /// What the refusal of a second long write says is under way.
        var doing: String {
            switch self {
            case .ruleApply: "a rule is being applied"
            case .ruleUndo: "a rule run is being undone"
            case .bookDelete: "the book is being deleted"
            case .reconvert: "its records are being converted at new rates"
            case .importCommit: "a file is being imported"
            case .restore: "a backup is being restored into it"
            }
        }
    }

    let id: Int64
    let book: BookID
    let kind: Kind
    let subject: Int64?

    /// Claims the book for a long write inside the caller's transaction, or refuses with a 409
    /// naming what is under way.
    static func claim(_ db: any SQLDatabase, book: BookID, kind: Kind, subject: Int64?) async throws -> LongWrite {
        if let row = try await db.raw(
            """
            INSERT INTO long_writes (book_id, kind, subject_id, progress, heartbeat, created_at)
            VALUES (\(bind: book), \(bind: kind.rawValue), \(bind: subject), 0, \(bind: Clock.unixNow()), \(bind: Clock.timestamp()))
            ON CONFLICT (book_id) DO NOTHING RETURNING id
            """
        ).first() {
            return LongWrite(id: try row.decode(column: "id", as: Int64.self), book: book, kind: kind, subject: subject)
        }
        let busy = try await db.raw("SELECT kind FROM long_writes WHERE book_id = \(bind: book)").first()
        let doing = (try busy?.decode(column: "kind", as: String.self)).flatMap(Kind.init(rawValue:))?.doing
        throw StoreError.conflict(
            "this book is busy: \(doing ?? "a long change is running"); try again when it is done"
        )
    }

    /// Sets the subject once it exists (a run is made in the claim's transaction).
    func setSubject(_ db: any SQLDatabase, _ subject: Int64) async throws -> LongWrite {
        try await db.raw("UPDATE long_writes SET subject_id = \(bind: subject) WHERE id = \(bind: id)").run()
        return LongWrite(id: id, book: book, kind: kind, subject: subject)
    }

    /// Notes that the job is alive, and how far it got, in the batch's transaction.
    func beat(_ db: any SQLDatabase, progress: Int64) async throws {
        try await db.raw(
            """
            UPDATE long_writes SET heartbeat = \(bind: Clock.unixNow()), progress = \(bind: progress)
            WHERE id = \(bind: id)
            """
        ).run()
    }

    /// Ends the job in its last batch's transaction.
    func end(_ db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM long_writes WHERE id = \(bind: id)").run()
    }

    /// Takes over the jobs whose heartbeat stopped more than `staleAfter` ago (`book`'s alone
    /// when given): each is claimed by moving its heartbeat, so two processes never both resume it.
    static func takeOverAbandoned(
        _ database: Database,
        staleAfter: Duration,
        book: BookID? = nil
    ) async throws -> [LongWrite] {
        let cutoff = Clock.unixNow() - staleAfter.components.seconds
        return try await database.write { db in
            let bookCondition: SQLQueryString = book.map { "AND book_id = \(bind: $0)" } ?? ""
            let rows = try await db.raw(
                """
                SELECT id, book_id, kind, subject_id, heartbeat FROM long_writes
                WHERE heartbeat <= \(bind: cutoff) \(bookCondition) ORDER BY id
                """
            ).all()
            var jobs: [LongWrite] = []
            for row in rows {
                let id = try row.decode(column: "id", as: Int64.self)
                let seen = try row.decode(column: "heartbeat", as: Int64.self)
                guard let kind = Kind(rawValue: try row.decode(column: "kind", as: String.self)),
                    try await db.raw(
                        """
                        UPDATE long_writes SET heartbeat = \(bind: Clock.unixNow())
                        WHERE id = \(bind: id) AND heartbeat = \(bind: seen) RETURNING id
                        """
                    ).first() != nil
                else { continue }
                jobs.append(
                    LongWrite(
                        id: id,
                        book: try row.decode(column: "book_id", as: BookID.self),
                        kind: kind,
                        subject: try row.decode(column: "subject_id", as: Int64?.self)
                    )
                )
            }
            return jobs
        }
    }
}
