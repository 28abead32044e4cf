import Foundation
import SQLKit
import TallyCore

/// An import under way: what it has resolved (names, rates, payee keys) and written so far, kept
/// from one of its transactions to the next. A small import is one transaction; a big one is many
/// (`Imports.importAll`), each writing the next records (`write`).
final class ImportRun: @unchecked Sendable {
    // @unchecked: the importing task alone uses it, one transaction after another.
    let book: Book
    /// The statement import being committed (its id goes on every record), or nil for a CSV.
    let statementID: Int64?
    let sqlite: Bool
    let cacheKiB: Int
    var names: ImportNames
    var result = ImportResult()
    /// The created and updated time of every record. A big CSV import's records are found by it
    /// (see `claimed`).
    var stamp: String
    var rates: RateTable
    /// The currencies other than the book's that the records met: a later transaction reads
    /// their rates again, as a change of rates between two transactions re-converted the
    /// records before it and must convert the ones after it too.
    var foreign: Set<Currency> = []
    /// Whether `rates` holds every rate of the book (the first transaction's).
    var everyRate = true
    var payees: [String: PayeeUse] = [:]
    var keys: [String: String] = [:]
    var resolved: [SpelledNames: ResolvedNames] = [:]
    var lineNames: [SpelledNames: CategoryID?] = [:]
    /// The highest record id when this transaction began: its records are above it.
    var floor: Int64 = 0
    /// The lowest such floor of all the transactions: every record of the import is above it.
    var lowest: Int64 = .max
    /// The highest tag id before the import: tags above it that no record uses after a failed
    /// import are its own, and go with it.
    let tagFloor: Int64
    /// The statement rows whose records are linked, up to this row.
    var linked: Int?
    /// How long the last batch took after it stopped reading records (see `write`).
    var tail: Duration = .zero

    private init(_ db: any SQLDatabase, book: Book, statementID: Int64?, sqlite: Bool, cacheKiB: Int) async throws {
        self.book = book
        self.statementID = statementID
        self.sqlite = sqlite
        self.cacheKiB = cacheKiB
        names = try await ImportNames.load(db, book: book)
        // Every rate of the book, once: a file's records span many days and currencies.
        try await Conversion.lockForRecords(db, book: book.id)
        rates = try await Conversion.all(db, book: book.id, base: book.currency)
        stamp = Clock.timestamp()
        tagFloor = try await Self.maxID(db, "tags")
    }

    /// Starts an import in its first transaction.
    static func start(
        _ db: any SQLDatabase,
        book: Book,
        statementID: Int64?,
        sqlite: Bool,
        cacheKiB: Int
    ) async throws -> ImportRun {
        if sqlite { try await Imports.importPragmas(db, on: true, cacheKiB: cacheKiB) }
        let run = try await ImportRun(db, book: book, statementID: statementID, sqlite: sqlite, cacheKiB: cacheKiB)
        try await run.noteFloor(db)
        return run
    }

    /// Readies a transaction after the first: the cache, the rates lock, the rates of the
    /// currencies met, and where its records start.
    func resume(_ db: any SQLDatabase) async throws {
        if sqlite { try await Imports.importPragmas(db, on: true, cacheKiB: cacheKiB) }
        try await Conversion.lockForRecords(db, book: book.id)
        try await readRates(db)
        try await noteFloor(db)
    }

    /// The rates of the currencies met so far, read again.
    func readRates(_ db: any SQLDatabase) async throws {
        everyRate = false
        rates =
            foreign.isEmpty
            ? RateTable(base: book.currency)
            : try await Conversion.all(db, book: book.id, base: book.currency, currencies: Array(foreign))
    }

    private func noteFloor(_ db: any SQLDatabase) async throws {
        floor = try await Self.maxID(db, "transactions")
        lowest = min(lowest, floor)
    }

    static func maxID(_ db: any SQLDatabase, _ table: String) async throws -> Int64 {
        try await db.raw("SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) AS n FROM \(unsafeRaw: table)").first()!
            .decode(column: "n", as: Int64.self)
    }

    /// How far a job has got, as its `long_writes` row keeps it: for a CSV import, the id every
    /// record of it is above; a statement import's records carry its id, so 0.
    var progress: Int64 { statementID == nil ? lowest : 0 }

