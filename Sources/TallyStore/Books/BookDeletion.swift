import SQLKit
import TallyCore

/// A book being deleted, page by page (issue 42, finding 6): first its records, each page taken
/// out of the kept totals, then what else the book holds, table by table, and last the book.
///
/// Deleting the book's row would cascade to all of that in one statement. On SQLite that was one
/// transaction of 1.7 s at 100,000 records, with every other book's writes waiting: a category or
/// an account deleted checks every book's records and lines for references, a scan each, since
/// no index leads with those columns (one would cost every add). Paged and timed, each page is a
/// few of them, however many the book has.
struct BookDeletion: Sendable {
    /// One table emptied before the book goes: its primary key, and which rows are the book's.
    struct Leftover: Sendable {
        let table: String
        let keys: [String]
        /// The condition that picks the book's rows of the table.
        var owned: @Sendable (BookID) -> SQLQueryString = { "book_id = \(bind: $0)" }
        /// Deleted with SQLite's reference checks off (`Database.writeWithoutReferenceChecks`):
        /// nothing is left to refer to its rows, and each check would scan every book's records.
        var unchecked = false
    }

    /// The book's other tables in an order that deletes what refers to a row before the row:
    /// payees, goals and bills before the categories and accounts they name. Records are gone
    /// by then, and with them their lines, tags, receipts and rule-run rows. Members and
    /// invitations went in the first transaction; the job's own row goes with the book.
    static let leftovers: [Leftover] =
        [
            Leftover(table: "receipts", keys: ["id"]),
            Leftover(table: "imported_ids", keys: ["book_id", "account_id", "imported_id"]),
            Leftover(table: "idempotency_keys", keys: ["book_id", "key"]),
            Leftover(table: "rule_runs", keys: ["id"]),
            Leftover(
                table: "statement_import_rows",
                keys: ["import_id", "row"],
                owned: { "import_id IN (SELECT id FROM statement_imports WHERE book_id = \(bind: $0))" }
            ),
            Leftover(table: "statement_imports", keys: ["id"]),
            Leftover(table: "pending_imports", keys: ["token_hash"]),
            Leftover(table: "exchange_rates", keys: ["id"]),
            Leftover(table: "import_presets", keys: ["id"]),
            Leftover(table: "rules", keys: ["id"]),
            Leftover(table: "bills", keys: ["id"]),
            Leftover(table: "budgets", keys: ["id"]),
            Leftover(table: "goals", keys: ["id"]),
            Leftover(table: "tags", keys: ["id"]),
            Leftover(table: "payees", keys: ["id"]),
        ]
        + AccountMovesTable.all.map { Leftover(table: $0.name, keys: $0.keyColumns) }
        + [Leftover(table: "account_balances", keys: ["book_id", "account_id", "currency"])]
        + TotalsTable.all.map { Leftover(table: $0.name, keys: $0.keyColumns) }
        + [
            // Sub-categories first: with the checks off, deleting a parent takes none with it.
            Leftover(
                table: "categories",
                keys: ["id"],
                owned: {
                    """
                    book_id = \(bind: $0) AND NOT EXISTS (SELECT 1 FROM categories sub WHERE sub.parent_id = categories.id)
                    """
                },
                unchecked: true
            ),
            Leftover(table: "accounts", keys: ["id"], unchecked: true),
        ]

    let job: LongWrite
    /// Whether the book's row stays, empty, and only the job ends: a restore undone.
    let keepsBook: Bool
    /// 0 while records are deleted, then 1 + the index of the leftover table being emptied; past
    /// them, the book itself.
    private var step = 0
    /// The next page's rows.
    private var size: LongWritePage

    init(_ job: LongWrite, limits: LongWriteLimits, keepsBook: Bool = false) {
        self.job = job
        self.keepsBook = keepsBook
        size = .quarter(limits)
    }

    /// Runs the batches, each its own transaction, to the end.
    func run(_ database: Database, limits: LongWriteLimits) async throws {
        var deletion = self
        var number = 0
        while true {
            let batch: @Sendable (any SQLDatabase) async throws -> (BookDeletion, Bool) = { [deletion] db in
                var next = deletion
                let done = try await next.batch(db, limits: limits)
                return (next, done)
            }
            let (next, done) =
                try await deletion.unchecked
                ? database.writeWithoutReferenceChecks(batch) : database.write(batch)
            if done { return }
            deletion = next
            number += 1
            try await limits.afterBatch?(number)
        }
    }

