import SQLKit
import TallyCore

/// A step of a statement import's commit, run inside its transaction.
typealias StatementStep = @Sendable (any SQLDatabase) async throws -> Void

extension Imports {
    /// Imports every row of `source` into a book in one database transaction: all of it, or —
    /// when any row is wrong — nothing, with an error naming the line and column. Categories,
    /// sub-categories and accounts that do not exist yet are created; payees are remembered.
    /// With `staged`, the staged upload of that token is claimed (deleted) in the same
    /// transaction, so a confirmation sent twice imports once and the second gets "not found".
    public func importRecords(
        into scope: BookScope,
        from source: some ImportSource,
        claiming staged: String? = nil
    ) async throws -> ImportResult {
        let user = scope.user
        let book = try scope.writable()
        let sqlite = database.engine == .sqlite
        do {
            let result = try await importAll(
                into: book,
                from: source,
                sqlite: sqlite,
                claim: staged.map { (token: $0, user: user.id) }
            )
            if sqlite { try await database.write { try await Self.importPragmas($0, on: false) } }
            database.metrics.importsCSV.increment()
            database.metrics.recordsImported.increment(by: Int64(result.count))
            return result
        } catch {
            if sqlite { try? await database.write { try await Self.importPragmas($0, on: false) } }
            throw error
        }
    }

    /// A big import touches more pages than SQLite's default 2 MB cache holds; spilling them to
    /// the journal mid-transaction cost a million-record file a third of its time. The cache
    /// shrinks again after. `cacheKiB` is the cache while importing.
    private static func importPragmas(_ db: any SQLDatabase, on: Bool, cacheKiB: Int = importCacheKiB) async throws {
        try await db.raw("PRAGMA cache_size = \(unsafeRaw: on ? "-\(cacheKiB)" : "-2000")").run()
    }

    /// The cache of an import of unknown size (a file read as it is stored): 128 MB.
    static let importCacheKiB = 131_072

    /// The cache for committing `records` records: a third of a KiB each, 8 to 128 MB. The whole
    /// 128 MB was most of a 100,000-row commit's peak memory (71 MB of it filled); with 32 MB it
    /// ran as fast (2.5 s either way for the bench's CSV, 2.1 s for its OFX).
    static func commitCacheKiB(records: Int) -> Int { min(importCacheKiB, max(8_192, records / 3)) }

    static let importColumns = [
        "book_id", "kind", "amount_minor", "currency", "date", "time", "payee", "payee_key", "category_id",
        "account_id", "to_account_id", "note", "base_minor", "imported_id", "import_id", "created_at", "updated_at",
    ]

