import Foundation
import SQLKit
import TallyCore

extension Imports {
    /// Stores a staged import as reviewed, all of it or nothing: its new rows become records
    /// (categories and accounts made as needed), its transfers are made one record, the accounts
    /// remember the file's account numbers, and every file id is kept so that importing the same
    /// file again, or an overlapping one, finds what is already there.
    /// With `rows` false the import comes back without its rows (the CLI, which counted them
    /// when it staged them, prints only how many): reading 100,000 rows back cost a tenth of the
    /// commit, and as much memory again as the rows being committed.
    /// A big import commits in batches (`Imports.importAll`): a failed one is undone and staged
    /// again, to be committed again.
    public func commitStatementImport(
        _ id: Int64,
        in scope: BookScope,
        rows withRows: Bool = true
    ) async throws
        -> StatementImport
    {
        try await commitStatementImport(
            id,
            in: scope,
            rows: withRows,
            limits: .standard.on(database.engine).forImports(on: database.engine)
        )
    }

    func commitStatementImport(
        _ id: Int64,
        in scope: BookScope,
        rows withRows: Bool = true,
        limits: LongWriteLimits
    ) async throws
        -> StatementImport
    {
        let book = try scope.writable()
        // What the commit needs before the rows stream by, read together: the import, the book's
        // category paths and the rows paired within the file (none for a file of one account).
        let (stored, paths, pairs) = try await database.read { db in
            (
                try await Self.header(db, id, book: book.id), try await Self.categoryPaths(db, book: book.id),
                try await Self.pairs(db, importID: id)
            )
        }
        // A commit in batches whose process died left it committed in part: undone, it is
        // staged again, and this commit goes on.
        var found = stored
        if found.status == .committed,
            try await LongWrites(core: core).resumeAbandoned(book: book.id, limits: limits) > 0
        {
            found = try await database.read { db in try await Self.header(db, id, book: book.id) }
        }
        let header = found
        guard header.status == .staged else {
            throw StoreError.conflict(
                "this import was \(header.status == .committed ? "committed" : "discarded") already"
            )
        }
        guard header.expiresAt > Clock.timestamp() else {
            throw StoreError.gone("this import expired before it was committed; upload the file again")
        }
        let plan = try await commitPlan(id, accounts: header.accounts, paths: paths, pairs: pairs)
        let now = Clock.timestamp()
        let bookID = book.id
        let before: @Sendable (any SQLDatabase, ImportRun) async throws -> Void = { db, run in
            guard
                try await db.raw(
                    """
                    UPDATE statement_imports SET status = 'committed', committed_at = \(bind: now)
                    WHERE id = \(bind: id) AND book_id = \(bind: bookID) AND status = 'staged' RETURNING id
                    """
                ).first() != nil
            else { throw StoreError.conflict("this import was committed or discarded already") }
            // Every account of the import exists before its rows: a transfer may be its only row.
            for (i, account) in header.accounts.enumerated() {
                let currency =
                    account.closingCurrency.flatMap(Currency.init(code:))
                    ?? plan.currencies[i] ?? book.currency
                _ = try await run.account(db, account.name, currency: currency)
            }
        }
        // The records' file ids and rows are linked batch by batch (`ImportRun.link`).
        let after: @Sendable (any SQLDatabase) async throws -> Void = { db in
            // A pair whose other row was set to import or skip is two plain rows now: changed
            // here, so that a failed commit leaves the rows as they were reviewed.
            for row in plan.unpaired {
                try await db.raw(
                    "UPDATE statement_import_rows SET action = 'import' WHERE import_id = \(bind: id) AND row = \(bind: row)"
                ).run()
            }
            // Each account the commit made gets its id in the import, and remembers its number.
            var accounts = header.accounts
            for i in accounts.indices {
                accounts[i].accountID = try await db.raw(
                    "SELECT id FROM accounts WHERE book_id = \(bind: bookID) AND LOWER(name) = LOWER(\(bind: accounts[i].name))"
                ).first()?.decode(column: "id", as: AccountID.self)
            }
            var totals = Totals()
            for row in plan.transfers {
                guard let mine = accounts[row.account].accountID else {
                    throw StoreError.notFound("account \(accounts[row.account].name)")
                }
                try await Self.makeTransfer(
                    db,
                    row,
                    account: mine,
                    importID: id,
                    book: bookID,
                    now: now,
                    totals: &totals
                )
            }
            try await totals.apply(db, book: bookID)
            for i in accounts.indices {
                guard !accounts[i].numberHash.isEmpty, let accountID = accounts[i].accountID else { continue }
                try await db.raw(
                    """
                    UPDATE accounts SET number_hash = \(bind: accounts[i].numberHash), number_last4 = \(bind: accounts[i].last4)
                    WHERE id = \(bind: accountID) AND book_id = \(bind: bookID)
                    """
                ).run()
            }
            try await db.raw(
                "UPDATE statement_imports SET accounts = \(bind: try ImportAccount.encode(accounts)) WHERE id = \(bind: id)"
            ).run()
            try await Self.rememberIncomingSides(db, importID: id, book: bookID)
        }
        let sqlite = database.engine == .sqlite
        do {
            _ = try await importAll(
                into: book,
                from: StagedRecords(plan.records),
                sqlite: sqlite,
                claim: nil,
                statement: StatementSteps(id: id, before: before, after: after),
                cacheKiB: Self.commitCacheKiB(records: plan.records.count),
                limits: limits
            )
        } catch {
            if sqlite { try? await database.write { try await $0.raw("PRAGMA cache_size = -2000").run() } }
            throw error
        }
        if sqlite { try await database.write { try await $0.raw("PRAGMA cache_size = -2000").run() } }
        database.metrics.importsStatement.increment()
        database.metrics.recordsImported.increment(by: Int64(plan.records.count))
        return try await statementImport(id, in: scope, rows: withRows)
    }