    /// Whether the next batch's transaction runs without SQLite's reference checks.
    var unchecked: Bool { step >= 1 && step <= Self.leftovers.count && Self.leftovers[step - 1].unchecked }

    /// One batch of pages, in a transaction with reference checks as `unchecked` says; the last
    /// deletes the book (or only ends the job), and with it the job. True when done.
    mutating func batch(_ db: any SQLDatabase, limits: LongWriteLimits) async throws -> Bool {
        var size = self.size
        defer { self.size = size }
        let checks = unchecked
        var totals = Totals()
        let book = job.book
        let done = try await LongWriteBatch.pages(limits: limits, size: &size) { rows in
            try await self.page(db, rows: rows, limits: limits, unchecked: checks, totals: &totals)
        } finish: {
            try await totals.apply(db, book: book)
        }
        if !done { try await job.beat(db, progress: Int64(step)) }
        return done
    }

    /// Deletes up to `rows` rows of the current step, or the book once the steps are done; a
    /// step that needs the other kind of transaction commits this one first.
    private mutating func page(
        _ db: any SQLDatabase,
        rows: Int,
        limits: LongWriteLimits,
        unchecked transaction: Bool,
        totals: inout Totals
    ) async throws -> LongWriteBatch.Page {
        if unchecked != transaction { return .commit }
        if step == 0 {
            // A restore undone drops the book's kept totals whole below: some of its records
            // were never counted in them.
            let deleted = try await Self.records(db, book: job.book, rows: rows, counting: !keepsBook, into: &totals)
            if deleted < rows { next(limits) }
            return .rows(deleted)
        }
        if step <= Self.leftovers.count {
            let deleted = try await Self.leftovers[step - 1].delete(db, book: job.book, rows: rows)
            // Until a page finds nothing: a page's count can fall short while rows are left, when
            // a cascade (a budget's categories) took some of those it chose.
            if deleted == 0 { next(limits) }
            return .rows(deleted)
        }
        if keepsBook {
            try await job.end(db)
        } else {
            try await db.raw("DELETE FROM books WHERE id = \(bind: job.book)").run()
        }
        return .done
    }

    /// On to the next step, whose rows may cost far more than the last step's: its pages start
    /// at one row.
    private mutating func next(_ limits: LongWriteLimits) {
        step += 1
        size = .quarter(limits, first: 1)
    }

    /// Deletes the book's first `rows` records and, `counting`, takes them out of `totals`;
    /// returns how many it deleted.
    private static func records(
        _ db: any SQLDatabase,
        book: BookID,
        rows: Int,
        counting: Bool,
        into totals: inout Totals
    ) async throws -> Int {
        let ids = try await db.raw(
            // In the (book, date, time, id) index's order: one range of it, no sort.
            "SELECT id FROM transactions WHERE book_id = \(bind: book) ORDER BY date, time, id LIMIT \(bind: rows)"
        ).all().map { try $0.decode(column: "id", as: Int64.self) }
        guard !ids.isEmpty else { return 0 }
        guard counting else {
            try await db.raw("DELETE FROM transactions WHERE +book_id = \(bind: book) AND id IN (\(binds: ids))").run()
            return ids.count
        }
        // Read first: the lines go with the record (ON DELETE CASCADE).
        let lines = try await RecordMoney.lines(db, book: book, ids: ids)
        for row in try await db.raw(
            """
            DELETE FROM transactions WHERE +book_id = \(bind: book) AND id IN (\(binds: ids))
            RETURNING \(unsafeRaw: RecordMoney.columns)
            """
        ).all() {
            try totals.add(sign: -1, row: row, lines: lines[try row.decode(column: "id", as: Int64.self)] ?? [])
        }
        return ids.count
    }
}

extension BookDeletion.Leftover {
    /// Deletes up to `rows` of the book's rows of the table; returns how many.
    func delete(_ db: any SQLDatabase, book: BookID, rows: Int) async throws -> Int {
        let key = keys.count == 1 ? keys[0] : "(\(keys.joined(separator: ", ")))"
        return try await db.raw(
            """
            DELETE FROM \(unsafeRaw: table) WHERE \(unsafeRaw: key) IN (
              SELECT \(unsafeRaw: keys.joined(separator: ", ")) FROM \(unsafeRaw: table) WHERE \(owned(book)) LIMIT \(bind: rows)
            ) RETURNING 1 AS gone
            """
        ).all().count
    }
}