    /// Stores every row of `source` in one transaction. `statement` is a statement import being
    /// committed: its id goes on every record, and its steps run in the same transaction, `before`
    /// the rows (claiming it) and `after` them (transfers, the ids already imported).
    func importAll(
        into book: Book,
        from source: some ImportSource,
        sqlite: Bool,
        claim: (token: String, user: UserID)?,
        statement: (id: Int64, before: StatementStep, after: StatementStep)? = nil,
        cacheKiB: Int = importCacheKiB
    ) async throws -> ImportResult {
        let bookID = book.id
        return try await database.bulkWrite { db, writer in
            if let claim { try await Self.claimStagedImport(db, claim.token, book: bookID, user: claim.user) }
            try await statement?.before(db)
            if sqlite { try await Self.importPragmas(db, on: true, cacheKiB: cacheKiB) }
            var names = try await ImportNames.load(db, book: book)
            // Every rate of the book, once: a file's records span many days and currencies.
            try await Conversion.lockForRecords(db, book: bookID)
            let rates = try await Conversion.all(db, book: bookID, base: book.currency)
            var totals = Totals()
            var payees: [String: PayeeUse] = [:]
            var result = ImportResult()
            var keys: [String: String] = [:]
            var resolved: [SpelledNames: ResolvedNames] = [:]
            let now = BulkValue.text(Clock.timestamp())
            let shared = [
                "book_id": BulkValue.int(bookID.rawValue), "import_id": BulkValue(statement?.id), "created_at": now,
                "updated_at": now,
            ]
            let width = Self.importColumns.count - shared.count
            // Bigger statements mean fewer statement journals and full-text segments; 4,000 rows of
            // 15 values stay under PostgreSQL's 65,535 binds.
            let batchRows = 4_000
            var values: [BulkValue] = []
            values.reserveCapacity(batchRows * width)
            var queue = WriteQueue(depth: 2)
            var extras = ImportExtras()
            var lineNames: [SpelledNames: CategoryID?] = [:]
            func flush() async throws {
                guard !values.isEmpty else { return }
                let batch = values
                let special = extras
                values.removeAll(keepingCapacity: true)
                extras.removeAll()
                try await queue.enqueue {
                    if special.isEmpty {
                        try await writer.copy(
                            into: "transactions",
                            columns: Self.importColumns,
                            values: batch,
                            shared: shared
                        )
                    } else {
                        try await special.insert(
                            writer,
                            columns: Self.importColumns,
                            values: batch,
                            shared: shared,
                            book: bookID
                        )
                    }
                }
            }
            // The kept totals go out in parts as well: written beside the records rather than all
            // after them, and never more than a part held in memory.
            func flushTotals() async throws {
                for fold in totals.folds(book: bookID) {
                    try await queue.enqueue {
                        try await writer.copyUpsert(
                            into: fold.table.name,
                            columns: fold.table.columns,
                            values: fold.values,
                            order: fold.table.keyColumns,
                            suffix: fold.table.addOnConflict
                        )
                    }
                }
                totals.removeCells()
            }
            do {
                while let row = try source.next() {
                    let d = row.draft
                    let spelled = SpelledNames(
                        kind: d.kind,
                        category: row.category,
                        sub: row.subcategory,
                        account: row.account,
                        toAccount: row.toAccount
                    )
                    let ids: ResolvedNames
                    if let known = resolved[spelled] {
                        ids = known
                    } else {
                        // Creating a category or account is a write of its own: let the batches in flight land first.
                        try await queue.settle()
                        ids = ResolvedNames(
                            category: try await names.category(
                                db,
                                kind: d.kind,
                                name: row.category,
                                sub: row.subcategory,
                                line: row.line
                            ),
                            account: try await names.account(db, row.account, currency: d.amount.currency),
                            toAccount: try await names.account(db, row.toAccount, currency: d.amount.currency)
                        )
                        resolved[spelled] = ids
                    }
                    let (category, account, toAccount) = (ids.category, ids.account, ids.toAccount)
                    if d.kind == .transfer, account == toAccount {
                        throw FieldError("line \(row.line), to_account", "must differ from account")
                    }
                    let key: String
                    if let known = keys[d.payee] {
                        key = known
                    } else {
                        key = Totals.payeeKey(d.payee)
                        keys[d.payee] = key
                    }
                    let date = d.date.description
                    let base = rates.convert(d.amount, on: d.date)?.minorUnits
                    var shares: [RecordMoney.Line] = []
                    var lineCategories: [CategoryID?] = []
                    for line in row.lines {
                        let spelled = SpelledNames(
                            kind: d.kind,
                            category: line.category,
                            sub: line.subcategory,
                            account: "",
                            toAccount: ""
                        )
                        if let known = lineNames[spelled] {
                            lineCategories.append(known)
                            continue
                        }
                        // Possibly a new category: a write of its own, after the batches in flight.
                        try await queue.settle()
                        let id = try await names.category(
                            db,
                            kind: d.kind,
                            name: line.category,
                            sub: line.subcategory,
                            line: row.line
                        )
                        lineNames[spelled] = id
                        lineCategories.append(id)
                    }
                    if !row.lines.isEmpty || !d.tags.isEmpty {
                        // Its id, lines and tags are written with the batch (`ImportExtras`).
                        shares = RecordMoney.shares(
                            categories: lineCategories,
                            amounts: row.lines.map(\.amount.minorUnits),
                            base: base
                        )
                        extras.append(
                            ImportExtras.Record(
                                index: values.count / width,
                                lines: zip(lineCategories, row.lines).map { ($0, $1.amount.minorUnits, $1.note) },
                                shares: shares,
                                tags: d.tags
                            )
                        )
                    }
                    // In `importColumns` order, without the shared ones.
                    values.append(.text(d.kind.rawValue))
                    values.append(.int(d.amount.minorUnits))
                    values.append(.text(d.amount.currency.code))
                    values.append(.text(date))
                    values.append(.text(d.time?.description ?? ""))
                    values.append(.text(d.payee))
                    values.append(.text(key))
                    values.append(row.lines.isEmpty ? BulkValue(category) : .null)
                    values.append(BulkValue(account))
                    values.append(BulkValue(toAccount))
                    values.append(.text(d.note))
                    values.append(BulkValue(base))
                    values.append(BulkValue(row.importedID))
                    let filed = row.lines.isEmpty ? category : nil
                    totals.add(
                        sign: 1,
                        kind: d.kind,
                        amount: d.amount.minorUnits,
                        base: base,
                        currency: d.amount.currency.code,
                        date: date,
                        payeeKey: key,
                        category: filed,
                        account: account,
                        toAccount: toAccount,
                        lines: shares
                    )
                    if d.kind != .transfer, !key.isEmpty {
                        payees[key, default: PayeeUse(name: d.payee)].add(d, category: filed, account: account)
                    }
                    result.count += 1
                    result.firstDate = min(result.firstDate ?? d.date, d.date)
                    result.lastDate = max(result.lastDate ?? d.date, d.date)
                    if values.count == batchRows * width {
                        try await flush()
                        if totals.cellCount >= 100_000 { try await flushTotals() }
                    }
                }
                try await flush()
                try await flushTotals()
                try await queue.settle()
                try await totals.applyBalances(db, book: bookID, writer: writer)
            } catch {
                await queue.drain()
                throw error
            }
            try await PayeeUse.save(db, book: bookID, payees)
            try await statement?.after(db)
            result.createdCategories = names.createdCategories
            result.createdAccounts = names.createdAccounts
            return result
        }
    }
}