    /// What a commit makes of a staged import's rows, read as they stream by: each stored row as
    /// the record it becomes, the rows that join a record as a transfer, and each account's first
    /// currency. Neither the SQL rows nor the import's rows are ever all held at once.
    private func commitPlan(
        _ id: Int64,
        accounts: [ImportAccount],
        paths: [CategoryID: [String]],
        pairs: [Int: PairSide]
    ) async throws
        -> CommitPlan
    {
        // The records' array is sized once: grown by doubling, a 100,000-row commit held 36 MB
        // for 27 MB of records, and both buffers for a moment.
        let count = try await database.read { db in
            try await db.raw(
                "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM statement_import_rows WHERE import_id = \(bind: id)"
            ).first()?.decode(column: "n", as: Int64.self) ?? 0
        }
        var initial = CommitPlan()
        initial.records.reserveCapacity(Int(count))
        let plan = StreamCollector(initial)
        try await database.stream(
            """
            SELECT \(unsafeRaw: Self.rowColumns.joined(separator: ", ")) FROM statement_import_rows
            WHERE import_id = \(bind: id) ORDER BY row
            """
        ) { r in
            plan.add { plan in
                let (row, unpaired) = Self.settle(try Self.row(r), pairs: pairs, accounts: accounts)
                if unpaired { plan.unpaired.append(row.row) }
                if plan.currencies[row.account] == nil { plan.currencies[row.account] = row.amount.currency }
                if row.action == .transfer, row.matchID != nil { plan.transfers.append(row) }
                if let record = try Self.record(for: row, accounts: accounts, paths: paths) {
                    plan.records.append(record)
                }
            }
        }
        return try plan.result()
    }

    /// See `commitPlan`.
    struct CommitPlan: Sendable {
        var records: [ImportRecord] = []
        var transfers: [ImportRow] = []
        var currencies: [Int: Currency] = [:]
        /// Rows of a pair whose other row was set to import or skip: stored on their own.
        var unpaired: [Int] = []
    }

    /// A row of a pair within the file (see `ImportMatcher.pairWithinFile`), as the commit needs
    /// to know it before the rows stream by.
    struct PairSide: Sendable {
        let account: Int
        let action: ImportRowAction
        let pairRow: Int
    }