    /// Claims the book in this transaction, for an import in batches (refused with a 409 when
    /// another long write runs there). A CSV import's records then carry, as created and updated
    /// time, a second before the claim's own (`stamp(_:of:)`): every other write that commits
    /// after this transaction began after it, so no other record of the book gets that time, and
    /// an undo after a restart finds the import's records by it, above the floor its `progress`
    /// keeps. The records this transaction wrote before the claim take it too.
    func claim(_ db: any SQLDatabase) async throws -> LongWrite {
        let job = try await LongWrite.claim(db, book: book.id, kind: .importCommit, subject: statementID)
        guard statementID == nil else { return job }
        let stamp = try await Self.stamp(db, of: job)
        if result.count > 0 {
            try await db.raw(
                """
                UPDATE transactions SET created_at = \(bind: stamp), updated_at = \(bind: stamp)
                WHERE id > \(bind: floor) AND book_id = \(bind: book.id) AND import_id IS NULL
                AND created_at = \(bind: self.stamp)
                """
            ).run()
        }
        self.stamp = stamp
        return job
    }

    /// The created time of a CSV import's records, from its job's row.
    static func stamp(_ db: any SQLDatabase, of job: LongWrite) async throws -> String {
        guard
            let claimed = try await db.raw("SELECT created_at FROM long_writes WHERE id = \(bind: job.id)").first()?
                .decode(column: "created_at", as: String.self),
            let time = try? Date(claimed, strategy: .iso8601)
        else { throw DatabaseError(description: "import job \(job.id) has no claim time") }
        return Clock.timestamp(time.addingTimeInterval(-1))
    }

    /// The last transaction's work once every record is in: the payees' uses (kept until now, so
    /// a failed import never changed them) and the categories and accounts it made, counted.
    func finish(_ db: any SQLDatabase) async throws {
        try await PayeeUse.save(db, book: book.id, payees)
        result.createdCategories = names.createdCategories
        result.createdAccounts = names.createdAccounts
    }

    /// A statement import's records of this transaction, linked: their file ids remembered in
    /// their accounts, and each row read so far (up to `line`, or all when nil) pointed at the
    /// record it made. Done batch by batch, each for its own records: for the whole file at the
    /// end, it held the writer for seconds.
    func link(_ db: any SQLDatabase, through line: Int?) async throws {
        guard let id = statementID else { return }
        try await db.raw(
            """
            INSERT INTO imported_ids (book_id, account_id, imported_id, transaction_id, import_id)
            SELECT book_id, account_id, imported_id, id, import_id FROM transactions
            WHERE id > \(bind: floor) AND import_id = \(bind: id) AND book_id = \(bind: book.id)
            AND imported_id IS NOT NULL AND account_id IS NOT NULL
            ON CONFLICT DO NOTHING
            """
        ).run()
        let after: SQLQueryString = linked.map { "AND row > \(bind: $0)" } ?? ""
        let upTo: SQLQueryString = line.map { "AND row <= \(bind: $0)" } ?? ""
        try await db.raw(
            """
            UPDATE statement_import_rows SET transaction_id = (SELECT MIN(t.id) FROM transactions t
              WHERE t.import_id = \(bind: id) AND t.imported_id = statement_import_rows.imported_id)
            WHERE import_id = \(bind: id) \(after) \(upTo) AND transaction_id IS NULL AND action <> 'skip'
            """
        ).run()
        linked = line ?? .max
    }

    /// The account named `name`, made when the book has none (a statement's accounts, made
    /// before its records).
    func account(_ db: any SQLDatabase, _ name: String, currency: Currency) async throws -> AccountID? {
        var names = self.names
        defer { self.names = names }
        return try await names.account(db, name, currency: currency)
    }

    /// What a failed import made besides its records, for its undo to take away when unused.
    var made: ImportMade {
        ImportMade(categories: names.madeCategories, accounts: names.madeAccounts, tagFloor: tagFloor)
    }
}

/// The categories, accounts and tags an import made (tags: those above `tagFloor`).
struct ImportMade: Sendable {
    var categories: [CategoryID]
    var accounts: [AccountID]
    var tagFloor: Int64
}