    /// The import's paired rows by number: only those, so a file of one account reads none.
    static func pairs(_ db: any SQLDatabase, importID: Int64) async throws -> [Int: PairSide] {
        var pairs: [Int: PairSide] = [:]
        for r in try await db.raw(
            """
            SELECT row, account, action, pair_row FROM statement_import_rows
            WHERE import_id = \(bind: importID) AND pair_row IS NOT NULL
            """
        ).all() {
            pairs[Int(try r.decode(column: "row", as: Int64.self))] = PairSide(
                account: Int(try r.decode(column: "account", as: Int64.self)),
                action: ImportRowAction(rawValue: try r.decode(column: "action", as: String.self)) ?? .skip,
                pairRow: Int(try r.decode(column: "pair_row", as: Int64.self))
            )
        }
        return pairs
    }

    /// A row as the commit stores it: a pair whose both actions are still "transfer" becomes one
    /// transfer made by its outgoing row (which names the other row's account); a row whose other
    /// side was set to import or skip is imported on its own (and says so: true).
    static func settle(_ row: ImportRow, pairs: [Int: PairSide], accounts: [ImportAccount]) -> (ImportRow, Bool) {
        guard row.action == .transfer, row.matchID == nil, let pair = row.pairRow else { return (row, false) }
        var row = row
        guard let other = pairs[pair], other.action == .transfer, other.pairRow == row.row else {
            row.action = .import
            return (row, true)
        }
        if row.amount.minorUnits < 0 { row.transferAccount = accounts[other.account].name }
        return (row, false)
    }

    /// The incoming side of each transfer the import made without a record in the book (a pair
    /// of its own rows, or a QIF `L[Account]` of money in): its row points at the transfer, and
    /// its file id is remembered in the account the money reached, so that importing that
    /// account's file again finds it.
    static func rememberIncomingSides(_ db: any SQLDatabase, importID: Int64, book: BookID) async throws {
        try await db.raw(
            """
            UPDATE statement_import_rows SET transaction_id = (SELECT p.transaction_id FROM statement_import_rows p
              WHERE p.import_id = \(bind: importID) AND p.row = statement_import_rows.pair_row)
            WHERE import_id = \(bind: importID) AND pair_row IS NOT NULL AND action = 'transfer' AND amount_minor > 0
            AND transaction_id IS NULL
            """
        ).run()
        try await db.raw(
            """
            INSERT INTO imported_ids (book_id, account_id, imported_id, transaction_id, import_id)
            SELECT t.book_id, t.to_account_id, r.imported_id, t.id, r.import_id
            FROM statement_import_rows r JOIN transactions t ON t.id = r.transaction_id
            WHERE r.import_id = \(bind: importID) AND r.action = 'transfer' AND r.match_id IS NULL AND r.amount_minor > 0
            AND t.book_id = \(bind: book) AND t.kind = 'transfer' AND t.to_account_id IS NOT NULL
            ON CONFLICT DO NOTHING
            """
        ).run()
    }

    /// The record a row becomes, or nil when it is skipped or joins a record already there.
    static func record(
        for row: ImportRow,
        accounts: [ImportAccount],
        paths: [CategoryID: [String]]
    ) throws
        -> ImportRecord?
    {
        switch row.action {
        case .skip: return nil
        // A row that joins a record already there, or the incoming side of a pair within the
        // file (its outgoing row makes the transfer), makes no record of its own.
        case .transfer where row.matchID != nil || (row.pairRow != nil && row.amount.minorUnits > 0): return nil
        case .transfer, .import: break
        }
        let account = accounts[row.account].name
        let transfer = row.action == .transfer
        let draft = TransactionDraft(
            kind: transfer ? .transfer : row.kind,
            amount: Money(minorUnits: row.amount.minorUnits.magnitude.int64, currency: row.amount.currency),
            date: row.date,
            time: row.time,
            payee: row.payee,
            category: nil,
            account: nil,
            toAccount: nil,
            note: row.note,
            tags: row.tags
        )
        if transfer {
            // The file names the other account (QIF `L[Account]`, or the pair's other row).
            let other = row.transferAccount
            let (from, to) = row.amount.minorUnits < 0 ? (account, other) : (other, account)
            return ImportRecord(
                line: row.row,
                draft: draft,
                category: "",
                subcategory: "",
                account: from,
                toAccount: to,
                importedID: row.importedID
            )
        }
        let names = row.categoryID.flatMap { paths[$0] } ?? row.categoryName.split(separator: ":").map(String.init)
        var record = ImportRecord(
            line: row.row,
            draft: draft,
            category: row.lines.isEmpty ? names.first ?? "" : "",
            subcategory: row.lines.isEmpty ? names.dropFirst().first ?? "" : "",
            account: account,
            toAccount: "",
            importedID: row.importedID
        )
        record.lines = row.lines
        return record
    }

    /// Each category's name path: ["Food"] or ["Food", "Coffee"].
    static func categoryPaths(_ db: any SQLDatabase, book: BookID) async throws -> [CategoryID: [String]] {
        Category.namePaths(try await Books.categories(db, book: book))
    }

    /// Turns the record a row matched into one transfer between the two accounts, keeping what
    /// it was so that an undo can turn it back.
    private static func makeTransfer(
        _ db: any SQLDatabase,
        _ row: ImportRow,
        account mine: AccountID,
        importID: Int64,
        book: BookID,
        now: String,
        totals: inout Totals
    ) async throws {
        guard let match = row.matchID else { return }
        // A split record is never made a transfer (a transfer has no categories to split over).
        guard
            let old = try await db.raw(
                """
                SELECT kind, category_id, account_id, to_account_id, updated_at FROM transactions
                WHERE id = \(bind: match) AND book_id = \(bind: book) AND line_count = 0
                """
            ).first(),
            try old.decode(column: "kind", as: String.self) != TransactionKind.transfer.rawValue,
            let other = try old.decode(column: "account_id", as: AccountID?.self)
        else {
            throw StoreError.conflict(
                "record \(match.rawValue), which row \(row.row) would join as a transfer, changed since the review"
            )
        }
        let (from, to) = row.amount.minorUnits < 0 ? (mine, other) : (other, mine)
        let previous = Previous(
            kind: try old.decode(column: "kind", as: String.self),
            categoryID: try old.decode(column: "category_id", as: Int64?.self),
            accountID: other.rawValue,
            toAccountID: try old.decode(column: "to_account_id", as: Int64?.self),
            updatedAt: try old.decode(column: "updated_at", as: String.self),
            fromID: from.rawValue,
            toID: to.rawValue
        )
        try await RecordMoney.update(
            db,
            book: book,
            id: match,
            set: """
                kind = 'transfer', category_id = NULL, account_id = \(bind: from), to_account_id = \(bind: to),
                updated_at = \(bind: now)
                """,
            totals: &totals
        )
        try await db.raw(
            """
            UPDATE statement_import_rows SET transaction_id = \(bind: match),
            previous = \(bind: String(decoding: try JSONEncoder().encode(previous), as: UTF8.self))
            WHERE import_id = \(bind: importID) AND row = \(bind: row.row)
            """
        ).run()
        try await db.raw(
            """
            INSERT INTO imported_ids (book_id, account_id, imported_id, transaction_id, import_id)
            VALUES (\(bind: book), \(bind: mine), \(bind: row.importedID), \(bind: match), \(bind: importID))
            ON CONFLICT DO NOTHING
            """
        ).run()
    }

    /// What a record was before an import made it a transfer.
    struct Previous: Codable {
        let kind: String
        let categoryID: Int64?
        let accountID: Int64
        let toAccountID: Int64?
        let updatedAt: String
        /// The transfer it was made: from and to these accounts.
        let fromID: Int64
        let toID: Int64
    }
}

/// Staged rows as an import source for the one import path.
final class StagedRecords: ImportSource, @unchecked Sendable {
    // @unchecked: one committing task advances it; the lock keeps a second caller out.
    private let lock = NSLock()
    private var records: [ImportRecord]
    private var position = 0

    init(_ records: [ImportRecord]) { self.records = records }

    func next() throws -> ImportRecord? {
        lock.lock()
        defer { lock.unlock() }
        guard position < records.count else { return nil }
        defer { position += 1 }
        return records[position]
    }
}

extension UInt64 {
    /// The magnitude back as a signed amount (amounts stay within `Money.maxMinorUnits`).
    var int64: Int64 { Int64(self) }
}
